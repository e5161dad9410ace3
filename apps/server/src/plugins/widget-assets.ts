import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply } from 'fastify';
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

  await app.register(async (scope) => {
    scope.addHook('onRoute', (route) => {
      route.config = { ...route.config, auth: 'public' };
    });

    // Every file goes out as the build compressed it (scripts/precompress.mjs) when the browser
    // accepts br or gzip, with Vary: Accept-Encoding, an ETag and Last-Modified, so a cached
    // loader or page is revalidated with a 304 instead of sent again.
    const assets = path.join(distDir, 'assets');
    await scope.register(fastifyStatic, {
      root: assets,
      prefix: '/widget/assets/',
      index: false,
      preCompressed: true,
      setHeaders(res, filePath) {
        // Hashed names: a file never changes.
        if (filePath.startsWith(assets + path.sep))
          res.header('cache-control', 'public, max-age=31536000, immutable');
      },
    });
    // The loader and the page keep their names from release to release: revalidated.
    const sendBuilt = (reply: FastifyReply, file: string) =>
      reply.sendFile(file, distDir, { cacheControl: false });

    scope.get(
      WIDGET_PATHS.loader,
      {
        // @fastify/send would say application/javascript; text/javascript is the current name.
        onSend: async (_request, reply) => {
          if (reply.statusCode === 200) reply.type('text/javascript; charset=utf-8');
        },
      },
      async (_request, reply) =>
        sendBuilt(
          reply
            .header('cache-control', LOADER_CACHE_CONTROL)
            // Any store's page loads it (a plain <script>, or fetched under CORS / COEP).
            .header('access-control-allow-origin', '*')
            .header('cross-origin-resource-policy', 'cross-origin'),
          'loader.js',
        ),
    );

    await scope.register(async (framed) => {
      // The app's own hook sets X-Frame-Options: SAMEORIGIN on every answer; this page is
      // meant to be framed by stores, which CSP frame-ancestors governs instead.
      framed.addHook('onSend', async (_request, reply) => {
        reply.removeHeader('x-frame-options');
        reply.header('content-security-policy', WIDGET_FRAME_CSP);
      });
      framed.get(WIDGET_PATHS.frame, async (_request, reply) =>
        sendBuilt(reply.header('cache-control', 'no-cache'), 'frame.html'),
      );
    });
  });
  return true;
}
