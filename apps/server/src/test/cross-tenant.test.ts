import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, createTestContext, signUp, type TestContext } from './harness';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ AUTH_RATE_LIMIT_PER_MINUTE: '1000' });
});
afterAll(() => ctx.close());

/**
 * Account B must never see or touch account A's data (design.md §4, Chatwoot CVE-2026-115725).
 * Every agent endpoint is called by B's user naming A's account: all must refuse.
 */
const AGENT_ENDPOINTS: [method: 'get' | 'post' | 'patch', url: string, body?: unknown][] = [
  ['get', '/dashboardapi/me'],
  ['get', '/dashboardapi/global/settings'],
  ['patch', '/dashboardapi/global/settings', { auto_assign_user_on_reply: true }],
  ['get', '/dashboardapi/teammembers'],
  [
    'post',
    '/dashboardapi/teammembers/invite',
    { email: 'mallory@example.com', permission_level: 'admin' },
  ],
  ['get', '/dashboardapi/reports/overview?from=2026-03-01&to=2026-03-10'],
  ['get', '/dashboardapi/reports/export.csv?from=2026-03-01&to=2026-03-10'],
];

describe('cross-tenant isolation', () => {
  it.each(AGENT_ENDPOINTS)(
    '%s %s with another account id answers 403 not_a_member',
    async (method, url, body) => {
      const a = await signUp(ctx, { account_name: 'Victim' });
      const b = await signUp(ctx, { account_name: 'Attacker' });
      const before = (await as(ctx, a).get('/dashboardapi/global/settings')).json();
      const res = await as(ctx, { ...b, accountId: a.accountId })[method](url, body);
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe('not_a_member');
      expect(res.body).not.toContain('Victim');
      expect((await as(ctx, a).get('/dashboardapi/global/settings')).json()).toEqual(before);
      const members = (await as(ctx, a).get('/dashboardapi/teammembers')).json();
      expect(members.invitations).toEqual([]);
    },
  );
});
