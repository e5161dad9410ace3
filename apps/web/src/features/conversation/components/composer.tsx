import { useCallback, useEffect, useId, useRef, useState, type Ref } from 'react';
import { theme } from 'antd';
import { t } from '@lingui/core/macro';
import type { ReplyChannel } from '@parley/contracts';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { AttachmentList } from '../../../components/attachment-list';
import { stillUploadingMessage } from '../../../lib/attachment-upload';
import { useAttachmentUploads } from '../../../lib/use-attachment-uploads';
import { toast } from '../../../lib/toast';
import { BESIDE_BUTTONS } from '../../shell';
import { useSendConversationMessageMutation } from '../api/conversation-api';
import { useGetUndoSendQuery, useScheduleMessageMutation } from '../api/scheduled-messages-api';
import { useGetCommentThreadQuery } from '../../channels';
import { draftChanged, draftSent, selectDraft, type ComposerDraft } from '../composer-drafts-slice';
import { channelLabel } from '../conversation-labels';
import { refusalText } from '../hooks/use-conversation-actions';
import { rememberUndoable, sendAtText, sendAtValue } from '../scheduled-send';
import { ComposerActions, ComposerModeBar, type CommentReply } from './composer-bars';
import { CopyFields, CopyToggles, useReplyCopies } from './composer-copies';
import { ScheduleButton } from './schedule-button';
import { ComposerField, type DcUser } from './composer-field';
import { ReplyChannelSelect, useReplyChannel } from './reply-channel-select';
import styles from './conversation-pane.module.css';
import { useComposerInput, withLinkAt, type ComposerHandle } from './use-composer-input';
import { useSlashPicker } from './use-slash-picker';
import { WhatsappTemplatePicker } from './whatsapp-template-picker';

export type { ComposerHandle };

/** Product wording of the server's refusal of an empty message (contracts replyBody). */
export const emptyMessageText = () => t`Write a message first.`;

interface ComposerProps {
  conversationId: number;
  contactName: string;
  channelType: string;
  /**
   * The channels a reply may go out on (the detail's `reply_channels`, the conversation's own
   * first); with two or more the agent picks one, starting from where the customer wrote last.
   */
  replyChannels?: ReplyChannel[];
  latestCustomerChannelId?: number | null;
  users: DcUser[];
  meId: number | null;
  onTyping: () => void;
  onStopTyping: () => void;
  /** Sized for fingers (a phone): controls at least 24 px, a shorter field, no keyboard hints. */
  touch?: boolean;
  ref?: Ref<ComposerHandle>;
}

/** The mentions a note keeps: teammates picked from the list whose @name is still in the text. */
export function mentionedIds(draft: ComposerDraft): number[] {
  const ids = draft.mentions.filter((m) => draft.body.includes(`@${m.name}`)).map((m) => m.id);
  return [...new Set(ids)];
}

/**
 * Reply to the customer or write an internal note (yellow, with @mentions of teammates). The
 * draft lives in the store per conversation, so switching conversations keeps it.
 * Ctrl/Cmd+Enter sends, Ctrl/Cmd+Shift+Enter opens Schedule (COMPOSER_SHORTCUTS); everything is
 * disabled while sending; a refusal is shown in words.
 * Files are uploaded as soon as they are chosen and sent as `attachment_ids`. Typing `/` at the
 * start or after a space opens the fast-reply picker; a picked template is resolved for this
 * conversation and its text and files join the reply (several can be stacked).
 * Schedule posts it later; with an undo window (Settings → Profile) Send schedules it that many
 * seconds ahead, and the pane shows "Sending… Undo" (docs/product/scheduled-send.md).
 */
export function Composer({
  conversationId,
  contactName,
  channelType,
  replyChannels = [],
  latestCustomerChannelId = null,
  users,
  meId,
  onTyping,
  onStopTyping,
  touch = false,
  ref,
}: ComposerProps) {
  const dispatch = useAppDispatch();
  const { token } = theme.useToken();
  const draft = useAppSelector((state) => selectDraft(state, conversationId));
  const [send, { isLoading: sendingNow }] = useSendConversationMessageMutation();
  const [schedule, { isLoading: scheduling }] = useScheduleMessageMutation();
  const undoSeconds = useGetUndoSendQuery().data?.undo_send_seconds ?? 0;
  const sending = sendingNow || scheduling;
  const [error, setError] = useState<string | null>(null);
  const clearError = () => {
    if (error) setError(null);
  };
  const errorId = useId();
  const { mode } = draft;
  const uploads = useAttachmentUploads();
  const { reset: resetUploads } = uploads;
  const [notice, setNotice] = useState<string | null>(null);
  const replyChannel = useReplyChannel(replyChannels, latestCustomerChannelId);
  // The type of the channel this reply goes out on: the picked one, else the conversation's.
  const replyType = replyChannel.chosen?.type ?? channelType;
  const onOwnChannel = replyChannel.onOwnChannel;
  // A Facebook / Instagram comment is answered under it or privately, as the agent chooses.
  const { data: comment } = useGetCommentThreadQuery(conversationId, {
    skip: channelType !== 'facebook' && channelType !== 'instagram',
  });
  const answersComment = onOwnChannel && Boolean(comment?.comment_thread);
  const [commentReply, setCommentReply] = useState<CommentReply>('public');
  /** The Schedule menu, opened by its button or Ctrl/⌘+Shift+Enter in the field. */
  const [scheduleMenuOpen, setScheduleMenuOpen] = useState(false);
  const isEmail = replyType === 'email';
  const copies = useReplyCopies(conversationId, isEmail, clearError);

  const setDraft = useCallback(
    (change: Partial<ComposerDraft>) => dispatch(draftChanged({ conversationId, draft: change })),
    [dispatch, conversationId],
  );
  const field = useComposerInput({ ref, body: draft.body, mode, sending, setDraft });

  // Files an undone send put back (docs/product/scheduled-send.md) join the reply again.
  const { restoredFiles } = draft;
  const { addUploaded } = uploads;
  const takenFiles = useRef<unknown>(null);
  useEffect(() => {
    if (!restoredFiles?.length || takenFiles.current === restoredFiles) return;
    takenFiles.current = restoredFiles;
    addUploaded(restoredFiles);
    setDraft({ restoredFiles: undefined });
  }, [restoredFiles, addUploaded, setDraft]);

  const picker = useSlashPicker({
    conversationId,
    latestBody: field.latestBody,
    onPicked: ({ body, caret, attachments, notice: check }) => {
      setDraft({ body });
      field.placeCaretAfterRender(caret);
      if (attachments.length > 0) uploads.addUploaded(attachments);
      setNotice(check);
      clearError();
    },
    onFailed: (failure) => setError(refusalText(failure)),
  });

  /** A help-center article's public link goes in at the caret. */
  const insertLink = (url: string) => {
    const current = field.latestBody.current;
    const { body, caret } = withLinkAt(current, field.caret() ?? current.length, url);
    setDraft({ body });
    field.placeCaretAfterRender(caret);
    clearError();
  };

  /** Sends now, or at `at` (Schedule); with an undo window, "now" is that many seconds ahead. */
  const submit = async (at?: Date) => {
    if (sending) return;
    if (uploads.uploading) {
      setError(stillUploadingMessage());
      return;
    }
    if (!draft.body.trim() && uploads.ids.length === 0) {
      setError(emptyMessageText());
      return;
    }
    setError(null);
    picker.close();
    onStopTyping();
    const reply = {
      conversationId,
      kind: mode,
      body: draft.body,
      mentions: mode === 'note' ? mentionedIds(draft) : [],
      attachment_ids: uploads.ids,
      ...(answersComment && mode === 'reply' ? { comment_reply: commentReply } : {}),
      ...(copies.sendsCopies && mode === 'reply' ? { cc: copies.cc, bcc: copies.bcc } : {}),
      ...(replyChannel.chosen && mode === 'reply'
        ? { support_channel_id: replyChannel.chosen.id }
        : {}),
    };
    const undo = !at && undoSeconds > 0;
    try {
      if (at) {
        await schedule({ ...reply, send_at: sendAtValue(at), undo: false }).unwrap();
        const when = sendAtText(at);
        toast.success(t`Scheduled for ${when}`);
      } else if (undo) {
        const sendAt = new Date(Date.now() + undoSeconds * 1000);
        const created = await schedule({ ...reply, send_at: sendAtValue(sendAt), undo }).unwrap();
        rememberUndoable(created.id, {
          draft: { mode, body: draft.body, mentions: draft.mentions },
          files: uploads.items.flatMap((item) => (item.attachment ? [item.attachment] : [])),
        });
      } else {
        await send(reply).unwrap();
      }
      dispatch(draftSent(conversationId));
      resetUploads();
      setNotice(null);
      field.focusAfterRender();
    } catch (failure) {
      setError(refusalText(failure));
      field.focusAfterRender();
    }
  };

  const isNote = mode === 'note';
  const channel = channelLabel(replyType);
  const placeholder = isNote
    ? t`Write an internal note. Type @ to mention a teammate.`
    : t`Reply to ${contactName} by ${channel}…`;

  const formClass = [styles.composer, isNote && styles.composerNote, touch && styles.composerTouch]
    .filter(Boolean)
    .join(' ');

  return (
    <form
      className={formClass}
      // A phone's composer spans the screen: it keeps clear of the shell's floating buttons
      // (help, feedback) in the bottom corner at the end of the line, so Send and the text stay
      // reachable.
      style={touch ? { paddingInlineEnd: BESIDE_BUTTONS } : undefined}
      aria-label={isNote ? t`Internal note` : t`Reply`}
      aria-busy={sending}
      data-composer
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <ComposerModeBar
        mode={mode}
        onModeChange={(next) => {
          setDraft({ mode: next });
          setError(null);
        }}
        commentReply={answersComment ? commentReply : null}
        onCommentReplyChange={setCommentReply}
        extra={
          !isNote && (
            <>
              <ReplyChannelSelect choice={replyChannel} disabled={sending} touch={touch} />
              {isEmail && <CopyToggles copies={copies} disabled={sending} />}
            </>
          )
        }
        disabled={sending}
        touch={touch}
      />
      {!isNote && isEmail && <CopyFields copies={copies} disabled={sending} />}
      {!isNote && onOwnChannel && channelType === 'whatsapp_gupshup_isv' && (
        <WhatsappTemplatePicker conversationId={conversationId} disabled={sending} />
      )}
      <ComposerField
        inputRef={field.input}
        value={draft.body}
        isNote={isNote}
        users={users}
        meId={meId}
        placeholder={placeholder}
        disabled={sending}
        touch={touch}
        errorId={error ? errorId : undefined}
        picker={picker}
        onMention={(user) => {
          if (draft.mentions.some((m) => m.id === user.id)) return;
          setDraft({ mentions: [...draft.mentions, { id: user.id, name: user.name }] });
        }}
        onChange={(text) => {
          setDraft({ body: text });
          clearError();
          if (text.trim()) onTyping();
          else onStopTyping();
          picker.update(text, field.caret() ?? text.length);
        }}
        onBlur={() => {
          onStopTyping();
          picker.close();
        }}
        onSend={() => void submit()}
        onSchedule={() => {
          if (!sending) setScheduleMenuOpen(true);
        }}
      />
      <AttachmentList items={uploads.items} onRemove={uploads.remove} disabled={sending} />
      {notice && (
        <div role="status" style={{ color: token.colorWarningText, fontSize: 12, marginTop: 4 }}>
          {notice}
        </div>
      )}
      {error && (
        <div id={errorId} role="alert" className={styles.composerError}>
          {error}
        </div>
      )}
      <ComposerActions
        isNote={isNote}
        sending={sending}
        touch={touch}
        onFiles={(files) => setError(uploads.add(files))}
        onArticleLink={insertLink}
        schedule={
          <ScheduleButton
            disabled={sending}
            onSchedule={(at) => void submit(at)}
            menuOpen={scheduleMenuOpen}
            onMenuOpenChange={setScheduleMenuOpen}
          />
        }
      />
    </form>
  );
}
