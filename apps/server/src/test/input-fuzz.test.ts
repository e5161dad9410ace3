import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, sessionFrom, signUp, type Session, type TestContext } from './harness';
import { operationsOf, sampleOf, urlOf, type Operation } from './openapi-operations';

// Bad input answers 4xx, never 5xx (docs/security.md): every operation of the OpenAPI document,
// as a signed-in agent, with NUL and an unpaired surrogate in every string it takes.

let ctx: TestContext;
let agent: Session & { email: string; password: string };
beforeAll(async () => {
  ctx = await createTestContext({ AUTH_RATE_LIMIT_PER_MINUTE: '10000' });
  agent = await signUp(ctx);
});
afterAll(() => ctx.close());

const BAD_TEXTS = { NUL: 'a\u0000b', 'an unpaired surrogate': 'a\ud800b' };
/** A server without Stripe says so with 503 on the billing routes: an answer, not a failure. */
const isDeliberate = (status: number, body: string) =>
  status === 503 && body.includes('"billing_not_configured"');
/** The whole run stays within this, however many routes there are. */
const BUDGET_MS = 90_000;

function send(op: Operation, url: string, body: unknown) {
  let payload: string | undefined;
  let contentType: string | undefined;
  if (op.body && body !== undefined) {
    if (op.body.contentType === 'application/x-www-form-urlencoded') {
      contentType = op.body.contentType;
      payload = new URLSearchParams(body as Record<string, string>).toString();
    } else {
      contentType = 'application/json';
      payload = JSON.stringify(body);
    }
  }
  return ctx.app.inject({
    method: op.method,
    url,
    headers: {
      authorization: `Token ${agent.token}`,
      'x-dc-account-id': String(agent.accountId),
      'x-csrftoken': agent.csrf,
      cookie: `csrftoken=${agent.csrf}`,
      ...(contentType ? { 'content-type': contentType } : {}),
    },
    ...(payload === undefined ? {} : { payload }),
  });
}

/** A variant may have ended the session (sign-out, password change): sign in again. */
async function keepSignedIn() {
  const me = await send(
    { method: 'GET', path: '', security: [], parameters: [], body: null },
    '/dashboardapi/me',
    undefined,
  );
  if (me.statusCode === 200) return;
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/dashboardapi/auth/login',
    payload: { email: agent.email, password: agent.password },
  });
  agent = { ...agent, ...sessionFrom(res) };
}

describe('invalid text answers 400, never 500', () => {
  it('POST /widgetapi/sessions with a NUL shop domain, without sign-in', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/widgetapi/sessions',
      payload: '{"myshopify_domain":"\\u0000"}',
      headers: { 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'validation_error' });
  });

  it('every operation of the OpenAPI document, with bad text in its body, query and path', async () => {
    const ops = operationsOf(ctx.app);
    expect(ops.length).toBeGreaterThan(100);
    const started = Date.now();
    const failures: string[] = [];
    let calls = 0;
    for (const op of ops) {
      if (Date.now() - started > BUDGET_MS) break;
      for (const [name, text] of Object.entries(BAD_TEXTS)) {
        const numericPath = (p: Operation['parameters'][number]) =>
          p.schema.type === 'string' ? text : '999999';
        const url = urlOf(op, numericPath, text);
        const res = await send(op, url, op.body ? sampleOf(op.body.schema, text) : undefined);
        calls += 1;
        if (res.statusCode >= 500 && !isDeliberate(res.statusCode, res.body))
          failures.push(`${op.method} ${op.path} (${name}): ${res.statusCode} ${res.body}`);
        await keepSignedIn();
      }
    }
    expect(failures).toEqual([]);
    // The budget is a bound, not a way to skip: every operation was called.
    expect(calls).toBe(ops.length * Object.keys(BAD_TEXTS).length);
  }, 180_000);
});
