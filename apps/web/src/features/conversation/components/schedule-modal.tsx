import { useId, useState } from 'react';
import dayjs, { type Dayjs } from 'dayjs';
import { DatePicker, Input, Modal, theme } from 'antd';
import { t } from '@lingui/core/macro';
import { SCHEDULED_SEND_LIMITS, type ScheduledMessage } from '@parley/contracts';
import { usePhoneLayout } from '../../../lib/use-phone-layout';
import { useEditScheduledMessageMutation } from '../api/scheduled-messages-api';
import { refusalText } from '../hooks/use-conversation-actions';
import { SCHEDULE_MORNING_HOUR, sendAtText, sendAtValue } from '../scheduled-send';
import styles from './scheduled-messages.module.css';

// Loaded apart (schedule-button.tsx, scheduled-list.tsx): antd's DatePicker stays off the
// inbox's first visit.

const range = (from: number, to: number) => Array.from({ length: to - from }, (_, i) => from + i);

/** Why a picked moment cannot be used, in words; null when it can. */
function sendAtProblem(value: Dayjs | null): string | null {
  if (!value) return t`Choose a date and a time.`;
  if (!value.isAfter(dayjs())) return t`Choose a time in the future.`;
  return null;
}

interface SendAtPickerProps {
  id: string;
  value: Dayjs | null;
  onChange: (value: Dayjs | null) => void;
  invalid: boolean;
}

/**
 * A day and a time in the agent's own time zone (the device's), from now to the server's limit
 * ahead; days and hours gone by are disabled. The moment reads in the active language; it is
 * picked, not typed.
 */
function SendAtPicker({ id, value, onChange, invalid }: SendAtPickerProps) {
  const phone = usePhoneLayout();
  const now = dayjs();
  const last = now.add(SCHEDULED_SEND_LIMITS.maxDaysAhead, 'day');
  return (
    <DatePicker
      id={id}
      value={value}
      onChange={onChange}
      // The panel's hour and minute columns; the field shows the moment through lib/format.
      showTime={{ format: 'HH:mm', minuteStep: 5 }}
      format={(day) => sendAtText(day.toDate())}
      showNow={false}
      needConfirm={false}
      allowClear={false}
      inputReadOnly
      status={invalid ? 'error' : undefined}
      disabledDate={(day) => day.isBefore(now, 'day') || day.isAfter(last, 'day')}
      disabledTime={(day) =>
        day?.isSame(now, 'day')
          ? {
              disabledHours: () => range(0, now.hour()),
              disabledMinutes: (hour) => (hour === now.hour() ? range(0, now.minute() + 1) : []),
            }
          : {}
      }
      style={{ width: '100%' }}
      {...(phone ? { classNames: { popup: { root: styles.phonePopup } } } : {})}
    />
  );
}

function Problem({ text }: { text: string | null }) {
  const { token } = theme.useToken();
  if (!text) return null;
  return (
    <div role="alert" style={{ color: token.colorError, marginTop: 6 }}>
      {text}
    </div>
  );
}

/** "Pick a date and time…": when the composer's reply or note goes out. */
export function SchedulePickerModal({
  onClose,
  onPick,
}: {
  onClose: () => void;
  onPick: (at: Date) => void;
}) {
  const inputId = useId();
  const [value, setValue] = useState<Dayjs | null>(() =>
    dayjs().add(1, 'day').hour(SCHEDULE_MORNING_HOUR).minute(0).second(0).millisecond(0),
  );
  const [error, setError] = useState<string | null>(null);

  const confirm = () => {
    const problem = sendAtProblem(value);
    setError(problem);
    if (!problem && value) onPick(value.toDate());
  };

  return (
    <Modal
      title={t`Schedule`}
      open
      okText={t`Schedule`}
      onOk={confirm}
      onCancel={onClose}
      destroyOnHidden
      width={360}
    >
      <label htmlFor={inputId} className={styles.fieldLabel}>
        {t`Date and time`}
      </label>
      <SendAtPicker
        id={inputId}
        value={value}
        invalid={error !== null}
        onChange={(next) => {
          setValue(next);
          setError(null);
        }}
      />
      <Problem text={error} />
    </Modal>
  );
}

/** The author changes a scheduled message's text or time (PATCH with what changed). */
export function ScheduledEditModal({
  message,
  onClose,
}: {
  message: ScheduledMessage;
  onClose: () => void;
}) {
  const textId = useId();
  const timeId = useId();
  const [body, setBody] = useState(message.body);
  const [at, setAt] = useState<Dayjs | null>(() => dayjs(message.send_at));
  const [error, setError] = useState<string | null>(null);
  const [edit, { isLoading }] = useEditScheduledMessageMutation();

  const save = async () => {
    const bodyChanged = body.trim() !== message.body.trim();
    const timeChanged = !at || at.valueOf() !== Date.parse(message.send_at);
    if (!bodyChanged && !timeChanged) {
      onClose();
      return;
    }
    const problem = timeChanged ? sendAtProblem(at) : null;
    if (problem) {
      setError(problem);
      return;
    }
    setError(null);
    try {
      await edit({
        id: message.id,
        conversationId: message.conversation_id,
        ...(bodyChanged ? { body } : {}),
        ...(timeChanged && at ? { send_at: sendAtValue(at) } : {}),
      }).unwrap();
      onClose();
    } catch (failure) {
      setError(refusalText(failure));
    }
  };

  return (
    <Modal
      title={t`Edit scheduled message`}
      open
      okText={t`Save`}
      onOk={() => void save()}
      confirmLoading={isLoading}
      onCancel={onClose}
      destroyOnHidden
      width={480}
    >
      <label htmlFor={textId} className={styles.fieldLabel}>
        {message.kind === 'note' ? t`Internal note text` : t`Reply text`}
      </label>
      <Input.TextArea
        id={textId}
        value={body}
        dir="auto"
        autoSize={{ minRows: 3, maxRows: 10 }}
        onChange={(event) => {
          setBody(event.target.value);
          setError(null);
        }}
      />
      <label htmlFor={timeId} className={styles.fieldLabel} style={{ marginTop: 12 }}>
        {t`Date and time`}
      </label>
      <SendAtPicker
        id={timeId}
        value={at}
        invalid={false}
        onChange={(next) => {
          setAt(next);
          setError(null);
        }}
      />
      <Problem text={error} />
    </Modal>
  );
}
