import { AsyncLocalStorage } from 'node:async_hooks';
import {
  activityActionText,
  CONTACT_OWN_FIELDS,
  type ActivityAction,
  type ActivityLine,
  type AutomationAction,
  type AutomationCondition,
  type AutomationConditions,
  type AutomationTrigger,
  type TimedAutomationTrigger,
} from '@parley/contracts';
import { isBusinessTime } from '../../lib/business-calendar';
import type { Deps } from '../../lib/deps';
import { badRequest } from '../../lib/errors';
import type { AgentContext } from '../../lib/http-types';
import { enqueueJob, enqueueJobSoon, type JobRow } from '../../lib/jobs';
import { autoAssignConversation, type AutoAssignResult } from '../assignment/assignment.service';
import { changeConversation, postMessage } from '../conversations/conversations.service';
import { resolveFastReply } from '../fast-replies/fast-replies.service';
import { addTags, removeTag } from '../tags/tags.service';
import { queueWebhook, registerWebhookJob, webhookHost } from './automation-webhook';
import {
  addActivityLine,
  addRunWithLine,
  armTimers,
  claimDueTimers,
  conversationFacts,
  conversationFactsMany,
  disarmTimers,
  enabledRuleRows,
  existingReferences,
  namesOf,
  ruleContext,
  type ConversationFacts,
  type RuleRow,
} from './automation.queries';

export const AUTOMATION_RUN_JOB = 'automation.run';
/** A conversation's rule runs per hour past which rules stop acting on it (a runaway chain). */
export const MAX_RUNS_PER_CONVERSATION_PER_HOUR = 20;
/** The longest text a "matches" pattern is tried on. */
const MAX_MATCHED_TEXT = 4000;

/**
 * Set while a rule's actions run: the changes they make emit the usual events (realtime, lists),
 * but those events start no rule. The store follows the actions' async calls, and events are
 * emitted synchronously by the services, so the listener sees it.
 */
const acting = new AsyncLocalStorage<true>();

// ---- Patterns ----

/**
 * "matches" patterns run with JavaScript's RegExp, which backtracks and cannot be interrupted, so
 * instead of a time-out the pattern is kept small and simple: at most 200 characters (schema),
 * tried on at most 4,000 characters of text, and without the constructs that make backtracking
 * explode — back-references and a quantified group that itself holds a quantifier ("(a+)+").
 * A pattern that does not compile is a 400 at save time.
 */
export function compilePattern(source: string, path: string): RegExp {
  const nestedQuantifier = /\((?:[^()\\]|\\.)*[+*}](?:[^()\\]|\\.)*\)\s*(?:[+*]|\{\d)/;
  if (/\\[1-9]|\\k</.test(source) || nestedQuantifier.test(source))
    throw badRequest('That pattern is too complex: remove back-references and nested repeats.', [
      { path, message: 'Too complex a pattern.' },
    ]);
  try {
    return new RegExp(source, 'iu');
  } catch {
    throw badRequest('That pattern is not a valid regular expression.', [
      { path, message: 'Not a valid regular expression.' },
    ]);
  }
}

// ---- Conditions ----

export function conditionHolds(c: AutomationCondition, f: ConversationFacts, now: Date): boolean {
  const isOp = (v: boolean) => ('operator' in c && c.operator === 'is_not' ? !v : v);
  switch (c.field) {
    case 'channel_type':
      return isOp(f.channel_type === c.value);
    case 'support_channel':
      return isOp(f.support_channel_id === c.value);
    case 'status':
      return isOp(f.status === c.value);
    case 'priority':
      return isOp(f.priority === c.value);
    case 'tags': {
      const any = c.value.some((t) => f.tag_ids.includes(t));
      return c.operator === 'includes_any' ? any : !any;
    }
    case 'assignee':
      return c.operator === 'is_none' ? f.assignee_id === null : f.assignee_id === c.value;
    case 'team':
      return c.operator === 'is_none' ? f.team_id === null : f.team_id === c.value;
    case 'message': {
      const text = (f.message_text ?? '').slice(0, MAX_MATCHED_TEXT);
      if (c.operator === 'contains') return text.toLowerCase().includes(c.value.toLowerCase());
      try {
        return compilePattern(c.value, 'value').test(text);
      } catch {
        return false;
      }
    }
    case 'business_hours': {
      const hours = f.business_hours;
      let open = true; // no hours: always open, as the widget says
      if (hours)
        try {
          open = isBusinessTime(
            { timeZone: hours.time_zone, days: hours.days, holidays: hours.holidays },
            now,
          );
        } catch {
          open = true;
        }
      return open === c.value;
    }
    case 'contact_language':
      return isOp(
        (f.contact_locale ?? '').toLowerCase().split('-')[0] ===
          c.value.toLowerCase().split('-')[0],
      );
    case 'first_message':
      return f.customer_messages <= 1 === c.value;
    case 'store':
      return isOp(f.brand_id === c.value);
    case 'contact_field': {
      const text = contactFieldText(f, c.name).trim().toLowerCase();
      switch (c.operator) {
        case 'is_empty':
          return text === '';
        case 'is_not_empty':
          return text !== '';
        case 'is':
          return text === c.value.trim().toLowerCase();
        case 'contains':
          return text.includes(c.value.trim().toLowerCase());
      }
    }
  }
}

/** A contact's field (`email`, `name`, `phone`) or custom attribute as text; '' when it has none. */
function contactFieldText(f: ConversationFacts, name: string): string {
  if ((CONTACT_OWN_FIELDS as readonly string[]).includes(name))
    return f[`contact_${name as (typeof CONTACT_OWN_FIELDS)[number]}`] ?? '';
  const attributes = f.contact_attributes ?? {};
  const value = Object.hasOwn(attributes, name) ? attributes[name] : undefined;
  return value === undefined || value === null ? '' : String(value);
}

export function evaluate(conds: AutomationConditions, f: ConversationFacts, now = new Date()) {
  const results = conds.conditions.map((c, index) => ({
    index,
    matched: conditionHolds(c, f, now),
  }));
  const matched =
    results.length === 0 ||
    (conds.match === 'all' ? results.every((r) => r.matched) : results.some((r) => r.matched));
  return { matched, conditions: results };
}

// ---- References (broken rules) ----

interface RuleShape {
  conditions: AutomationConditions;
  actions: AutomationAction[];
}

function referencesOf(rule: RuleShape) {
  const refs = {
    tagIds: [] as number[],
    userIds: [] as number[],
    teamIds: [] as number[],
    channelIds: [] as number[],
    fastReplyIds: [] as number[],
    brandIds: [] as number[],
  };
  for (const c of rule.conditions.conditions) {
    if (c.field === 'tags') refs.tagIds.push(...c.value);
    if (c.field === 'assignee' && c.value !== null) refs.userIds.push(c.value);
    if (c.field === 'team' && c.value !== null) refs.teamIds.push(c.value);
    if (c.field === 'support_channel') refs.channelIds.push(c.value);
    if (c.field === 'store') refs.brandIds.push(c.value);
  }
  for (const a of rule.actions) {
    if (a.type === 'add_tags' || a.type === 'remove_tags') refs.tagIds.push(...a.tag_ids);
    if (a.type === 'assign_agent' || a.type === 'mention') refs.userIds.push(a.user_id);
    if (a.type === 'assign_team') refs.teamIds.push(a.team_id);
    if (a.type === 'auto_assign' && a.team_id !== undefined) refs.teamIds.push(a.team_id);
    if (a.type === 'send_fast_reply') refs.fastReplyIds.push(a.fast_reply_id);
  }
  return refs;
}

type Known = Awaited<ReturnType<typeof existingReferences>>;

/** Which of the objects some rules name exist, in one read for all of them (the list). */
export function knownReferences(deps: Deps, accountId: number, rules: RuleShape[]) {
  const all = rules.map(referencesOf);
  const union = (key: keyof (typeof all)[number]) => [...new Set(all.flatMap((r) => r[key]))];
  return existingReferences(deps.db, {
    accountId,
    tagIds: union('tagIds'),
    userIds: union('userIds'),
    teamIds: union('teamIds'),
    channelIds: union('channelIds'),
    fastReplyIds: union('fastReplyIds'),
    brandIds: union('brandIds'),
  });
}

/**
 * What the rule names that no longer exists, with the field that names it; empty when the
 * rule can run. At save time each is a 400; later (a tag deleted) the rule is broken.
 */
export async function missingReferences(
  deps: Deps,
  accountId: number,
  rule: RuleShape,
  /** What exists, read once for many rules (referencesOfAll). */
  known?: Known,
) {
  const have = known ?? (await existingReferences(deps.db, { accountId, ...referencesOf(rule) }));
  const missing: { path: string; message: string }[] = [];
  rule.conditions.conditions.forEach((c, i) => {
    const path = `conditions.conditions.${i}.value`;
    if (c.field === 'tags' && c.value.some((t) => !have.tagSet.has(t)))
      missing.push({ path, message: 'A tag it names was deleted.' });
    if (c.field === 'assignee' && c.value !== null && !have.userSet.has(c.value))
      missing.push({ path, message: 'The agent it names is no longer a member.' });
    if (c.field === 'team' && c.value !== null && !have.teamSet.has(c.value))
      missing.push({ path, message: 'The team it names was deleted.' });
    if (c.field === 'support_channel' && !have.channelSet.has(c.value))
      missing.push({ path, message: 'The channel it names was deleted.' });
    if (c.field === 'store' && !have.brandSet.has(c.value))
      missing.push({ path, message: 'The store it names was deleted.' });
  });
  rule.actions.forEach((a, i) => {
    const path = `actions.${i}`;
    if (
      (a.type === 'add_tags' || a.type === 'remove_tags') &&
      a.tag_ids.some((t) => !have.tagSet.has(t))
    )
      missing.push({ path: `${path}.tag_ids`, message: 'A tag it names was deleted.' });
    if ((a.type === 'assign_agent' || a.type === 'mention') && !have.userSet.has(a.user_id))
      missing.push({
        path: `${path}.user_id`,
        message: 'The agent it names is no longer a member.',
      });
    if (
      (a.type === 'assign_team' || a.type === 'auto_assign') &&
      a.team_id !== undefined &&
      !have.teamSet.has(a.team_id)
    )
      missing.push({ path: `${path}.team_id`, message: 'The team it names was deleted.' });
    if (a.type === 'send_fast_reply' && !have.replySet.has(a.fast_reply_id))
      missing.push({
        path: `${path}.fast_reply_id`,
        message: 'The fast reply it names was deleted.',
      });
  });
  return missing;
}

// ---- Actions ----

/**
 * Who acts and on whose behalf: a rule acts as its author under the rule's name; a macro is run
 * by the agent who clicked it, in their own name.
 */
export interface ActionContext {
  actor: AgentContext;
  origin: { kind: 'rule' | 'macro'; name: string };
  /** A rule's run: what a webhook tells of it (the rule, its trigger, the message in question). */
  run?: { ruleId: number; trigger: AutomationTrigger | null; messageId: number | null };
}

/**
 * What each action does, as an activity line tells it (names read now; an object gone reads
 * "#id"). Written in words by activityActionText, in the reader's language by the web app.
 */
export async function describeActions(
  deps: Deps,
  accountId: number,
  actions: AutomationAction[],
  /** The names, when already read (a rule's run reads them with what it needs to act). */
  known?: Map<string, string>,
): Promise<ActivityAction[]> {
  const refs = referencesOf({ conditions: { match: 'all', conditions: [] }, actions });
  const none = refs.tagIds.length + refs.userIds.length + refs.teamIds.length === 0;
  const names =
    known ?? (none ? new Map<string, string>() : await namesOf(deps.db, { accountId, ...refs }));
  const name = (kind: string, id: number) => names.get(`${kind}:${id}`) ?? `#${id}`;
  return actions.map((a): ActivityAction => {
    switch (a.type) {
      case 'assign_agent':
        return { key: 'assigned_agent', name: name('user', a.user_id) };
      case 'assign_team':
        return { key: 'assigned_team', name: name('team', a.team_id) };
      case 'add_tags':
        return { key: 'added_tags', tags: a.tag_ids.map((t) => name('tag', t)) };
      case 'remove_tags':
        return { key: 'removed_tags', tags: a.tag_ids.map((t) => name('tag', t)) };
      case 'set_priority':
        return { key: 'set_priority', priority: a.priority };
      case 'set_status':
        return a.status === 'snoozed'
          ? { key: 'snoozed', minutes: a.snooze_minutes ?? 0 }
          : { key: 'set_status', status: a.status };
      case 'add_note':
        return { key: 'added_note' };
      case 'send_fast_reply':
        return { key: 'sent_fast_reply' };
      case 'close':
        return { key: 'closed' };
      case 'auto_assign':
        return {
          key: 'auto_assign',
          team: a.team_id === undefined ? null : name('team', a.team_id),
        };
      case 'mention':
        return { key: 'mentioned', name: name('user', a.user_id) };
      case 'send_webhook':
        return { key: 'sent_webhook', host: webhookHost(a.url) };
    }
  });
}

/** What an auto-assign did, as its activity line tells it: who got it and why, or where it waits. */
export function autoAssignAction(r: AutoAssignResult): ActivityAction {
  switch (r.outcome) {
    case 'assigned':
      return { key: 'auto_assigned', assignee: r.assigneeName, mode: r.mode, team: r.teamName };
    case 'queued':
      return { key: 'auto_assign_queued', mode: r.mode, team: r.teamName };
    case 'unassigned':
      return { key: 'auto_assign_unassigned', team: r.teamName };
  }
}

/**
 * Each action through the module that owns the change, so lists, realtime and the thread follow.
 * Answers what the action did when only doing it tells (auto-assign: who got it and why).
 */
async function applyAction(
  deps: Deps,
  ctx: ActionContext,
  conversationId: number,
  a: AutomationAction,
): Promise<ActivityAction | undefined> {
  // The assignment module's own auto-assigner, as for a new conversation (its activity line,
  // the queue); the rule's or macro's line then says who got it, and by which turn.
  if (a.type === 'auto_assign')
    return autoAssignAction(
      await autoAssignConversation(deps, {
        accountId: ctx.actor.accountId,
        conversationId,
        ...(a.team_id !== undefined && { teamId: a.team_id }),
        ...(ctx.run && { ruleId: ctx.run.ruleId }),
      }),
    );
  // Signed and sent by its own durable job, after the run: a slow receiver holds up no rule.
  if (a.type === 'send_webhook') {
    if (!ctx.run) throw new Error('Only an automation rule sends webhooks.');
    await queueWebhook(deps, {
      accountId: ctx.actor.accountId,
      rule: { id: ctx.run.ruleId, name: ctx.origin.name },
      trigger: ctx.run.trigger,
      conversationId,
      messageId: ctx.run.messageId,
      url: a.url,
    });
    return undefined;
  }
  await changeBy(deps, ctx, conversationId, a);
  return undefined;
}

async function changeBy(
  deps: Deps,
  { actor, origin }: ActionContext,
  conversationId: number,
  a: Exclude<AutomationAction, { type: 'auto_assign' | 'send_webhook' }>,
) {
  // A macro's changes read as the agent's own ("Maya closed the conversation"); a rule's are told
  // by its run's one line.
  const opts = { byRule: origin.kind === 'rule' };
  switch (a.type) {
    case 'assign_agent':
      return changeConversation(deps, actor, conversationId, { assignee_id: a.user_id }, opts);
    case 'assign_team':
      return changeConversation(deps, actor, conversationId, { team_id: a.team_id }, opts);
    case 'set_priority':
      return changeConversation(deps, actor, conversationId, { priority: a.priority }, opts);
    case 'set_status':
      return changeConversation(
        deps,
        actor,
        conversationId,
        a.status === 'snoozed'
          ? {
              status: 'snoozed',
              snoozed_until: new Date(Date.now() + a.snooze_minutes! * 60_000).toISOString(),
            }
          : { status: a.status },
        opts,
      );
    case 'close':
      return changeConversation(deps, actor, conversationId, { status: 'closed' }, opts);
    case 'add_tags': {
      const names = await namesOf(deps.db, {
        accountId: actor.accountId,
        tagIds: a.tag_ids,
        userIds: [],
        teamIds: [],
      });
      return addTags(deps, actor, conversationId, [...names.values()]);
    }
    case 'remove_tags':
      for (const tagId of a.tag_ids) await removeTag(deps, actor, conversationId, tagId);
      return;
    case 'add_note':
      return postMessage(deps, actor, conversationId, {
        kind: 'note',
        body: a.body,
        mentions: [],
        attachment_ids: [],
      });
    case 'mention': {
      // The agent's own note path: it notifies the teammate as a typed @mention does. A rule's
      // mention notifies even its author (nobody typed it).
      const names = await namesOf(deps.db, {
        accountId: actor.accountId,
        tagIds: [],
        userIds: [a.user_id],
        teamIds: [],
      });
      const who = names.get(`user:${a.user_id}`);
      if (who === undefined) throw new Error('The agent it names is no longer a member.');
      return postMessage(
        deps,
        actor,
        conversationId,
        {
          kind: 'note',
          body: `@${who} ${a.body}`,
          mentions: [],
          mentioned_user_ids: [a.user_id],
          attachment_ids: [],
        },
        undefined,
        origin.kind === 'rule' ? { notifyAsRule: true } : {},
      );
    }
    case 'send_fast_reply': {
      // Filled as the composer fills it (a rule's author standing for the agent).
      const filled = await resolveFastReply(deps, actor, {
        id: a.fast_reply_id,
        conversation_id: conversationId,
      });
      return postMessage(deps, actor, conversationId, {
        kind: 'reply',
        body: filled.content,
        mentions: [],
        attachment_ids: filled.attachments.map((f) => f.id),
      });
    }
  }
}

/**
 * The actions in order, stopping at the first one refused: how many were done, and the refusal
 * (its message, and the error itself for a caller that answers with it).
 */
export async function applyActions(
  deps: Deps,
  ctx: ActionContext,
  conversationId: number,
  actions: AutomationAction[],
) {
  let done = 0;
  /** What only the doing told (auto-assign), by the action's index. */
  const said: (ActivityAction | undefined)[] = [];
  for (const action of actions) {
    try {
      said.push(await applyAction(deps, ctx, conversationId, action));
      done += 1;
    } catch (err) {
      const failure = err instanceof Error ? err.message : String(err);
      return { done, said, failure, error: err };
    }
  }
  return { done, said, failure: null, error: null };
}

// ---- Running ----

/**
 * A rule's actions less those that would leave the conversation as it is: a priority, status,
 * assignee or team it already has, tags it already has (or lacks, to remove). A note, a reply,
 * a mention, a webhook and auto-assignment always act.
 */
export function actionsThatChange(actions: AutomationAction[], f: ConversationFacts) {
  return actions.filter((a) => {
    switch (a.type) {
      case 'set_priority':
        return f.priority !== a.priority;
      case 'set_status':
        return a.status === 'snoozed' || f.status !== a.status;
      case 'close':
        return f.status !== 'closed';
      case 'assign_agent':
        return f.assignee_id !== a.user_id;
      case 'assign_team':
        return f.team_id !== a.team_id;
      case 'add_tags':
        return a.tag_ids.some((t) => !f.tag_ids.includes(t));
      case 'remove_tags':
        return a.tag_ids.some((t) => f.tag_ids.includes(t));
      default:
        return true;
    }
  });
}

export interface RunPayload {
  accountId: number;
  conversationId: number;
  /** The change's triggers; a message's are decided when the job runs (who wrote it). */
  triggers?: AutomationTrigger[];
  messageId?: number;
  /** A time-based rule's alarm went off: that rule alone runs. */
  ruleId?: number;
  /** A rule's own change: time-based rules' alarms follow it, but no rule runs now (loop guard). */
  timersOnly?: boolean;
}

/**
 * Time-based rules' alarms follow the conversation's state: an agent's reply sets "no customer
 * reply" alarms and the customer's next message removes them; becoming pending sets "pending
 * for" alarms and any other status removes them (docs/product/automation.md).
 */
async function keepTimers(
  deps: Deps,
  p: RunPayload,
  facts: ConversationFacts,
  triggers: readonly AutomationTrigger[],
  rules: readonly RuleRow[],
) {
  const scope = { accountId: p.accountId, conversationId: p.conversationId };
  const since = new Date();
  // Alarms exist only for the account's enabled time-based rules: without any, nothing to keep.
  const timed = (t: TimedAutomationTrigger) => rules.some((r) => r.trigger === t);
  if (timed('no_customer_reply')) {
    if (triggers.includes('agent_replied'))
      await armTimers(deps.db, { ...scope, trigger: 'no_customer_reply', since });
    if (triggers.includes('message_received'))
      await disarmTimers(deps.db, { ...scope, trigger: 'no_customer_reply' });
  }
  if (!timed('pending_for')) return;
  const pending = facts.status === 'pending';
  if (triggers.includes('status_changed') && pending)
    await armTimers(deps.db, { ...scope, trigger: 'pending_for', since });
  // A customer's message may reopen a pending conversation without an agent's status change.
  if ((triggers.includes('status_changed') || triggers.includes('message_received')) && !pending)
    await disarmTimers(deps.db, { ...scope, trigger: 'pending_for' });
}

/** How many due alarms one pass claims; the next pass, moments later, takes the rest. */
const TIMERS_PER_PASS = 500;

/**
 * Fires the time-based rules' alarms due at `now`: each is claimed and removed in the transaction
 * that queues its run, so it fires once whichever instance passes first; an alarm whose
 * conversation has left the state (the customer wrote, it is no longer pending) just goes.
 * Answers how many runs were queued.
 */
export async function fireDueTimers(deps: Deps, now = new Date()) {
  const queued = await deps.db.transaction(async (tx) => {
    let n = 0;
    for (const due of await claimDueTimers(tx, { now, limit: TIMERS_PER_PASS })) {
      if (!due.holds) continue;
      const payload: RunPayload = {
        accountId: due.account_id,
        conversationId: due.conversation_id,
        triggers: [due.trigger as TimedAutomationTrigger],
        ruleId: due.rule_id,
      };
      await enqueueJob(tx, {
        kind: AUTOMATION_RUN_JOB,
        accountId: due.account_id,
        payload: { ...payload },
        maxAttempts: 3,
      });
      n += 1;
    }
    return n;
  });
  if (queued > 0) deps.jobs.wake();
  return queued;
}

function triggersOf(p: RunPayload, facts: ConversationFacts): readonly AutomationTrigger[] {
  if (p.triggers) return p.triggers;
  if (p.messageId === undefined || facts.message_kind !== 'message') return [];
  if (facts.message_direction === 'incoming')
    return facts.customer_messages <= 1
      ? (['conversation_created', 'message_received'] as const)
      : (['message_received'] as const);
  if (facts.message_direction === 'outgoing' && facts.message_sender_user_id !== null)
    return ['agent_replied'] as const;
  return [];
}

/** How long an instance keeps an account's enabled rules before reading them again. */
const RULES_TTL_MS = 5_000;
const rulesCacheOf = new WeakMap<Deps, Map<number, { at: number; rules: RuleRow[] }>>();

/**
 * The account's enabled rules, kept a few seconds per instance (cleared at once on this instance
 * when they change, docs/product/automation.md "Running"): the listener asks which triggers
 * have rules before queueing a run, and each run reads them, for every message.
 */
async function enabledRulesOf(deps: Deps, accountId: number) {
  let cache = rulesCacheOf.get(deps);
  if (!cache) rulesCacheOf.set(deps, (cache = new Map()));
  const hit = cache.get(accountId);
  if (hit && Date.now() - hit.at < RULES_TTL_MS) return hit.rules;
  const rules = await enabledRuleRows(deps.db, { accountId });
  cache.set(accountId, { at: Date.now(), rules });
  return rules;
}

/** Rules changed: this instance reads the account's rules again at once. */
export function forgetRules(deps: Deps, accountId: number) {
  rulesCacheOf.get(deps)?.delete(accountId);
}

/**
 * What the claimed batch a run belongs to read for it beforehand: its facts (one statement for
 * the batch), unless a run of the batch before it acted on the same conversation (`acted`), which
 * makes them stale.
 */
export interface Prefetched {
  facts: ConversationFacts | null;
  acted: Set<number>;
}

/** One event's rules, in order: the job `automation.run` (one worker claims each job). */
export async function runRules(deps: Deps, p: RunPayload, pre?: Prefetched) {
  const read = () => conversationFacts(deps.db, { ...p, messageId: p.messageId ?? null });
  const facts0 = pre && !pre.acted.has(p.conversationId) ? pre.facts : await read();
  if (!facts0) return;
  const triggers = triggersOf(p, facts0);
  const enabled = await enabledRulesOf(deps, p.accountId);
  await keepTimers(deps, p, facts0, triggers, enabled);
  if (p.timersOnly) return;
  // The conditions are checked in memory against facts read once, and read again only after a
  // rule acted (each rule sees what the rules before it did): an account's 50 rules that do not
  // match cost no query each (docs/product/automation.md, "Running").
  let facts = facts0;
  // Facts the batch read beforehand may be seconds old (an agent, or another instance, may have
  // changed the conversation since): they only tell whether some rule would act.
  let fresh = !(pre && facts0 === pre.facts);
  restart: for (;;) {
    for (const trigger of triggers) {
      const rules = enabled.filter(
        (r) => r.trigger === trigger && (p.ruleId === undefined || r.id === p.ruleId),
      );
      for (const rule of rules) {
        if (!evaluate(rule.conditions, facts).matched) continue;
        // A rule whose actions would all change nothing (the priority already high) does not
        // act: no run counted, no line in the thread, no write.
        const actions = actionsThatChange(rule.actions, facts);
        if (actions.length === 0) continue;
        if (!fresh) {
          // Before the first act, the conversation as it is now, and the rules again from the
          // first: the hourly limit and every condition see the present.
          const now = await read();
          if (!now) return;
          facts = now;
          fresh = true;
          continue restart;
        }
        // The facts count the conversation's runs of the last hour, read again after each run.
        if (facts.recent_runs >= MAX_RUNS_PER_CONVERSATION_PER_HOUR) return;
        pre?.acted.add(p.conversationId);
        const ran = await actRule(deps, rule, actions, p.conversationId, {
          trigger,
          messageId: p.messageId ?? null,
        });
        if (ran === 'broken') continue;
        // What plain field changes did is known; anything else is read again.
        const known = ran === 'done' ? factsAfter(facts, actions) : null;
        const after = known ?? (await read());
        if (!after) return;
        facts = after;
      }
    }
    return;
  }
}

/**
 * A rule's actions in its author's name, then its run counted and its activity line, together.
 * What it names, the names its line gives them and the member it acts as are read in one
 * statement as it acts (never kept, so a deletion counts at once). Answers 'broken' (nothing
 * done), 'done', or 'stopped' (an action refused; its line says so).
 */
async function actRule(
  deps: Deps,
  rule: RuleRow,
  actions: AutomationAction[],
  conversationId: number,
  run: { trigger: AutomationTrigger; messageId: number | null },
): Promise<'broken' | 'done' | 'stopped'> {
  const context = await ruleContext(deps.db, {
    accountId: rule.accountId,
    preferUserId: rule.createdByUserId,
    ...referencesOf(rule),
  });
  if ((await missingReferences(deps, rule.accountId, rule, context.known)).length > 0)
    return 'broken';
  const member = context.actor;
  if (!member) return 'broken';
  const actor: AgentContext = {
    userId: member.user_id,
    tokenId: 0,
    accountId: rule.accountId,
    permissionLevel: member.permission_level as AgentContext['permissionLevel'],
  };
  const described = await describeActions(deps, rule.accountId, actions, context.names);
  return acting.run(true, async () => {
    // An action refused on the way (the conversation deleted, a person removed a moment ago)
    // ends this rule's run with a line saying so; the next rules still run, and the job is not
    // retried, which would repeat the actions already done.
    const { done, said, failure } = await applyActions(
      deps,
      { actor, origin: { kind: 'rule', name: rule.name }, run: { ruleId: rule.id, ...run } },
      conversationId,
      actions,
    );
    const did = described.slice(0, done).map((a, i) => said[i] ?? a);
    const messageId = await addRunWithLine(deps.db, {
      accountId: rule.accountId,
      conversationId,
      ruleId: rule.id,
      activity: { key: 'rule_ran', rule: rule.name, actions: did, failure },
    });
    if (messageId !== null) emitLine(deps, rule.accountId, conversationId, messageId);
    return failure === null ? 'done' : 'stopped';
  });
}

/**
 * The facts after a run whose actions all went through and only set the conversation's own
 * fields (priority, status, assignee, team), with the run counted; null when the run did
 * anything else (tags, messages, auto-assignment), whose effect is read again.
 */
export function factsAfter(f: ConversationFacts, actions: AutomationAction[]) {
  const next = { ...f, recent_runs: f.recent_runs + 1 };
  for (const a of actions)
    switch (a.type) {
      case 'set_priority':
        next.priority = a.priority;
        break;
      case 'set_status':
        next.status = a.status;
        break;
      case 'close':
        next.status = 'closed';
        break;
      case 'assign_agent':
        next.assignee_id = a.user_id;
        break;
      case 'assign_team':
        next.team_id = a.team_id;
        break;
      default:
        return null;
    }
  return next;
}

function emitLine(deps: Deps, accountId: number, conversationId: number, messageId: number) {
  deps.events.emit('message_created', {
    accountId,
    conversationId,
    messageId,
    isPrivate: true,
    hasAttachments: false,
  });
}

/** An activity line in the thread, sent to the agents like any message. */
export async function writeActivityLine(
  deps: Deps,
  v: { accountId: number; conversationId: number; activity: ActivityLine },
) {
  const messageId = await addActivityLine(deps.db, v);
  if (messageId !== null) emitLine(deps, v.accountId, v.conversationId, messageId);
}

/** What a rule would do on a conversation, changing nothing. */
export async function dryRunRule(
  deps: Deps,
  accountId: number,
  rule: RuleShape,
  conversationId: number,
) {
  const facts = await conversationFacts(deps.db, { accountId, conversationId, messageId: null });
  if (!facts) return null;
  const missing = await missingReferences(deps, accountId, rule);
  const result = evaluate(rule.conditions, facts);
  const words = (await describeActions(deps, accountId, rule.actions)).map((a) =>
    activityActionText(a),
  );
  // Auto-assign says whom it would pick now (or that it would queue), rolled back untouched.
  if (missing.length === 0)
    for (const [i, a] of rule.actions.entries()) {
      if (a.type !== 'auto_assign') continue;
      try {
        words[i] = activityActionText(
          autoAssignAction(
            await autoAssignConversation(deps, {
              accountId,
              conversationId,
              ...(a.team_id !== undefined && { teamId: a.team_id }),
              dryRun: true,
            }),
          ),
        );
      } catch (err) {
        words[i] =
          `${words[i]}, but it would stop: ${err instanceof Error ? err.message : String(err)}`;
      }
    }
  return { ...result, actions: words, broken_reason: missing[0]?.message ?? null };
}

// ---- Wiring ----

/** How often each instance looks for time-based rules' alarms that are due. */
const TIMERS_EVERY_MS = 15_000;
const pendingOf = new WeakMap<Deps, Set<Promise<void>>>();

/** Resolves once the runs asked for so far are queued (tests, before draining the jobs). */
export async function automationQueued(deps: Deps) {
  for (;;) {
    const pending = [...(pendingOf.get(deps) ?? [])];
    if (pending.length === 0) return;
    await Promise.allSettled(pending);
  }
}

/**
 * Registers the job and the listeners. An event is emitted after its change commits, so the run
 * is queued right after the commit (not in its transaction); the job is then claimed by one
 * worker of one instance. Accounts without an enabled rule for the event queue nothing (their
 * rules are cached a few seconds per instance, cleared here at once when rules change).
 */
export function registerAutomation(deps: Deps, onError: (err: unknown) => void) {
  const prefetched = new WeakMap<JobRow, Prefetched>();
  deps.jobs.register(AUTOMATION_RUN_JOB, {
    // The facts of a claimed batch's runs in one statement, not one per run.
    prepare: async (batch: JobRow[]) => {
      const payloads = batch.map((job) => job.payload as unknown as RunPayload);
      const facts = await conversationFactsMany(
        deps.db,
        payloads.map((p) => ({ ...p, messageId: p.messageId ?? null })),
      );
      const acted = new Set<number>();
      batch.forEach((job, i) => prefetched.set(job, { facts: facts[i] ?? null, acted }));
    },
    run: (job: JobRow) => runRules(deps, job.payload as unknown as RunPayload, prefetched.get(job)),
    // Different conversations' runs overlap; one conversation's events run in order.
    parallel: {
      max: 4,
      key: (job) => String((job.payload as unknown as RunPayload).conversationId),
    },
  });
  registerWebhookJob(deps, (v) => writeActivityLine(deps, v));
  const triggersFor = async (accountId: number) =>
    new Set((await enabledRulesOf(deps, accountId)).map((r) => r.trigger));
  const pending = new Set<Promise<void>>();
  pendingOf.set(deps, pending);
  const queue = (
    payload: RunPayload,
    wanted: readonly AutomationTrigger[],
    timed: readonly TimedAutomationTrigger[] = [],
    byRule = false,
  ) => {
    // The loop guard: a rule's own changes (also a hand-out of a conversation a rule queued,
    // `byRule`) start no rule; they still set or clear alarms.
    const guarded = byRule || acting.getStore() !== undefined;
    const work = (async () => {
      const enabled = await triggersFor(payload.accountId);
      const rules = !guarded && wanted.some((t) => enabled.has(t));
      if (!rules && !timed.some((t) => enabled.has(t))) return;
      // With the runs queued at the same moment: one commit for a burst of messages.
      await enqueueJobSoon(deps.db, {
        kind: AUTOMATION_RUN_JOB,
        accountId: payload.accountId,
        payload: { ...payload, ...(!rules && { timersOnly: true }) },
        maxAttempts: 3,
      });
      deps.jobs.wake();
    })()
      .catch(onError)
      .finally(() => pending.delete(work));
    pending.add(work);
  };
  // An SLA clock re-timed (`sla`) is no change a rule starts on: its warning and breach are.
  const CHANGE_TRIGGERS = {
    status: 'status_changed',
    priority: 'priority_changed',
    tags: 'tags_changed',
    assignee: 'assignee_changed',
    sla: null,
  } as const;
  const offMessage = deps.events.on('message_created', (e) => {
    if (e.isPrivate) return;
    queue(
      { accountId: e.accountId, conversationId: e.conversationId, messageId: e.messageId },
      ['conversation_created', 'message_received', 'agent_replied'],
      ['no_customer_reply', 'pending_for'],
    );
  });
  const offUpdate = deps.events.on('conversation_updated', (e) => {
    const triggers = (e.changes ?? [])
      .map((c) => CHANGE_TRIGGERS[c])
      .filter((t): t is NonNullable<typeof t> => t !== null);
    if (triggers.length === 0) return;
    queue(
      { accountId: e.accountId, conversationId: e.conversationId, triggers },
      triggers,
      triggers.includes('status_changed') ? ['pending_for'] : [],
      e.byRuleId !== undefined,
    );
  });
  // Time-based rules' alarms due now, every few seconds on each instance (each fires once).
  const timer = setInterval(() => {
    const work = fireDueTimers(deps)
      .then(() => undefined)
      .catch(onError)
      .finally(() => pending.delete(work));
    pending.add(work);
  }, TIMERS_EVERY_MS);
  timer.unref?.();
  // Each warning and breach is emitted once across instances (the SLA scanner claims it).
  const offWarning = deps.events.on('sla_warning', (e) => {
    const triggers = ['sla_warning'] as const;
    queue(
      { accountId: e.accountId, conversationId: e.conversationId, triggers: [...triggers] },
      triggers,
    );
  });
  const offBreach = deps.events.on('sla_breached', (e) => {
    const triggers = ['sla_breached'] as const;
    queue(
      { accountId: e.accountId, conversationId: e.conversationId, triggers: [...triggers] },
      triggers,
    );
  });
  return () => {
    clearInterval(timer);
    offMessage();
    offUpdate();
    offWarning();
    offBreach();
  };
}
