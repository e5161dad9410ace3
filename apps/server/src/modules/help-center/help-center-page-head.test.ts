import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HelpArticle } from '@parley/contracts';
import { buildApp } from '../../app';
import { as, createTestContext, signUp, type Session, type TestContext } from '../../test/harness';

// The shape Vite writes (apps/web/index.html, built), over the compression threshold.
const INDEX_HTML = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <meta name="description" content="${'A help desk. '.repeat(100)}" />
    <title>Parley</title>
    <script type="module" crossorigin src="/assets/index-abc.js"></script>
  </head>
  <body><div id="root"></div></body>
</html>
`;
const PUBLIC_URL = 'https://help.example.com';
const ARTICLES = '/dashboardapi/help-center/articles';

let ctx: TestContext;
let app: FastifyInstance;
let web: string;
beforeAll(async () => {
  web = await fs.mkdtemp(path.join(os.tmpdir(), 'parley-web-dist-'));
  await fs.writeFile(path.join(web, 'index.html'), INDEX_HTML);
  ctx = await createTestContext({ AUTH_RATE_LIMIT_PER_MINUTE: '1000', PUBLIC_URL });
  // The same app as the harness's, serving the built web app as main.ts does.
  app = await buildApp(ctx.deps, { logger: false, webDistDir: web });
  await app.ready();
});
afterAll(async () => {
  await app?.close();
  await ctx?.close();
  await fs.rm(web, { recursive: true, force: true });
});

const page = (url: string, headers: Record<string, string> = {}) =>
  app.inject({ method: 'GET', url, headers });

async function newArticle(s: Session, body: Record<string, unknown>) {
  const res = await as(ctx, s).post(ARTICLES, body);
  expect(res.statusCode).toBe(201);
  return res.json() as HelpArticle;
}

async function translate(s: Session, id: number, locale: string, body: Record<string, unknown>) {
  const res = await as(ctx, s).put(`${ARTICLES}/${id}/translations/${locale}`, body);
  expect(res.statusCode).toBe(200);
}

/** A center with an article in English, Brazilian Portuguese and Arabic. */
async function translatedCentre(accountName = 'Multilingual Co') {
  const owner = await signUp(ctx, { account_name: accountName });
  const article = await newArticle(owner, {
    title: 'Return an item',
    body: '<p>Within 30 days.</p>',
    status: 'published',
  });
  await translate(owner, article.id, 'pt-BR', { title: 'Devolver um item', body: '<p>Sim.</p>' });
  await translate(owner, article.id, 'ar', { title: 'إرجاع منتج', body: '<p>نعم.</p>' });
  const address = `${PUBLIC_URL}/help-center/${owner.accountId}/articles/${article.slug}`;
  return {
    owner,
    article,
    address,
    url: `/help-center/${owner.accountId}/articles/${article.slug}`,
  };
}

const alternates = (html: string) =>
  [...html.matchAll(/<link rel="alternate" hreflang="([^"]*)" href="([^"]*)">/g)].map((m) => [
    m[1],
    m[2],
  ]);
const head = (html: string) => html.slice(0, html.indexOf('</head>'));
const titleOf = (html: string) => /<title>([^<]*)<\/title>/.exec(html)?.[1];
const htmlLang = (html: string) => /<html lang="([^"]*)"/.exec(html)?.[1];
const htmlDir = (html: string) => /<html lang="[^"]*" dir="([^"]*)">/.exec(html)?.[1];

describe('a public article page’s head names its translations for search engines (docs/product/help-center.md, "Languages")', () => {
  it('lists every language of the article and x-default, with absolute addresses from PUBLIC_URL, in the head', async () => {
    const { url, address } = await translatedCentre();
    const res = await page(`${url}?lang=ar`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    const html = res.body;
    expect(alternates(head(html))).toEqual([
      ['en', `${address}?lang=en`],
      ['pt-BR', `${address}?lang=pt-BR`],
      ['ar', `${address}?lang=ar`],
      ['x-default', address],
    ]);
    // The language served, and its title with the center's name.
    expect(htmlLang(html)).toBe('ar');
    // Arabic reads right to left from the first paint, before the web app runs.
    expect(htmlDir(html)).toBe('rtl');
    expect(titleOf(html)).toBe('إرجاع منتج · Multilingual Co');
    // The shell is otherwise as served everywhere: its script, one <html>, one <title>.
    expect(html).toContain('<script type="module" crossorigin src="/assets/index-abc.js">');
    expect(html.match(/<title>/g)).toHaveLength(1);
  });

  it('serves the language the API would: ?lang=, else Accept-Language (pt-PT reads pt-BR), else the article’s own', async () => {
    const { owner, url } = await translatedCentre();
    const browser = await page(url, { 'accept-language': 'pt-PT, en;q=0.5' });
    expect(htmlLang(browser.body)).toBe('pt-BR');
    expect(htmlDir(browser.body)).toBe('ltr');
    expect(titleOf(browser.body)).toBe('Devolver um item · Multilingual Co');
    // The answer depends on the browser's languages: caches must know.
    expect(browser.headers.vary).toContain('accept-language');
    const own = await page(url, { 'accept-language': 'ja' });
    expect(htmlLang(own.body)).toBe('en');
    // A slug in capitals and a trailing slash are the same page, as in the web app.
    const upper = await page(`/help-center/${owner.accountId}/articles/RETURN-AN-ITEM/?lang=en`);
    expect(titleOf(upper.body)).toBe('Return an item · Multilingual Co');
  });

  it('escapes what the team wrote: a title and a center name with markup stay text', async () => {
    const owner = await signUp(ctx, { account_name: 'Fish & "Chips" <Ltd>' });
    const article = await newArticle(owner, {
      title: 'Refunds </title><script>alert(1)</script>',
      body: '<p>Yes.</p>',
      status: 'published',
    });
    const res = await page(`/help-center/${owner.accountId}/articles/${article.slug}`);
    expect(titleOf(res.body)).toBe(
      'Refunds &lt;/title&gt;&lt;script&gt;alert(1)&lt;/script&gt; · Fish &amp; &quot;Chips&quot; &lt;Ltd&gt;',
    );
    expect(res.body).not.toContain('<script>alert(1)');
  });

  it('serves the plain index.html for a center or article that is not there, or not published', async () => {
    const { owner, url } = await translatedCentre();
    const draft = await newArticle(owner, { title: 'Draft only', body: '<p>x</p>' });
    for (const missing of [
      `/help-center/${owner.accountId}/articles/no-such-article`,
      `/help-center/${owner.accountId}/articles/${draft.slug}`,
      `/help-center/999999999/articles/return-an-item`,
      `/help-center/not-a-center/articles/return-an-item`,
      `${url}/more`,
    ]) {
      const res = await page(missing);
      expect({
        missing,
        status: res.statusCode,
        hreflang: res.body.includes('hreflang'),
        title: titleOf(res.body),
        lang: htmlLang(res.body),
        vary: res.headers.vary,
      }).toEqual({
        missing,
        status: 200,
        hreflang: false,
        title: 'Parley',
        lang: 'en',
        vary: 'accept-encoding, cookie',
      });
    }
  });

  it('is revalidated, never cached as an immutable asset: its ETag is its HTML’s, 304 while unchanged', async () => {
    const { owner, article, url } = await translatedCentre();
    const first = await page(`${url}?lang=en`);
    expect(first.headers['cache-control']).toBe('no-cache');
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^W\//);
    expect((await page(`${url}?lang=en`, { 'if-none-match': etag })).statusCode).toBe(304);
    // Another language is another page.
    expect((await page(`${url}?lang=ar`)).headers.etag).not.toBe(etag);
    // A new translation changes the page: no longer 304.
    await translate(owner, article.id, 'de', { title: 'Artikel zurückgeben', body: '<p>Ja.</p>' });
    const changed = await page(`${url}?lang=en`, { 'if-none-match': etag });
    expect(changed.statusCode).toBe(200);
    expect(alternates(changed.body).map(([lang]) => lang)).toContain('de');
  });

  it('is sent compressed to a browser that accepts it', async () => {
    const { url } = await translatedCentre();
    const res = await page(`${url}?lang=pt-BR`, { 'accept-encoding': 'br, gzip' });
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers.vary).toContain('accept-encoding');
    const html = zlib.brotliDecompressSync(res.rawPayload).toString('utf8');
    expect(htmlLang(html)).toBe('pt-BR');
    expect(alternates(html)).toHaveLength(4);
  });
});
