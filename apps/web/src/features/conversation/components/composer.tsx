import {
  useCallback,
  useEffect,
  useId,
  useImperativeHandle,
  useRef,
  useState,
  type Ref,
} from 'react';
import { Avatar, Button, Mentions, Segmented, Select } from 'antd';
import type { MentionsRef } from 'antd/es/mentions';
import { LockOutlined, SendOutlined } from '@ant-design/icons';
import { MAX_REPLY_COPIES, type ConversationMapping } from '@parley/contracts';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { AttachFilesButton, AttachmentList } from '../../../components/attachment-list';
import { STILL_UPLOADING_MESSAGE } from '../../../lib/attachment-upload';
import { isCanceledRequest } from '../../../lib/request';
import { useAttachmentUploads } from '../../../lib/use-attachment-uploads';
import { fastReplyApi } from '../../fast-reply/api/fast-reply-api';
import { FastReplyPicker, pickerOptionId } from '../../fast-reply/components/fast-reply-picker';
import { ArticleLinkButton } from '../../help-center/components/article-link-button';
import { BESIDE_BUTTONS } from '../../shell/help-widget/help-widget-layout';
import type { FastReply } from '../../fast-reply/fast-reply-slice';
import {
  pickerMatches,
  slashQueryAt,
  useFastReplyTemplates,
} from '../../fast-reply/hooks/use-fast-reply-templates';
import {
  useGetConversationDetailQuery,
  useSendConversationMessageMutation,
} from '../api/conversation-api';
import { useGetCommentThreadQuery } from '../../channels/api/channels-api';
import {
  draftChanged,
  draftSent,
  selectDraft,
  type ComposerDraft,
  type ComposerMode,
} from '../composer-drafts-slice';
import { channelLabel } from '../conversation-labels';
import { refusalText } from '../hooks/use-conversation-actions';
import styles from './conversation-pane.module.css';
import { WhatsappTemplatePicker } from './whatsapp-template-picker';

/** Product wording of the server's refusal of an empty message (contracts replyBody). */
export const EMPTY_MESSAGE_TEXT = 'Write a message first.';

export interface ComposerHandle {
  /** Switches to reply or note and puts the caret in the text. */
  focus: (mode: ComposerMode) => void;
  blur: () => void;
}

type DcUser = ConversationMapping['dc_users'][number];

interface ComposerProps {
  conversationId: number;
  contactName: string;
  channelType: string;
  users: DcUser[];
  meId: number | null;
  onTyping: () => void;
  onStopTyping: () => void;
  /** Sized for fingers (a phone): controls at least 24 px, a shorter field, no keyboard hints. */
  touch?: boolean;
  ref?: Ref<ComposerHandle>;
}

const isMac = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform);
const SEND_HINT = `${isMac ? '⌘' : 'Ctrl'}+Enter to send`;

/** The mentions a note keeps: teammates picked from the list whose @name is still in the text. */
export function mentionedIds(draft: ComposerDraft): number[] {
  const ids = draft.mentions.filter((m) => draft.body.includes(`@${m.name}`)).map((m) => m.id);
  return [...new Set(ids)];
}

type SlashQuery = NonNullable<ReturnType<typeof slashQueryAt>>;

/** An email reply's Cc / Bcc as the agent edits them, for one conversation. */
interface Copies {
  conversationId: number;
  cc: string[];
  bcc: string[];
  showCc: boolean;
  showBcc: boolean;
}

/** Addresses typed or pasted into a Cc / Bcc field: trimmed, lower case, each once. */
const cleanAddresses = (values: string[]) => [
  ...new Set(values.map((v) => v.trim().toLowerCase()).filter(Boolean)),
];

/**
 * Reply to the customer or write an internal note (yellow, with @mentions of teammates). The
 * draft lives in the store per conversation, so switching conversations keeps it.
 * Ctrl/Cmd+Enter sends; everything is disabled while sending; a refusal is shown in words.
 * Files are uploaded as soon as they are chosen and sent as `attachment_ids`. Typing `/` at the
 * start or after a space opens the fast-reply picker; a picked template is resolved for this
 * conversation and its text and files join the reply (several can be stacked).
 */
export function Composer({
  conversationId,
  contactName,
  channelType,
  users,
  meId,
  onTyping,
  onStopTyping,
  touch = false,
  ref,
}: ComposerProps) {
  const dispatch = useAppDispatch();
  const draft = useAppSelector((state) => selectDraft(state, conversationId));
  const [send, { isLoading: sending }] = useSendConversationMessageMutation();
  const [error, setError] = useState<string | null>(null);
  const input = useRef<MentionsRef>(null);
  const focusAfterRender = useRef(false);
  const errorId = useId();
  const pickerId = useId();
  const { mode } = draft;
  const uploads = useAttachmentUploads();
  const { reset: resetUploads } = uploads;
  const [slash, setSlash] = useState<SlashQuery | null>(null);
  const [activeIndex, setActiveIndex] = useState(0);
  const [resolving, setResolving] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  /** The `/` the person closed with Escape: it does not reopen the picker. */
  const dismissedSlash = useRef<number | null>(null);
  // The text as it is when a template's answer arrives (the person may type meanwhile).
  const latestBody = useRef(draft.body);
  useEffect(() => {
    latestBody.current = draft.body;
  });
  const caretAfterRender = useRef<number | null>(null);
  // A Facebook / Instagram comment is answered under it or privately, as the agent chooses.
  const { data: comment } = useGetCommentThreadQuery(conversationId, {
    skip: channelType !== 'facebook' && channelType !== 'instagram',
  });
  const answersComment = Boolean(comment?.comment_thread);
  const [commentReply, setCommentReply] = useState<'public' | 'private'>('public');
  // An email reply may copy others (Cc) or blind-copy them (Bcc); the conversation remembers the
  // last reply's, which the fields start from (the detail is already cached by the pane).
  const isEmail = channelType === 'email';
  const { data: detail } = useGetConversationDetailQuery(conversationId, { skip: !isEmail });
  const remembered = detail?.email_recipients;
  const [editedCopies, setEditedCopies] = useState<Copies | null>(null);
  const copies: Copies =
    editedCopies?.conversationId === conversationId
      ? editedCopies
      : {
          conversationId,
          cc: remembered?.cc ?? [],
          bcc: remembered?.bcc ?? [],
          showCc: false,
          showBcc: false,
        };
  const editCopies = (change: Partial<Copies>) => {
    setEditedCopies({ ...copies, ...change });
    if (error) setError(null);
  };
  const showCc = copies.showCc || copies.cc.length > 0;
  const showBcc = copies.showBcc || copies.bcc.length > 0;
  // Sent once known (remembered, or edited): a reply sent before the detail loads keeps the last.
  const sendsCopies = isEmail && (remembered !== undefined || editedCopies === copies);
  const { templates, loading: templatesLoading } = useFastReplyTemplates(slash !== null);
  const matches = slash ? pickerMatches(templates, slash.query) : [];
  const active = matches.length > 0 ? Math.min(activeIndex, matches.length - 1) : -1;

  const setDraft = useCallback(
    (change: Partial<ComposerDraft>) => dispatch(draftChanged({ conversationId, draft: change })),
    [dispatch, conversationId],
  );

  useImperativeHandle(
    ref,
    () => ({
      focus: (next) => {
        if (next !== mode) setDraft({ mode: next });
        focusAfterRender.current = true;
        input.current?.focus();
      },
      blur: () => input.current?.blur(),
    }),
    [mode, setDraft],
  );

  // Focus asked while the mode changed, or restored after a send re-enabled the field.
  useEffect(() => {
    if (!focusAfterRender.current || sending) return;
    focusAfterRender.current = false;
    input.current?.focus();
  });

  // After a template went in, the caret goes to its end.
  useEffect(() => {
    const caret = caretAfterRender.current;
    const textarea = input.current?.textarea;
    if (caret === null || !textarea || textarea.value.length < caret) return;
    caretAfterRender.current = null;
    textarea.focus();
    textarea.setSelectionRange(caret, caret);
  });

  const updateSlash = (text: string, caret: number) => {
    const found = slashQueryAt(text, caret);
    if (dismissedSlash.current !== null && text[dismissedSlash.current] !== '/') {
      dismissedSlash.current = null;
    }
    const next = found && found.start !== dismissedSlash.current ? found : null;
    if (next?.start !== slash?.start || next?.query !== slash?.query) setActiveIndex(0);
    setSlash(next);
  };

  const closePicker = () => {
    if (slash) dismissedSlash.current = slash.start;
    setSlash(null);
  };

  const pick = async (item: FastReply) => {
    if (!slash || resolving) return;
    const at = slash;
    setResolving(true);
    try {
      const resolved = await fastReplyApi.resolve(item.id, conversationId);
      if (isCanceledRequest(resolved)) return;
      const current = latestBody.current;
      // The `/query` is replaced when it is still there; otherwise the text goes at the end.
      const inPlace = current.slice(at.start, at.end) === `/${at.query}`;
      const body = inPlace
        ? current.slice(0, at.start) + resolved.content + current.slice(at.end)
        : current + (current && !/\s$/.test(current) ? ' ' : '') + resolved.content;
      setDraft({ body });
      caretAfterRender.current = inPlace ? at.start + resolved.content.length : body.length;
      if (resolved.attachments.length > 0) uploads.addUploaded(resolved.attachments);
      setNotice(
        resolved.missing_variables.length > 0
          ? `Not filled in, check the text: ${resolved.missing_variables.join(', ')}.`
          : null,
      );
      setSlash(null);
      if (error) setError(null);
    } catch (failure) {
      setError(refusalText(failure));
    } finally {
      setResolving(false);
    }
  };

  /** A help-center article's public link goes in at the caret, set apart by spaces. */
  const insertLink = (url: string) => {
    const current = latestBody.current;
    const caret = input.current?.textarea?.selectionStart;
    const at = caret === undefined || caret === null ? current.length : caret;
    const before = current.slice(0, at);
    const after = current.slice(at);
    const lead = before && !/\s$/.test(before) ? ' ' : '';
    const trail = after && !/^\s/.test(after) ? ' ' : '';
    setDraft({ body: before + lead + url + trail + after });
    caretAfterRender.current = (before + lead + url).length;
    if (error) setError(null);
  };

  const submit = async () => {
    if (sending) return;
    if (uploads.uploading) {
      setError(STILL_UPLOADING_MESSAGE);
      return;
    }
    if (!draft.body.trim() && uploads.ids.length === 0) {
      setError(EMPTY_MESSAGE_TEXT);
      return;
    }
    setError(null);
    setSlash(null);
    onStopTyping();
    try {
      await send({
        conversationId,
        kind: mode,
        body: draft.body,
        mentions: mode === 'note' ? mentionedIds(draft) : [],
        attachment_ids: uploads.ids,
        ...(answersComment && mode === 'reply' ? { comment_reply: commentReply } : {}),
        ...(sendsCopies && mode === 'reply' ? { cc: copies.cc, bcc: copies.bcc } : {}),
      }).unwrap();
      dispatch(draftSent(conversationId));
      resetUploads();
      setNotice(null);
      focusAfterRender.current = true;
    } catch (failure) {
      setError(refusalText(failure));
      focusAfterRender.current = true;
    }
  };

  const options = users
    .filter((user) => user.id !== meId)
    .map((user) => ({
      key: String(user.id),
      value: user.name,
      label: (
        <span style={{ display: 'inline-flex', alignItems: 'center', gap: 8 }}>
          <Avatar size={20} style={{ background: user.profile_color, fontSize: 10 }}>
            {user.initials}
          </Avatar>
          <span>{user.name}</span>
          <span style={{ color: '#5b6170' }}>{user.email}</span>
        </span>
      ),
    }));

  const isNote = mode === 'note';
  const placeholder = isNote
    ? 'Write an internal note. Type @ to mention a teammate.'
    : `Reply to ${contactName} by ${channelLabel(channelType)}…`;

  const segmentedSize = touch ? 'middle' : 'small';
  const formClass = [styles.composer, isNote && styles.composerNote, touch && styles.composerTouch]
    .filter(Boolean)
    .join(' ');

  return (
    <form
      className={formClass}
      // A phone's composer spans the screen: it keeps clear of the shell's floating buttons
      // (help, feedback) in the bottom right corner, so Send and the text stay reachable.
      style={touch ? { paddingRight: BESIDE_BUTTONS } : undefined}
      aria-label={isNote ? 'Internal note' : 'Reply'}
      aria-busy={sending}
      data-composer
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <div className={styles.composerTop}>
        <Segmented<ComposerMode>
          size={segmentedSize}
          value={mode}
          onChange={(next) => {
            setDraft({ mode: next });
            setError(null);
          }}
          options={[
            { label: 'Reply', value: 'reply' },
            { label: 'Internal note', value: 'note', icon: <LockOutlined /> },
          ]}
          disabled={sending}
        />
        {isNote && (
          <span style={{ color: '#8a6d00', fontSize: 12 }}>Only your team sees notes.</span>
        )}
        {!isNote && answersComment && (
          <Segmented<'public' | 'private'>
            size={segmentedSize}
            aria-label="How to answer the comment"
            value={commentReply}
            onChange={setCommentReply}
            options={[
              { label: 'Reply under the comment', value: 'public' },
              { label: 'Reply privately', value: 'private' },
            ]}
            disabled={sending}
          />
        )}
        {!isNote && isEmail && (
          <span style={{ display: 'inline-flex', gap: 4, marginLeft: 'auto' }}>
            <Button
              size="small"
              type={showCc ? 'default' : 'text'}
              aria-pressed={showCc}
              disabled={sending}
              onClick={() => editCopies({ showCc: !showCc, ...(showCc ? { cc: [] } : {}) })}
            >
              Cc
            </Button>
            <Button
              size="small"
              type={showBcc ? 'default' : 'text'}
              aria-pressed={showBcc}
              disabled={sending}
              onClick={() => editCopies({ showBcc: !showBcc, ...(showBcc ? { bcc: [] } : {}) })}
            >
              Bcc
            </Button>
          </span>
        )}
      </div>
      {!isNote && isEmail && showCc && (
        <CopyField
          label="Cc"
          hint="Everyone sees who is copied."
          value={copies.cc}
          disabled={sending}
          onChange={(cc) => editCopies({ cc, showCc: true })}
        />
      )}
      {!isNote && isEmail && showBcc && (
        <CopyField
          label="Bcc"
          hint="Nobody sees who is blind-copied."
          value={copies.bcc}
          disabled={sending}
          onChange={(bcc) => editCopies({ bcc, showBcc: true })}
        />
      )}
      {!isNote && channelType === 'whatsapp_gupshup_isv' && (
        <WhatsappTemplatePicker conversationId={conversationId} disabled={sending} />
      )}
      <div style={{ position: 'relative' }}>
        {slash && (
          <FastReplyPicker
            id={pickerId}
            query={slash.query}
            items={matches}
            activeIndex={active}
            loading={templatesLoading}
            resolving={resolving}
            onHover={setActiveIndex}
            onPick={(item) => void pick(item)}
          />
        )}
        <Mentions
          ref={input}
          aria-label={isNote ? 'Internal note text' : 'Reply text'}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          // A text box may not carry aria-expanded (axe aria-allowed-attr); the picker it
          // controls and its active option are named below, which screen readers follow.
          aria-autocomplete="list"
          aria-controls={slash && matches.length > 0 ? pickerId : undefined}
          aria-activedescendant={
            slash && active >= 0 && matches[active]
              ? pickerOptionId(pickerId, matches[active].id)
              : undefined
          }
          value={draft.body}
          placeholder={placeholder}
          autoSize={touch ? { minRows: 2, maxRows: 6 } : { minRows: 3, maxRows: 10 }}
          disabled={sending}
          // Only notes mention teammates; in a reply "@" is just text.
          prefix={isNote ? '@' : []}
          options={isNote ? options : []}
          placement="top"
          filterOption={(search, option) =>
            String(option.value ?? '')
              .toLowerCase()
              .includes(search.toLowerCase())
          }
          onSelect={(option) => {
            const user = users.find((u) => String(u.id) === option.key);
            if (user && !draft.mentions.some((m) => m.id === user.id)) {
              setDraft({ mentions: [...draft.mentions, { id: user.id, name: user.name }] });
            }
          }}
          onChange={(text) => {
            setDraft({ body: text });
            if (error) setError(null);
            if (text.trim()) onTyping();
            else onStopTyping();
            updateSlash(text, input.current?.textarea?.selectionStart ?? text.length);
          }}
          onBlur={() => {
            onStopTyping();
            setSlash(null);
          }}
          onKeyDown={(event) => {
            if (slash && !event.nativeEvent.isComposing) {
              const plain = !event.ctrlKey && !event.metaKey && !event.altKey && !event.shiftKey;
              if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
                event.preventDefault();
                if (matches.length === 0) return;
                const step = event.key === 'ArrowDown' ? 1 : -1;
                setActiveIndex((active + step + matches.length) % matches.length);
                return;
              }
              if (event.key === 'Enter' && plain && active >= 0 && matches[active]) {
                event.preventDefault();
                void pick(matches[active]);
                return;
              }
              if (event.key === 'Escape') {
                // The picker closes; the pane's Escape (leave the field) waits for the next one.
                event.preventDefault();
                closePicker();
                return;
              }
            }
            if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
              event.preventDefault();
              void submit();
            }
          }}
          style={isNote ? { background: '#fffdf2' } : undefined}
        />
      </div>
      <AttachmentList items={uploads.items} onRemove={uploads.remove} disabled={sending} />
      {notice && (
        <div role="status" style={{ color: '#8a6d00', fontSize: 12, marginTop: 4 }}>
          {notice}
        </div>
      )}
      {error && (
        <div id={errorId} role="alert" className={styles.composerError}>
          {error}
        </div>
      )}
      <div className={styles.composerActions}>
        <span style={{ display: 'inline-flex', alignItems: 'center', gap: 12 }}>
          <AttachFilesButton
            disabled={sending}
            onFiles={(files) => {
              const problem = uploads.add(files);
              setError(problem);
            }}
          />
          <ArticleLinkButton
            disabled={sending}
            onPick={(article) => insertLink(article.public_url)}
          />
          {!touch && <span>{SEND_HINT} · / for fast replies</span>}
        </span>
        <Button
          type="primary"
          htmlType="submit"
          icon={<SendOutlined />}
          loading={sending}
          disabled={sending}
        >
          {isNote ? 'Add note' : 'Send'}
        </Button>
      </div>
    </form>
  );
}

/** A Cc or Bcc field: addresses as tags, typed or pasted (comma, space or semicolon between). */
function CopyField(props: {
  label: 'Cc' | 'Bcc';
  hint: string;
  value: string[];
  disabled: boolean;
  onChange: (value: string[]) => void;
}) {
  return (
    <label style={{ display: 'flex', alignItems: 'center', gap: 8, marginBottom: 6 }}>
      <span style={{ minWidth: 28, color: '#5b6170', fontSize: 12 }} title={props.hint}>
        {props.label}
      </span>
      <Select
        mode="tags"
        size="small"
        aria-label={`${props.label} addresses`}
        placeholder="name@example.com"
        value={props.value}
        open={false}
        suffixIcon={null}
        tokenSeparators={[',', ' ', ';']}
        maxCount={MAX_REPLY_COPIES}
        disabled={props.disabled}
        onChange={(next: string[]) => props.onChange(cleanAddresses(next))}
        style={{ flex: 1 }}
      />
    </label>
  );
}
