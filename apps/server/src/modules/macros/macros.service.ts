import {
  activityActionText,
  MAX_MACROS,
  type Macro,
  type MacroBody,
  type MacroPatch,
  type MacroRunResult,
} from '@parley/contracts';
import type { Db } from '../../db/client';
import type { Deps } from '../../lib/deps';
import { apiText, AppError, badRequest, forbidden, notFound } from '../../lib/errors';
import type { AgentContext } from '../../lib/http-types';
import { recordAudit } from '../audit-log/audit-log.service';
import {
  applyActions,
  describeActions,
  knownActionReferences,
  missingActionReferences,
  writeActivityLine,
  type KnownReferences,
} from '../automation/automation.public';
import {
  conversationInAccount,
  deleteMacroRow,
  findVisibleMacro,
  insertMacro,
  lockMacroCount,
  listMacroRows,
  updateMacroRow,
  userName,
  type MacroRow,
} from './macros.queries';

const isAdmin = (agent: AgentContext) => agent.permissionLevel !== 'agent';

/** Shared macros are the admins'; a personal one its owner's alone (others never see it). */
const mayEdit = (agent: AgentContext, row: MacroRow) =>
  row.visibility === 'shared' ? isAdmin(agent) : row.createdByUserId === agent.userId;

async function toMacro(
  deps: Deps,
  agent: AgentContext,
  row: MacroRow,
  known?: KnownReferences,
): Promise<Macro> {
  const missing = await missingActionReferences(deps, row.accountId, row.actions, known);
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    visibility: row.visibility as Macro['visibility'],
    actions: row.actions,
    position: row.position,
    created_by: row.createdByUserId,
    editable: mayEdit(agent, row),
    broken_reason: missing[0]?.message ?? null,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** Everything the actions name must exist in the account at save time. */
async function checkActions(deps: Deps, accountId: number, actions: MacroBody['actions']) {
  const missing = await missingActionReferences(deps, accountId, actions);
  if (missing.length > 0)
    throw badRequest(
      'The macro names something this account does not have (a tag, agent, team or fast reply).',
      missing.map((m) => ({ path: m.path, message: 'Not found in this account.' })),
    );
}

const sharedOnly = () => forbidden('Only owners and admins can change shared macros.');

function audit(
  db: Db,
  agent: AgentContext,
  action: 'macro_created' | 'macro_updated' | 'macro_deleted',
  details: Record<string, unknown>,
) {
  return recordAudit(db, { accountId: agent.accountId, userId: agent.userId, action, details });
}

export async function listMacros(deps: Deps, agent: AgentContext) {
  const rows = await listMacroRows(deps.db, agent);
  const known = await knownActionReferences(
    deps,
    agent.accountId,
    rows.map((r) => r.actions),
  );
  return { macros: await Promise.all(rows.map((r) => toMacro(deps, agent, r, known))) };
}

export async function createMacro(deps: Deps, agent: AgentContext, body: MacroBody) {
  if (body.visibility === 'shared' && !isAdmin(agent)) throw sharedOnly();
  await checkActions(deps, agent.accountId, body.actions);
  const row = await deps.db.transaction(async (tx) => {
    const { count, nextPosition } = await lockMacroCount(tx, { accountId: agent.accountId });
    if (count >= MAX_MACROS)
      throw badRequest(apiText('An account keeps at most {max} macros.', { max: MAX_MACROS }), [
        { path: 'name', message: 'Too many macros.' },
      ]);
    const created = await insertMacro(tx, {
      accountId: agent.accountId,
      name: body.name,
      description: body.description || null,
      visibility: body.visibility,
      actions: body.actions,
      createdByUserId: agent.userId,
      position: nextPosition,
    });
    if (created.visibility === 'shared')
      await audit(tx, agent, 'macro_created', { macro_id: created.id, name: created.name });
    return created;
  });
  return toMacro(deps, agent, row);
}

async function editableMacro(deps: Deps, agent: AgentContext, id: number) {
  const row = await findVisibleMacro(deps.db, { ...agent, id });
  if (!row) throw notFound('That macro was not found.');
  if (!mayEdit(agent, row)) throw sharedOnly();
  return row;
}

export async function updateMacro(deps: Deps, agent: AgentContext, id: number, patch: MacroPatch) {
  const existing = await editableMacro(deps, agent, id);
  // Making a personal macro shared is an admin's call too.
  if (patch.visibility === 'shared' && !isAdmin(agent)) throw sharedOnly();
  if (patch.actions) await checkActions(deps, agent.accountId, patch.actions);
  const row = await deps.db.transaction(async (tx) => {
    const updated = await updateMacroRow(
      tx,
      { accountId: agent.accountId, id },
      {
        ...(patch.name !== undefined ? { name: patch.name } : {}),
        ...(patch.description !== undefined ? { description: patch.description || null } : {}),
        ...(patch.actions ? { actions: patch.actions } : {}),
        ...(patch.visibility ? { visibility: patch.visibility } : {}),
        // A shared macro made personal becomes the personal macro of whoever did it.
        ...(patch.visibility === 'personal' && existing.visibility === 'shared'
          ? { createdByUserId: agent.userId }
          : {}),
      },
    );
    if (!updated) throw notFound('That macro was not found.');
    if (existing.visibility === 'shared' || updated.visibility === 'shared')
      await audit(tx, agent, 'macro_updated', {
        macro_id: id,
        name: updated.name,
        fields: Object.keys(patch),
      });
    return updated;
  });
  return toMacro(deps, agent, row);
}

export async function deleteMacro(deps: Deps, agent: AgentContext, id: number) {
  const existing = await editableMacro(deps, agent, id);
  await deps.db.transaction(async (tx) => {
    if (!(await deleteMacroRow(tx, { accountId: agent.accountId, id })))
      throw notFound('That macro was not found.');
    if (existing.visibility === 'shared')
      await audit(tx, agent, 'macro_deleted', { macro_id: id, name: existing.name });
  });
}

/**
 * A macro the agent may run: one they can see, naming nothing deleted since it was saved.
 * `notFoundAs400` for the bulk endpoint, where the macro is a field of the body.
 */
export async function runnableMacro(
  deps: Deps,
  agent: AgentContext,
  macroId: number,
  { notFoundAs400 = false } = {},
) {
  const row = await findVisibleMacro(deps.db, { ...agent, id: macroId });
  if (!row) {
    if (!notFoundAs400) throw notFound('That macro was not found.');
    throw badRequest('That macro does not exist, or is someone else’s personal macro.', [
      { path: 'action.macro_id', message: 'Unknown macro.' },
    ]);
  }
  const missing = await missingActionReferences(deps, agent.accountId, row.actions);
  if (missing.length > 0)
    throw new AppError(
      400,
      'macro_broken',
      apiText('The macro “{name}” cannot run: {problems}. Edit it in Settings → Macros.', {
        name: row.name,
        problems: missing.map((m) => m.message.replace(/\.$/, '')).join('; '),
      }),
      missing,
    );
  return row;
}

/**
 * Applies the macro now as the agent, through the services that own each change, and leaves
 * one activity line saying what it did. An action refused midway (the conversation changed a
 * moment ago) stops the run: the line says what was done, and the refusal is the answer.
 */
export async function runMacro(
  deps: Deps,
  agent: AgentContext,
  conversationId: number,
  macroOrId: number | MacroRow,
): Promise<MacroRunResult> {
  const macro =
    typeof macroOrId === 'number' ? await runnableMacro(deps, agent, macroOrId) : macroOrId;
  if (!(await conversationInAccount(deps.db, { accountId: agent.accountId, id: conversationId })))
    throw notFound('That conversation was not found.');
  const actions = await describeActions(deps, agent.accountId, macro.actions);
  const { done, said, failure, error } = await applyActions(
    deps,
    { actor: agent, origin: { kind: 'macro', name: macro.name } },
    conversationId,
    macro.actions,
  );
  const who = await userName(deps.db, agent);
  // Some actions are told by doing them (auto-assign: who got it).
  for (const [i, a] of said.entries()) if (a !== undefined) actions[i] = a;
  if (done > 0 || failure === null)
    await writeActivityLine(deps, {
      accountId: agent.accountId,
      conversationId,
      activity: {
        key: 'macro_ran',
        actor: who,
        macro: macro.name,
        actions: actions.slice(0, done),
        failure,
      },
    });
  if (error) throw error;
  return {
    macro_id: macro.id,
    conversation_id: conversationId,
    actions: actions.map((a) => activityActionText(a, 'macro')),
  };
}
