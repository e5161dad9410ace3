// The reports' date range, kept across pages: the provider the app layout mounts, and the picker
// and hook the reports read it with; and the picker itself, for a page's own range of days.
export { GlobalDateRangeProvider } from './components/global-date-range-provider';
export { GlobalDateRangePicker } from './components/global-date-range-picker';
export { DateRangePicker } from './components/date-range-picker';
export type { DateRange } from './date-range';
export { useGlobalDateRange } from './hooks/use-global-date-range';
