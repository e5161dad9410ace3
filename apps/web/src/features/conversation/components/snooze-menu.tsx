import { useId, useState } from 'react';
import dayjs, { type Dayjs } from 'dayjs';
import { Button, Dropdown, Modal, theme, type MenuProps } from 'antd';
import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { ClockCircleOutlined, DownOutlined } from '@ant-design/icons';
import { formatDateTime } from '../../../lib/format';

export interface SnoozePreset {
  key: 'later-today' | 'tomorrow' | 'next-week';
  label: string;
  until: Dayjs;
}

/** Hours added for "later today". */
export const LATER_TODAY_HOURS = 3;
/** Tomorrow and next week start at this hour. */
export const MORNING_HOUR = 9;

/**
 * The snooze presets from `now`: later today (in 3 hours, offered only while that is still
 * today), tomorrow at 9:00 and next Monday at 9:00.
 */
export function snoozePresets(now: Dayjs): SnoozePreset[] {
  const presets: SnoozePreset[] = [];
  const later = now.add(LATER_TODAY_HOURS, 'hour').second(0).millisecond(0);
  if (later.isSame(now, 'day')) {
    presets.push({ key: 'later-today', label: t`Later today`, until: later });
  }
  const morning = (d: Dayjs) => d.hour(MORNING_HOUR).minute(0).second(0).millisecond(0);
  presets.push({ key: 'tomorrow', label: t`Tomorrow`, until: morning(now.add(1, 'day')) });
  const daysToMonday = (8 - now.day()) % 7 || 7;
  presets.push({
    key: 'next-week',
    label: t`Next week`,
    until: morning(now.add(daysToMonday, 'day')),
  });
  return presets;
}

/** The value format of a datetime-local field (the browser shows it in the person's own way). */
const PICKER_FORMAT = 'YYYY-MM-DDTHH:mm';

/** A preset's moment beside its name: weekday, day and time, as the language writes them. */
const presetMoment = (until: Dayjs) =>
  formatDateTime(until.toDate(), {
    weekday: 'short',
    month: 'short',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
  });

interface SnoozeMenuProps {
  onSnooze: (until: Date) => void;
  disabled?: boolean;
  /** Icons only (a phone's header), the word kept as the button's name. */
  compact?: boolean;
}

/** "Snooze" with the presets and "Pick a date and time…" (status snoozed + snoozed_until). */
export function SnoozeMenu({ onSnooze, disabled, compact = false }: SnoozeMenuProps) {
  const [pickerOpen, setPickerOpen] = useState(false);
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const inputId = useId();
  const { token } = theme.useToken();
  const presets = snoozePresets(dayjs());

  const items: MenuProps['items'] = [
    ...presets.map((preset) => ({
      key: preset.key,
      label: (
        <span>
          {preset.label}{' '}
          <span style={{ color: token.colorTextSecondary }}>· {presetMoment(preset.until)}</span>
        </span>
      ),
    })),
    { type: 'divider' as const },
    { key: 'custom', label: t`Pick a date and time…` },
  ];

  const onMenu: MenuProps['onClick'] = ({ key }) => {
    if (key === 'custom') {
      setValue(dayjs().add(1, 'day').hour(MORNING_HOUR).minute(0).format(PICKER_FORMAT));
      setError(null);
      setPickerOpen(true);
      return;
    }
    // Computed again at the click: the menu may have been open for a while.
    const preset = snoozePresets(dayjs()).find((p) => p.key === key);
    if (preset) onSnooze(preset.until.toDate());
  };

  const confirm = () => {
    const until = dayjs(value);
    if (!value || !until.isValid()) {
      setError(t`Choose a date and a time.`);
      return;
    }
    if (!until.isAfter(dayjs())) {
      setError(t`Choose a time in the future.`);
      return;
    }
    setPickerOpen(false);
    onSnooze(until.toDate());
  };

  return (
    <>
      <Dropdown menu={{ items, onClick: onMenu }} trigger={['click']} disabled={disabled}>
        {compact ? (
          <Button icon={<ClockCircleOutlined />} aria-label={t`Snooze`} title={t`Snooze`}>
            <DownOutlined />
          </Button>
        ) : (
          <Button icon={<ClockCircleOutlined />}>
            <Trans>Snooze</Trans> <DownOutlined />
          </Button>
        )}
      </Dropdown>
      <Modal
        title={t`Snooze until`}
        open={pickerOpen}
        okText={t`Snooze`}
        onOk={confirm}
        onCancel={() => setPickerOpen(false)}
        destroyOnHidden
        width={360}
      >
        <label htmlFor={inputId} style={{ display: 'block', marginBottom: 6 }}>
          <Trans>Date and time</Trans>
        </label>
        <input
          id={inputId}
          type="datetime-local"
          value={value}
          min={dayjs().format(PICKER_FORMAT)}
          onChange={(event) => {
            setValue(event.target.value);
            setError(null);
          }}
          style={{
            width: '100%',
            height: 36,
            padding: '0 10px',
            border: `1px solid ${token.colorBorder}`,
            borderRadius: token.borderRadius,
            background: token.colorBgContainer,
            color: token.colorText,
            font: 'inherit',
            boxSizing: 'border-box',
          }}
        />
        {error && (
          <div role="alert" style={{ color: token.colorError, marginTop: 6 }}>
            {error}
          </div>
        )}
      </Modal>
    </>
  );
}
