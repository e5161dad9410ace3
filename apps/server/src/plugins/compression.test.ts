import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WIDGET_PATHS } from '@parley/contracts';
import { precompress } from '../../../../scripts/precompress.mjs';
import { buildApp } from '../app';
import { createTestContext, signUp, type TestContext } from '../test/harness';
import { apiChannelFor } from '../test/inbox-fixtures';
import { COMPRESS_THRESHOLD_BYTES } from './compression';

// A built app's files, as Vite writes them: text that compresses well, over a kilobyte.
const js = (name: string) =>
  Array.from(
    { length: 200 },
    (_, i) => `export function ${name}${i}(value) { return value * ${i} + ${name.length}; }\n`,
  ).join('');
const INDEX_HTML = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <title>Parley</title>
    <script type="module" crossorigin src="/assets/index-abc.js"></script>
${Array.from({ length: 30 }, (_, i) => `    <link rel="modulepreload" crossorigin href="/assets/chunk-${i}-abcdef.js">`).join('\n')}
  </head>
  <body><div id="root"></div></body>
</html>
`;

let ctx: TestContext;
let app: FastifyInstance;
let web: string;
let widget: string;
const files = { asset: js('inbox'), loader: js('loader'), widgetApp: js('chat') };

beforeAll(async () => {
  web = await fs.mkdtemp(path.join(os.tmpdir(), 'parley-web-dist-'));
  await fs.mkdir(path.join(web, 'assets'));
  await fs.writeFile(path.join(web, 'index.html'), INDEX_HTML);
  await fs.writeFile(path.join(web, 'assets', 'index-abc.js'), files.asset);
  widget = await fs.mkdtemp(path.join(os.tmpdir(), 'parley-widget-dist-'));
  await fs.mkdir(path.join(widget, 'assets'));
  await fs.writeFile(path.join(widget, 'frame.html'), '<!doctype html><title>Chat</title>');
  await fs.writeFile(path.join(widget, 'loader.js'), files.loader);
  await fs.writeFile(path.join(widget, 'assets', 'frame-abc.js'), files.widgetApp);
  // As the web and widget builds do (their package.json build scripts).
  precompress(web, { skip: ['index.html'] });
  precompress(widget);

  ctx = await createTestContext({ AUTH_RATE_LIMIT_PER_MINUTE: '1000' });
  // The same app as the harness's, serving the built web app and widget as main.ts does.
  app = await buildApp(ctx.deps, { logger: false, webDistDir: web, widgetDistDir: widget });
  await app.ready();
});
afterAll(async () => {
  await app?.close();
  await ctx?.close();
  await fs.rm(web, { recursive: true, force: true });
  await fs.rm(widget, { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string> = {}) =>
  app.inject({ method: 'GET', url, headers });

/** The body as the browser reads it, undoing the answer's Content-Encoding. */
function decoded(res: LightMyRequestResponse): string {
  const encoding = res.headers['content-encoding'];
  const raw = res.rawPayload;
  if (encoding === 'br') return zlib.brotliDecompressSync(raw).toString('utf8');
  if (encoding === 'gzip') return zlib.gunzipSync(raw).toString('utf8');
  expect(encoding).toBeUndefined();
  return raw.toString('utf8');
}

describe('the built app is sent compressed as the build wrote it (docs/benchmarks.md counts bytes as transferred)', () => {
  it('sends a hashed asset as Brotli to a browser that accepts it, gzip to one that accepts only gzip, as is otherwise', async () => {
    const url = '/assets/index-abc.js';
    const br = await get(url, { 'accept-encoding': 'gzip, deflate, br, zstd' });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.rawPayload.length).toBeLessThan(files.asset.length / 4);
    expect(decoded(br)).toBe(files.asset);
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.headers.vary).toMatch(/accept-encoding/i);

    const gzip = await get(url, { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(decoded(gzip)).toBe(files.asset);

    const plain = await get(url);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(files.asset);
    // A shared cache must not hand the plain copy to a browser that takes Brotli, nor the reverse.
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
  });

  it('never sends an encoded copy older than its file: a rebuild replaces or removes them', async () => {
    const file = path.join(widget, 'assets', 'rebuilt-abc.js');
    await fs.writeFile(file, js('before'));
    precompress(widget);
    // Rebuilt in place (the loader's build does not empty the folder), then precompressed again.
    await fs.writeFile(file, js('after'));
    precompress(widget);
    const rebuilt = await get('/widget/assets/rebuilt-abc.js', { 'accept-encoding': 'br' });
    expect(decoded(rebuilt)).toBe(js('after'));
    // Now too small to gain from encoding: the old copies are gone, the file goes as it is.
    await fs.writeFile(file, 'x');
    precompress(widget);
    const tiny = await get('/widget/assets/rebuilt-abc.js', { 'accept-encoding': 'br, gzip' });
    expect(tiny.headers['content-encoding']).toBeUndefined();
    expect(tiny.body).toBe('x');
  });

  it('does not serve the encoded copies as files of their own', async () => {
    const res = await get('/assets/index-abc.js.br');
    expect(res.statusCode).toBe(404);
  });

  it('compresses index.html per request (it carries the operator’s settings) and answers 304 to a tab that has it', async () => {
    const first = await get('/inboxes', { 'accept-encoding': 'br, gzip' });
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-encoding']).toBe('br');
    expect(decoded(first)).toContain('<div id="root">');
    expect(first.headers['cache-control']).toBe('no-cache');
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^W\/".+"$/);

    const again = await get('/login', { 'accept-encoding': 'br, gzip', 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
    expect((await get('/', { 'if-none-match': 'W/"another-build"' })).statusCode).toBe(200);
  });

  it('sends the widget loader compressed, cached briefly and revalidated by its ETag', async () => {
    const res = await get(WIDGET_PATHS.loader, { 'accept-encoding': 'br, gzip' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(decoded(res)).toBe(files.loader);
    expect(res.headers['content-type']).toMatch(/^text\/javascript/);
    expect(res.headers['cache-control']).toMatch(/max-age=300\b/);
    expect(res.headers['access-control-allow-origin']).toBe('*');
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    const etag = String(res.headers.etag);
    expect(etag).not.toBe('undefined');

    const revalidated = await get(WIDGET_PATHS.loader, {
      'accept-encoding': 'br, gzip',
      'if-none-match': etag,
    });
    expect(revalidated.statusCode).toBe(304);
    expect(revalidated.rawPayload.length).toBe(0);

    const gzip = await get(WIDGET_PATHS.loader, { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(decoded(gzip)).toBe(files.loader);
  });

  it('sends the widget’s chat app compressed and cached for a year', async () => {
    const res = await get('/widget/assets/frame-abc.js', { 'accept-encoding': 'br' });
    expect(res.headers['content-encoding']).toBe('br');
    expect(decoded(res)).toBe(files.widgetApp);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });
});

describe('API answers compressed on the fly when large enough', () => {
  it('compresses a conversation list over the threshold, and leaves a small JSON answer as is', async () => {
    const owner = await signUp({ ...ctx, app });
    const channel = await apiChannelFor({ ...ctx, app }, owner);
    for (let i = 0; i < 6; i++)
      await channel.inbound({
        identifier: `customer-${i}`,
        name: `Customer ${i}`,
        text: `Where is my order ${i}? It was due on Monday and the tracking page says nothing.`,
      });
    const headers = {
      authorization: `Token ${owner.token}`,
      'x-dc-account-id': String(owner.accountId),
    };
    const plain = await get('/dashboardapi/conversations?view=all', headers);
    expect(plain.statusCode).toBe(200);
    expect(plain.rawPayload.length).toBeGreaterThan(COMPRESS_THRESHOLD_BYTES);
    expect(plain.headers['content-encoding']).toBeUndefined();

    const br = await get('/dashboardapi/conversations?view=all', {
      ...headers,
      'accept-encoding': 'gzip, deflate, br',
    });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
    expect(JSON.parse(decoded(br))).toEqual(plain.json());

    const gzip = await get('/dashboardapi/conversations?view=all', {
      ...headers,
      'accept-encoding': 'gzip',
    });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(decoded(gzip))).toEqual(plain.json());

    const small = await get('/dashboardapi/no-such-route', { 'accept-encoding': 'br, gzip' });
    expect(small.statusCode).toBe(404);
    expect(small.rawPayload.length).toBeLessThan(COMPRESS_THRESHOLD_BYTES);
    expect(small.headers['content-encoding']).toBeUndefined();
  });

  it('never compresses an uploaded file again: a download arrives byte for byte as stored', async () => {
    const owner = await signUp({ ...ctx, app });
    const bytes = crypto.randomBytes(8192);
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(bytes)], { type: 'application/zip' }), 'logs.zip');
    form.append('file_name', 'logs.zip');
    form.append('size', String(bytes.length));
    form.append('content_type', 'application/zip');
    form.append('is_embedded', 'false');
    const encoded = new Response(form);
    const up = await app.inject({
      method: 'POST',
      url: '/attachment/',
      headers: {
        'content-type': encoded.headers.get('content-type')!,
        authorization: `Token ${owner.token}`,
        'x-dc-account-id': String(owner.accountId),
        'x-csrftoken': owner.csrf,
        cookie: `csrftoken=${owner.csrf}; auth_token=${owner.token}; account_id=${owner.accountId}`,
      },
      payload: Buffer.from(await encoded.arrayBuffer()),
    });
    expect(up.statusCode).toBe(201);
    const { url } = up.json() as { url: string };
    const link = new URL(url, ctx.config.publicUrl);
    const download = await get(link.pathname + link.search, { 'accept-encoding': 'br, gzip' });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/octet-stream');
    expect(download.headers['content-encoding']).toBeUndefined();
    expect(download.rawPayload.equals(bytes)).toBe(true);
  });
});
