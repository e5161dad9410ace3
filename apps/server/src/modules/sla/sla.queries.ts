import { and, asc, eq, isNull, ne, or, sql } from 'drizzle-orm';
import type {
  AccountBusinessHours,
  SlaMetric,
  SlaPolicyConditions,
  SlaTargetsByPriority,
} from '@parley/contracts';
import { executePrepared, intArray, rowsOf, type Db } from '../../db/client';
import { isoText } from '../../db/json-text';
import {
  deleteOrderedRow,
  lockOrderedCount,
  setOrderedPositions,
  type OrderedRows,
} from '../../db/ordered-rows';
import {
  accounts,
  brands,
  conversations,
  slaClocks,
  slaPolicies,
  supportChannels,
} from '../../db/schema';
import type { Clock, ClockPlan, ConversationState } from './sla.clocks';

export type PolicyRow = typeof slaPolicies.$inferSelect;

// ---- Policies ----

export function listPolicyRows(db: Db, { accountId }: { accountId: number }) {
  return db
    .select()
    .from(slaPolicies)
    .where(eq(slaPolicies.accountId, accountId))
    .orderBy(asc(slaPolicies.position), asc(slaPolicies.id));
}

export async function findPolicyRow(db: Db, { accountId, id }: { accountId: number; id: number }) {
  const [row] = await db
    .select()
    .from(slaPolicies)
    .where(and(eq(slaPolicies.accountId, accountId), eq(slaPolicies.id, id)))
    .limit(1);
  return row ?? null;
}

const POLICIES: OrderedRows = {
  table: slaPolicies,
  id: slaPolicies.id,
  accountId: slaPolicies.accountId,
  position: slaPolicies.position,
};

/** The account's policy count and next position, read under the account's row lock. */
export const lockPolicyCount = (db: Db, { accountId }: { accountId: number }) =>
  lockOrderedCount(db, POLICIES, accountId);

export async function insertPolicy(
  db: Db,
  v: {
    accountId: number;
    name: string;
    enabled: boolean;
    position: number;
    businessHoursOnly: boolean;
    warningMinutes: number;
    conditions: SlaPolicyConditions;
    targets: SlaTargetsByPriority;
  },
) {
  const [row] = await db.insert(slaPolicies).values(v).returning();
  return row!;
}

export async function updatePolicyRow(
  db: Db,
  { accountId, id }: { accountId: number; id: number },
  set: Partial<
    Pick<
      PolicyRow,
      'name' | 'enabled' | 'businessHoursOnly' | 'warningMinutes' | 'conditions' | 'targets'
    >
  >,
) {
  const [row] = await db
    .update(slaPolicies)
    .set({ ...set, updatedAt: new Date() })
    .where(and(eq(slaPolicies.accountId, accountId), eq(slaPolicies.id, id)))
    .returning();
  return row ?? null;
}

export const deletePolicyRow = (db: Db, v: { accountId: number; id: number }) =>
  deleteOrderedRow(db, POLICIES, v);

export const setPolicyPositions = (db: Db, v: { accountId: number; ids: number[] }) =>
  setOrderedPositions(db, POLICIES, v);

/** Which of the ids are the account's brands (stores). */
export async function accountBrandIds(
  db: Db,
  { accountId, ids }: { accountId: number; ids: number[] },
) {
  if (ids.length === 0) return new Set<number>();
  const rows = await db
    .select({ id: brands.id })
    .from(brands)
    .where(and(eq(brands.accountId, accountId), sql`${brands.id} = any(${intArray(ids)})`));
  return new Set(rows.map((r) => r.id));
}

// ---- Business hours ----

export async function businessHoursOf(db: Db, { accountId }: { accountId: number }) {
  const [row] = await db
    .select({ hours: accounts.businessHours })
    .from(accounts)
    .where(eq(accounts.id, accountId))
    .limit(1);
  return row?.hours ?? null;
}

export async function saveBusinessHours(
  db: Db,
  { accountId, hours }: { accountId: number; hours: AccountBusinessHours | null },
) {
  await db.update(accounts).set({ businessHours: hours }).where(eq(accounts.id, accountId));
}

export interface AccountSlaRules {
  /** The enabled policies, in order. */
  policies: PolicyRow[];
  hours: AccountBusinessHours | null;
}

/** What the clocks of an account count by (cached by sla.cache.ts). */
export async function accountSlaRules(
  db: Db,
  { accountId }: { accountId: number },
): Promise<AccountSlaRules> {
  const [policies, hours] = await Promise.all([
    db
      .select()
      .from(slaPolicies)
      .where(and(eq(slaPolicies.accountId, accountId), eq(slaPolicies.enabled, true)))
      .orderBy(asc(slaPolicies.position), asc(slaPolicies.id)),
    businessHoursOf(db, { accountId }),
  ]);
  return { policies, hours };
}

// ---- Clocks ----

/** What the clocks look at of each conversation (those of the account among `ids`). */
export function conversationStates(
  db: Db,
  { accountId, ids }: { accountId: number; ids: number[] },
): Promise<ConversationState[]> {
  return db
    .select({
      id: conversations.id,
      accountId: conversations.accountId,
      status: conversations.status,
      priority: conversations.priority,
      brandId: conversations.brandId,
      channelType: supportChannels.type,
      createdAt: conversations.createdAt,
      firstResponseAt: conversations.firstResponseAt,
      waitingSince: conversations.waitingSince,
      lastIncomingAt: conversations.lastIncomingAt,
      resolvedAt: conversations.resolvedAt,
    })
    .from(conversations)
    .innerJoin(supportChannels, eq(supportChannels.id, conversations.supportChannelId))
    .where(
      and(eq(conversations.accountId, accountId), sql`${conversations.id} = any(${intArray(ids)})`),
    );
}

export type StoredClock = Clock & { conversationId: number };

const clockColumns = {
  id: slaClocks.id,
  conversationId: slaClocks.conversationId,
  metric: slaClocks.metric,
  startedAt: slaClocks.startedAt,
  policyId: slaClocks.policyId,
  priority: slaClocks.priority,
  dueAt: slaClocks.dueAt,
  warnAt: slaClocks.warnAt,
  pausedAt: slaClocks.pausedAt,
  pausedBusinessMs: slaClocks.pausedBusinessMs,
  warnedAt: slaClocks.warnedAt,
  breachedAt: slaClocks.breachedAt,
  stoppedAt: slaClocks.stoppedAt,
  cancelled: slaClocks.cancelled,
  nextCheckAt: slaClocks.nextCheckAt,
};

/**
 * The clocks that decide what happens next on each conversation: the running ones, its
 * first-response and resolution clocks, and the clock of the customer's current wait.
 */
export function clocksForSync(
  db: Db,
  { accountId, ids }: { accountId: number; ids: number[] },
): Promise<StoredClock[]> {
  return db
    .select(clockColumns)
    .from(slaClocks)
    .innerJoin(conversations, eq(conversations.id, slaClocks.conversationId))
    .where(
      and(
        eq(slaClocks.accountId, accountId),
        sql`${slaClocks.conversationId} = any(${intArray(ids)})`,
        or(
          isNull(slaClocks.stoppedAt),
          ne(slaClocks.metric, 'next_response'),
          eq(slaClocks.startedAt, conversations.waitingSince),
        ),
      ),
    );
}

/**
 * Writes one conversation's plan: changes first (a stopped clock makes room for the next one),
 * then new clocks; a clock another instance started a moment earlier stays the one.
 */
export async function writeClockPlan(
  db: Db,
  { accountId, conversationId }: { accountId: number; conversationId: number },
  plan: ClockPlan,
) {
  for (const { id, set } of plan.updates)
    await db
      .update(slaClocks)
      .set(set)
      .where(and(eq(slaClocks.accountId, accountId), eq(slaClocks.id, id)));
  if (plan.inserts.length > 0)
    await db
      .insert(slaClocks)
      .values(plan.inserts.map((k) => ({ ...k, accountId, conversationId })))
      .onConflictDoNothing({
        target: [slaClocks.conversationId, slaClocks.metric],
        where: sql`stopped_at is null`,
      });
}

/** Conversations of the account with a running clock, by id after `after` (re-timing walks). */
export async function runningConversationIds(
  db: Db,
  { accountId, after, limit }: { accountId: number; after: number; limit: number },
) {
  const rows = await db
    .selectDistinct({ id: slaClocks.conversationId })
    .from(slaClocks)
    .where(
      and(
        eq(slaClocks.accountId, accountId),
        isNull(slaClocks.stoppedAt),
        sql`${slaClocks.conversationId} > ${after}`,
      ),
    )
    .orderBy(asc(slaClocks.conversationId))
    .limit(limit);
  return rows.map((r) => r.id);
}

export interface ClaimedClock {
  accountId: number;
  conversationId: number;
  metric: SlaMetric;
  dueAt: string;
  warned: boolean;
  breached: boolean;
}

/**
 * Claims the clocks due a look at `now` and moves each on in the same statement: its warning
 * or its breach is written once, whichever instance claims it (FOR UPDATE SKIP LOCKED; a row a
 * concurrent scan just moved on no longer matches when re-checked). A clock past due is
 * breached at its due time, and warned then too, without a warning of its own.
 */
export async function claimDueClocks(db: Db, { now, limit }: { now: Date; limit: number }) {
  const at = sql`${now.toISOString()}::timestamptz`;
  return rowsOf<ClaimedClock>(
    await db.execute(sql`
      with due as (
        select id, due_at <= ${at} as breach,
          (warned_at is null and warn_at <= ${at} and due_at > ${at}) as warn
        from sla_clocks
        where next_check_at <= ${at} and stopped_at is null and breached_at is null
        order by next_check_at
        limit ${sql.raw(String(Math.trunc(limit)))}
        for update skip locked
      )
      update sla_clocks k set
        warned_at = case when due.warn or due.breach then coalesce(k.warned_at, ${at}) else k.warned_at end,
        breached_at = case when due.breach then k.due_at else null end,
        next_check_at = case when due.breach then null
          when due.warn or k.warned_at is not null then k.due_at else k.warn_at end
      from due
      where k.id = due.id
      returning k.account_id as "accountId", k.conversation_id as "conversationId",
        k.metric, ${isoText(sql`k.due_at`)} as "dueAt", due.warn as warned, due.breach as breached`),
  );
}

export interface SummaryClockRow {
  conversationId: number;
  metric: string;
  dueAt: string | null;
  warnAt: string | null;
  pausedAt: string | null;
  breachedAt: string | null;
}

/** The running clocks of the conversations (each in its own account), one index range each. */
export function runningClocksOf(db: Db, refs: readonly { accountId: number; id: number }[]) {
  return executePrepared<SummaryClockRow>(
    db,
    sql`
    select k.conversation_id as "conversationId", k.metric,
      ${isoText(sql`k.due_at`)} as "dueAt", ${isoText(sql`k.warn_at`)} as "warnAt",
      ${isoText(sql`k.paused_at`)} as "pausedAt", ${isoText(sql`k.breached_at`)} as "breachedAt"
    from sla_clocks k
    where k.conversation_id = any(${intArray(refs.map((r) => r.id))}) and k.stopped_at is null
      and (k.account_id, k.conversation_id) in (
        select * from unnest(${intArray(refs.map((r) => r.accountId))}, ${intArray(refs.map((r) => r.id))}))`,
  );
}

/** Whether the conversation is the account's (another account's answers 404). */
export async function conversationInAccount(
  db: Db,
  { accountId, id }: { accountId: number; id: number },
) {
  const [row] = await db
    .select({
      id: conversations.id,
      brandId: conversations.brandId,
      channelType: supportChannels.type,
    })
    .from(conversations)
    .innerJoin(supportChannels, eq(supportChannels.id, conversations.supportChannelId))
    .where(and(eq(conversations.accountId, accountId), eq(conversations.id, id)))
    .limit(1);
  return row ?? null;
}

/** A conversation's clocks with a verdict or still counting (cancelled ones left out). */
export function conversationClocks(
  db: Db,
  { accountId, conversationId }: { accountId: number; conversationId: number },
) {
  return db
    .select(clockColumns)
    .from(slaClocks)
    .where(
      and(
        eq(slaClocks.accountId, accountId),
        eq(slaClocks.conversationId, conversationId),
        eq(slaClocks.cancelled, false),
      ),
    )
    .orderBy(asc(slaClocks.startedAt), asc(slaClocks.id));
}
