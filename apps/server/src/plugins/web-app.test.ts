import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerWebApp } from './web-app';

let dist: string;
beforeAll(async () => {
  dist = await fs.mkdtemp(path.join(os.tmpdir(), 'parley-dist-'));
  await fs.writeFile(path.join(dist, 'index.html'), '<!doctype html><title>Parley</title>');
});
afterAll(() => fs.rm(dist, { recursive: true, force: true }));

async function cspOf(helpWidgetUrl: string | null) {
  const app = Fastify();
  await registerWebApp(app, dist, helpWidgetUrl);
  const res = await app.inject({ method: 'GET', url: '/inboxes' });
  await app.close();
  expect(res.statusCode).toBe(200);
  return String(res.headers['content-security-policy']);
}

describe('the agent app’s Content-Security-Policy (design §6)', () => {
  it('frames only our own pages when no help widget chat is configured', async () => {
    const csp = await cspOf(null);
    expect(csp).toContain("frame-src 'self';");
    expect(csp).toContain("frame-ancestors 'self'");
    expect(csp).toContain("script-src 'self';");
  });

  it('also frames the origin of HELP_WIDGET_URL, and only its origin', async () => {
    const csp = await cspOf('https://help.example.com/widget/frame?workspace=1');
    expect(csp).toContain("frame-src 'self' https://help.example.com;");
    expect(csp).not.toContain('/widget/frame');
  });
});
