import type { ConversationSlaSummary } from '@parley/contracts';
import { slaClockView, useMinuteNow } from '../../sla';
import styles from './inbox.module.css';

/**
 * A row's SLA clock, the one due first (docs/product/sla.md): "FRT 2h 10m", coloured by its
 * state, its sentence in the tooltip and for screen readers. Counts down with the shared minute
 * timer, so only the badges re-render as time passes, not the rows.
 */
export function SlaBadge({ sla }: { sla: ConversationSlaSummary }) {
  const now = useMinuteNow();
  const view = slaClockView(sla, now);
  return (
    <span
      className={`${styles.sla} ${styles[`sla-${view.tone}`] ?? ''}`}
      role="img"
      aria-label={view.words}
      title={view.words}
      data-sla-state={view.tone}
    >
      {view.label}
    </span>
  );
}
