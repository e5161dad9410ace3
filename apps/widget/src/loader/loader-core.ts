import { WIDGET_FRAME_SOURCE, WIDGET_PATHS, type WidgetFrameMessage } from '@parley/contracts';

/**
 * The loader's pure parts (unit-tested): reading its script tag, the frame's address, the
 * messages it accepts from the frame, and the launcher's badge. No DOM writes here.
 */

export interface LoaderConfig {
  /** The store the snippet was pasted on (data-myshopify-domain). */
  shop: string;
  /** The Parley server the script came from: the frame and the settings live there. */
  base: string;
}

/** The config of the loader's script tag, or null when it is missing its store or address. */
export function readScriptConfig(
  script: { src: string; getAttribute(name: string): string | null } | null,
): LoaderConfig | null {
  const shop = script?.getAttribute('data-myshopify-domain')?.trim();
  if (!script || !shop) return null;
  try {
    const url = new URL(script.src);
    if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
    return { shop, base: url.origin };
  } catch {
    return null;
  }
}

/** The host page's localStorage key of the visitor token (one per store). */
export const tokenKey = (shop: string) => `parley-widget:${shop}:visitor-token`;

/**
 * `/widget/frame?shop=&origin=#token=`: the origin tells the app whom to talk to; the token rides
 * in the fragment, which is never sent to a server nor leaked in a Referer.
 */
export function frameUrl(config: LoaderConfig, hostOrigin: string, token: string | null): string {
  const query = new URLSearchParams({ shop: config.shop, origin: hostOrigin });
  const hash = token ? `#${new URLSearchParams({ token })}` : '';
  return `${config.base}${WIDGET_PATHS.frame}?${query}${hash}`;
}

/**
 * A frame message, or null unless it comes from our frame's window, from the Parley origin
 * exactly (ASVS 3.5.5), and carries our source tag.
 */
export function acceptFrameMessage(
  event: { origin: string; source: unknown; data: unknown },
  base: string,
  frameWindow: unknown,
): WidgetFrameMessage | null {
  if (event.origin !== base || !frameWindow || event.source !== frameWindow) return null;
  const data = event.data as Partial<WidgetFrameMessage> | null;
  if (!data || typeof data !== 'object' || data.source !== WIDGET_FRAME_SOURCE) return null;
  return typeof data.type === 'string' ? (data as WidgetFrameMessage) : null;
}

/** The launcher badge: nothing for 0, the count up to 99, then 99+. */
export const badgeText = (count: number) =>
  count <= 0 ? '' : count > 99 ? '99+' : String(Math.floor(count));

/** Dark or white text, whichever reads better on the launcher's colour (WCAG luminance). */
export function textOn(hex: string): string {
  const m = /^#?([0-9a-f]{6})$/i.exec(hex);
  if (!m) return '#fff';
  const n = parseInt(m[1]!, 16);
  const lin = (c: number) => ((c /= 255) <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);
  const l = 0.2126 * lin(n >> 16) + 0.7152 * lin((n >> 8) & 255) + 0.0722 * lin(n & 255);
  return 1.05 / (l + 0.05) >= (l + 0.05) / 0.0645 ? '#fff' : '#1f2329';
}

export type LoaderEvent = 'message' | 'open' | 'close' | 'ready';

/** Listeners of the JS API's on(); a throwing listener never breaks the others. */
export function emitter() {
  const listeners: Partial<Record<LoaderEvent, Array<(payload?: unknown) => void>>> = {};
  return {
    on(name: LoaderEvent, fn: (payload?: unknown) => void) {
      (listeners[name] ??= []).push(fn);
    },
    emit(name: LoaderEvent, payload?: unknown) {
      for (const fn of listeners[name] ?? []) {
        try {
          fn(payload);
        } catch (err) {
          console.error(err);
        }
      }
    },
  };
}
