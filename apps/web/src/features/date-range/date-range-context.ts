import { createContext } from 'react';
import type { DateRange } from './date-range';

export interface GlobalDateRangeValue {
  range: DateRange;
  /** True while the user has not picked a range (one month ago → today). */
  isDefault: boolean;
  setRange: (range: DateRange) => void;
  resetRange: () => void;
}

export const GlobalDateRangeContext = createContext<GlobalDateRangeValue | null>(null);
