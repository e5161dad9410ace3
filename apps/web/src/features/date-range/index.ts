// The reports' date range, kept across pages: the provider the app layout mounts, and the picker
// and hook the reports read it with.
export { GlobalDateRangeProvider } from './components/global-date-range-provider';
export { GlobalDateRangePicker } from './components/global-date-range-picker';
export { useGlobalDateRange } from './hooks/use-global-date-range';
