import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { WIDGET_PATHS } from '@parley/contracts';

/**
 * The chat app's page is framed by merchants' stores, whatever their address: any http(s) page may
 * embed it (frame-ancestors), while what the page itself may load stays as narrow as the app
 * needs — its own scripts and styles, the widget API and the realtime socket, images of
 * attachments and avatars. No inline script, no eval, no plugins, no forms posting elsewhere.
 */
export const WIDGET_FRAME_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data: blob: https:",
  "connect-src 'self' ws: wss:",
  "font-src 'self'",
  "media-src 'self'",
  'frame-ancestors http: https:',
  "base-uri 'none'",
  "form-action 'none'",
  "object-src 'none'",
].join('; ');

/** A store's pages fetch the loader on every visit: short-lived, so new releases spread fast. */
export const LOADER_CACHE_CONTROL = 'public, max-age=300, stale-while-revalidate=3600';

/**
 * Serves the built widget (apps/widget/dist): the loader a store's snippet names
 * (WIDGET_PATHS.loader, from any site), the chat app's page (WIDGET_PATHS.frame, framed by any
 * site) and its hashed assets. Returns false when the widget is not built.
 */
export async function registerWidgetAssets(
  app: FastifyInstance,
  distDir: string | undefined,
): Promise<boolean> {
  if (!distDir || !fs.existsSync(path.join(distDir, 'frame.html'))) return false;
  const read = (file: string) => fs.promises.readFile(path.join(distDir, file));

  await app.register(async (scope) => {
    scope.addHook('onRoute', (route) => {
      route.config = { ...route.config, auth: 'public' };
    });

    scope.get(WIDGET_PATHS.loader, async (_request, reply) => {
      reply
        .type('text/javascript; charset=utf-8')
        .header('cache-control', LOADER_CACHE_CONTROL)
        // Any store's page loads it (a plain <script>, or fetched under CORS / COEP).
        .header('access-control-allow-origin', '*')
        .header('cross-origin-resource-policy', 'cross-origin');
      return read('loader.js');
    });

    await scope.register(async (framed) => {
      // The app's own hook sets X-Frame-Options: SAMEORIGIN on every answer; this page is
      // meant to be framed by stores, which CSP frame-ancestors governs instead.
      framed.addHook('onSend', async (_request, reply) => {
        reply.removeHeader('x-frame-options');
        reply.header('content-security-policy', WIDGET_FRAME_CSP);
      });
      framed.get(WIDGET_PATHS.frame, async (_request, reply) => {
        reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache');
        return read('frame.html');
      });
    });

    await scope.register(fastifyStatic, {
      root: path.join(distDir, 'assets'),
      prefix: '/widget/assets/',
      decorateReply: false,
      index: false,
      setHeaders(res) {
        // Hashed names: a file never changes.
        res.header('cache-control', 'public, max-age=31536000, immutable');
      },
    });
  });
  return true;
}
