import { t } from '@lingui/core/macro';
import { DatePicker } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { formatDate } from '../../../lib/format';
import { usePhoneLayout } from '../../../lib/use-phone-layout';
import type { DateRange } from '../date-range';
import styles from './global-date-range-picker.module.css';

/** The stored form of a day (not shown: the picker shows days through lib/format). */
const FORMAT = 'YYYY-MM-DD';

/** A day as the active language writes it ("5 Mar 2026", "Mar 5, 2026", "5 mars 2026"…). */
const showDay = (day: Dayjs) => formatDate(day.toDate());

function presets(now = dayjs()) {
  const today = now.startOf('day');
  const lastMonth = today.subtract(1, 'month');
  return [
    { label: t`Last 7 days`, value: [today.subtract(6, 'day'), today] as [Dayjs, Dayjs] },
    { label: t`Last 30 days`, value: [today.subtract(29, 'day'), today] as [Dayjs, Dayjs] },
    { label: t`This month`, value: [today.startOf('month'), today] as [Dayjs, Dayjs] },
    {
      label: t`Last month`,
      value: [lastMonth.startOf('month'), lastMonth.endOf('month').startOf('day')] as [
        Dayjs,
        Dayjs,
      ],
    },
    { label: t`Last 90 days`, value: [today.subtract(89, 'day'), today] as [Dayjs, Dayjs] },
    {
      label: t`Last 12 months`,
      value: [today.subtract(1, 'year').add(1, 'day'), today] as [Dayjs, Dayjs],
    },
  ];
}

/**
 * A range of whole days, picked (with the usual presets) rather than typed, written as the
 * active language writes days. `null` is no range; clearing answers `null`.
 */
export function DateRangePicker({
  value,
  onChange,
  allowClear = true,
  maxDays,
  placeholder,
}: {
  value: DateRange | null;
  onChange: (range: DateRange | null) => void;
  allowClear?: boolean;
  /** While one end is chosen, days this far from it or more cannot be the other end. */
  maxDays?: number | undefined;
  /** What the two ends say while no range is chosen. */
  placeholder?: [string, string];
}) {
  const phone = usePhoneLayout();
  return (
    <DatePicker.RangePicker
      aria-label={t`Date range`}
      {...(phone ? { classNames: { popup: { root: styles.phonePopup } } } : {})}
      value={value ? [dayjs(value.start, FORMAT), dayjs(value.end, FORMAT)] : null}
      // A function: the days read in the active language; they are picked, not typed.
      format={showDay}
      allowClear={allowClear}
      presets={presets()}
      {...(placeholder ? { placeholder } : {})}
      {...(maxDays ? { disabledDate: tooFar(maxDays) } : {})}
      onChange={(values) => {
        const [start, end] = values ?? [];
        onChange(start && end ? { start: start.format(FORMAT), end: end.format(FORMAT) } : null);
      }}
    />
  );
}

function tooFar(maxDays: number) {
  return (current: Dayjs, info: { from?: Dayjs | undefined }) =>
    info.from ? Math.abs(current.diff(info.from, 'day')) >= maxDays : false;
}
