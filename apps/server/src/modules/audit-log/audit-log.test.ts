import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUDIT_LOG_PATHS } from '@parley/contracts';
import { auditLog } from '../../db/schema';
import {
  as,
  createTestContext,
  linkFromMail,
  signUp,
  uniqueEmail,
  type TestContext,
} from '../../test/harness';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ AUTH_RATE_LIMIT_PER_MINUTE: '1000' });
});
afterAll(() => ctx.close());

/** An agent of the owner's account, joined by invitation. */
async function joinAsAgent(owner: Awaited<ReturnType<typeof signUp>>, name: string) {
  const email = uniqueEmail('agent');
  await as(ctx, owner).post('/dashboardapi/teammembers/invite', {
    email,
    permission_level: 'agent',
  });
  const token = (await linkFromMail(ctx, email, '/invite/confirm/')).split('/').pop()!;
  const res = await ctx.app.inject({
    method: 'POST',
    url: `/dashboardapi/teammembers/invite/${token}/accept`,
    payload: { name, password: 'a long enough password' },
  });
  expect(res.statusCode).toBe(200);
  const cookies = Object.fromEntries(res.cookies.map((c) => [c.name, c.value]));
  return {
    email,
    token: cookies.auth_token!,
    accountId: Number(cookies.account_id),
    csrf: cookies.csrftoken!,
  };
}

describe('audit log (Settings → Audit log): who did what, for owners and admins', () => {
  it('lists the account’s entries newest first, with who did it and to whom, a page at a time', async () => {
    const owner = await signUp(ctx, { name: 'Olga Owner' });
    const agent = await joinAsAgent(owner, 'Aziz Agent');
    const members = (await as(ctx, owner).get('/dashboardapi/teammembers')).json();
    const agentId = members.members.find((m: { email: string }) => m.email === agent.email).id;
    expect(
      (
        await as(ctx, owner).patch(`/dashboardapi/teammembers/${agentId}`, {
          permission_level: 'admin',
        })
      ).statusCode,
    ).toBe(200);

    const res = await as(ctx, owner).get('/dashboardapi/audit-log');
    expect(res.statusCode).toBe(200);
    const { entries, next_before } = res.json();
    expect(entries.map((e: { action: string }) => e.action)).toEqual([
      'member_role_changed',
      'invitation_accepted',
      'invitation_sent',
      'signup',
    ]);
    expect(entries[0]).toMatchObject({
      actor: { name: 'Olga Owner' },
      subject: { id: agentId, name: 'Aziz Agent' },
      details: { from: 'agent', to: 'admin' },
    });
    expect(entries[1]).toMatchObject({ actor: { name: 'Aziz Agent' }, subject: null });
    expect(next_before).toBeNull();

    const first = (await as(ctx, owner).get('/dashboardapi/audit-log?limit=2')).json();
    expect(first.entries).toHaveLength(2);
    const rest = (
      await as(ctx, owner).get(`/dashboardapi/audit-log?limit=2&before=${first.next_before}`)
    ).json();
    expect(rest.entries.map((e: { action: string }) => e.action)).toEqual([
      'invitation_sent',
      'signup',
    ]);
    expect(rest.next_before).toBeNull();

    const byAction = (await as(ctx, owner).get('/dashboardapi/audit-log?action=signup')).json();
    expect(byAction.entries.map((e: { action: string }) => e.action)).toEqual(['signup']);
    const byPerson = (
      await as(ctx, owner).get(`/dashboardapi/audit-log?user_id=${agentId}`)
    ).json();
    expect(byPerson.entries.map((e: { action: string }) => e.action)).toEqual([
      'invitation_accepted',
    ]);
  });

  it('shows no other account’s entries, and none to agents', async () => {
    const owner = await signUp(ctx);
    const other = await signUp(ctx);
    const agent = await joinAsAgent(owner, 'Ana Agent');
    const mine = (await as(ctx, other).get('/dashboardapi/audit-log')).json();
    expect(mine.entries.map((e: { action: string }) => e.action)).toEqual(['signup']);
    expect(mine.entries[0].actor.id).not.toBe(owner.userId);
    expect((await as(ctx, agent).get('/dashboardapi/audit-log')).statusCode).toBe(403);
  });

  it('refuses a filter it does not know with 400 naming it', async () => {
    const owner = await signUp(ctx);
    const res = await as(ctx, owner).get('/dashboardapi/audit-log?action=nothing&limit=1000');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'validation_error' });
  });
});

/** Moves the account's entries of this action back in time. */
async function backdate(accountId: number, action: string, at: string) {
  const rows = await ctx.deps.db
    .update(auditLog)
    .set({ createdAt: new Date(at) })
    .where(eq(auditLog.accountId, accountId))
    .returning({ id: auditLog.id, action: auditLog.action });
  return rows.filter((r) => r.action === action);
}

const actions = (res: { json: () => { entries: { action: string }[] } }) =>
  res.json().entries.map((e) => e.action);

describe('audit log date filter: from and to', () => {
  it('keeps the entries of the days asked for — a day is included whole, a date and time bounds exactly', async () => {
    const owner = await signUp(ctx);
    await backdate(owner.accountId, 'signup', '2026-03-10T23:30:00Z');
    const api = as(ctx, owner);
    expect(actions(await api.get(`${AUDIT_LOG_PATHS.list}?from=2026-03-10&to=2026-03-10`))).toEqual(
      ['signup'],
    );
    expect(actions(await api.get(`${AUDIT_LOG_PATHS.list}?from=2026-03-11`))).toEqual([]);
    expect(actions(await api.get(`${AUDIT_LOG_PATHS.list}?to=2026-03-09`))).toEqual([]);
    // 23:30 UTC is already the 11th in Paris (+01:00).
    expect(
      actions(
        await api.get(
          `${AUDIT_LOG_PATHS.list}?from=${encodeURIComponent('2026-03-11T00:00:00+01:00')}&to=${encodeURIComponent('2026-03-12T00:00:00+01:00')}`,
        ),
      ),
    ).toEqual(['signup']);
  });

  it('refuses a bound that is no date, and a start after the end, with 400 saying how to write them', async () => {
    const owner = await signUp(ctx);
    const api = as(ctx, owner);
    const bad = await api.get(`${AUDIT_LOG_PATHS.list}?from=last-tuesday`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({
      code: 'validation_error',
      details: [{ path: 'from', message: expect.stringContaining('2026-03-01') }],
    });
    const impossible = await api.get(`${AUDIT_LOG_PATHS.list}?to=2026-02-30`);
    expect(impossible.statusCode).toBe(400);
    // Years the database cannot hold are refused, in the list and the export alike.
    for (const query of ['to=9999-12-31', 'from=0000-06-01T00:00Z'])
      for (const path of [AUDIT_LOG_PATHS.list, AUDIT_LOG_PATHS.exportCsv])
        expect({ query, path, status: (await api.get(`${path}?${query}`)).statusCode }).toEqual({
          query,
          path,
          status: 400,
        });
    const reversed = await api.get(`${AUDIT_LOG_PATHS.list}?from=2026-03-10&to=2026-03-01`);
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json().details[0].message).toBe(
      'The start of the date range must be before its end.',
    );
    const inFrench = await ctx.app.inject({
      method: 'GET',
      url: `${AUDIT_LOG_PATHS.list}?from=2026-03-10&to=2026-03-01`,
      headers: {
        authorization: `Token ${owner.token}`,
        'x-dc-account-id': String(owner.accountId),
        'accept-language': 'fr',
      },
    });
    expect(inFrench.statusCode).toBe(400);
    expect(inFrench.json().details[0].message).not.toBe(
      'The start of the date range must be before its end.',
    );
  });
});

describe('audit log CSV export', () => {
  it('answers the filtered entries as formula-safe CSV, newest first, and records the export', async () => {
    const owner = await signUp(ctx, { name: '=HYPERLINK("x")' });
    await joinAsAgent(owner, 'Aziz Agent');
    const res = await as(ctx, owner).get(`${AUDIT_LOG_PATHS.exportCsv}?action=signup`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/attachment; filename="audit-log-.*\.csv"/);
    const lines = res.body.trimEnd().split('\r\n');
    expect(lines[0]).toBe('time,action,actor_name,actor_email,subject_name,subject_email,details');
    expect(lines).toHaveLength(2);
    const [time, action, actorName, actorEmail] = lines[1]!.split(',');
    expect(new Date(time!).toISOString()).toBe(time);
    expect(action).toBe('signup');
    // A name a spreadsheet would run starts with an apostrophe, quoted for its quotes.
    expect(actorName).toBe('"\'=HYPERLINK(""x"")"');
    expect(actorEmail).toBe(owner.email);

    const all = (await as(ctx, owner).get(AUDIT_LOG_PATHS.exportCsv)).body.trimEnd().split('\r\n');
    expect(all.slice(1).map((l) => l.split(',')[1])).toEqual([
      'audit_log_exported',
      'audit_log_exported',
      'invitation_accepted',
      'invitation_sent',
      'signup',
    ]);
    expect(all[1]).toContain('{""filters"":{}}');
    expect(all[2]).toContain('{""filters"":{""action"":""signup""}}');
  });

  it('is for owners and admins only (so is the retention), and refuses bad filters before recording anything', async () => {
    const owner = await signUp(ctx);
    const agent = await joinAsAgent(owner, 'Ana Agent');
    expect((await as(ctx, agent).get(AUDIT_LOG_PATHS.exportCsv)).statusCode).toBe(403);
    expect((await as(ctx, agent).get(AUDIT_LOG_PATHS.settings)).statusCode).toBe(403);
    expect(
      (await as(ctx, agent).put(AUDIT_LOG_PATHS.settings, { retention_days: 30 })).statusCode,
    ).toBe(403);
    expect((await as(ctx, owner).get(`${AUDIT_LOG_PATHS.exportCsv}?from=soon`)).statusCode).toBe(
      400,
    );
    expect(actions(await as(ctx, owner).get(AUDIT_LOG_PATHS.list))).not.toContain(
      'audit_log_exported',
    );
  });
});
