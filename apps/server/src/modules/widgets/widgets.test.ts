import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  WIDGET_LOADER_PATH,
  WIDGET_PUBLIC_SETTINGS_PATH,
  WIDGET_SETTINGS_MESSAGES,
  WIDGET_SETTINGS_PATH,
  WIDGET_THEME_DEFAULTS,
  WIDGET_CHAT_DEFAULTS,
} from '@parley/contracts';
import { brands, widgets } from '../../db/schema';
import { as, createTestContext, signUp, type Session, type TestContext } from '../../test/harness';
import { ownerAndTeammate } from '../../test/inbox-fixtures';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ AUTH_RATE_LIMIT_PER_MINUTE: '1000' });
});
afterAll(() => ctx.close());

let shops = 0;
async function storeOf(s: Session, opts: { name?: string; shopify?: boolean } = {}) {
  shops += 1;
  const [brand] = await ctx.deps.db
    .insert(brands)
    .values({
      accountId: s.accountId,
      name: opts.name ?? `Store ${shops}`,
      myshopifyDomain:
        opts.shopify === false ? null : `store-${shops}-${s.accountId}.myshopify.com`,
    })
    .returning();
  return brand!;
}

const publicSettings = async (shop: string) => {
  const res = await ctx.app.inject({
    method: 'GET',
    url: `${WIDGET_PUBLIC_SETTINGS_PATH}?myshopify_domain=${shop}`,
  });
  expect(res.statusCode).toBe(200);
  return res.json();
};

describe('widget settings (/settings/widgets): GET/PATCH /dashboardapi/widget/settings', () => {
  it('a workspace without a store sees the defaults and no store; saving says why it cannot', async () => {
    const owner = await signUp(ctx);
    const res = await as(ctx, owner).get(WIDGET_SETTINGS_PATH);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      store: null,
      stores: [],
      is_configured: false,
      installation_snippet: null,
      basic_settings: { is_widget_enabled: false },
      theme: WIDGET_THEME_DEFAULTS,
      chat: WIDGET_CHAT_DEFAULTS,
      identity_secret: null,
    });
    const save = await as(ctx, owner).patch(WIDGET_SETTINGS_PATH, {
      basic_settings: { is_widget_enabled: true },
    });
    expect(save.statusCode).toBe(409);
    expect(save.json()).toMatchObject({
      code: 'conflict',
      message: expect.stringMatching(/no store/),
    });
  });

  it('an admin saves every public setting; public_settings (docs/product/data.md, docs/product/api.md) then serves exactly the saved values', async () => {
    const owner = await signUp(ctx);
    const store = await storeOf(owner, { name: 'Maya Boutique' });
    const before = (await as(ctx, owner).get(WIDGET_SETTINGS_PATH)).json();
    expect(before).toMatchObject({
      store: { id: store.id, name: 'Maya Boutique', myshopify_domain: store.myshopifyDomain },
      is_configured: false,
      basic_settings: { is_widget_enabled: false },
    });
    // The snippet loads the widget from this server and names the store.
    expect(before.installation_snippet).toBe(
      `<script async src="${ctx.config.publicUrl.replace(/\/$/, '')}${WIDGET_LOADER_PATH}" data-myshopify-domain="${store.myshopifyDomain}"></script>`,
    );

    const saved = await as(ctx, owner).patch(WIDGET_SETTINGS_PATH, {
      basic_settings: { is_widget_enabled: true },
      theme: { primary: '#0A7D5A', messageTheme: 'dark', z_index: 9000, cta: '  Ask us anything ' },
    });
    expect(saved.statusCode).toBe(200);
    const expected = {
      basic_settings: { is_widget_enabled: true },
      theme: { primary: '#0a7d5a', messageTheme: 'dark', z_index: 9000, cta: 'Ask us anything' },
    };
    expect(saved.json()).toMatchObject({ ...expected, is_configured: true });
    expect((await as(ctx, owner).get(WIDGET_SETTINGS_PATH)).json()).toMatchObject(expected);
    expect(await publicSettings(store.myshopifyDomain!)).toEqual(expected);

    // A partial change keeps the other saved values; #rgb is served as #rrggbb.
    await as(ctx, owner).patch(WIDGET_SETTINGS_PATH, { theme: { primary: '#F0a' } });
    await as(ctx, owner).patch(WIDGET_SETTINGS_PATH, {
      basic_settings: { is_widget_enabled: false },
    });
    expect(await publicSettings(store.myshopifyDomain!)).toEqual({
      basic_settings: { is_widget_enabled: false },
      theme: { ...expected.theme, primary: '#ff00aa' },
    });
  });

  it('brand_id picks one of several stores; a store without a Shopify domain has no snippet', async () => {
    const owner = await signUp(ctx);
    const plain = await storeOf(owner, { name: 'Pop-up', shopify: false });
    const shop = await storeOf(owner, { name: 'Online' });
    // Default: the first store the widget can be installed on.
    const first = (await as(ctx, owner).get(WIDGET_SETTINGS_PATH)).json();
    expect(first.store.id).toBe(shop.id);
    expect(first.stores.map((s: { id: number }) => s.id)).toEqual([plain.id, shop.id]);
    const other = (await as(ctx, owner).get(`${WIDGET_SETTINGS_PATH}?brand_id=${plain.id}`)).json();
    expect(other).toMatchObject({ store: { id: plain.id }, installation_snippet: null });

    await as(ctx, owner).patch(`${WIDGET_SETTINGS_PATH}?brand_id=${plain.id}`, {
      theme: { cta: 'Hello' },
    });
    expect(
      (await as(ctx, owner).get(`${WIDGET_SETTINGS_PATH}?brand_id=${plain.id}`)).json(),
    ).toMatchObject({ is_configured: true, theme: { cta: 'Hello' } });
    // The other store's widget is untouched.
    expect((await publicSettings(shop.myshopifyDomain!)).theme.cta).toBe(WIDGET_THEME_DEFAULTS.cta);
  });

  it.each([
    ['a colour that is not hex', { theme: { primary: 'blue' } }, WIDGET_SETTINGS_MESSAGES.primary],
    ['a colour with 4 digits', { theme: { primary: '#abcd' } }, WIDGET_SETTINGS_MESSAGES.primary],
    [
      'a theme other than dark or light',
      { theme: { messageTheme: 'blue' } },
      WIDGET_SETTINGS_MESSAGES.messageTheme,
    ],
    ['a z-index of 0', { theme: { z_index: 0 } }, WIDGET_SETTINGS_MESSAGES.zIndex],
    ['a fractional z-index', { theme: { z_index: 10.5 } }, WIDGET_SETTINGS_MESSAGES.zIndex],
    [
      'a z-index above 2147483647',
      { theme: { z_index: 2_147_483_648 } },
      WIDGET_SETTINGS_MESSAGES.zIndex,
    ],
    ['a z-index sent as text', { theme: { z_index: '9000' } }, WIDGET_SETTINGS_MESSAGES.zIndex],
    ['an empty call-to-action', { theme: { cta: '   ' } }, WIDGET_SETTINGS_MESSAGES.ctaEmpty],
    [
      'a call-to-action over 40 characters',
      { theme: { cta: 'x'.repeat(41) } },
      WIDGET_SETTINGS_MESSAGES.ctaTooLong,
    ],
    [
      'enabled sent as text',
      { basic_settings: { is_widget_enabled: 'yes' } },
      WIDGET_SETTINGS_MESSAGES.enabled,
    ],
    ['an empty body', {}, WIDGET_SETTINGS_MESSAGES.nothing],
  ])(
    'refuses %s with 400 validation_error in words, and saves nothing',
    async (_, body, message) => {
      const owner = await signUp(ctx);
      const store = await storeOf(owner);
      // A valid field beside the bad one: nothing is half-written.
      const sent =
        Object.keys(body).length === 0
          ? body
          : { basic_settings: { is_widget_enabled: true }, ...body };
      const res = await as(ctx, owner).patch(WIDGET_SETTINGS_PATH, sent);
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('validation_error');
      expect(res.json().message).toContain(message);
      expect(await publicSettings(store.myshopifyDomain!)).toEqual({
        basic_settings: { is_widget_enabled: false },
        theme: WIDGET_THEME_DEFAULTS,
      });
      expect((await as(ctx, owner).get(WIDGET_SETTINGS_PATH)).json().is_configured).toBe(false);
    },
  );

  it('refuses unknown fields', async () => {
    const owner = await signUp(ctx);
    await storeOf(owner);
    const res = await as(ctx, owner).patch(WIDGET_SETTINGS_PATH, { theme: { font: 'Comic Sans' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('validation_error');
  });

  it('only owners and admins change the settings; agents may read them', async () => {
    const { owner, mate } = await ownerAndTeammate(ctx);
    const store = await storeOf(owner);
    expect((await as(ctx, mate).get(WIDGET_SETTINGS_PATH)).statusCode).toBe(200);
    const res = await as(ctx, mate).patch(WIDGET_SETTINGS_PATH, {
      basic_settings: { is_widget_enabled: true },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({
      code: 'forbidden',
      message: 'Only owners and admins can do that.',
    });
    expect((await publicSettings(store.myshopifyDomain!)).basic_settings.is_widget_enabled).toBe(
      false,
    );
  });

  it("account B can neither read nor change account A's widget (404 for A's store, 403 naming A's account)", async () => {
    const a = await signUp(ctx, { account_name: 'Victim' });
    const b = await signUp(ctx, { account_name: 'Attacker' });
    const storeA = await storeOf(a, { name: 'Victim Store' });
    await storeOf(b, { name: 'Attacker Store' });
    await as(ctx, a).patch(WIDGET_SETTINGS_PATH, { theme: { cta: 'Talk to Victim' } });

    const read = await as(ctx, b).get(`${WIDGET_SETTINGS_PATH}?brand_id=${storeA.id}`);
    expect(read.statusCode).toBe(404);
    expect(read.body).not.toContain('Victim');
    const write = await as(ctx, b).patch(`${WIDGET_SETTINGS_PATH}?brand_id=${storeA.id}`, {
      basic_settings: { is_widget_enabled: true },
      theme: { cta: 'Pwned' },
    });
    expect(write.statusCode).toBe(404);
    // B's own list never shows A's store.
    const own = (await as(ctx, b).get(WIDGET_SETTINGS_PATH)).json();
    expect(own.stores.map((s: { name: string }) => s.name)).toEqual(['Attacker Store']);
    for (const [method, body] of [
      ['get', undefined],
      ['patch', { theme: { cta: 'Pwned' } }],
    ] as const) {
      const res = await as(ctx, { ...b, accountId: a.accountId })[method](
        WIDGET_SETTINGS_PATH,
        body,
      );
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe('not_a_member');
    }
    expect(await publicSettings(storeA.myshopifyDomain!)).toEqual({
      basic_settings: { is_widget_enabled: false },
      theme: { ...WIDGET_THEME_DEFAULTS, cta: 'Talk to Victim' },
    });
  });

  it('chat settings (greeting, pre-chat form, business hours, away message) are merged over the defaults and validated', async () => {
    const owner = await signUp(ctx);
    await storeOf(owner);
    const before = (await as(ctx, owner).get(WIDGET_SETTINGS_PATH)).json();
    expect(before.chat).toEqual(WIDGET_CHAT_DEFAULTS);
    const hours = {
      time_zone: 'Europe/Paris',
      days: [{ day: 1, open: '09:00', close: '17:30' }],
    };
    const saved = await as(ctx, owner).patch(WIDGET_SETTINGS_PATH, {
      chat: { greeting: 'Bonjour !', business_hours: hours },
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().chat).toEqual({
      ...WIDGET_CHAT_DEFAULTS,
      greeting: 'Bonjour !',
      business_hours: hours,
    });
    // A later partial change keeps the rest.
    const form = { enabled: true, fields: [{ key: 'email', required: true }] };
    await as(ctx, owner).patch(WIDGET_SETTINGS_PATH, { chat: { pre_chat: form } });
    expect((await as(ctx, owner).get(WIDGET_SETTINGS_PATH)).json().chat).toEqual({
      ...WIDGET_CHAT_DEFAULTS,
      greeting: 'Bonjour !',
      business_hours: hours,
      pre_chat: form,
    });
    // The theme left to the visitor's device reaches the widget, the store's own choice kept.
    await as(ctx, owner).patch(WIDGET_SETTINGS_PATH, {
      theme: { messageTheme: 'dark' },
      chat: { follow_visitor_theme: true },
    });
    const shown = (await as(ctx, owner).get(WIDGET_SETTINGS_PATH)).json();
    expect(shown.chat.follow_visitor_theme).toBe(true);
    expect(shown.theme.messageTheme).toBe('dark');

    for (const [chat, message] of [
      [{ business_hours: { time_zone: 'Mars/Olympus', days: [] } }, 'not a time zone'],
      [
        { business_hours: { time_zone: 'UTC', days: [{ day: 2, open: '18:00', close: '09:00' }] } },
        'close after they open',
      ],
      [
        {
          business_hours: {
            time_zone: 'UTC',
            days: [
              { day: 2, open: '09:00', close: '13:00' },
              { day: 2, open: '12:00', close: '18:00' },
            ],
          },
        },
        'Two periods overlap on',
      ],
      [
        {
          pre_chat: {
            enabled: true,
            fields: [
              { key: 'name', required: true },
              { key: 'name', required: false },
            ],
          },
        },
        'only once',
      ],
      [{ greeting: 'x'.repeat(201) }, ''],
      [{ follow_visitor_theme: 'yes' }, ''],
      [{ pre_chat: { enabled: true, fields: [{ key: 'shoe_size', required: true }] } }, ''],
    ] as const) {
      const res = await as(ctx, owner).patch(WIDGET_SETTINGS_PATH, { chat });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'validation_error' });
      expect(res.json().message).toContain(message);
    }
    expect((await as(ctx, owner).get(WIDGET_SETTINGS_PATH)).json().chat.greeting).toBe('Bonjour !');
  });

  it('a store may choose the widget’s language; null (the default) follows the visitor’s browser', async () => {
    const owner = await signUp(ctx);
    await storeOf(owner);
    expect((await as(ctx, owner).get(WIDGET_SETTINGS_PATH)).json().chat.locale).toBeNull();
    const saved = await as(ctx, owner).patch(WIDGET_SETTINGS_PATH, { chat: { locale: 'ar' } });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().chat).toEqual({ ...WIDGET_CHAT_DEFAULTS, locale: 'ar' });
    const refused = await as(ctx, owner).patch(WIDGET_SETTINGS_PATH, { chat: { locale: 'xx' } });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ code: 'validation_error' });
    expect((await as(ctx, owner).get(WIDGET_SETTINGS_PATH)).json().chat.locale).toBe('ar');
  });

  it('the identity secret is made on the first admin read, shown only to owners and admins, and rotated on request', async () => {
    const { owner, mate } = await ownerAndTeammate(ctx);
    await storeOf(owner);
    // No widget saved yet: no secret.
    expect((await as(ctx, owner).get(WIDGET_SETTINGS_PATH)).json().identity_secret).toBeNull();
    await as(ctx, owner).patch(WIDGET_SETTINGS_PATH, { theme: { cta: 'Hi' } });
    const first = (await as(ctx, owner).get(WIDGET_SETTINGS_PATH)).json().identity_secret;
    expect(first).toMatch(/^[0-9a-f]{64}$/);
    expect((await as(ctx, owner).get(WIDGET_SETTINGS_PATH)).json().identity_secret).toBe(first);
    // Stored sealed, never in clear.
    const [row] = await ctx.deps.db.select().from(widgets);
    expect(row!.identitySecretEncrypted).not.toContain(first);
    // Agents never see it.
    const asAgent = (await as(ctx, mate).get(WIDGET_SETTINGS_PATH)).json();
    expect(asAgent.identity_secret).toBeNull();
    expect(JSON.stringify(asAgent)).not.toContain(first);
    // Rotation: a new one replaces it.
    const rotated = await as(ctx, owner).patch(WIDGET_SETTINGS_PATH, {
      rotate_identity_secret: true,
    });
    expect(rotated.statusCode).toBe(200);
    expect(rotated.json().identity_secret).toMatch(/^[0-9a-f]{64}$/);
    expect(rotated.json().identity_secret).not.toBe(first);
    // Agents cannot rotate it.
    expect(
      (await as(ctx, mate).patch(WIDGET_SETTINGS_PATH, { rotate_identity_secret: true }))
        .statusCode,
    ).toBe(403);
  });

  it('is documented in the OpenAPI schema (GET and PATCH, with the body)', async () => {
    const doc = (await ctx.app.inject({ method: 'GET', url: '/dashboardapi/docs/json' })).json();
    const path = doc.paths[WIDGET_SETTINGS_PATH];
    expect(path.get.tags).toEqual(['widget']);
    expect(path.patch.requestBody.content['application/json'].schema.properties).toHaveProperty(
      'theme',
    );
  });

  it('needs a session', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: WIDGET_SETTINGS_PATH });
    expect(res.statusCode).toBe(401);
  });
});
