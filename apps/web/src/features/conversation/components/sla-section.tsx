import { useEffect, useRef } from 'react';
import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import type { ConversationDetail, SlaClock } from '@parley/contracts';
import { formatTimestamp } from '../../../lib/format-timestamp';
import { slaClockView, slaMetricName, useMinuteNow } from '../../sla';
import { useGetConversationSlaQuery } from '../api/conversation-sla-api';
import styles from './conversation-pane.module.css';

/** A clock as the panel shows it: the inbox's words while it counts, kept or missed once ended. */
function clockView(clock: SlaClock, now: number): { tone: string; words: string } {
  if (clock.state !== 'met' && clock.state !== 'missed')
    return slaClockView({ metric: clock.metric, state: clock.state, due_at: clock.due_at }, now);
  const name = slaMetricName(clock.metric);
  return clock.state === 'met'
    ? {
        tone: 'met',
        words: t({
          message: `${name} met`,
          comment: '{name}: an SLA metric whose target was kept',
        }),
      }
    : {
        tone: 'breached',
        words: t({ message: `${name} missed`, comment: '{name}: an SLA metric past its target' }),
      };
}

/** The moment worth naming beside a clock: when it is due, was kept, or was missed. */
function clockMoment(clock: SlaClock): string | null {
  if (clock.state === 'met') return clock.stopped_at;
  if (clock.state === 'missed') return clock.breached_at ?? clock.stopped_at;
  return clock.due_at;
}

/**
 * The conversation's SLA (docs/product/sla.md): the policy that covers it and each clock — due
 * in, overdue by, paused, met or missed — counting down with the inbox's minute timer. Nothing
 * when no policy ever covered it.
 */
export function SlaSection({ detail }: { detail: ConversationDetail }) {
  const { data, refetch } = useGetConversationSlaQuery(detail.id);
  const now = useMinuteNow();
  // A reply, a status or a priority change re-times the clocks: the row's summary says so.
  const changed = [
    detail.status,
    detail.priority,
    detail.sla?.metric,
    detail.sla?.state,
    detail.sla?.due_at,
  ].join('|');
  const seen = useRef(changed);
  useEffect(() => {
    if (seen.current === changed) return;
    seen.current = changed;
    void refetch();
  }, [changed, refetch]);

  if (!data || (data.policy === null && data.clocks.length === 0)) return null;
  const policyName = data.policy?.name;
  return (
    <section className={styles.contactSection} aria-label={t`SLA`}>
      <h3>
        <Trans>SLA</Trans>
      </h3>
      {policyName && (
        <div className={styles.slaPolicy} dir="auto">
          {policyName}
        </div>
      )}
      <ul className={styles.slaClocks}>
        {data.clocks.map((clock) => {
          const view = clockView(clock, now);
          const moment = clockMoment(clock);
          return (
            <li key={clock.metric} data-sla-state={view.tone}>
              <span className={`${styles.slaDot} ${styles[`sla-${view.tone}`] ?? ''}`} />
              <span>
                {view.words}
                {moment && (
                  <time className={styles.slaWhen} dateTime={moment}>
                    {formatTimestamp(moment)}
                  </time>
                )}
              </span>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
