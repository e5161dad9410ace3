import type { CreateTeamBody, Team, TeamsResponse, UpdateTeamBody } from '@parley/contracts';
import type { Db } from '../../db/client';
import type { Deps } from '../../lib/deps';
import { recordAudit } from '../audit-log/audit-log.service';
import { apiText, badRequest, conflict, notFound } from '../../lib/errors';
import type { AgentContext } from '../../lib/http-types';
import {
  accountMemberIds,
  deleteTeamRow,
  findTeam,
  findTeamByName,
  insertTeam,
  listTeamRows,
  replaceTeamMembers,
  updateTeamRow,
} from './teams.queries';

type TeamRow = Awaited<ReturnType<typeof listTeamRows>>[number];

const toTeam = (t: TeamRow): Team => ({
  id: t.id,
  name: t.name,
  description: t.description,
  member_ids: t.memberIds,
  open_conversation_count: t.openConversationCount,
  created_at: t.createdAt.toISOString(),
});

const duplicateName = (name: string) =>
  conflict(apiText('A team named “{name}” already exists. Pick another name.', { name }));

/** The unique index on (account_id, lower(name)) refused a write a concurrent request made first. */
function isUniqueViolation(err: unknown): boolean {
  for (let e: unknown = err; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
}

/** Only people who belong to the account can be in its teams. */
async function checkMembers(db: Db, accountId: number, userIds: number[]) {
  const unique = [...new Set(userIds)];
  const members = await accountMemberIds(db, { accountId, userIds: unique });
  const strangers = unique.filter((id) => !members.has(id));
  if (strangers.length > 0) {
    throw badRequest(
      strangers.length === 1
        ? 'One of the people chosen is not a member of this workspace.'
        : apiText('{count} of the people chosen are not members of this workspace.', {
            count: strangers.length,
          }),
      [{ path: 'user_ids', message: 'Choose members of this workspace only.' }],
    );
  }
  return unique;
}

async function teamById(db: Db, accountId: number, id: number): Promise<Team> {
  const [row] = await listTeamRows(db, { accountId }, id);
  if (!row) throw notFound('That team was not found.');
  return toTeam(row);
}

export async function listTeams(deps: Deps, accountId: number): Promise<TeamsResponse> {
  return { teams: (await listTeamRows(deps.db, { accountId })).map(toTeam) };
}

export async function createTeam(
  deps: Deps,
  agent: AgentContext,
  body: CreateTeamBody,
): Promise<Team> {
  const { accountId } = agent;
  if (await findTeamByName(deps.db, { accountId, name: body.name })) throw duplicateName(body.name);
  const userIds = await checkMembers(deps.db, accountId, body.user_ids ?? []);
  try {
    const id = await deps.db.transaction(async (tx) => {
      const row = await insertTeam(tx, {
        accountId,
        name: body.name,
        description: body.description || null,
      });
      await replaceTeamMembers(tx, row.id, userIds);
      await recordAudit(tx, {
        accountId,
        userId: agent.userId,
        action: 'team_created',
        details: { team_id: row.id, name: row.name },
      });
      return row.id;
    });
    return teamById(deps.db, accountId, id);
  } catch (err) {
    if (isUniqueViolation(err)) throw duplicateName(body.name);
    throw err;
  }
}

/** Rename or describe a team; the inbox shows the change on its next mapping load. */
export async function updateTeam(
  deps: Deps,
  agent: AgentContext,
  id: number,
  body: UpdateTeamBody,
): Promise<Team> {
  const { accountId } = agent;
  if (!(await findTeam(deps.db, { accountId, id }))) throw notFound('That team was not found.');
  if (
    body.name !== undefined &&
    (await findTeamByName(deps.db, { accountId, name: body.name, exceptId: id }))
  )
    throw duplicateName(body.name);
  try {
    await updateTeamRow(
      deps.db,
      { accountId, id },
      {
        ...(body.name !== undefined ? { name: body.name } : {}),
        ...(body.description !== undefined ? { description: body.description || null } : {}),
      },
    );
  } catch (err) {
    if (isUniqueViolation(err) && body.name !== undefined) throw duplicateName(body.name);
    throw err;
  }
  return teamById(deps.db, accountId, id);
}

/** Deletes a team; its conversations stay, with no team. */
export async function deleteTeam(deps: Deps, agent: AgentContext, id: number) {
  const { accountId } = agent;
  await deps.db.transaction(async (tx) => {
    if (!(await deleteTeamRow(tx, { accountId, id }))) throw notFound('That team was not found.');
    await recordAudit(tx, {
      accountId,
      userId: agent.userId,
      action: 'team_deleted',
      details: { team_id: id },
    });
  });
}

/** The team's members become exactly `userIds` (members of the account only). */
export async function setTeamMembers(
  deps: Deps,
  agent: AgentContext,
  id: number,
  userIds: number[],
): Promise<Team> {
  const { accountId } = agent;
  if (!(await findTeam(deps.db, { accountId, id }))) throw notFound('That team was not found.');
  const unique = await checkMembers(deps.db, accountId, userIds);
  await deps.db.transaction(async (tx) => {
    // Checked again inside: the team may have been deleted meanwhile.
    if (!(await findTeam(tx, { accountId, id }))) throw notFound('That team was not found.');
    await replaceTeamMembers(tx, id, unique);
  });
  return teamById(deps.db, accountId, id);
}
