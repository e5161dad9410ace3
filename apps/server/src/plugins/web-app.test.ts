import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import fastifyCookie from '@fastify/cookie';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WEB_CONFIG_ELEMENT_ID } from '@parley/contracts';
import { registerWebApp, type WebAppOptions } from './web-app';

// The shape Vite writes (apps/web/index.html, built).
const INDEX_HTML = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <title>Parley</title>
    <script type="module" crossorigin src="/assets/index-abc.js"></script>
    <meta name="parley-build" content="build-1" />
  </head>
  <body><div id="root"></div></body>
</html>
`;

let dist: string;
beforeAll(async () => {
  dist = await fs.mkdtemp(path.join(os.tmpdir(), 'parley-dist-'));
  await fs.writeFile(path.join(dist, 'index.html'), INDEX_HTML);
  await fs.writeFile(path.join(dist, 'build.json'), JSON.stringify({ build: 'build-1' }));
});
afterAll(() => fs.rm(dist, { recursive: true, force: true }));

async function get(url: string, options: WebAppOptions = {}) {
  const app = Fastify();
  await registerWebApp(app, dist, options);
  const res = await app.inject({ method: 'GET', url });
  await app.close();
  return res;
}

/** The JSON data block's text, as a browser would read it (textContent). */
function configBlock(html: string): unknown {
  const match = new RegExp(
    `<script type="application/json" id="${WEB_CONFIG_ELEMENT_ID}">(.*?)</script>`,
    's',
  ).exec(html);
  return match ? JSON.parse(match[1]!) : undefined;
}

async function cspOf(helpWidgetUrl: string | null) {
  const app = Fastify();
  await registerWebApp(app, dist, { helpWidgetUrl });
  const res = await app.inject({ method: 'GET', url: '/inboxes' });
  await app.close();
  expect(res.statusCode).toBe(200);
  return String(res.headers['content-security-policy']);
}

describe('the agent app’s Content-Security-Policy (docs/security.md)', () => {
  it('frames only our own pages when no help widget chat is configured', async () => {
    const csp = await cspOf(null);
    expect(csp).toContain("frame-src 'self';");
    expect(csp).toContain("frame-ancestors 'self'");
    expect(csp).toContain("script-src 'self';");
  });

  it('is a page’s: the hashed scripts and styles carry none, nor validators, and stay cached for good', async () => {
    await fs.mkdir(path.join(dist, 'assets'), { recursive: true });
    await fs.writeFile(path.join(dist, 'assets', 'index-abc.js'), 'export {};');
    const app = Fastify();
    app.addHook('onSend', async (_request, reply) => {
      reply.header('x-frame-options', 'SAMEORIGIN');
    });
    await registerWebApp(app, dist);
    const asset = await app.inject({ method: 'GET', url: '/assets/index-abc.js' });
    const page = await app.inject({ method: 'GET', url: '/inboxes' });
    await app.close();
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(asset.headers['content-security-policy']).toBeUndefined();
    expect(asset.headers['x-frame-options']).toBeUndefined();
    for (const validator of ['etag', 'last-modified', 'accept-ranges'])
      expect(asset.headers[validator]).toBeUndefined();
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    expect(page.headers['x-frame-options']).toBe('SAMEORIGIN');
  });

  it('also frames the origin of HELP_WIDGET_URL, and only its origin', async () => {
    const csp = await cspOf('https://help.example.com/widget/frame?workspace=1');
    expect(csp).toContain("frame-src 'self' https://help.example.com;");
    expect(csp).not.toContain('/widget/frame');
  });
});

describe('PRODUCT_NAME and SUPPORT_EMAIL reach the web app at run time', () => {
  it('index.html has the configured product name as its title and the settings as a JSON block', async () => {
    const options = { productName: 'Acme Desk', supportEmail: 'help@acme.test' };
    for (const url of ['/', '/inboxes/all', '/index.html']) {
      const res = await get(url, options);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.body).toContain('<title>Acme Desk</title>');
      expect(res.body).not.toContain('<title>Parley</title>');
      expect(configBlock(res.body)).toEqual({
        product_name: 'Acme Desk',
        support_email: 'help@acme.test',
      });
    }
  });

  it('escapes the name: markup in PRODUCT_NAME stays text in the title and data in the block', async () => {
    const productName = `Ben & Jerry's <b>Desk</b></script><script>alert(1)</script>`;
    const res = await get('/', { productName, supportEmail: 'help@acme.test' });
    expect(res.body).toContain(
      '<title>Ben &amp; Jerry&#39;s &lt;b&gt;Desk&lt;/b&gt;&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;</title>',
    );
    // One script element of ours beside the bundle's: the name cannot close the data block.
    expect(res.body.match(/<script/g)).toHaveLength(2);
    expect(res.body.match(/<\/script>/g)).toHaveLength(2);
    expect(configBlock(res.body)).toEqual({
      product_name: productName,
      support_email: 'help@acme.test',
    });
  });

  it('without settings, the defaults: Parley and support@parley.localhost', async () => {
    const res = await get('/');
    expect(res.body).toContain('<title>Parley</title>');
    expect(configBlock(res.body)).toEqual({
      product_name: 'Parley',
      support_email: 'support@parley.localhost',
    });
  });
});

describe('the build being served', () => {
  it('answers the build id of dist/build.json, never cached', async () => {
    const res = await get('/build.json');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json()).toEqual({ build: 'build-1' });
  });

  it('answers the new id as soon as a new build is put in place', async () => {
    const app = Fastify();
    await registerWebApp(app, dist);
    await fs.writeFile(path.join(dist, 'build.json'), JSON.stringify({ build: 'build-2' }));
    const res = await app.inject({ method: 'GET', url: '/build.json' });
    await app.close();
    await fs.writeFile(path.join(dist, 'build.json'), JSON.stringify({ build: 'build-1' }));
    expect(res.json()).toEqual({ build: 'build-2' });
  });
});

describe('the first visit’s files are named for preloading (docs/ARCHITECTURE.md, "Chunks and the first visit")', () => {
  const FILES = {
    'themed-app': ['/assets/themed-app-1.js', '/assets/themed-app-1.css'],
    shell: ['/assets/shell-1.js', '/assets/themed-app-1.js', '/assets/themed-app-1.css'],
    conversation: ['/assets/conversation-1.js'],
  };
  let withManifest: string;
  beforeAll(async () => {
    withManifest = await fs.mkdtemp(path.join(os.tmpdir(), 'parley-dist-'));
    await fs.writeFile(path.join(withManifest, 'index.html'), INDEX_HTML);
    await fs.writeFile(path.join(withManifest, 'first-visit.json'), JSON.stringify(FILES));
  });
  afterAll(() => fs.rm(withManifest, { recursive: true, force: true }));

  async function page(url: string, signedIn: boolean) {
    const app = Fastify();
    await app.register(fastifyCookie);
    await registerWebApp(app, withManifest);
    const res = await app.inject({
      method: 'GET',
      url,
      cookies: signedIn ? { auth_token: 'a-session' } : {},
    });
    await app.close();
    expect(res.statusCode).toBe(200);
    return res;
  }
  const preloaded = (html: string) =>
    [
      ...html.matchAll(
        /<link rel="(?:modulepreload|preload" as="style)" crossorigin href="([^"]+)">/g,
      ),
    ].map((match) => match[1]);

  it('a signed-in page: the themed app and the shell, each file once, scripts as modules and styles as styles', async () => {
    const res = await page('/inboxes/all', true);
    expect(preloaded(res.body)).toEqual([
      '/assets/themed-app-1.js',
      '/assets/themed-app-1.css',
      '/assets/shell-1.js',
    ]);
    expect(res.body).toContain(
      '<link rel="preload" as="style" crossorigin href="/assets/themed-app-1.css">',
    );
    expect(res.headers.vary).toContain('cookie');
  });

  it('a public page: the themed app only; the sign-in page and the manifest itself: nothing', async () => {
    expect(preloaded((await page('/help-center/1', false)).body)).toEqual([
      '/assets/themed-app-1.js',
      '/assets/themed-app-1.css',
    ]);
    expect(preloaded((await page('/help-center/1', true)).body)).toHaveLength(2);
    expect(preloaded((await page('/login', false)).body)).toEqual([]);
    expect(preloaded((await page('/login', true)).body)).toEqual([]);
  });

  it('each variant has its own ETag, so a revalidation never keeps another variant', async () => {
    const signedIn = await page('/inboxes', true);
    const signedOut = await page('/login', false);
    expect(signedIn.headers.etag).not.toBe(signedOut.headers.etag);
  });
});
