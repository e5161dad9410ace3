import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invitations } from '../../db/schema';
import {
  as,
  createTestContext,
  linkFromMail,
  readMailbox,
  sessionFrom,
  signUp,
  uniqueEmail,
  type TestContext,
} from '../../test/harness';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ AUTH_RATE_LIMIT_PER_MINUTE: '1000' });
});
afterAll(() => ctx.close());

async function invite(
  owner: Awaited<ReturnType<typeof signUp>>,
  email: string,
  level: 'admin' | 'agent' = 'agent',
) {
  const res = await as(ctx, owner).post('/dashboardapi/teammembers/invite', {
    email,
    permission_level: level,
  });
  expect(res.statusCode).toBe(201);
  const link = await linkFromMail(ctx, email, '/settings/teammembers/invite/confirm/');
  return link.split('/invite/confirm/')[1]!;
}

describe('team-member invitations (/settings/teammembers/invite/confirm/{token})', () => {
  it('a new person sets name and password, joins with the invited role, and the token is single use', async () => {
    const owner = await signUp(ctx, { account_name: 'Blue Team' });
    const email = uniqueEmail('new');
    const token = await invite(owner, email);
    expect(token).toMatch(/^[A-Za-z0-9_-]{22,}$/);

    const info = await ctx.app.inject({
      method: 'GET',
      url: `/dashboardapi/teammembers/invite/${token}`,
    });
    expect(info.json()).toMatchObject({
      email,
      account_name: 'Blue Team',
      invited_by: 'Ada Agent',
      permission_level: 'agent',
      existing_user: false,
    });

    const listed = (await as(ctx, owner).get('/dashboardapi/teammembers')).json();
    expect(listed.invitations).toEqual([
      expect.objectContaining({ email, permission_level: 'agent' }),
    ]);

    const accept = await ctx.app.inject({
      method: 'POST',
      url: `/dashboardapi/teammembers/invite/${token}/accept`,
      payload: { name: 'Newt Person', password: 'newt password 1' },
    });
    expect(accept.statusCode).toBe(200);
    const me = (await as(ctx, sessionFrom(accept)).get('/dashboardapi/me')).json();
    expect(me).toMatchObject({
      name: 'Newt Person',
      email,
      permission_level: 'agent',
      account: { id: owner.accountId },
    });

    const again = await ctx.app.inject({
      method: 'POST',
      url: `/dashboardapi/teammembers/invite/${token}/accept`,
      payload: { name: 'Newt Person', password: 'newt password 1' },
    });
    expect(again.statusCode).toBe(404);
    expect(again.json().code).toBe('invalid_token');
    const after = (await as(ctx, owner).get('/dashboardapi/teammembers')).json();
    expect(after.members.map((m: { email: string }) => m.email)).toContain(email);
    expect(after.invitations).toEqual([]);
  });

  it('an existing user joins with their own password and can then switch between both accounts', async () => {
    const owner = await signUp(ctx, { account_name: 'Green Team' });
    const existing = await signUp(ctx, { account_name: 'Own Shop' });
    const token = await invite(owner, existing.email, 'admin');
    const info = (
      await ctx.app.inject({ method: 'GET', url: `/dashboardapi/teammembers/invite/${token}` })
    ).json();
    expect(info.existing_user).toBe(true);

    const wrong = await ctx.app.inject({
      method: 'POST',
      url: `/dashboardapi/teammembers/invite/${token}/accept`,
      payload: { password: 'not the password' },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().code).toBe('invalid_credentials');

    const ok = await ctx.app.inject({
      method: 'POST',
      url: `/dashboardapi/teammembers/invite/${token}/accept`,
      payload: { password: existing.password },
    });
    expect(ok.statusCode).toBe(200);
    const session = sessionFrom(ok);
    expect(session.accountId).toBe(owner.accountId);
    const accounts = (await as(ctx, session).get('/dashboardapi/accounts')).json().accounts;
    expect(accounts).toEqual(
      expect.arrayContaining([
        { id: owner.accountId, name: 'Green Team', permission_level: 'admin' },
        { id: existing.accountId, name: 'Own Shop', permission_level: 'owner' },
      ]),
    );
    // Switching account is choosing another x-dc-account-id the user belongs to.
    const there = (
      await as(ctx, { ...session, accountId: existing.accountId }).get('/dashboardapi/me')
    ).json();
    expect(there).toMatchObject({ permission_level: 'owner', account: { name: 'Own Shop' } });
  });

  it('the invitation is written in the inviter’s language, else the one of the browser they invite from', async () => {
    const { simpleParser } = await import('mailparser');
    const newestMailTo = async (to: string) => {
      const mails = (await readMailbox(ctx)).filter((m) => m.to === to);
      return simpleParser(mails.at(-1)!.raw);
    };
    const owner = await signUp(ctx, { name: 'Inès', account_name: 'Atelier Bleu' });
    const first = uniqueEmail('fr');
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/dashboardapi/teammembers/invite',
      headers: {
        authorization: `Token ${owner.token}`,
        'x-dc-account-id': String(owner.accountId),
        'x-csrftoken': owner.csrf,
        cookie: `csrftoken=${owner.csrf}; auth_token=${owner.token}; account_id=${owner.accountId}`,
        'accept-language': 'fr-FR,fr;q=0.9',
      },
      payload: { email: first, permission_level: 'agent' },
    });
    expect(res.statusCode).toBe(201);
    const french = await newestMailTo(first);
    expect(french.subject).toBe('Inès vous invite à rejoindre Atelier Bleu sur Parley');
    expect(french.text).toContain('Acceptez sous 7 jours :');

    await as(ctx, owner).patch('/dashboardapi/me/profile', { locale: 'hi' });
    const second = uniqueEmail('hi');
    await invite(owner, second);
    expect((await newestMailTo(second)).subject).toBe(
      'Inès ने आपको Parley पर Atelier Bleu में आमंत्रित किया है',
    );
  });

  it('an expired invitation is refused', async () => {
    const owner = await signUp(ctx);
    const email = uniqueEmail('late');
    const token = await invite(owner, email);
    await ctx.deps.db
      .update(invitations)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(invitations.email, email));
    const res = await ctx.app.inject({
      method: 'GET',
      url: `/dashboardapi/teammembers/invite/${token}`,
    });
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('invalid_token');
  });

  it('only owners and admins invite (403 forbidden for an agent)', async () => {
    const owner = await signUp(ctx);
    const email = uniqueEmail('agent');
    const token = await invite(owner, email, 'agent');
    const accept = await ctx.app.inject({
      method: 'POST',
      url: `/dashboardapi/teammembers/invite/${token}/accept`,
      payload: { name: 'Agent Smith', password: 'agent password 1' },
    });
    const res = await as(ctx, sessionFrom(accept)).post('/dashboardapi/teammembers/invite', {
      email: uniqueEmail(),
      permission_level: 'agent',
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('forbidden');
  });

  it('refuses to invite an existing member (409) and bad input (400)', async () => {
    const owner = await signUp(ctx);
    const dup = await as(ctx, owner).post('/dashboardapi/teammembers/invite', {
      email: owner.email,
      permission_level: 'agent',
    });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().code).toBe('already_member');
    const bad = await as(ctx, owner).post('/dashboardapi/teammembers/invite', {
      email: uniqueEmail(),
      permission_level: 'owner',
    });
    expect(bad.statusCode).toBe(400);
    const malformed = await ctx.app.inject({
      method: 'GET',
      url: '/dashboardapi/teammembers/invite/short',
    });
    expect(malformed.statusCode).toBe(400);
  });

  it('a new person must give a name and an 8-character password', async () => {
    const owner = await signUp(ctx);
    const email = uniqueEmail('noname');
    const token = await invite(owner, email);
    const res = await ctx.app.inject({
      method: 'POST',
      url: `/dashboardapi/teammembers/invite/${token}/accept`,
      payload: { password: 'long enough 1' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().details).toEqual([{ path: 'name', message: 'Enter your name.' }]);
    // Still usable after a failed attempt.
    const info = await ctx.app.inject({
      method: 'GET',
      url: `/dashboardapi/teammembers/invite/${token}`,
    });
    expect(info.statusCode).toBe(200);
  });
});
