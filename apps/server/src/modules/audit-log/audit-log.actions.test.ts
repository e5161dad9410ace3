import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AUDIT_LOG_PATHS,
  CONTACT_PATHS,
  FAST_REPLY_PATHS,
  HELP_CENTER_PATHS,
  REPORT_PATHS,
  SAVED_VIEWS_API,
} from '@parley/contracts';
import { as, createTestContext, signUp, uniqueEmail, type TestContext } from '../../test/harness';

// What Settings → Audit log records besides sign-ins and members (docs/product/audit-log.md).

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ AUTH_RATE_LIMIT_PER_MINUTE: '1000' });
});
afterAll(() => ctx.close());

type Entry = {
  action: string;
  actor: { id: number } | null;
  details: Record<string, unknown>;
};

async function entriesOf(s: Awaited<ReturnType<typeof signUp>>, query = ''): Promise<Entry[]> {
  const res = await as(ctx, s).get(`${AUDIT_LOG_PATHS.list}${query}`);
  expect(res.statusCode).toBe(200);
  return res.json().entries;
}

const login = (email: string, password: string) =>
  ctx.app.inject({
    method: 'POST',
    url: '/dashboardapi/auth/login',
    payload: { email, password },
  });

describe('the audit log records failed sign-ins', () => {
  it('a wrong password for a known email is recorded in that person’s account; an unknown email writes nothing anywhere', async () => {
    const owner = await signUp(ctx, { name: 'Fay Failed' });
    const bystander = await signUp(ctx);
    expect((await login(owner.email, 'not the password at all')).statusCode).toBe(401);
    expect((await login(uniqueEmail('nobody'), 'not the password at all')).statusCode).toBe(401);

    // The entry is written beside the answer, not before it.
    await expect
      .poll(async () => (await entriesOf(owner)).map((e) => e.action))
      .toEqual(['login_failed', 'signup']);
    const [failed] = await entriesOf(owner, '?action=login_failed');
    expect(failed).toMatchObject({ actor: { id: owner.userId }, details: {} });
    expect((await entriesOf(bystander)).map((e) => e.action)).toEqual(['signup']);

    // A sign-in that works is a sign-in, not a failure.
    expect((await login(owner.email, owner.password)).statusCode).toBe(200);
    expect((await entriesOf(owner, '?action=login_failed')).length).toBe(1);
  });
});

describe('the audit log records API keys, settings, channels, exports and deletions', () => {
  it('names each change with who made it and what it was about', async () => {
    const owner = await signUp(ctx, { name: 'Olga Owner' });
    const api = as(ctx, owner);

    const key = (await api.post('/dashboardapi/apikeys', { name: 'Shop sync' })).json();
    expect((await api.delete(`/dashboardapi/apikeys/${key.id}`)).statusCode).toBe(200);

    expect(
      (await api.patch('/dashboardapi/global/settings', { are_keyboard_shortcuts_disabled: true }))
        .statusCode,
    ).toBe(200);

    const channel = await api.post('/dashboardapi/supportchannel', { type: 'api', name: 'Orders' });
    expect(channel.statusCode).toBe(201);
    const channelId = channel.json().id;
    expect(
      (await api.patch(`/dashboardapi/supportchannel?id=${channelId}`, { name: 'Orders API' }))
        .statusCode,
    ).toBe(200);
    expect((await api.delete(`/dashboardapi/supportchannel?id=${channelId}`)).statusCode).toBe(200);

    expect((await api.get(`${CONTACT_PATHS.exportCsv}?search=ada`)).statusCode).toBe(200);
    expect(
      (await api.get(`${REPORT_PATHS.exportCsv}?from=2026-03-01&to=2026-03-31&by=agent`))
        .statusCode,
    ).toBe(200);

    const tag = (await api.post('/dashboardapi/tags', { name: 'refund' })).json();
    expect((await api.delete(`/dashboardapi/tags/${tag.id}`)).statusCode).toBe(200);

    const reply = (
      await api.post(FAST_REPLY_PATHS.create, { name: 'Greeting', template_content: 'Hello!' })
    ).json();
    expect((await api.delete(`${FAST_REPLY_PATHS.one}?id=${reply.id}`)).statusCode).toBe(200);

    const category = (await api.post(HELP_CENTER_PATHS.categories, { name: 'Billing' })).json();
    const article = (await api.post(HELP_CENTER_PATHS.articles, { title: 'Refunds' })).json();
    expect((await api.delete(HELP_CENTER_PATHS.article(article.id))).statusCode).toBe(200);
    expect((await api.delete(HELP_CENTER_PATHS.category(category.id))).statusCode).toBe(200);

    const entries = await entriesOf(owner, '?limit=100');
    expect(entries.map((e) => e.action)).toEqual([
      'help_center_category_deleted',
      'help_center_article_deleted',
      'fast_reply_deleted',
      'tag_deleted',
      'report_exported',
      'contacts_exported',
      'channel_deleted',
      'channel_updated',
      'channel_created',
      'global_settings_updated',
      'api_key_revoked',
      'api_key_created',
      'signup',
    ]);
    for (const entry of entries) expect(entry.actor).toMatchObject({ id: owner.userId });
    const details = Object.fromEntries(entries.map((e) => [e.action, e.details]));
    expect(details).toMatchObject({
      help_center_category_deleted: { name: 'Billing' },
      help_center_article_deleted: { name: 'Refunds' },
      fast_reply_deleted: { name: 'Greeting' },
      tag_deleted: { name: 'refund', conversations: 0 },
      report_exported: { by: 'agent', from: '2026-03-01', to: '2026-03-31' },
      contacts_exported: { search: 'ada' },
      channel_deleted: { channel_id: channelId, name: 'Orders API', type: 'api' },
      channel_updated: { name: 'Orders API', fields: ['name'] },
      channel_created: { name: 'Orders', type: 'api' },
      global_settings_updated: { fields: ['are_keyboard_shortcuts_disabled'] },
      api_key_revoked: { api_key_id: key.id, name: 'Shop sync' },
      api_key_created: { api_key_id: key.id, name: 'Shop sync' },
    });
    // The key itself never reaches the log.
    expect(JSON.stringify(entries)).not.toContain(key.key);
  });

  it('records the deletion of an article’s translation and of a view shared with a team, not of a private view', async () => {
    const owner = await signUp(ctx, { name: 'Olga Owner' });
    const api = as(ctx, owner);
    const article = (await api.post(HELP_CENTER_PATHS.articles, { title: 'Refunds' })).json();
    const translation = `${HELP_CENTER_PATHS.article(article.id)}/translations/fr`;
    expect((await api.put(translation, { title: 'Remboursements' })).statusCode).toBe(200);
    expect((await api.delete(translation)).statusCode).toBe(200);

    const team = (
      await api.post('/dashboardapi/teams', { name: 'Billing', user_ids: [owner.userId] })
    ).json();
    const filters = { view: 'all', status: 'open', sort: 'newest' };
    const shared = (
      await api.post(SAVED_VIEWS_API.list, { name: 'Team refunds', filters, team_id: team.id })
    ).json();
    const mine = (await api.post(SAVED_VIEWS_API.list, { name: 'Mine', filters })).json();
    for (const view of [shared, mine])
      expect([200, 204]).toContain((await api.delete(SAVED_VIEWS_API.one(view.id))).statusCode);

    const entries = await entriesOf(owner);
    expect(entries.map((e) => e.action)).toEqual([
      'saved_view_deleted',
      'team_created',
      'help_center_translation_deleted',
      'signup',
    ]);
    expect(entries[0]!.details).toMatchObject({ name: 'Team refunds', team_id: team.id });
    expect(entries[2]!.details).toMatchObject({ name: 'Refunds', locale: 'fr' });
  });

  it('records nothing for a change that was refused', async () => {
    const owner = await signUp(ctx);
    const api = as(ctx, owner);
    expect((await api.delete('/dashboardapi/apikeys/999999')).statusCode).toBe(404);
    expect((await api.delete('/dashboardapi/tags/999999')).statusCode).toBe(404);
    expect((await api.delete(HELP_CENTER_PATHS.article(999999))).statusCode).toBe(404);
    expect((await entriesOf(owner)).map((e) => e.action)).toEqual(['signup']);
  });
});
