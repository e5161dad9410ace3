/**
 * SLA policies and the account's business hours (owners and admins change them), a
 * conversation's clocks and the attainment report (docs/product/sla.md). Keeping the clocks
 * with the conversations is sla.sync.ts's, re-exported here for the app and main.
 */
import {
  MAX_SLA_POLICIES,
  type BusinessHoursSettings,
  type ConversationSla,
  type SlaClock,
  type SlaMetric,
  type SlaPolicy,
  type SlaPolicyBody,
  type SlaPolicyPatch,
  type SlaReportQuery,
} from '@parley/contracts';
import type { Db } from '../../db/client';
import type { Deps } from '../../lib/deps';
import { apiText, badRequest, notFound } from '../../lib/errors';
import type { AgentContext } from '../../lib/http-types';
import { enqueueJob } from '../../lib/jobs';
import { recordAudit } from '../audit-log/audit-log.service';
import { forgetSlaRules, slaRulesOf } from './sla.cache';
import { policyFor, stateOf } from './sla.clocks';
import {
  accountBrandIds,
  businessHoursOf,
  conversationClocks,
  conversationInAccount,
  deletePolicyRow,
  findPolicyRow,
  insertPolicy,
  listPolicyRows,
  lockPolicyCount,
  saveBusinessHours,
  setPolicyPositions,
  updatePolicyRow,
  type PolicyRow,
} from './sla.queries';
import { slaReport } from './sla.report';
import { SLA_RETIME_JOB } from './sla.sync';

export { scanSlaClocks, slaSettled, startSlaClocks, syncConversationSla } from './sla.sync';

// ---- Policies ----

function toPolicy(row: PolicyRow): SlaPolicy {
  return {
    id: row.id,
    name: row.name,
    enabled: row.enabled,
    position: row.position,
    business_hours_only: row.businessHoursOnly,
    warning_minutes: row.warningMinutes,
    conditions: row.conditions,
    targets: row.targets,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** The stores a policy names must be the account's. */
async function checkBrands(deps: Deps, accountId: number, ids: number[]) {
  const own = await accountBrandIds(deps.db, { accountId, ids });
  const unknown = ids.map((id, i) => ({ id, i })).filter(({ id }) => !own.has(id));
  if (unknown.length > 0)
    throw badRequest(
      'The policy names a store this account does not have.',
      unknown.map(({ i }) => ({
        path: `conditions.brand_ids.${i}`,
        message: 'Not a store of this account.',
      })),
    );
}

function audit(
  db: Db,
  admin: AgentContext,
  action:
    | 'sla_policy_created'
    | 'sla_policy_updated'
    | 'sla_policy_deleted'
    | 'sla_policies_reordered'
    | 'business_hours_updated',
  details: Record<string, unknown>,
) {
  return recordAudit(db, { accountId: admin.accountId, userId: admin.userId, action, details });
}

/**
 * The account's clocks count differently from now on: this instance forgets its cached rules,
 * and the running clocks are re-timed by a job (an account may have thousands of them).
 */
async function rulesChanged(deps: Deps, accountId: number, { retime = true } = {}) {
  forgetSlaRules(deps.db, accountId);
  if (!retime) return;
  await enqueueJob(deps.db, {
    kind: SLA_RETIME_JOB,
    accountId,
    payload: { accountId, after: 0 },
    maxAttempts: 5,
  });
  deps.jobs.wake();
}

export async function listPolicies(deps: Deps, agent: AgentContext) {
  const rows = await listPolicyRows(deps.db, { accountId: agent.accountId });
  return { policies: rows.map(toPolicy) };
}

export async function createPolicy(deps: Deps, admin: AgentContext, body: SlaPolicyBody) {
  await checkBrands(deps, admin.accountId, body.conditions.brand_ids);
  const row = await deps.db.transaction(async (tx) => {
    const { count, nextPosition } = await lockPolicyCount(tx, { accountId: admin.accountId });
    if (count >= MAX_SLA_POLICIES)
      throw badRequest(
        apiText('An account keeps at most {max} SLA policies.', { max: MAX_SLA_POLICIES }),
        [{ path: 'name', message: 'Too many policies.' }],
      );
    const created = await insertPolicy(tx, {
      accountId: admin.accountId,
      name: body.name,
      enabled: body.enabled,
      position: nextPosition,
      businessHoursOnly: body.business_hours_only,
      warningMinutes: body.warning_minutes,
      conditions: body.conditions,
      targets: body.targets,
    });
    await audit(tx, admin, 'sla_policy_created', { policy_id: created.id, name: created.name });
    return created;
  });
  // A new policy goes last and counts only what starts after it: no running clock changes.
  await rulesChanged(deps, admin.accountId, { retime: false });
  return toPolicy(row);
}

export async function updatePolicy(
  deps: Deps,
  admin: AgentContext,
  id: number,
  patch: SlaPolicyPatch,
) {
  if (patch.conditions) await checkBrands(deps, admin.accountId, patch.conditions.brand_ids);
  const row = await deps.db.transaction(async (tx) => {
    const updated = await updatePolicyRow(
      tx,
      { accountId: admin.accountId, id },
      {
        ...(patch.name !== undefined ? { name: patch.name } : {}),
        ...(patch.enabled !== undefined ? { enabled: patch.enabled } : {}),
        ...(patch.business_hours_only !== undefined
          ? { businessHoursOnly: patch.business_hours_only }
          : {}),
        ...(patch.warning_minutes !== undefined ? { warningMinutes: patch.warning_minutes } : {}),
        ...(patch.conditions ? { conditions: patch.conditions } : {}),
        ...(patch.targets ? { targets: patch.targets } : {}),
      },
    );
    if (!updated) throw notFound('That SLA policy was not found.');
    await audit(tx, admin, 'sla_policy_updated', {
      policy_id: id,
      name: updated.name,
      fields: Object.keys(patch),
    });
    return updated;
  });
  await rulesChanged(deps, admin.accountId, {
    retime: Object.keys(patch).some((k) => k !== 'name'),
  });
  return toPolicy(row);
}

export async function deletePolicy(deps: Deps, admin: AgentContext, id: number) {
  await deps.db.transaction(async (tx) => {
    const existing = await findPolicyRow(tx, { accountId: admin.accountId, id });
    if (!existing || !(await deletePolicyRow(tx, { accountId: admin.accountId, id })))
      throw notFound('That SLA policy was not found.');
    await audit(tx, admin, 'sla_policy_deleted', { policy_id: id, name: existing.name });
  });
  await rulesChanged(deps, admin.accountId);
}

/** The new order: every policy of the account, each once. */
export async function reorderPolicies(deps: Deps, admin: AgentContext, ids: number[]) {
  await deps.db.transaction(async (tx) => {
    await lockPolicyCount(tx, { accountId: admin.accountId });
    const current = await listPolicyRows(tx, { accountId: admin.accountId });
    const known = new Set(current.map((r) => r.id));
    if (
      new Set(ids).size !== ids.length ||
      ids.length !== known.size ||
      ids.some((i) => !known.has(i))
    )
      throw badRequest('Send every SLA policy of the account once, in the new order.', [
        { path: 'ids', message: 'Every policy, once each.' },
      ]);
    await setPolicyPositions(tx, { accountId: admin.accountId, ids });
    await audit(tx, admin, 'sla_policies_reordered', { ids });
  });
  await rulesChanged(deps, admin.accountId);
  return listPolicies(deps, admin);
}

// ---- Business hours ----

export async function getBusinessHours(
  deps: Deps,
  agent: AgentContext,
): Promise<BusinessHoursSettings> {
  return { business_hours: await businessHoursOf(deps.db, { accountId: agent.accountId }) };
}

export async function putBusinessHours(
  deps: Deps,
  admin: AgentContext,
  body: BusinessHoursSettings,
): Promise<BusinessHoursSettings> {
  const hours = body.business_hours && {
    ...body.business_hours,
    holidays: [...new Set(body.business_hours.holidays)].sort(),
  };
  await deps.db.transaction(async (tx) => {
    await saveBusinessHours(tx, { accountId: admin.accountId, hours });
    await audit(tx, admin, 'business_hours_updated', {
      time_zone: hours?.time_zone ?? null,
      holidays: hours?.holidays.length ?? 0,
    });
  });
  // Only clocks of business-hours policies count by the hours.
  const { policies } = await slaRulesOf(deps.db, admin.accountId);
  await rulesChanged(deps, admin.accountId, {
    retime: policies.some((p) => p.businessHoursOnly),
  });
  return { business_hours: hours };
}

// ---- A conversation's clocks ----

export async function getConversationSla(
  deps: Deps,
  agent: AgentContext,
  conversationId: number,
  now = new Date(),
): Promise<ConversationSla> {
  const conversation = await conversationInAccount(deps.db, {
    accountId: agent.accountId,
    id: conversationId,
  });
  if (!conversation) throw notFound('That conversation was not found.');
  const [{ policies }, clocks] = await Promise.all([
    slaRulesOf(deps.db, agent.accountId),
    conversationClocks(deps.db, { accountId: agent.accountId, conversationId }),
  ]);
  const policy = policyFor(policies, conversation);
  return {
    policy: policy && { id: policy.id, name: policy.name },
    clocks: clocks.map((k): SlaClock => ({
      metric: k.metric as SlaMetric,
      state: k.stoppedAt ? (k.breachedAt ? 'missed' : 'met') : stateOf(k, now),
      started_at: k.startedAt.toISOString(),
      due_at: k.dueAt && !k.pausedAt ? k.dueAt.toISOString() : null,
      stopped_at: k.stoppedAt?.toISOString() ?? null,
      breached_at: k.breachedAt?.toISOString() ?? null,
    })),
  };
}

/**
 * The attainment report (every member of the account may read reports), its days counted in the
 * account's time zone (its business hours', else UTC) as the overview and the conversation list
 * count theirs; a `tz` the request names is not used.
 */
export async function getSlaReport(deps: Deps, agent: AgentContext, q: SlaReportQuery) {
  const hours = await businessHoursOf(deps.db, { accountId: agent.accountId });
  return slaReport(deps.db, agent.accountId, { ...q, tz: hours?.time_zone ?? 'UTC' });
}

/** The attainment report for its CSV export; the export is recorded in the audit log. */
export async function getSlaReportForExport(deps: Deps, agent: AgentContext, q: SlaReportQuery) {
  const report = await getSlaReport(deps, agent, q);
  await recordAudit(deps.db, {
    accountId: agent.accountId,
    userId: agent.userId,
    action: 'report_exported',
    details: { report: 'sla', by: q.by, from: q.from, to: q.to },
  });
  return report;
}
