/**
 * What the inbox uses of SLA policies (docs/product/sla.md): each row's clock due first. A page
 * of rows costs one indexed query, or none for an account without an enabled policy.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { ConversationSlaSummary, SlaFilter } from '@parley/contracts';
import { DateTime } from 'luxon';
import type { Db } from '../../db/client';
import { slaRulesOf } from './sla.cache';
import { summaryOf } from './sla.clocks';
import { runningClocksOf } from './sla.queries';

const at = (iso: string | null) => (iso === null ? null : new Date(iso));

/** The summaries of conversations, each in its own account; conversations without one are left out. */
export async function slaSummariesOf(
  db: Db,
  refs: readonly { accountId: number; id: number }[],
  now = new Date(),
): Promise<Map<number, ConversationSlaSummary>> {
  const out = new Map<number, ConversationSlaSummary>();
  if (refs.length === 0) return out;
  const counted = new Set<number>();
  for (const accountId of new Set(refs.map((r) => r.accountId)))
    if ((await slaRulesOf(db, accountId)).policies.length > 0) counted.add(accountId);
  const asked = refs.filter((r) => counted.has(r.accountId));
  if (asked.length === 0) return out;
  const byConversation = new Map<number, Parameters<typeof summaryOf>[0][number][]>();
  for (const row of await runningClocksOf(db, asked)) {
    const list = byConversation.get(row.conversationId) ?? [];
    list.push({
      metric: row.metric,
      stoppedAt: null,
      dueAt: at(row.dueAt),
      warnAt: at(row.warnAt),
      pausedAt: at(row.pausedAt),
      breachedAt: at(row.breachedAt),
    });
    byConversation.set(row.conversationId, list);
  }
  for (const [id, clocks] of byConversation) {
    const summary = summaryOf(clocks, now);
    if (summary) out.set(id, summary);
  }
  return out;
}

/** The summaries of one account's conversations: the clock due first of each, by id. */
export function slaSummaries(
  db: Db,
  accountId: number,
  conversationIds: readonly number[],
  now = new Date(),
) {
  return slaSummariesOf(
    db,
    conversationIds.map((id) => ({ accountId, id })),
    now,
  );
}

/**
 * A list item written as JSON text (`{…}`) with its `sla` field added: the inbox page is sent
 * as PostgreSQL wrote it, so the field joins the text rather than a parsed object.
 */
export function withSlaText(item: string, summary: ConversationSlaSummary | null | undefined) {
  return `${item.slice(0, -1)},"sla":${JSON.stringify(summary ?? null)}}`;
}

/**
 * The inbox list's SLA filter on a conversation (c): its clock due first is in one of `states`,
 * the state its row shows (summaryOf, stateOf) — `due_soon` is the row's `warning`, `on_track`
 * its `running`, `none` no row clock. Each row costs a probe or two of the running clocks'
 * index (sla_clocks_running_key); an account without an enabled policy shows no clock at all,
 * and costs nothing.
 */
export async function slaStateFilter(
  db: Db,
  accountId: number,
  states: readonly SlaFilter[],
  now = new Date(),
): Promise<SQL> {
  if ((await slaRulesOf(db, accountId)).policies.length === 0)
    return states.includes('none') ? sql`true` : sql`false`;
  const asOf = sql`${now.toISOString()}::timestamptz`;
  // The clock due first among those counting (running, or breached while paused), as summaryOf.
  const shown = sql`(select case
        when k.breached_at is not null or k.due_at <= ${asOf} then 'breached'
        when k.warn_at <= ${asOf} then 'due_soon'
        else 'on_track' end
      from sla_clocks k
      where k.conversation_id = c.id and k.stopped_at is null and k.due_at is not null
        and (k.paused_at is null or k.breached_at is not null)
      order by k.due_at limit 1)`;
  const paused = sql`exists (select 1 from sla_clocks k
      where k.conversation_id = c.id and k.stopped_at is null and k.paused_at is not null)`;
  const state = sql`coalesce(${shown}, case when ${paused} then 'paused' else 'none' end)`;
  return sql`${state} = any(${`{${states.join(',')}}`}::text[])`;
}

/**
 * The instants that bound days of creation (`YYYY-MM-DD`, both included) in the account's time
 * zone — its business hours' — else in UTC: a shared inbox and its saved views count "created on
 * 1 March" alike for every teammate (docs/product/saved-views.md).
 */
export async function accountDayBounds(
  db: Db,
  accountId: number,
  days: { from?: string | undefined; to?: string | undefined },
): Promise<{ from: Date | null; toBefore: Date | null }> {
  const zone = (await slaRulesOf(db, accountId)).hours?.time_zone ?? 'UTC';
  const start = (day: string) => {
    const local = DateTime.fromISO(day, { zone });
    return (local.isValid ? local : DateTime.fromISO(day, { zone: 'UTC' })).startOf('day');
  };
  return {
    from: days.from ? start(days.from).toJSDate() : null,
    toBefore: days.to ? start(days.to).plus({ days: 1 }).toJSDate() : null,
  };
}
