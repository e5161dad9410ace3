// SLA clocks as the inbox and the conversation pane show them (docs/product/sla.md): their words
// and the one minute timer they count down with. Small and free of API calls on purpose: the
// inbox's first visit loads this entry. Settings → SLA policies is its own entry (./settings).
export {
  formatMinutes,
  slaClockView,
  slaMetricName,
  type SlaClockView,
  type SlaTone,
} from './clock/clock-words';
export { useMinuteNow } from './clock/minute-clock';
