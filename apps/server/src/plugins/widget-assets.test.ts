import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WIDGET_LOADER_PATH, WIDGET_PATHS } from '@parley/contracts';
import { registerWidgetAssets, WIDGET_FRAME_CSP } from './widget-assets';

let dist: string;
let app: FastifyInstance;
beforeAll(async () => {
  dist = await fs.mkdtemp(path.join(os.tmpdir(), 'parley-widget-dist-'));
  await fs.mkdir(path.join(dist, 'assets'));
  await fs.writeFile(path.join(dist, 'frame.html'), '<!doctype html><title>Chat</title>');
  await fs.writeFile(path.join(dist, 'loader.js'), '(function(){})();');
  await fs.writeFile(path.join(dist, 'assets', 'frame-abc123.js'), 'console.log(1)');
  app = Fastify();
  // As app.ts does for every answer: frames only on our own origin, unless a route says otherwise.
  app.addHook('onSend', async (_request, reply) => {
    if (!reply.hasHeader('x-frame-options')) reply.header('x-frame-options', 'SAMEORIGIN');
  });
  if (!(await registerWidgetAssets(app, dist))) throw new Error('the widget was not registered');
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await fs.rm(dist, { recursive: true, force: true });
});

describe('serving the widget', () => {
  it('serves the installation snippet’s loader to any site, cached briefly', async () => {
    expect(WIDGET_PATHS.loader).toBe(WIDGET_LOADER_PATH);
    const res = await app.inject({ method: 'GET', url: WIDGET_PATHS.loader });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('(function(){})();');
    expect(res.headers['content-type']).toMatch(/^text\/javascript/);
    expect(res.headers['cache-control']).toMatch(/max-age=300\b/);
    expect(res.headers['access-control-allow-origin']).toBe('*');
    expect(res.headers['cross-origin-resource-policy']).toBe('cross-origin');
  });

  it('lets any http(s) store frame the chat page, under a strict CSP and without X-Frame-Options', async () => {
    const res = await app.inject({
      method: 'GET',
      url: `${WIDGET_PATHS.frame}?shop=a.myshopify.com`,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['x-frame-options']).toBeUndefined();
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toBe(WIDGET_FRAME_CSP);
    expect(csp).toContain('frame-ancestors http: https:');
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("script-src 'self';");
    expect(csp).not.toContain('unsafe-inline');
    expect(csp).not.toContain('unsafe-eval');
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it('serves hashed assets for a year, and nothing outside the assets folder', async () => {
    const asset = await app.inject({ method: 'GET', url: '/widget/assets/frame-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const escape = await app.inject({ method: 'GET', url: '/widget/assets/..%2fframe.html' });
    expect(escape.statusCode).toBe(404);
  });

  it('declares every route public (docs/ARCHITECTURE.md: no route without an auth mode)', async () => {
    const other = Fastify();
    // As the auth plugin does: the routes as registered, read once the app is ready.
    const routes: Array<{ url: string; config?: unknown }> = [];
    other.addHook('onRoute', (route) => {
      routes.push(route);
    });
    await registerWidgetAssets(other, dist);
    await other.ready();
    expect(routes.map((r) => r.url)).toEqual(
      expect.arrayContaining([WIDGET_PATHS.loader, WIDGET_PATHS.frame]),
    );
    for (const route of routes) expect(route.config).toMatchObject({ auth: 'public' });
    await other.close();
  });

  it('serves nothing when the widget is not built', async () => {
    const bare = Fastify();
    expect(await registerWidgetAssets(bare, path.join(dist, 'missing'))).toBe(false);
    await bare.close();
  });
});
