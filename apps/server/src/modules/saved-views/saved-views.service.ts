import {
  MAX_SAVED_VIEWS,
  SAVED_VIEW_COUNT_CAP,
  type SavedView,
  type SavedViewFilters,
} from '@parley/contracts';
import type { Db } from '../../db/client';
import type { Deps } from '../../lib/deps';
import { AppError, apiText, badRequest, forbidden, notFound } from '../../lib/errors';
import type { FairLimiter } from '../../lib/fair-limiter';
import type { AgentContext } from '../../lib/http-types';
import { recordAudit } from '../audit-log/audit-log.service';
import { countListed } from '../conversations/conversations.public';
import {
  channelExists,
  countOwnedViews,
  deleteView,
  findVisibleView,
  insertView,
  isTeamMember,
  listVisibleViews,
  lockOwnerViews,
  placeViews,
  tagExists,
  teamExists,
  updateView,
  visibleViewIds,
  type SavedViewRow,
} from './saved-views.queries';

const NOT_FOUND = apiText('That saved view was not found.');

/** Its owner changes a view; owners and admins of the account also change a shared one. */
const canEdit = (view: SavedViewRow, agent: AgentContext) =>
  view.ownerUserId === agent.userId || (view.teamId !== null && agent.permissionLevel !== 'agent');

function toSavedView(
  view: SavedViewRow,
  agent: AgentContext,
  count: { count: number; capped: boolean },
): SavedView {
  return {
    id: view.id,
    name: view.name,
    filters: view.filters,
    team_id: view.teamId,
    owner_user_id: view.ownerUserId,
    can_edit: canEdit(view, agent),
    count: count.count,
    capped: count.capped,
    created_at: view.createdAt.toISOString(),
    updated_at: view.updatedAt.toISOString(),
  };
}

/** A view's count as the agent would see its list, read up to the cap: one statement a view. */
async function countOf(
  db: Db,
  agent: AgentContext,
  filters: SavedViewFilters,
  searches: FairLimiter | undefined,
) {
  const n = await countListed(
    db,
    { accountId: agent.accountId, userId: agent.userId },
    filters,
    SAVED_VIEW_COUNT_CAP,
    searches,
  );
  return { count: n, capped: n >= SAVED_VIEW_COUNT_CAP };
}

/** The views the agent sees (theirs, and those shared with their teams), in their order, counted. */
export async function listSavedViews(deps: Deps, agent: AgentContext, searches?: FairLimiter) {
  const views = await listVisibleViews(deps.db, agent);
  const counts = await Promise.all(
    views.map((view) => countOf(deps.db, agent, view.filters, searches)),
  );
  return { views: views.map((view, i) => toSavedView(view, agent, counts[i]!)) };
}

/** The team, channel or tag a view's filters name must be the account's. */
async function checkFilters(db: Db, accountId: number, filters: SavedViewFilters) {
  const match = /^(team|channel|tag):(\d+)$/.exec(filters.view);
  if (!match) return;
  const id = Number(match[2]);
  const exists =
    match[1] === 'team'
      ? await teamExists(db, { accountId, id })
      : match[1] === 'channel'
        ? await channelExists(db, { accountId, id })
        : await tagExists(db, { accountId, id });
  if (!exists)
    throw badRequest(
      match[1] === 'team'
        ? "The view's team no longer exists; choose another view to save."
        : match[1] === 'channel'
          ? "The view's channel no longer exists; choose another view to save."
          : "The view's tag no longer exists; choose another view to save.",
      {
        field: 'filters.view',
      },
    );
}

/** A view is shared only with a team of the account; an agent only with a team they are in. */
async function checkTeam(db: Db, agent: AgentContext, teamId: number | null) {
  if (teamId === null) return;
  if (!(await teamExists(db, { accountId: agent.accountId, id: teamId })))
    throw badRequest('That team does not exist; choose another team or keep the view private.', {
      field: 'team_id',
    });
  if (
    agent.permissionLevel === 'agent' &&
    !(await isTeamMember(db, { teamId, userId: agent.userId }))
  )
    throw badRequest('You can share a view only with a team you are in.', { field: 'team_id' });
}

export async function createSavedView(
  deps: Deps,
  agent: AgentContext,
  body: { name: string; filters: SavedViewFilters; team_id: number | null },
  searches?: FairLimiter,
) {
  await checkFilters(deps.db, agent.accountId, body.filters);
  await checkTeam(deps.db, agent, body.team_id);
  const row = await deps.db.transaction(async (tx) => {
    await lockOwnerViews(tx, agent);
    if ((await countOwnedViews(tx, agent)) >= MAX_SAVED_VIEWS)
      throw new AppError(
        400,
        'validation_error',
        apiText(
          'You have {max} saved views, the most one person may have. Delete one to save another.',
          { max: MAX_SAVED_VIEWS },
        ),
      );
    return insertView(tx, {
      accountId: agent.accountId,
      userId: agent.userId,
      name: body.name,
      filters: body.filters,
      teamId: body.team_id,
    });
  });
  return toSavedView(row, agent, await countOf(deps.db, agent, row.filters, searches));
}

/** The view the agent may change, or 404 (not seen) / 403 (seen, someone else's). */
async function editableView(db: Db, agent: AgentContext, id: number) {
  const view = await findVisibleView(db, { ...agent, id });
  if (!view) throw notFound(NOT_FOUND);
  if (!canEdit(view, agent))
    throw forbidden("Only the view's owner, or an owner or admin of the account, can change it.");
  return view;
}

export async function patchSavedView(
  deps: Deps,
  agent: AgentContext,
  id: number,
  patch: { name?: string; filters?: SavedViewFilters; team_id?: number | null },
  searches?: FairLimiter,
) {
  const view = await editableView(deps.db, agent, id);
  if (patch.filters) await checkFilters(deps.db, agent.accountId, patch.filters);
  // An admin may keep a view shared with a team they are not in; a new team is checked.
  if (patch.team_id !== undefined && patch.team_id !== view.teamId)
    await checkTeam(deps.db, agent, patch.team_id);
  const row = await updateView(deps.db, {
    accountId: agent.accountId,
    id,
    ...(patch.name === undefined ? {} : { name: patch.name }),
    ...(patch.filters === undefined ? {} : { filters: patch.filters }),
    ...(patch.team_id === undefined ? {} : { teamId: patch.team_id }),
  });
  if (!row) throw notFound(NOT_FOUND);
  return toSavedView(row, agent, await countOf(deps.db, agent, row.filters, searches));
}

export async function deleteSavedView(deps: Deps, agent: AgentContext, id: number) {
  const view = await editableView(deps.db, agent, id);
  await deps.db.transaction(async (tx) => {
    await deleteView(tx, { accountId: agent.accountId, id });
    // A view shared with a team is the team's; a private one is only its owner's business.
    if (view.teamId !== null)
      await recordAudit(tx, {
        accountId: agent.accountId,
        userId: agent.userId,
        action: 'saved_view_deleted',
        details: { saved_view_id: id, name: view.name, team_id: view.teamId },
      });
  });
}

/** Sets the agent's own order of the views they see; anyone may order what they see. */
export async function reorderSavedViews(deps: Deps, agent: AgentContext, ids: number[]) {
  const unique = [...new Set(ids)];
  if (unique.length !== ids.length) throw badRequest('Name each view once.', { field: 'ids' });
  const visible = new Set(await visibleViewIds(deps.db, { ...agent, ids: unique }));
  const unknown = unique.filter((id) => !visible.has(id));
  if (unknown.length) throw notFound(NOT_FOUND);
  await deps.db.transaction((tx) => placeViews(tx, { userId: agent.userId, ids: unique }));
}
