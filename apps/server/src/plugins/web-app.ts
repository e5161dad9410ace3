import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import {
  BUILD_INFO_PATH,
  COOKIES,
  FIRST_VISIT_PATH,
  firstVisitSteps,
  PRODUCT_NAME_DEFAULT,
  SUPPORT_EMAIL_DEFAULT,
  WEB_CONFIG_ELEMENT_ID,
  type FirstVisitFiles,
  type WebConfig,
} from '@parley/contracts';

export interface WebAppOptions {
  /** The operator's live-chat widget of the help widget panel (HELP_WIDGET_URL), if any. */
  helpWidgetUrl?: string | null;
  /** PRODUCT_NAME and SUPPORT_EMAIL: the web app reads them from index.html at run time. */
  productName?: string;
  supportEmail?: string;
  /**
   * The head of a page the server knows more of than the web app's shell (a public help-center
   * article: its title, language and translations' addresses); null for any other page. A
   * failure is logged and the page served as for any other.
   */
  pageHead?: (request: FastifyRequest) => Promise<PageHead | null>;
}

/** The writing direction of a language (Arabic right-to-left), before the web app runs. */
function textDirection(lang: string): 'rtl' | 'ltr' {
  try {
    const info = (new Intl.Locale(lang) as Intl.Locale & { textInfo?: { direction?: string } })
      .textInfo;
    return info?.direction === 'rtl' ? 'rtl' : 'ltr';
  } catch {
    return 'ltr';
  }
}

/** What a page's served index.html says in its head beyond the shell's: escaped when written. */
export interface PageHead {
  /** The whole <title>. */
  title: string;
  /** <html lang>: the language the page is served in. */
  lang: string;
  /** <link rel="alternate" hreflang href>: the page in each of its languages, absolute. */
  alternates: readonly { hreflang: string; href: string }[];
}

// The agent app's Content-Security-Policy. antd injects its styles at run time, hence
// 'unsafe-inline' for styles only; scripts come from our origin alone. Frames: our own pages and
// the operator's live-chat widget of the help widget panel (HELP_WIDGET_URL), nothing else.
function contentSecurityPolicy(helpWidgetUrl: string | null): string {
  const frames = helpWidgetUrl ? `'self' ${new URL(helpWidgetUrl).origin}` : "'self'";
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob: https:",
    "font-src 'self' data:",
    "connect-src 'self' ws: wss:",
    `frame-src ${frames}`,
    "frame-ancestors 'self'",
    "base-uri 'self'",
    "form-action 'self'",
    "object-src 'none'",
  ].join('; ');
}

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

/** JSON that stays data inside a <script> element: no `</script>`, `<!--` or line separators. */
const jsonForScript = (value: unknown) =>
  JSON.stringify(value).replace(
    /[<>&\u2028\u2029]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );

/**
 * The built index.html with the operator's settings: the product name as the page title
 * (docs/product/README.md) and the WebConfig as a JSON data block, which the CSP allows (the browser never runs it).
 */
export function renderIndexHtml(
  html: string,
  config: WebConfig,
  preload: string[] = [],
  head: PageHead | null = null,
): string {
  const block = `<script type="application/json" id="${WEB_CONFIG_ELEMENT_ID}">${jsonForScript(config)}</script>`;
  const links = [
    ...preload.map((file) =>
      file.endsWith('.css')
        ? `<link rel="preload" as="style" crossorigin href="${escapeHtml(file)}">`
        : `<link rel="modulepreload" crossorigin href="${escapeHtml(file)}">`,
    ),
    ...(head?.alternates ?? []).map(
      ({ hreflang, href }) =>
        `<link rel="alternate" hreflang="${escapeHtml(hreflang)}" href="${escapeHtml(href)}">`,
    ),
  ];
  const title = head?.title ?? config.product_name;
  return html
    .replace(/<html\b([^>]*)>/, (tag, attributes: string) =>
      head
        ? `<html${attributes.replace(/\s+(lang|dir)="[^"]*"/g, '')} lang="${escapeHtml(head.lang)}" dir="${textDirection(head.lang)}">`
        : tag,
    )
    .replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(title)}</title>`)
    .replace(
      '</head>',
      () => [...links, block].map((line) => `  ${line}\n`).join('') + '  </head>',
    );
}

/**
 * The files a first visit to `pathname` loads before its first paint, beyond the entry that
 * index.html names (docs/ARCHITECTURE.md, "Chunks and the first visit"): named in its head, the
 * browser fetches them beside the entry instead of one round trip after it has run.
 */
function firstVisitPreloads(files: FirstVisitFiles, pathname: string, signedIn: boolean) {
  return [...new Set(firstVisitSteps(pathname, signedIn).flatMap((step) => files[step] ?? []))];
}

/** The build's encoded copies of its files (scripts/precompress.mjs). */
const ENCODED_FILES = ['**/*.br', '**/*.gz'];

/** A weak validator: the same HTML whatever its encoding on the wire (RFC 9110 §8.8.1). */
const weakEtag = (text: string) =>
  `W/"${crypto.createHash('sha256').update(text).digest('base64url').slice(0, 27)}"`;

/** If-None-Match by the weak comparison GET uses: any listed tag, with or without W/, or `*`. */
function etagMatches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  const bare = etag.replace(/^W\//, '');
  return header
    .split(',')
    .map((tag) => tag.trim())
    .some((tag) => tag === '*' || tag.replace(/^W\//, '') === bare);
}

/** Serves the built web app with an SPA fallback: unknown non-API GETs get index.html. */
export async function registerWebApp(
  app: FastifyInstance,
  distDir: string | undefined,
  {
    helpWidgetUrl = null,
    productName = PRODUCT_NAME_DEFAULT,
    supportEmail = SUPPORT_EMAIL_DEFAULT,
    pageHead,
  }: WebAppOptions = {},
): Promise<boolean> {
  const csp = contentSecurityPolicy(helpWidgetUrl);
  if (!distDir || !fs.existsSync(path.join(distDir, 'index.html'))) return false;
  const config: WebConfig = { product_name: productName, support_email: supportEmail };
  // Read again when the file changes: a new build may be put in place while the server runs.
  // One rendering per set of preloaded files (signed out, public page, signed-in page).
  let build = {
    mtimeMs: -1,
    source: '',
    files: {} as FirstVisitFiles,
    rendered: new Map<string, { html: string; etag: string }>(),
  };
  const indexHtml = (request: FastifyRequest, head: PageHead | null) => {
    const file = path.join(distDir, 'index.html');
    const { mtimeMs } = fs.statSync(file);
    if (mtimeMs !== build.mtimeMs) {
      const manifest = path.join(distDir, FIRST_VISIT_PATH);
      const files = fs.existsSync(manifest)
        ? (JSON.parse(fs.readFileSync(manifest, 'utf8')) as FirstVisitFiles)
        : {};
      build = { mtimeMs, source: fs.readFileSync(file, 'utf8'), files, rendered: new Map() };
    }
    const pathname = request.url.split('?')[0] ?? '/';
    const signedIn = Boolean(request.cookies?.[COOKIES.authToken]);
    const preload = firstVisitPreloads(build.files, pathname, signedIn);
    // A page's own head (one per article and language): rendered each time, not kept.
    if (head) {
      const html = renderIndexHtml(build.source, config, preload, head);
      return { html, etag: weakEtag(html) };
    }
    const key = preload.join(' ');
    let rendered = build.rendered.get(key);
    if (!rendered) {
      const html = renderIndexHtml(build.source, config, preload);
      rendered = { html, etag: weakEtag(html) };
      build.rendered.set(key, rendered);
    }
    return rendered;
  };
  /**
   * index.html is never cached without asking: it names the hashed assets of the current build.
   * The ETag makes asking cheap (304 while the build is the same). It is compressed per request
   * (plugins/compression.ts), being rewritten with the operator's settings and small. A page
   * with a head of its own (pageHead) is the same: asked about each time, its ETag its HTML's.
   */
  const headOf = async (request: FastifyRequest) => {
    try {
      return (await pageHead?.(request)) ?? null;
    } catch (err) {
      request.log.warn({ err }, 'page head lookup failed; serving the plain index.html');
      return null;
    }
  };
  const sendIndex = async (request: FastifyRequest, reply: FastifyReply) => {
    const head = await headOf(request);
    const { html, etag } = indexHtml(request, head);
    reply
      .header('cache-control', 'no-cache')
      .header('etag', etag)
      // Signed in or not changes the files named for preloading; a page with its own head is in
      // the browser's language when no ?lang= says otherwise.
      .header(
        'vary',
        head ? 'accept-encoding, cookie, accept-language' : 'accept-encoding, cookie',
      );
    if (etagMatches(request.headers['if-none-match'], etag)) return reply.code(304).send();
    return reply.type('text/html; charset=utf-8').send(html);
  };
  await app.register(async (scope) => {
    scope.addHook('onRoute', (route) => {
      route.config = { ...route.config, auth: 'public' };
    });
    scope.addHook('onSend', async (request, reply) => {
      // The hashed scripts and styles are no documents: a page's policy and framing rule are
      // its own, never its subresources'. Immutable, they are never revalidated either, so
      // validators are no use to them. Without all these, a first visit's files cost 6 KB less.
      if (request.url.startsWith('/assets/')) {
        for (const header of ['x-frame-options', 'etag', 'last-modified'])
          reply.removeHeader(header);
        return;
      }
      reply.header('content-security-policy', csp);
    });
    await scope.register(fastifyStatic, {
      root: distDir,
      wildcard: false,
      index: false,
      // The .br/.gz files the build writes beside each asset, sent in its place to browsers
      // that accept them (scripts/precompress.mjs); Vary: Accept-Encoding on every answer.
      preCompressed: true,
      // Scripts, styles and icons are fetched whole: no byte ranges to offer.
      acceptRanges: false,
      // Served by the routes below: index.html with the operator's settings, build.json
      // uncached; the encoded files only under their asset's own name.
      globIgnore: [
        'index.html',
        BUILD_INFO_PATH.slice(1),
        FIRST_VISIT_PATH.slice(1),
        ...ENCODED_FILES,
      ],
      setHeaders(res, filePath) {
        // Hashed assets never change; index.html must always be revalidated.
        res.header(
          'cache-control',
          filePath.includes(`${path.sep}assets${path.sep}`)
            ? 'public, max-age=31536000, immutable'
            : 'no-cache',
        );
      },
    });
    scope.get('/', async (request, reply) => sendIndex(request, reply));
    // The build this server serves now: an open tab compares it with its own.
    scope.get(BUILD_INFO_PATH, async (_request, reply) => {
      const file = path.join(distDir, BUILD_INFO_PATH);
      if (!fs.existsSync(file)) return reply.callNotFound();
      return reply
        .header('cache-control', 'no-store')
        .type('application/json; charset=utf-8')
        .send(fs.readFileSync(file, 'utf8'));
    });
    scope.get('/*', async (request, reply) => {
      const url = request.url.split('?')[0] ?? '/';
      if (/^\/(dashboardapi|marketingapi|operatorapi|assets)\//.test(url))
        return reply.callNotFound();
      const file = path.join(distDir, path.normalize(url));
      if (file === path.join(distDir, 'index.html')) return sendIndex(request, reply);
      if (
        file.startsWith(distDir) &&
        url !== '/' &&
        !/\.(br|gz)$/.test(file) &&
        fs.existsSync(file) &&
        fs.statSync(file).isFile()
      ) {
        return reply.sendFile(path.relative(distDir, file));
      }
      return sendIndex(request, reply);
    });
  });
  return true;
}
