import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { LOCAL_KEYS } from '@parley/contracts';
import {
  defaultDateRange,
  normaliseDateRange,
  readStoredDateRange,
  storeDateRange,
  type DateRange,
} from '../date-range';
import { GlobalDateRangeContext } from '../date-range-context';

/**
 * The shell's date range (docs/product/data.md, docs/product/limits.md): one month ago → today until the user picks one, then
 * that range, saved locally under `global-date-range` and shared by every screen and tab.
 */
export function GlobalDateRangeProvider({ children }: { children: ReactNode }) {
  const [stored, setStored] = useState<DateRange | null>(readStoredDateRange);

  // Another tab changed (or cleared) the range.
  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.key === null || event.key === LOCAL_KEYS.globalDateRange) {
        setStored(readStoredDateRange());
      }
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, []);

  const setRange = useCallback((range: DateRange) => {
    const next = normaliseDateRange(range);
    if (!next) return;
    storeDateRange(next);
    setStored(next);
  }, []);

  const resetRange = useCallback(() => {
    storeDateRange(null);
    setStored(null);
  }, []);

  const value = useMemo(
    () => ({
      range: stored ?? defaultDateRange(),
      isDefault: stored === null,
      setRange,
      resetRange,
    }),
    [stored, setRange, resetRange],
  );
  return <GlobalDateRangeContext value={value}>{children}</GlobalDateRangeContext>;
}
