import net from 'node:net';
import {
  isTimedTrigger,
  MAX_AUTOMATION_RULES,
  type AutomationAction,
  type AutomationDryRunBody,
  type AutomationDryRunResult,
  type AutomationRule,
  type AutomationRuleBody,
  type AutomationRulePatch,
} from '@parley/contracts';
import type { Deps } from '../../lib/deps';
import { apiText, badRequest, notFound } from '../../lib/errors';
import type { AgentContext } from '../../lib/http-types';
import { isPrivateAddress } from '../../lib/safe-fetch';
import { recordAudit } from '../audit-log/audit-log.service';
import {
  compilePattern,
  dryRunRule,
  forgetRules,
  knownReferences,
  missingReferences,
} from './automation-runner';
import {
  deleteRuleRow,
  dropRuleTimers,
  findRuleRow,
  insertRule,
  listRuleRows,
  lockRuleCount,
  setPositions,
  updateRuleRow,
  type RuleRow,
} from './automation.queries';

async function toRule(
  deps: Deps,
  row: RuleRow,
  known?: Awaited<ReturnType<typeof knownReferences>>,
): Promise<AutomationRule> {
  const missing = await missingReferences(deps, row.accountId, row, known);
  return {
    id: row.id,
    name: row.name,
    enabled: row.enabled,
    position: row.position,
    trigger: row.trigger as AutomationRule['trigger'],
    wait_minutes: row.waitMinutes,
    conditions: row.conditions,
    actions: row.actions.map(withoutSecret),
    broken_reason: missing[0]?.message ?? null,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** A webhook's signing secret is write-only: no answer carries it (docs/product/automation.md). */
function withoutSecret(a: AutomationAction): AutomationAction {
  if (a.type !== 'send_webhook') return a;
  const { secret: _secret, ...rest } = a;
  return rest;
}

/**
 * A webhook's signing secret as a person typed it is sealed before it is stored, as the
 * channels' secrets are (lib/secret-box.ts); delivery opens it (automation-webhook.ts).
 */
function sealSecrets(deps: Deps, actions: AutomationAction[]): AutomationAction[] {
  return actions.map((a) =>
    a.type === 'send_webhook' && a.secret ? { ...a, secret: deps.secrets.seal(a.secret) } : a,
  );
}

/**
 * A webhook action sent without its secret (the editor never had it) keeps the one stored for
 * the same URL, sealed; a new URL needs a new secret (checkRule says so).
 */
function keepSecrets(actions: AutomationAction[], stored: AutomationAction[]): AutomationAction[] {
  return actions.map((a) => {
    if (a.type !== 'send_webhook' || a.secret !== undefined) return a;
    const before = stored.find((s) => s.type === 'send_webhook' && s.url === a.url && s.secret);
    return before?.type === 'send_webhook' ? { ...a, secret: before.secret } : a;
  });
}

/**
 * A webhook's URL under the outbound policy (docs/security.md): https, and not a private
 * address; plain http and private addresses only where OUTBOUND_ALLOW_PRIVATE is on (dev,
 * tests). A host name is checked again at each delivery, against the addresses it resolves to.
 */
function checkWebhooks(deps: Deps, actions: AutomationAction[]) {
  const open = deps.config.outboundAllowPrivate;
  const problems: { path: string; message: string }[] = [];
  actions.forEach((a, i) => {
    if (a.type !== 'send_webhook') return;
    const url = new URL(a.url);
    const host = url.hostname.replace(/^\[|\]$/g, '');
    if (url.protocol !== 'https:' && !open)
      problems.push({ path: `actions.${i}.url`, message: 'The URL must start with https://.' });
    else if (!open && net.isIP(host) && isPrivateAddress(host))
      problems.push({
        path: `actions.${i}.url`,
        message: 'That is a private address: use a public https URL.',
      });
    if (!a.secret)
      problems.push({
        path: `actions.${i}.secret`,
        message: 'Give the webhook a signing secret (at least 16 characters).',
      });
  });
  if (problems.length > 0) throw badRequest(problems[0]!.message, problems);
}

/** What the schema cannot check: patterns compile and are simple, named objects exist. */
async function checkRule(
  deps: Deps,
  accountId: number,
  rule: Pick<AutomationRuleBody, 'conditions' | 'actions'>,
) {
  rule.conditions.conditions.forEach((c, i) => {
    if (c.field === 'message' && c.operator === 'matches')
      compilePattern(c.value, `conditions.conditions.${i}.value`);
  });
  checkWebhooks(deps, rule.actions);
  const missing = await missingReferences(deps, accountId, rule);
  if (missing.length > 0)
    throw badRequest(
      'The rule names something this account does not have (a tag, agent, team, channel, store or fast reply).',
      missing.map((m) => ({ path: m.path, message: 'Not found in this account.' })),
    );
}

export async function listRules(deps: Deps, agent: AgentContext) {
  const rows = await listRuleRows(deps.db, { accountId: agent.accountId });
  const known = await knownReferences(deps, agent.accountId, rows);
  return { rules: await Promise.all(rows.map((r) => toRule(deps, r, known))) };
}

export async function createRule(deps: Deps, admin: AgentContext, body: AutomationRuleBody) {
  await checkRule(deps, admin.accountId, body);
  const row = await deps.db.transaction(async (tx) => {
    const { count, nextPosition } = await lockRuleCount(tx, { accountId: admin.accountId });
    if (count >= MAX_AUTOMATION_RULES)
      throw badRequest(
        apiText('An account keeps at most {max} rules.', { max: MAX_AUTOMATION_RULES }),
        [{ path: 'name', message: 'Too many rules.' }],
      );
    const created = await insertRule(tx, {
      accountId: admin.accountId,
      name: body.name,
      enabled: body.enabled,
      position: nextPosition,
      trigger: body.trigger,
      waitMinutes: isTimedTrigger(body.trigger) ? (body.wait_minutes ?? null) : null,
      conditions: body.conditions,
      actions: sealSecrets(deps, body.actions),
      createdByUserId: admin.userId,
    });
    await recordAudit(tx, {
      accountId: admin.accountId,
      userId: admin.userId,
      action: 'automation_rule_created',
      details: { rule_id: created.id, name: created.name },
    });
    return created;
  });
  forgetRules(deps, admin.accountId);
  return toRule(deps, row);
}

/**
 * A rule's wait after a change: a time-based trigger keeps its wait unless the patch gives
 * another, and must have one; any other trigger has none.
 */
function waitOf(existing: RuleRow, patch: AutomationRulePatch): number | null {
  const trigger = patch.trigger ?? existing.trigger;
  if (!isTimedTrigger(trigger)) {
    if (patch.wait_minutes !== undefined && patch.wait_minutes !== null)
      throw badRequest('Only a time-based trigger waits.', [
        { path: 'wait_minutes', message: 'Only a time-based trigger waits.' },
      ]);
    return null;
  }
  const wait = patch.wait_minutes !== undefined ? patch.wait_minutes : existing.waitMinutes;
  if (wait === null)
    throw badRequest('Say how long the rule waits.', [
      { path: 'wait_minutes', message: 'Say how long to wait.' },
    ]);
  return wait;
}

export async function updateRule(
  deps: Deps,
  admin: AgentContext,
  id: number,
  patch: AutomationRulePatch,
) {
  const existing = await findRuleRow(deps.db, { accountId: admin.accountId, id });
  if (!existing) throw notFound('That rule was not found.');
  const actions = patch.actions && keepSecrets(sealSecrets(deps, patch.actions), existing.actions);
  const merged = {
    conditions: patch.conditions ?? existing.conditions,
    actions: actions ?? existing.actions,
  };
  if (patch.conditions || patch.actions) await checkRule(deps, admin.accountId, merged);
  // Fields left out of the patch are undefined, which the update leaves as they are.
  const { name, enabled, trigger, conditions } = patch;
  const waitMinutes = waitOf(existing, patch);
  const row = await deps.db.transaction(async (tx) => {
    const updated = await updateRuleRow(
      tx,
      { accountId: admin.accountId, id },
      { name, enabled, trigger, conditions, actions, waitMinutes },
    );
    if (!updated) throw notFound('That rule was not found.');
    // Alarms set with the old wait or trigger would fire wrongly: they go, new states set new ones.
    if (
      waitMinutes !== existing.waitMinutes ||
      updated.trigger !== existing.trigger ||
      !updated.enabled
    )
      await dropRuleTimers(tx, { accountId: admin.accountId, ruleId: id });
    await recordAudit(tx, {
      accountId: admin.accountId,
      userId: admin.userId,
      action: 'automation_rule_updated',
      details: { rule_id: id, name: updated.name, fields: Object.keys(patch) },
    });
    return updated;
  });
  forgetRules(deps, admin.accountId);
  return toRule(deps, row);
}

export async function deleteRule(deps: Deps, admin: AgentContext, id: number) {
  await deps.db.transaction(async (tx) => {
    const existing = await findRuleRow(tx, { accountId: admin.accountId, id });
    if (!existing || !(await deleteRuleRow(tx, { accountId: admin.accountId, id })))
      throw notFound('That rule was not found.');
    await recordAudit(tx, {
      accountId: admin.accountId,
      userId: admin.userId,
      action: 'automation_rule_deleted',
      details: { rule_id: id, name: existing.name },
    });
  });
  forgetRules(deps, admin.accountId);
}

/** The new order: every rule of the account, each once. */
export async function reorderRules(deps: Deps, admin: AgentContext, ids: number[]) {
  await deps.db.transaction(async (tx) => {
    await lockRuleCount(tx, { accountId: admin.accountId });
    const current = await listRuleRows(tx, { accountId: admin.accountId });
    const known = new Set(current.map((r) => r.id));
    if (
      new Set(ids).size !== ids.length ||
      ids.length !== known.size ||
      ids.some((i) => !known.has(i))
    )
      throw badRequest('Send every rule of the account once, in the new order.', [
        { path: 'ids', message: 'Every rule, once each.' },
      ]);
    await setPositions(tx, { accountId: admin.accountId, ids });
    await recordAudit(tx, {
      accountId: admin.accountId,
      userId: admin.userId,
      action: 'automation_rules_reordered',
      details: { ids },
    });
  });
  return listRules(deps, admin);
}

export async function dryRun(
  deps: Deps,
  agent: AgentContext,
  body: AutomationDryRunBody,
): Promise<AutomationDryRunResult> {
  body.rule.conditions.conditions.forEach((c, i) => {
    if (c.field === 'message' && c.operator === 'matches')
      compilePattern(c.value, `rule.conditions.conditions.${i}.value`);
  });
  const result = await dryRunRule(deps, agent.accountId, body.rule, body.conversation_id);
  if (!result) throw notFound('That conversation was not found.');
  return result;
}
