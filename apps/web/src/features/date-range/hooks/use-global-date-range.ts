import { useContext } from 'react';
import { GlobalDateRangeContext, type GlobalDateRangeValue } from '../date-range-context';

/** The shell's global date range (see GlobalDateRangeProvider, mounted by the app layout). */
export function useGlobalDateRange(): GlobalDateRangeValue {
  const value = useContext(GlobalDateRangeContext);
  if (!value) throw new Error('useGlobalDateRange is used outside the logged-in shell');
  return value;
}
