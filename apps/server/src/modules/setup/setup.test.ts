import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  FAST_REPLY_PATHS,
  ONBOARDING_VIDEOS_PATH,
  SETUP_CHECKLIST_PATH,
  WIDGET_SETTINGS_PATH,
} from '@parley/contracts';
import { loadConfig } from '../../config';
import { brands, sendingDomains, supportChannels } from '../../db/schema';
import { as, createTestContext, signUp, type Session, type TestContext } from '../../test/harness';
import { apiChannelFor, ownerAndTeammate } from '../../test/inbox-fixtures';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ AUTH_RATE_LIMIT_PER_MINUTE: '1000' });
});
afterAll(() => ctx.close());

type Item = { key: string; done: boolean; detail: string };

async function checklist(s: Session) {
  const res = await as(ctx, s).get(SETUP_CHECKLIST_PATH);
  expect(res.statusCode).toBe(200);
  return res.json() as { items: Item[]; completed: number; total: number };
}
async function item(s: Session, key: string) {
  return (await checklist(s)).items.find((i) => i.key === key)!;
}

let shops = 0;
async function shopifyStore(s: Session, shopify = true) {
  shops += 1;
  const [brand] = await ctx.deps.db
    .insert(brands)
    .values({
      accountId: s.accountId,
      name: `Shop ${shops}`,
      myshopifyDomain: shopify ? `shop-${shops}-${s.accountId}.myshopify.com` : null,
    })
    .returning();
  return brand!;
}

describe('setup checklist (/setup): GET /dashboardapi/setup/checklist, each item from real state', () => {
  it('a new workspace has the five items, in order, none done', async () => {
    const owner = await signUp(ctx);
    expect(await checklist(owner)).toEqual({
      items: [
        { key: 'connect_channel', done: false, detail: 'No channel yet' },
        {
          key: 'install_widget',
          done: false,
          detail: 'The widget is not switched on for any store',
        },
        { key: 'invite_team', done: false, detail: 'Only you so far' },
        { key: 'create_fast_replies', done: false, detail: 'None yet' },
        {
          key: 'verify_sending_domain',
          done: false,
          detail: 'No email channel to send from yet',
        },
      ],
      completed: 0,
      total: 5,
    });
  });

  it('connect a channel: done once any support channel exists, undone when it is removed', async () => {
    const owner = await signUp(ctx);
    const { channelId } = await apiChannelFor(ctx, owner);
    expect(await item(owner, 'connect_channel')).toEqual({
      key: 'connect_channel',
      done: true,
      detail: '1 channel connected',
    });
    await as(ctx, owner).delete(`/dashboardapi/supportchannel?id=${channelId}`);
    expect((await item(owner, 'connect_channel')).done).toBe(false);
  });

  it('install the widget: done while a Shopify store widget is enabled and configured (what public_settings serves as on)', async () => {
    const owner = await signUp(ctx);
    // Enabled on a store the widget cannot be installed on (no Shopify domain): not done.
    const plain = await shopifyStore(owner, false);
    await as(ctx, owner).patch(`${WIDGET_SETTINGS_PATH}?brand_id=${plain.id}`, {
      basic_settings: { is_widget_enabled: true },
    });
    expect((await item(owner, 'install_widget')).done).toBe(false);

    const shop = await shopifyStore(owner);
    // Configured but off: not done.
    await as(ctx, owner).patch(`${WIDGET_SETTINGS_PATH}?brand_id=${shop.id}`, {
      theme: { cta: 'Hi there' },
    });
    expect((await item(owner, 'install_widget')).done).toBe(false);
    await as(ctx, owner).patch(`${WIDGET_SETTINGS_PATH}?brand_id=${shop.id}`, {
      basic_settings: { is_widget_enabled: true },
    });
    expect(await item(owner, 'install_widget')).toEqual({
      key: 'install_widget',
      done: true,
      detail: `Live on ${shop.name}`,
    });
    await as(ctx, owner).patch(`${WIDGET_SETTINGS_PATH}?brand_id=${shop.id}`, {
      basic_settings: { is_widget_enabled: false },
    });
    expect((await item(owner, 'install_widget')).done).toBe(false);
  });

  it('invite the team: done with a pending invitation, and with a teammate who joined', async () => {
    const owner = await signUp(ctx);
    await as(ctx, owner).post('/dashboardapi/teammembers/invite', {
      email: 'newhire@example.com',
      permission_level: 'agent',
    });
    expect(await item(owner, 'invite_team')).toEqual({
      key: 'invite_team',
      done: true,
      detail: '1 invitation pending',
    });

    const { owner: other } = await ownerAndTeammate(ctx);
    expect(await item(other, 'invite_team')).toEqual({
      key: 'invite_team',
      done: true,
      detail: '1 teammate joined',
    });
  });

  it('create fast replies: done with at least one template, undone when the last is deleted', async () => {
    const owner = await signUp(ctx);
    const created = await as(ctx, owner).post(FAST_REPLY_PATHS.create, {
      name: 'Greeting',
      template_content: 'Hello {{customer_name}}',
    });
    expect(created.statusCode).toBe(201);
    expect(await item(owner, 'create_fast_replies')).toEqual({
      key: 'create_fast_replies',
      done: true,
      detail: '1 fast reply',
    });
    await as(ctx, owner).delete(`${FAST_REPLY_PATHS.one}?id=${created.json().id}`);
    expect((await item(owner, 'create_fast_replies')).done).toBe(false);
  });

  it('verify the sending domain: done once every email channel sends from a domain that passed the DNS check', async () => {
    const owner = await signUp(ctx);
    await ctx.deps.db.insert(supportChannels).values({
      accountId: owner.accountId,
      type: 'email',
      name: 'support@maya.example',
      settings: { address: 'Support@Maya.example' },
    });
    expect(await item(owner, 'verify_sending_domain')).toEqual({
      key: 'verify_sending_domain',
      done: false,
      detail: 'DMARC verification is required for your sending domain',
    });
    const domain = {
      accountId: owner.accountId,
      domain: 'maya.example',
      dkimSelector: 'parley-test',
      dkimPublicKey: 'AAAA',
      dkimPrivateKeyEncrypted: 'v1.x.y.z',
    };
    await ctx.deps.db.insert(sendingDomains).values(domain);
    expect((await item(owner, 'verify_sending_domain')).done).toBe(false);
    await ctx.deps.db
      .update(sendingDomains)
      .set({ verifiedAt: new Date() })
      .where(eq(sendingDomains.accountId, owner.accountId));
    expect(await item(owner, 'verify_sending_domain')).toEqual({
      key: 'verify_sending_domain',
      done: true,
      detail: 'Your sending domain is verified',
    });
    // Another account's verification of the same domain does not count.
    const other = await signUp(ctx);
    await ctx.deps.db.insert(supportChannels).values({
      accountId: other.accountId,
      type: 'email',
      name: 'help@maya.example',
      settings: { address: 'help@maya.example' },
    });
    expect((await item(other, 'verify_sending_domain')).done).toBe(false);
    const all = await checklist(owner);
    expect(all.completed).toBe(all.items.filter((i) => i.done).length);
    expect(all.completed).toBe(2);
  });

  it("counts only the caller's account: B sees none of A's progress, and naming A's account is refused", async () => {
    const a = await signUp(ctx, { account_name: 'Victim' });
    const b = await signUp(ctx, { account_name: 'Attacker' });
    await apiChannelFor(ctx, a);
    await as(ctx, a).post(FAST_REPLY_PATHS.create, { name: 'Hi', template_content: 'Hi' });
    expect((await checklist(a)).completed).toBe(2);
    expect((await checklist(b)).completed).toBe(0);
    const res = await as(ctx, { ...b, accountId: a.accountId }).get(SETUP_CHECKLIST_PATH);
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('not_a_member');
    expect(res.body).not.toContain('Victim');
  });

  it('is documented in the OpenAPI schema', async () => {
    const doc = (await ctx.app.inject({ method: 'GET', url: '/dashboardapi/docs/json' })).json();
    expect(doc.paths[SETUP_CHECKLIST_PATH].get.tags).toEqual(['setup']);
  });

  it('needs a session', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: SETUP_CHECKLIST_PATH })).statusCode).toBe(
      401,
    );
  });
});

describe('onboarding videos (help menu "Watch Onboarding Videos", /setup): GET /dashboardapi/setup/videos', () => {
  const videos = [
    { title: 'Your first day in the inbox', url: 'https://videos.example.test/inbox', minutes: 4 },
    {
      title: 'Connect your email',
      url: 'https://videos.example.test/email',
      description: 'Forward your support address and verify the sending domain.',
    },
  ];

  it('lists what the operator published (ONBOARDING_VIDEOS), in order, to any signed-in agent', async () => {
    const withVideos = await createTestContext({ ONBOARDING_VIDEOS: JSON.stringify(videos) });
    try {
      const agent = await signUp(withVideos);
      const res = await as(withVideos, agent).get(ONBOARDING_VIDEOS_PATH);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        videos: [
          { ...videos[0], description: null },
          { ...videos[1], minutes: null },
        ],
      });
      expect((await withVideos.app.inject({ url: ONBOARDING_VIDEOS_PATH })).statusCode).toBe(401);
    } finally {
      await withVideos.close();
    }
  });

  it('answers an empty list until the operator publishes one (never a made-up link)', async () => {
    const { owner } = await ownerAndTeammate(ctx);
    const res = await as(ctx, owner).get(ONBOARDING_VIDEOS_PATH);
    expect(res.json()).toEqual({ videos: [] });
  });

  it.each([
    ['not json', 'ONBOARDING_VIDEOS must be a JSON array'],
    [
      JSON.stringify([{ title: 'Plain', url: 'http://videos.example.test/a' }]),
      'ONBOARDING_VIDEOS.0.url',
    ],
    [JSON.stringify([{ url: 'https://videos.example.test/a' }]), 'ONBOARDING_VIDEOS.0.title'],
  ])(
    'refuses a malformed ONBOARDING_VIDEOS at start with the setting named (%s)',
    (value, message) => {
      expect(() => loadConfig({ ONBOARDING_VIDEOS: value })).toThrow(message);
    },
  );
});
