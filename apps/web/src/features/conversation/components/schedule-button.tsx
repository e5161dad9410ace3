import { lazy, Suspense, useState } from 'react';
import dayjs from 'dayjs';
import { Button, Dropdown, theme, type MenuProps } from 'antd';
import { t } from '@lingui/core/macro';
import { ClockCircleOutlined } from '@ant-design/icons';
import { schedulePresets, sendAtText } from '../scheduled-send';

// The date and time picker (antd DatePicker) is a chunk of its own, loaded when asked for: the
// conversation pane counts in the inbox's JS budget (docs/benchmarks.md).
const SchedulePickerModal = lazy(() =>
  import('./schedule-modal').then((m) => ({ default: m.SchedulePickerModal })),
);

interface ScheduleButtonProps {
  disabled: boolean;
  /** Posts the composer's reply or note at this moment. */
  onSchedule: (at: Date) => void;
  /** The menu's open state, when the composer holds it (Ctrl/⌘+Shift+Enter opens it). */
  menuOpen?: boolean;
  onMenuOpenChange?: (open: boolean) => void;
}

/**
 * Beside Send: "Schedule" with the quick choices (in 1 hour, tomorrow at 9:00, Monday at
 * 9:00) and "Pick a date and time…" (docs/product/scheduled-send.md).
 */
export function ScheduleButton({
  disabled,
  onSchedule,
  menuOpen,
  onMenuOpenChange,
}: ScheduleButtonProps) {
  const { token } = theme.useToken();
  const [pickerOpen, setPickerOpen] = useState(false);
  const label = t`Schedule`;

  const items: MenuProps['items'] = [
    ...schedulePresets(dayjs()).map((preset) => ({
      key: preset.key,
      label: (
        <span>
          {preset.label}{' '}
          <span style={{ color: token.colorTextSecondary }}>
            · {sendAtText(preset.at.toDate())}
          </span>
        </span>
      ),
    })),
    { type: 'divider' as const },
    { key: 'custom', label: t`Pick a date and time…` },
  ];

  const onMenu: MenuProps['onClick'] = ({ key }) => {
    if (key === 'custom') {
      setPickerOpen(true);
      return;
    }
    // Computed again at the click: the menu may have been open for a while.
    const preset = schedulePresets(dayjs()).find((p) => p.key === key);
    if (preset) onSchedule(preset.at.toDate());
  };

  return (
    <>
      <Dropdown
        menu={{ items, onClick: onMenu }}
        trigger={['click']}
        placement="topRight"
        disabled={disabled}
        open={menuOpen === undefined ? undefined : menuOpen && !disabled}
        onOpenChange={onMenuOpenChange}
        // The menu takes the focus, so arrows and Enter choose (opened from the keyboard too).
        autoFocus
      >
        <Button
          type="primary"
          icon={<ClockCircleOutlined />}
          aria-label={label}
          title={label}
          disabled={disabled}
        />
      </Dropdown>
      {pickerOpen && (
        <Suspense fallback={null}>
          <SchedulePickerModal
            onClose={() => setPickerOpen(false)}
            onPick={(at) => {
              setPickerOpen(false);
              onSchedule(at);
            }}
          />
        </Suspense>
      )}
    </>
  );
}
