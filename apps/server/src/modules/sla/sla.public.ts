/**
 * What the inbox uses of SLA policies (docs/product/sla.md): each row's clock due first. A page
 * of rows costs one indexed query, or none for an account without an enabled policy.
 */
import type { ConversationSlaSummary } from '@parley/contracts';
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
