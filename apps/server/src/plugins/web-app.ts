import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fastifyStatic from '@fastify/static';

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

/** index.html is never cached: it names the hashed assets of the current build. */
function sendIndex(reply: FastifyReply) {
  reply.header('cache-control', 'no-cache');
  return reply.sendFile('index.html');
}

/** Serves the built web app with an SPA fallback: unknown non-API GETs get index.html. */
export async function registerWebApp(
  app: FastifyInstance,
  distDir: string | undefined,
  helpWidgetUrl: string | null = null,
): Promise<boolean> {
  const csp = contentSecurityPolicy(helpWidgetUrl);
  if (!distDir || !fs.existsSync(path.join(distDir, 'index.html'))) return false;
  await app.register(async (scope) => {
    scope.addHook('onRoute', (route) => {
      route.config = { ...route.config, auth: 'public' };
    });
    scope.addHook('onSend', async (_request, reply) => {
      reply.header('content-security-policy', csp);
    });
    await scope.register(fastifyStatic, {
      root: distDir,
      wildcard: false,
      index: false,
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
    scope.get('/', async (_request, reply) => sendIndex(reply));
    scope.get('/*', async (request, reply) => {
      const url = request.url.split('?')[0] ?? '/';
      if (/^\/(dashboardapi|marketingapi|operatorapi|assets)\//.test(url))
        return reply.callNotFound();
      const file = path.join(distDir, path.normalize(url));
      if (
        file.startsWith(distDir) &&
        url !== '/' &&
        fs.existsSync(file) &&
        fs.statSync(file).isFile()
      ) {
        return reply.sendFile(path.relative(distDir, file));
      }
      return sendIndex(reply);
    });
  });
  return true;
}
