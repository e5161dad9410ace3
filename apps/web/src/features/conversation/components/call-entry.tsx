import { useEffect, useRef, useState } from 'react';
import { Button, Input, Popover, Space, Tag, theme } from 'antd';
import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { PhoneOutlined } from '@ant-design/icons';
import type { CallDetails, CallOutcome, Message } from '@parley/contracts';
import { asErrorPayload, genericErrorMessage } from '../../../lib/api-error';
import { toast } from '../../../lib/toast';
import { useGetConversationCallsQuery, useStartCallMutation } from '../api/calls-api';
import styles from './call-entry.module.css';

/** A call's outcome: its name in the active language, and its antd status colour. */
function outcomeLabel(outcome: CallOutcome): { text: string; color: string } {
  switch (outcome) {
    case 'ringing':
      return { text: t`Ringing`, color: 'processing' };
    case 'answered':
      return { text: t`Answered`, color: 'success' };
    case 'missed':
      return { text: t`Missed`, color: 'error' };
    case 'voicemail':
      return { text: t`Voicemail`, color: 'warning' };
    case 'failed':
      return { text: t`Not connected`, color: 'default' };
  }
}

export function formatCallDuration(seconds: number): string {
  const m = Math.floor(seconds / 60);
  const s = seconds % 60;
  return `${m}:${String(s).padStart(2, '0')}`;
}

const AGENT_PHONE_KEY = 'parley.agentPhone';

/** "Call back": the agent's own phone rings once Twilio has the customer on the line. */
function CallBackButton({ conversationId }: { conversationId: number }) {
  const [open, setOpen] = useState(false);
  const [phone, setPhone] = useState(() => localStorage.getItem(AGENT_PHONE_KEY) ?? '');
  const [startCall, { isLoading }] = useStartCallMutation();
  const submit = async () => {
    try {
      await startCall({ conversationId, agent_phone: phone.trim() }).unwrap();
      localStorage.setItem(AGENT_PHONE_KEY, phone.trim());
      setOpen(false);
      toast.success(t`Calling the customer`, t`Your phone rings once they pick up.`);
    } catch (error) {
      toast.error(
        t`The call could not be placed`,
        asErrorPayload(error)?.message ?? genericErrorMessage(),
      );
    }
  };
  return (
    <Popover
      open={open}
      onOpenChange={setOpen}
      trigger="click"
      title={t`Call the customer back`}
      content={
        <Space.Compact>
          <Input
            aria-label={t`Your phone number`}
            placeholder="+14155550100"
            value={phone}
            onChange={(e) => setPhone(e.target.value)}
            onPressEnter={() => void submit()}
          />
          <Button type="primary" loading={isLoading} onClick={() => void submit()}>
            <Trans>Call</Trans>
          </Button>
        </Space.Compact>
      }
    >
      <Button size="small" icon={<PhoneOutlined aria-hidden />}>
        <Trans>Call back</Trans>
      </Button>
    </Popover>
  );
}

interface CallEntryProps {
  message: Message;
  /** The provider's details of the call; absent while they load (the entry's text shows). */
  call: CallDetails | undefined;
  /** Offers "Call back" on incoming calls. */
  canCallBack?: boolean;
}

/**
 * A phone call in the thread (message kind `call`): direction, outcome, duration, the
 * voicemail or recording as an audio player, and the transcription when the provider gave one.
 */
export function CallEntry({ message, call, canCallBack = false }: CallEntryProps) {
  const { token } = theme.useToken();
  const incoming = (call?.direction ?? message.direction) === 'incoming';
  const title = incoming ? t`Incoming call` : t`Outgoing call`;
  const outcome = call ? outcomeLabel(call.outcome) : null;
  const recording =
    message.attachments.find((f) => f.id === call?.recording_attachment_id) ??
    message.attachments.find((f) => f.content_type.startsWith('audio/'));
  const missed = call?.outcome === 'missed' || call?.outcome === 'voicemail';
  return (
    <div className={styles.call} data-call-outcome={call?.outcome}>
      <div className={styles.summary}>
        <span
          className={styles.icon}
          style={
            missed
              ? { background: token.colorErrorBg, color: token.colorError }
              : { background: token.colorPrimaryBg, color: token.colorPrimary }
          }
        >
          <PhoneOutlined aria-label={title} />
        </span>
        <strong>{title}</strong>
        {outcome && <Tag color={outcome.color}>{outcome.text}</Tag>}
        {call?.duration_seconds ? (
          <span aria-label={t`Duration`}>{formatCallDuration(call.duration_seconds)}</span>
        ) : null}
        {canCallBack && incoming && <CallBackButton conversationId={message.conversation_id} />}
      </div>
      {!call && <span dir="auto">{message.body.split('\n')[0]}</span>}
      {recording && (
        <audio
          className={styles.audio}
          controls
          preload="none"
          src={recording.url}
          aria-label={call?.outcome === 'voicemail' ? t`Voicemail` : t`Call recording`}
        />
      )}
      {call?.transcription && (
        <blockquote className={styles.transcription} aria-label={t`Transcription`} dir="auto">
          {call.transcription}
        </blockquote>
      )}
    </div>
  );
}

/** The call entry with its details from the server, refreshed whenever the entry changes. */
export function ConversationCallEntry({ message }: { message: Message }) {
  const { data, refetch } = useGetConversationCallsQuery(message.conversation_id);
  // The entry's text changes with every status callback (realtime message_updated).
  const version = `${message.body}|${message.attachments.length}`;
  const seen = useRef(version);
  useEffect(() => {
    if (seen.current === version) return;
    seen.current = version;
    void refetch();
  }, [version, refetch]);
  const call = data?.items.find((c) => c.message_id === message.id);
  return <CallEntry message={message} call={call} canCallBack />;
}
