import { useEffect, useRef, useState } from 'react';
import { Button, Input, Popover, Space, Tag } from 'antd';
import { PhoneOutlined } from '@ant-design/icons';
import type { CallDetails, CallOutcome, Message } from '@parley/contracts';
import { asErrorPayload, GENERIC_ERROR_MESSAGE } from '../../../lib/api-error';
import { toast } from '../../../lib/toast';
import { useGetConversationCallsQuery, useStartCallMutation } from '../api/calls-api';
import styles from './call-entry.module.css';

const OUTCOME_LABELS: Record<CallOutcome, { text: string; color: string }> = {
  ringing: { text: 'Ringing', color: 'processing' },
  answered: { text: 'Answered', color: 'success' },
  missed: { text: 'Missed', color: 'error' },
  voicemail: { text: 'Voicemail', color: 'warning' },
  failed: { text: 'Not connected', color: 'default' },
};

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
      toast.success('Calling the customer', 'Your phone rings once they pick up.');
    } catch (error) {
      toast.error(
        'The call could not be placed',
        asErrorPayload(error)?.message ?? GENERIC_ERROR_MESSAGE,
      );
    }
  };
  return (
    <Popover
      open={open}
      onOpenChange={setOpen}
      trigger="click"
      title="Call the customer back"
      content={
        <Space.Compact>
          <Input
            aria-label="Your phone number"
            placeholder="+14155550100"
            value={phone}
            onChange={(e) => setPhone(e.target.value)}
            onPressEnter={() => void submit()}
          />
          <Button type="primary" loading={isLoading} onClick={() => void submit()}>
            Call
          </Button>
        </Space.Compact>
      }
    >
      <Button size="small" icon={<PhoneOutlined aria-hidden />}>
        Call back
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
  const direction = (call?.direction ?? message.direction) === 'incoming' ? 'Incoming' : 'Outgoing';
  const outcome = call ? OUTCOME_LABELS[call.outcome] : null;
  const recording =
    message.attachments.find((f) => f.id === call?.recording_attachment_id) ??
    message.attachments.find((f) => f.content_type.startsWith('audio/'));
  const missed = call?.outcome === 'missed' || call?.outcome === 'voicemail';
  return (
    <div className={styles.call} data-call-outcome={call?.outcome}>
      <div className={styles.summary}>
        <span className={missed ? `${styles.icon} ${styles.missed}` : styles.icon}>
          <PhoneOutlined aria-label={`${direction} call`} />
        </span>
        <strong>{direction} call</strong>
        {outcome && <Tag color={outcome.color}>{outcome.text}</Tag>}
        {call?.duration_seconds ? (
          <span aria-label="Duration">{formatCallDuration(call.duration_seconds)}</span>
        ) : null}
        {canCallBack && direction === 'Incoming' && (
          <CallBackButton conversationId={message.conversation_id} />
        )}
      </div>
      {!call && <span>{message.body.split('\n')[0]}</span>}
      {recording && (
        <audio
          className={styles.audio}
          controls
          preload="none"
          src={recording.url}
          aria-label={call?.outcome === 'voicemail' ? 'Voicemail' : 'Call recording'}
        />
      )}
      {call?.transcription && (
        <blockquote className={styles.transcription} aria-label="Transcription">
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
