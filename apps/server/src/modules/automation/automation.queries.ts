import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import {
  activityLineText,
  type ActivityLine,
  type AutomationAction,
  type AutomationConditions,
} from '@parley/contracts';
import { executePrepared, rowsOf, type Db } from '../../db/client';
import {
  deleteOrderedRow,
  lockOrderedCount,
  setOrderedPositions,
  type OrderedRows,
} from '../../db/ordered-rows';
import {
  automationRules,
  automationTimers,
  brands,
  fastReplies,
  memberships,
  supportChannels,
  tags,
  teams,
} from '../../db/schema';

export type RuleRow = typeof automationRules.$inferSelect;

export function listRuleRows(db: Db, { accountId }: { accountId: number }) {
  return db
    .select()
    .from(automationRules)
    .where(eq(automationRules.accountId, accountId))
    .orderBy(asc(automationRules.position), asc(automationRules.id));
}

/** The account's enabled rules, every trigger's, in order (the runner caches them a moment). */
export function enabledRuleRows(db: Db, { accountId }: { accountId: number }) {
  return db
    .select()
    .from(automationRules)
    .where(and(eq(automationRules.accountId, accountId), eq(automationRules.enabled, true)))
    .orderBy(asc(automationRules.position), asc(automationRules.id));
}

export async function findRuleRow(db: Db, { accountId, id }: { accountId: number; id: number }) {
  const [row] = await db
    .select()
    .from(automationRules)
    .where(and(eq(automationRules.accountId, accountId), eq(automationRules.id, id)))
    .limit(1);
  return row ?? null;
}

const RULES: OrderedRows = {
  table: automationRules,
  id: automationRules.id,
  accountId: automationRules.accountId,
  position: automationRules.position,
};

/** Rules of the account and the next position, read under the account's row lock. */
export const lockRuleCount = (db: Db, { accountId }: { accountId: number }) =>
  lockOrderedCount(db, RULES, accountId);

export async function insertRule(
  db: Db,
  v: {
    accountId: number;
    name: string;
    enabled: boolean;
    position: number;
    trigger: string;
    waitMinutes: number | null;
    conditions: AutomationConditions;
    actions: AutomationAction[];
    createdByUserId: number;
  },
) {
  const [row] = await db.insert(automationRules).values(v).returning();
  return row!;
}

export async function updateRuleRow(
  db: Db,
  { accountId, id }: { accountId: number; id: number },
  set: Partial<
    Pick<RuleRow, 'name' | 'enabled' | 'trigger' | 'waitMinutes' | 'conditions' | 'actions'>
  >,
) {
  const [row] = await db
    .update(automationRules)
    .set({ ...set, updatedAt: new Date() })
    .where(and(eq(automationRules.accountId, accountId), eq(automationRules.id, id)))
    .returning();
  return row ?? null;
}

export const deleteRuleRow = (db: Db, v: { accountId: number; id: number }) =>
  deleteOrderedRow(db, RULES, v);

export const setPositions = (db: Db, v: { accountId: number; ids: number[] }) =>
  setOrderedPositions(db, RULES, v);

/** Which of the named objects still exist in the account. */
export async function existingReferences(
  db: Db,
  {
    accountId,
    tagIds,
    userIds,
    teamIds,
    channelIds,
    fastReplyIds,
    brandIds,
  }: {
    accountId: number;
    tagIds: number[];
    userIds: number[];
    teamIds: number[];
    channelIds: number[];
    fastReplyIds: number[];
    brandIds: number[];
  },
) {
  const ids = async (
    list: number[],
    read: (l: number[]) => Promise<{ id: number }[]>,
  ): Promise<Map<number, true>> =>
    new Map(list.length === 0 ? [] : (await read(list)).map((r) => [r.id, true] as const));
  const [tagSet, userSet, teamSet, channelSet, replySet, brandSet] = await Promise.all([
    ids(tagIds, (l) =>
      db
        .select({ id: tags.id })
        .from(tags)
        .where(and(eq(tags.accountId, accountId), inArray(tags.id, l))),
    ),
    ids(userIds, (l) =>
      db
        .select({ id: memberships.userId })
        .from(memberships)
        .where(and(eq(memberships.accountId, accountId), inArray(memberships.userId, l))),
    ),
    ids(teamIds, (l) =>
      db
        .select({ id: teams.id })
        .from(teams)
        .where(and(eq(teams.accountId, accountId), inArray(teams.id, l))),
    ),
    ids(channelIds, (l) =>
      db
        .select({ id: supportChannels.id })
        .from(supportChannels)
        .where(and(eq(supportChannels.accountId, accountId), inArray(supportChannels.id, l))),
    ),
    ids(fastReplyIds, (l) =>
      db
        .select({ id: fastReplies.id })
        .from(fastReplies)
        .where(and(eq(fastReplies.accountId, accountId), inArray(fastReplies.id, l))),
    ),
    ids(brandIds, (l) =>
      db
        .select({ id: brands.id })
        .from(brands)
        .where(and(eq(brands.accountId, accountId), inArray(brands.id, l))),
    ),
  ]);
  return { tagSet, userSet, teamSet, channelSet, replySet, brandSet };
}

/** Names for the activity line and the dry run's words. */
export async function namesOf(
  db: Db,
  {
    accountId,
    tagIds,
    userIds,
    teamIds,
  }: { accountId: number; tagIds: number[]; userIds: number[]; teamIds: number[] },
) {
  const rows = rowsOf<{ kind: string; id: number; name: string | null }>(
    await db.execute(sql`
      select 'tag' as kind, id, name from tags where account_id = ${accountId} and id = any(${`{${tagIds.join(',')}}`}::int[])
      union all
      select 'user', u.id, u.name from users u join memberships m on m.user_id = u.id
        where m.account_id = ${accountId} and u.id = any(${`{${userIds.join(',')}}`}::int[])
      union all
      select 'team', id, name from teams where account_id = ${accountId} and id = any(${`{${teamIds.join(',')}}`}::int[])`),
  );
  const map = new Map<string, string>();
  for (const r of rows) map.set(`${r.kind}:${r.id}`, r.name ?? '');
  return map;
}

/**
 * What a rule about to act needs, in one statement: which of the objects it names exist (a
 * rule naming one that does not is broken), the names its activity line gives them, and the
 * member it acts as (its author, else an owner). Read when it acts, never kept: a deletion on
 * any instance counts for the next rule that acts.
 */
export async function ruleContext(
  db: Db,
  {
    accountId,
    preferUserId,
    ...refs
  }: {
    accountId: number;
    preferUserId: number | null;
    tagIds: number[];
    userIds: number[];
    teamIds: number[];
    channelIds: number[];
    fastReplyIds: number[];
    brandIds: number[];
  },
) {
  const list = (values: readonly number[]) => `{${[...new Set(values)].join(',')}}`;
  const rows = rowsOf<{ kind: string; id: number; name: string | null }>(
    await db.execute(sql`
      (select 'actor' as kind, user_id as id, permission_level as name from memberships
        where account_id = ${accountId}
        order by (user_id = ${preferUserId ?? 0}::int) desc, (permission_level = 'owner') desc, user_id
        limit 1)
      union all
      select 'tag', id, name from tags where account_id = ${accountId} and id = any(${list(refs.tagIds)}::int[])
      union all
      select 'user', u.id, u.name from users u join memberships m on m.user_id = u.id
        where m.account_id = ${accountId} and u.id = any(${list(refs.userIds)}::int[])
      union all
      select 'team', id, name from teams where account_id = ${accountId} and id = any(${list(refs.teamIds)}::int[])
      union all
      select 'channel', id, null from support_channels where account_id = ${accountId} and id = any(${list(refs.channelIds)}::int[])
      union all
      select 'reply', id, null from fast_replies where account_id = ${accountId} and id = any(${list(refs.fastReplyIds)}::int[])
      union all
      select 'brand', id, null from brands where account_id = ${accountId} and id = any(${list(refs.brandIds)}::int[])`),
  );
  const set = (kind: string) =>
    new Map(rows.filter((r) => r.kind === kind).map((r) => [Number(r.id), true] as const));
  const names = new Map<string, string>();
  for (const r of rows)
    if (r.kind === 'tag' || r.kind === 'user' || r.kind === 'team')
      names.set(`${r.kind}:${Number(r.id)}`, r.name ?? '');
  const actor = rows.find((r) => r.kind === 'actor');
  return {
    known: {
      tagSet: set('tag'),
      userSet: set('user'),
      teamSet: set('team'),
      channelSet: set('channel'),
      replySet: set('reply'),
      brandSet: set('brand'),
    },
    names,
    actor: actor ? { user_id: Number(actor.id), permission_level: actor.name ?? 'agent' } : null,
  };
}

export interface ConversationFacts {
  id: number;
  support_channel_id: number;
  channel_type: string;
  status: string;
  priority: string;
  assignee_id: number | null;
  team_id: number | null;
  /** The conversation's store (brand), if any. */
  brand_id: number | null;
  contact_locale: string | null;
  contact_name: string | null;
  contact_email: string | null;
  contact_phone: string | null;
  /** The contact's custom attributes (text, else numbers or yes/no the widget set). */
  contact_attributes: Record<string, unknown> | null;
  tag_ids: number[];
  customer_messages: number;
  message_text: string | null;
  /** The message in question's origin (null without one): who wrote it decides its triggers. */
  message_direction: string | null;
  message_kind: string | null;
  message_sender_user_id: number | null;
  /** The account's business hours (with holidays), else its store's chat widget's. */
  business_hours: {
    time_zone: string;
    days: { day: number; open: string; close: string }[];
    holidays?: string[];
  } | null;
  /** The conversation's rule runs in the last hour (the hourly limit). */
  recent_runs: number;
}

/**
 * What a rule's conditions look at: the conversation, its channel, contact, tags, how many
 * customer messages it has, the text of the message in question (else the last customer
 * message), and the account's business hours (docs/product/sla.md), else those of its store's
 * chat widget.
 */
export async function conversationFacts(
  db: Db,
  v: { accountId: number; conversationId: number; messageId: number | null },
): Promise<ConversationFacts | null> {
  return (await conversationFactsMany(db, [v]))[0] ?? null;
}

/**
 * The facts of many events at once, in one statement (a claimed batch of runs): one answer per
 * item, in order, null for a conversation not found. Each item is read through its own index
 * lookups (a lateral join), and the statement's text does not depend on how many there are, so
 * it is planned once per connection. `recent_runs` counts the conversation's rule runs of the
 * last hour (the hourly limit).
 */
export async function conversationFactsMany(
  db: Db,
  items: readonly { accountId: number; conversationId: number; messageId: number | null }[],
): Promise<(ConversationFacts | null)[]> {
  if (items.length === 0) return [];
  const list = (values: readonly number[]) => `{${values.join(',')}}`;
  const since = new Date(Date.now() - 3_600_000).toISOString();
  const rows = await executePrepared<
    ConversationFacts & { n: number | string; tag_ids: number[] | string }
  >(
    db,
    sql`
      select r.n, f.* from unnest(${list(items.map((i) => i.accountId))}::int[],
          ${list(items.map((i) => i.conversationId))}::int[],
          ${list(items.map((i) => i.messageId ?? 0))}::bigint[])
        with ordinality as r(account_id, conversation_id, message_id, n)
      cross join lateral (
        select c.id, c.support_channel_id, sc.type as channel_type, c.status, c.priority,
          c.assignee_id, c.team_id, c.brand_id, ct.locale as contact_locale,
          ct.name as contact_name, ct.email as contact_email, ct.phone as contact_phone,
          ct.attributes as contact_attributes,
          coalesce((select array_agg(tag_id order by tag_id) from conversation_tags where conversation_id = c.id), '{}') as tag_ids,
          (select count(*)::int from messages m where m.conversation_id = c.id
            and m.direction = 'incoming' and m.kind = 'message') as customer_messages,
          case when r.message_id = 0 then
            (select m.body from messages m where m.conversation_id = c.id
              and m.account_id = r.account_id and m.direction = 'incoming'
              order by m.id desc limit 1)
            else origin.body end as message_text,
          origin.direction as message_direction, origin.kind as message_kind,
          origin.sender_user_id as message_sender_user_id,
          coalesce((select a.business_hours from accounts a where a.id = r.account_id),
            (select w.chat -> 'business_hours' from widgets w where w.brand_id = c.brand_id
              and w.account_id = r.account_id)) as business_hours,
          (select count(*)::int from automation_runs ar where ar.conversation_id = c.id
            and ar.created_at > ${since}::timestamptz) as recent_runs
        from conversations c
        join support_channels sc on sc.id = c.support_channel_id
        left join contacts ct on ct.id = c.contact_id
        left join messages origin on origin.id = r.message_id
          and origin.conversation_id = c.id and origin.account_id = r.account_id
        where c.id = r.conversation_id and c.account_id = r.account_id
      ) f`,
  );
  const facts: (ConversationFacts | null)[] = items.map(() => null);
  for (const { n, ...row } of rows) {
    const tagIds =
      typeof row.tag_ids === 'string'
        ? row.tag_ids.replace(/[{}]/g, '').split(',').filter(Boolean).map(Number)
        : row.tag_ids.map(Number);
    facts[Number(n) - 1] = {
      ...row,
      tag_ids: tagIds,
      customer_messages: Number(row.customer_messages),
      recent_runs: Number(row.recent_runs),
    };
  }
  return facts;
}

/** What a rule's webhook tells of a conversation (docs/product/automation.md, "Webhooks"). */
export async function webhookSummary(
  db: Db,
  {
    accountId,
    conversationId,
    messageId,
  }: { accountId: number; conversationId: number; messageId: number | null },
) {
  const [row] = rowsOf<{
    id: number;
    status: string;
    priority: string;
    assignee_id: number | null;
    assignee_name: string | null;
    team_id: number | null;
    team_name: string | null;
    channel_id: number;
    channel_type: string;
    channel_name: string | null;
    store_id: number | null;
    store_name: string | null;
    contact_id: number | null;
    contact_name: string | null;
    contact_email: string | null;
    tags: string[] | string | null;
    /** bigint: PostgreSQL's driver answers it as text. */
    message_id: number | string | null;
    message_body: string | null;
    message_direction: string | null;
    message_created_at: string | Date | null;
  }>(
    await db.execute(sql`
      select c.id, c.status, c.priority, c.assignee_id, u.name as assignee_name,
        c.team_id, tm.name as team_name, sc.id as channel_id, sc.type as channel_type,
        sc.name as channel_name, c.brand_id as store_id, b.name as store_name,
        ct.id as contact_id, ct.name as contact_name, ct.email as contact_email,
        coalesce((select array_agg(t.name order by t.name) from conversation_tags ctg
          join tags t on t.id = ctg.tag_id where ctg.conversation_id = c.id), '{}') as tags,
        m.id as message_id, m.body as message_body, m.direction as message_direction,
        m.created_at as message_created_at
      from conversations c
      join support_channels sc on sc.id = c.support_channel_id
      left join users u on u.id = c.assignee_id
      left join teams tm on tm.id = c.team_id
      left join brands b on b.id = c.brand_id
      left join contacts ct on ct.id = c.contact_id
      left join messages m on m.id = ${messageId ?? 0}::int and m.conversation_id = c.id
      where c.id = ${conversationId} and c.account_id = ${accountId}`),
  );
  if (!row) return null;
  const tagNames =
    typeof row.tags === 'string'
      ? row.tags
          .replace(/^{|}$/g, '')
          .split(',')
          .filter(Boolean)
          .map((t) => t.replace(/^"|"$/g, ''))
      : (row.tags ?? []);
  const at = (v: string | Date) => (v instanceof Date ? v : new Date(v)).toISOString();
  return {
    id: row.id,
    status: row.status,
    priority: row.priority,
    assignee: row.assignee_id === null ? null : { id: row.assignee_id, name: row.assignee_name },
    team: row.team_id === null ? null : { id: row.team_id, name: row.team_name },
    channel: { id: row.channel_id, type: row.channel_type, name: row.channel_name },
    store: row.store_id === null ? null : { id: row.store_id, name: row.store_name },
    contact:
      row.contact_id === null
        ? null
        : { id: row.contact_id, name: row.contact_name, email: row.contact_email },
    tags: tagNames,
    message:
      row.message_id === null
        ? null
        : {
            id: Number(row.message_id),
            body: row.message_body,
            direction: row.message_direction,
            created_at: row.message_created_at === null ? null : at(row.message_created_at),
          },
  };
}

/** The activity line a run leaves (the same kind of line auto-assignment writes). */
export async function addActivityLine(
  db: Db,
  v: { accountId: number; conversationId: number; activity: ActivityLine },
) {
  const rows = rowsOf<{ id: number | string }>(
    await db.execute(sql`
      insert into messages
        (account_id, conversation_id, support_channel_id, direction, kind, body, activity)
      select account_id, id, support_channel_id, 'internal', 'activity',
        ${activityLineText(v.activity)}, ${JSON.stringify(v.activity)}::jsonb
      from conversations where id = ${v.conversationId} and account_id = ${v.accountId}
      returning id`),
  );
  // A bigint comes back as text from PostgreSQL (a number from PGlite): the event wants a number.
  return rows[0] ? Number(rows[0].id) : null;
}

/**
 * A rule's run, counted (the hourly limit) and told by its activity line, in one statement and
 * one commit. Nothing is written for a conversation deleted meanwhile. Answers the line's id.
 */
export async function addRunWithLine(
  db: Db,
  v: { accountId: number; conversationId: number; ruleId: number; activity: ActivityLine },
) {
  const rows = rowsOf<{ id: number | string }>(
    await db.execute(sql`
      with conv as (
        select account_id, id, support_channel_id from conversations
        where id = ${v.conversationId} and account_id = ${v.accountId}
      ), run as (
        insert into automation_runs (account_id, conversation_id, rule_id)
        -- A rule deleted meanwhile: its run still counts, as a run of no rule.
        select account_id, id, (select r.id from automation_rules r where r.id = ${v.ruleId}::int)
        from conv
      )
      insert into messages
        (account_id, conversation_id, support_channel_id, direction, kind, body, activity)
      select account_id, id, support_channel_id, 'internal', 'activity',
        ${activityLineText(v.activity)}, ${JSON.stringify(v.activity)}::jsonb
      from conv
      returning id`),
  );
  return rows[0] ? Number(rows[0].id) : null;
}

// ---- Time-based rules' alarms ----

/**
 * Sets the alarms of the account's enabled rules with `trigger` on a conversation that has just
 * entered their state at `since`; an alarm already set is moved (the state began again).
 */
export async function armTimers(
  db: Db,
  v: { accountId: number; conversationId: number; trigger: string; since: Date },
) {
  await db.execute(sql`
    insert into automation_timers (account_id, rule_id, conversation_id, trigger, since, due_at)
    select r.account_id, r.id, ${v.conversationId}, r.trigger, ${v.since.toISOString()}::timestamptz,
      ${v.since.toISOString()}::timestamptz + make_interval(mins => r.wait_minutes)
    from automation_rules r
    where r.account_id = ${v.accountId} and r.trigger = ${v.trigger} and r.enabled
      and r.wait_minutes is not null
    on conflict (rule_id, conversation_id)
      do update set since = excluded.since, due_at = excluded.due_at`);
}

/** The conversation left the state: its alarms for `trigger` go. */
export async function disarmTimers(
  db: Db,
  v: { accountId: number; conversationId: number; trigger: string },
) {
  await db
    .delete(automationTimers)
    .where(
      and(
        eq(automationTimers.accountId, v.accountId),
        eq(automationTimers.conversationId, v.conversationId),
        eq(automationTimers.trigger, v.trigger),
      ),
    );
}

/** A rule changed (its wait, its trigger, switched off): its alarms go; new ones follow new states. */
export async function dropRuleTimers(
  db: Db,
  { accountId, ruleId }: { accountId: number; ruleId: number },
) {
  await db
    .delete(automationTimers)
    .where(and(eq(automationTimers.accountId, accountId), eq(automationTimers.ruleId, ruleId)));
}

export type DueTimer = {
  account_id: number;
  rule_id: number;
  conversation_id: number;
  trigger: string;
  /** The conversation is still in the rule's state: the alarm fires. */
  holds: boolean;
};

/**
 * Claims the alarms due at `now` (removing them, so no other instance sees them again), with
 * whether each conversation is still in its state: still pending, or no customer message since
 * the agent's reply and not closed. Run in the transaction that queues their runs.
 */
export async function claimDueTimers(db: Db, { now, limit }: { now: Date; limit: number }) {
  return rowsOf<DueTimer>(
    await db.execute(sql`
      with due as (
        select id from automation_timers where due_at <= ${now.toISOString()}::timestamptz
        order by due_at limit ${limit} for update skip locked
      ), claimed as (
        delete from automation_timers t using due where t.id = due.id
        returning t.account_id, t.rule_id, t.conversation_id, t.trigger, t.since
      )
      select cl.account_id, cl.rule_id, cl.conversation_id, cl.trigger,
        case cl.trigger
          when 'pending_for' then c.status = 'pending'
          else c.status <> 'closed' and (c.last_incoming_at is null or c.last_incoming_at <= cl.since)
        end as holds
      from claimed cl join conversations c on c.id = cl.conversation_id`),
  );
}
