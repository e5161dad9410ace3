import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';
import { createTestContext, type TestContext } from './test/harness';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

describe('server foundations', () => {
  it('serves the OpenAPI document at /dashboardapi/docs/json and a browsable page at /dashboardapi/docs', async () => {
    const json = await ctx.app.inject({ method: 'GET', url: '/dashboardapi/docs/json' });
    expect(json.statusCode).toBe(200);
    const doc = json.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/dashboardapi/me',
        '/dashboardapi/global/settings',
        '/dashboardapi/auth/login',
      ]),
    );
    const page = await ctx.app.inject({ method: 'GET', url: '/dashboardapi/docs' });
    expect([200, 302]).toContain(page.statusCode);
  });

  it('refuses to start when a route does not declare its auth mode', async () => {
    const other = await createTestContext();
    try {
      const { buildApp } = await import('./app');
      const app = await buildApp(other.deps, { logger: false });
      app.get('/dashboardapi/undeclared', async () => 'oops');
      await expect(app.ready()).rejects.toThrow(
        /without a declared auth mode: GET \/dashboardapi\/undeclared/,
      );
    } finally {
      await other.close();
    }
  });

  it('answers unknown API routes with 404 {code, message}', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/dashboardapi/nope' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'not_found', message: expect.any(String) });
  });

  it('sends nosniff and a referrer policy on every answer', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/dashboardapi/me' });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  });
});

describe('configuration', () => {
  it('applies the defaults', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({
      port: 3000,
      productName: 'Parley',
      demo: true,
      smtpPort: 2525,
      databaseUrl: undefined,
    });
    expect(c.dataDir).toMatch(/data$/);
    expect(c.searchConcurrency).toBeGreaterThanOrEqual(2);
    expect(loadConfig({ SEARCH_CONCURRENCY: '5' }).searchConcurrency).toBe(5);
  });

  it('turns the demo off in production unless asked', () => {
    expect(loadConfig({ NODE_ENV: 'production' }).demo).toBe(false);
    expect(loadConfig({ DEMO: 'off' }).demo).toBe(false);
  });

  it.each([
    ['PORT', 'abc'],
    ['DATABASE_URL', 'not a url'],
    ['DEMO', 'maybe'],
    ['SECRET_KEY', 'short'],
    ['SEARCH_CONCURRENCY', '0'],
  ])('stops with a message naming %s when its value is bad', (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ [name]: value })).toThrow(new RegExp(name));
  });
});
