import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { translateApiText } from '../lib/i18n';
import { as, createTestContext, signUp, type Session, type TestContext } from '../test/harness';

/** docs/i18n.md, "API errors": the API answers its refusals in the language the caller asks for. */
let ctx: TestContext;
let owner: Session;

beforeAll(async () => {
  ctx = await createTestContext();
  owner = await signUp(ctx);
  await as(ctx, owner).post('/dashboardapi/tags', { name: 'Returns' });
});
afterAll(() => ctx.close());

function call(
  method: 'GET' | 'POST',
  url: string,
  language: string | null,
  payload?: unknown,
  session: Session | null = owner,
) {
  return ctx.app.inject({
    method,
    url,
    headers: {
      ...(session
        ? {
            authorization: `Token ${session.token}`,
            'x-dc-account-id': String(session.accountId),
            'x-csrftoken': session.csrf,
            cookie: `csrftoken=${session.csrf}; auth_token=${session.token}; account_id=${session.accountId}`,
          }
        : {}),
      ...(language ? { 'accept-language': language } : {}),
      ...(payload === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(payload === undefined ? {} : { payload: JSON.stringify(payload) }),
  });
}

describe('API errors in the caller’s language (docs/i18n.md, "API errors")', () => {
  it('writes an error with values in the language of Accept-Language, the values put in', async () => {
    const english =
      'A tag named “{name}” already exists. Pick another name, or merge the two tags.';
    const res = await call('POST', '/dashboardapi/tags', 'es-MX,es;q=0.9', { name: 'RETURNS' });
    expect(res.statusCode).toBe(409);
    const message = res.json().message as string;
    expect(message).toBe(translateApiText('es', english, { name: 'RETURNS' }));
    expect(message).toContain('RETURNS');
    expect(message).not.toBe(translateApiText('en', english, { name: 'RETURNS' }));
  });

  it('stays in English, word for word, without Accept-Language or for a language it does not speak', async () => {
    for (const language of [null, 'zh-CN']) {
      const res = await call('POST', '/dashboardapi/tags', language, { name: 'RETURNS' });
      expect(res.json()).toEqual({
        code: 'conflict',
        message: 'A tag named “RETURNS” already exists. Pick another name, or merge the two tags.',
      });
    }
  });

  it('translates a not-found, and the sign-in refusal before any session', async () => {
    const missing = await call('GET', '/dashboardapi/conversations/987654', 'fr');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe(translateApiText('fr', 'That conversation was not found.'));
    expect(missing.json().message).not.toBe('That conversation was not found.');

    const anonymous = await call('GET', '/dashboardapi/tags', 'de', undefined, null);
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().message).toBe(translateApiText('de', 'Please sign in to continue.'));
    expect(anonymous.json().message).not.toBe('Please sign in to continue.');
  });

  it('translates a schema’s own words and Zod’s, in the message and each field problem', async () => {
    const empty = await call('POST', '/dashboardapi/tags', 'pt-BR', { name: '' });
    expect(empty.statusCode).toBe(400);
    const mine = translateApiText('pt-BR', 'Give the tag a name.');
    expect(mine).not.toBe('Give the tag a name.');
    expect(empty.json().details).toEqual([{ path: 'name', message: mine }]);
    expect(empty.json().message).toBe(`name: ${mine}`);

    const wrongType = await call('POST', '/dashboardapi/tags', 'fr', { name: 42 });
    expect(wrongType.statusCode).toBe(400);
    // Zod's French for "expected string, received number".
    expect(wrongType.json().details[0].message).toMatch(/attendu.*nombre reçu/);

    const english = await call('POST', '/dashboardapi/tags', null, { name: 42 });
    expect(english.json().details[0].message).toBe(
      'Invalid input: expected string, received number',
    );
  });

  it('translates the answers of the error handler itself: no route, bad JSON', async () => {
    const noRoute = await call('GET', '/dashboardapi/no-such-thing', 'ar');
    expect(noRoute.statusCode).toBe(404);
    expect(noRoute.json().message).toBe(
      translateApiText('ar', 'No route for {method} {path}.', {
        method: 'GET',
        path: '/dashboardapi/no-such-thing',
      }),
    );
    expect(noRoute.json().message).toContain('/dashboardapi/no-such-thing');

    const badJson = await ctx.app.inject({
      method: 'POST',
      url: '/dashboardapi/auth/login',
      headers: { 'content-type': 'application/json', 'accept-language': 'hi' },
      payload: '{"email": ',
    });
    expect(badJson.statusCode).toBe(400);
    expect(badJson.json().message).toBe(
      translateApiText('hi', 'The request body is not valid JSON.'),
    );
    expect(badJson.json().message).not.toBe('The request body is not valid JSON.');
  });
});
