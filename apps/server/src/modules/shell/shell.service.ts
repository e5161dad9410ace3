import type { DemoRequestBody, ReleaseNote } from '@parley/contracts';
import type { Deps } from '../../lib/deps';
import { badRequest } from '../../lib/errors';
import type { AgentContext } from '../../lib/http-types';
import { insertDemoRequest, listReleaseNotes } from './shell.queries';

export async function releaseNotesNewestFirst(deps: Deps): Promise<ReleaseNote[]> {
  const rows = await listReleaseNotes(deps.db);
  return rows.map((r) => ({
    id: r.id,
    released_on: r.releasedOn,
    title: r.title,
    body: r.body,
    tag: r.tag,
  }));
}

export async function requestDemo(
  deps: Deps,
  agent: Pick<AgentContext, 'accountId' | 'userId'>,
  body: DemoRequestBody,
) {
  const slot = new Date(body.slot);
  if (slot.getTime() < Date.now())
    throw badRequest('Choose a time in the future.', { slot: 'In the past.' });
  const row = await insertDemoRequest(deps.db, {
    accountId: agent.accountId,
    userId: agent.userId,
    slot,
    timezone: body.timezone,
    phone: body.phone ?? null,
    notes: body.notes ?? null,
  });
  return {
    id: row.id,
    slot: row.slot.toISOString(),
    timezone: row.timezone,
    status: row.status,
  };
}
