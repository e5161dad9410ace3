import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, createTestContext, signUp, type TestContext } from './harness';
import { operationsOf, sampleOf, takesAccount, urlOf } from './openapi-operations';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ AUTH_RATE_LIMIT_PER_MINUTE: '1000' });
});
afterAll(() => ctx.close());

/**
 * Account B must never see or touch account A's data (docs/ARCHITECTURE.md, Chatwoot CVE-2026-115725).
 * Every agent operation of the OpenAPI document — generated from it, so a new route is covered
 * the day it ships — is called by B's user naming A's account: all must refuse.
 */
describe('cross-tenant isolation', () => {
  it('the generated list holds every agent operation', () => {
    const AGENT_OPERATIONS = operationsOf(ctx.app).filter(takesAccount);
    expect(AGENT_OPERATIONS.length).toBeGreaterThan(100);
    expect(AGENT_OPERATIONS.map((op) => `${op.method} ${op.path}`)).toContain(
      'PATCH /dashboardapi/global/settings',
    );
  });

  it('every agent operation with another account id answers 403 not_a_member and changes nothing', async () => {
    const a = await signUp(ctx, { account_name: 'Victim' });
    const b = await signUp(ctx, { account_name: 'Attacker' });
    const before = (await as(ctx, a).get('/dashboardapi/global/settings')).json();
    const wrong: string[] = [];
    for (const op of operationsOf(ctx.app).filter(takesAccount)) {
      const url = urlOf(op, () => '1', 'x');
      const res = await ctx.app.inject({
        method: op.method,
        url,
        headers: {
          authorization: `Token ${b.token}`,
          'x-dc-account-id': String(a.accountId),
          'x-csrftoken': b.csrf,
          cookie: `csrftoken=${b.csrf}`,
          ...(op.body ? { 'content-type': 'application/json' } : {}),
        },
        ...(op.body ? { payload: JSON.stringify(sampleOf(op.body.schema, 'x')) } : {}),
      });
      const code = res.statusCode === 403 ? (res.json() as { code: string }).code : null;
      if (code !== 'not_a_member' || res.body.includes('Victim'))
        wrong.push(`${op.method} ${op.path}: ${res.statusCode} ${res.body.slice(0, 120)}`);
    }
    expect(wrong).toEqual([]);
    expect((await as(ctx, a).get('/dashboardapi/global/settings')).json()).toEqual(before);
    const members = (await as(ctx, a).get('/dashboardapi/teammembers')).json();
    expect(members.invitations).toEqual([]);
  });
});
