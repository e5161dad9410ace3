import { useGlobalDateRange } from '../hooks/use-global-date-range';
import { DateRangePicker } from './date-range-picker';

/**
 * Picks the shell's global date range (docs/product/data.md, docs/product/limits.md: saved locally under `global-date-range`,
 * one month ago → today until the user picks one). Clearing it goes back to the default.
 */
export function GlobalDateRangePicker({ maxDays }: { maxDays?: number }) {
  const { range, isDefault, setRange, resetRange } = useGlobalDateRange();
  return (
    <DateRangePicker
      value={range}
      allowClear={!isDefault}
      maxDays={maxDays}
      onChange={(next) => (next ? setRange(next) : resetRange())}
    />
  );
}
