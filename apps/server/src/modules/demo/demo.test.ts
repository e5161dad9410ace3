import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FAST_REPLY_PATHS } from '@parley/contracts';
import { as, createTestContext, sessionFrom, type TestContext } from '../../test/harness';
import { DEMO_OWNER } from './demo-data';
import { seedDemoIfEmpty } from './demo.service';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

describe('the embedded demo workspace', () => {
  it('is created once on an empty database, and its printed sign-in works', async () => {
    const signIn = await seedDemoIfEmpty(ctx.deps);
    expect(signIn).toEqual({
      accountName: 'Northwind Outfitters',
      email: DEMO_OWNER.email,
      password: DEMO_OWNER.password,
    });
    expect(await seedDemoIfEmpty(ctx.deps)).toEqual(signIn);

    const login = await ctx.app.inject({
      method: 'POST',
      url: '/dashboardapi/auth/login',
      payload: { email: signIn!.email, password: signIn!.password },
    });
    expect(login.statusCode).toBe(200);
    const api = as(ctx, sessionFrom(login));
    const counts = (await api.get('/dashboardapi/conversations/counts?status=all')).json();
    expect(counts.all).toBe(36);
    const mapping = (await api.get('/dashboardapi/conversation/mapping')).json();
    expect(mapping.dc_users).toHaveLength(4);
    expect(mapping.teams.map((t: { name: string }) => t.name)).toEqual([
      'Billing',
      'Customer Care',
    ]);
    expect(new Set(mapping.support_channels.map((c: { type: string }) => c.type))).toEqual(
      new Set(['email', 'live_chat', 'facebook', 'instagram_dm', 'whatsapp_gupshup_isv', 'sms']),
    );
    const open = (
      await api.get('/dashboardapi/conversations?view=all&sort=waiting_longest')
    ).json();
    expect(open.items.length).toBeGreaterThan(10);
    expect(open.items[0].waiting_since).not.toBeNull();
    // Its store's chat widget is live, so /widget-demo works out of the box.
    const store = (await api.get('/dashboardapi/widget/settings')).json();
    const live = await ctx.app.inject({
      method: 'GET',
      url: `/dashboardapi/widget/public_settings/?myshopify_domain=${store.store.myshopify_domain}`,
    });
    expect(live.json().basic_settings.is_widget_enabled).toBe(true);
  });

  it('has fast replies in folders whose variables fill in the customer’s name (as the README says)', async () => {
    const signIn = (await seedDemoIfEmpty(ctx.deps))!;
    const login = await ctx.app.inject({
      method: 'POST',
      url: '/dashboardapi/auth/login',
      payload: { email: signIn.email, password: signIn.password },
    });
    const api = as(ctx, sessionFrom(login));
    const all = (await api.get(FAST_REPLY_PATHS.all)).json() as {
      fast_replies: { id: number; name: string; folder: string | null; template_content: string }[];
      folders: string[];
    };
    expect(all.fast_replies.length).toBeGreaterThanOrEqual(4);
    expect(all.folders.length).toBeGreaterThanOrEqual(2);
    const greeting = all.fast_replies.find((r) => r.name === 'Greeting')!;
    expect(greeting.template_content).toContain('{{customer_first_name');

    const list = (await api.get('/dashboardapi/conversations?view=all&status=all')).json();
    const conversation = list.items[0] as { id: number; contact: { name: string } };
    const resolved = (
      await api.get(
        `${FAST_REPLY_PATHS.resolve}?id=${greeting.id}&conversation_id=${conversation.id}`,
      )
    ).json() as { content: string };
    expect(resolved.content).toContain(`Hi ${conversation.contact.name.split(' ')[0]},`);
    expect(resolved.content).toContain('Northwind Outfitters');
  });

  it('is not created when the database already has accounts', async () => {
    const other = await createTestContext();
    try {
      await other.app.inject({
        method: 'POST',
        url: '/dashboardapi/auth/signup',
        payload: {
          name: 'Real User',
          email: 'real@example.com',
          password: 'real password 1',
          account_name: 'Real Co',
        },
      });
      expect(await seedDemoIfEmpty(other.deps)).toBeNull();
    } finally {
      await other.close();
    }
  });
});
