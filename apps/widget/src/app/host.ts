import {
  frameMessage,
  isSafeOpenUrl,
  parseHostToFrame,
  WIDGET_FRAME_SOURCE,
  type FrameToHostMessage,
  type HelpWidgetPage,
  type WidgetFrameMessage,
  type WidgetMessage,
} from '@parley/contracts';

/**
 * The chat app's side of the page that embeds it. Two hosts speak to it:
 * - the loader on a store's page (WIDGET_FRAME_SOURCE messages; `?origin=` names the page);
 * - the agent app's help widget panel, with `&embed=help` (docs/product/api.md frame messages,
 *   HELP_WIDGET_FRAME_SOURCE; the host is `?origin=` or, by default, this very origin).
 * Either way a message is accepted only from the parent window at that exact origin, and sent to
 * that origin only (ASVS 3.5.5).
 */

export type HostCommand =
  | { type: 'visibility'; open: boolean }
  | { type: 'identify'; identity: Record<string, unknown> }
  | { type: 'attributes'; attributes: Record<string, unknown> }
  /** help mode: who the agent is (init) or the e-mail to pre-fill (initial_email). */
  | { type: 'prefill'; name?: string | null; email?: string | null }
  | { type: 'page'; page: HelpWidgetPage }
  | { type: 'reset_notifications' };

/** A message to the loader before its `source` tag is added (one per union member). */
type ToLoader = WidgetFrameMessage extends infer M
  ? M extends WidgetFrameMessage
    ? Omit<M, 'source'>
    : never
  : never;

export type HostMode = 'loader' | 'help' | 'standalone';

export interface FrameParams {
  shop: string;
  mode: HostMode;
  hostOrigin: string | null;
  /** The token the loader kept for this visitor (the URL fragment). */
  token: string | null;
}

/** Reads `?shop=&origin=&embed=` and `#token=` of the frame's own address. */
export function readFrameParams(href: string, isEmbedded: boolean): FrameParams {
  const url = new URL(href);
  const shop = url.searchParams.get('shop')?.trim() ?? '';
  const token = new URLSearchParams(url.hash.slice(1)).get('token');
  let origin: string | null = null;
  try {
    const given = url.searchParams.get('origin');
    origin = given ? new URL(given).origin : null;
  } catch {
    origin = null;
  }
  if (!isEmbedded) return { shop, mode: 'standalone', hostOrigin: null, token };
  if (url.searchParams.get('embed') === 'help')
    return { shop, mode: 'help', hostOrigin: origin ?? url.origin, token };
  return origin
    ? { shop, mode: 'loader', hostOrigin: origin, token }
    : { shop, mode: 'standalone', hostOrigin: null, token };
}

/** The host's message as a command, or null when it is not from our host or not ours. */
export function hostCommand(
  params: FrameParams,
  event: { origin: string; source: unknown; data: unknown },
  parent: unknown,
): HostCommand | null {
  if (params.mode === 'standalone' || event.origin !== params.hostOrigin || event.source !== parent)
    return null;
  if (params.mode === 'help') {
    const message = parseHostToFrame(event.data);
    if (!message) return null;
    const p = message.payload as Record<string, unknown>;
    switch (message.type) {
      case 'init':
        return {
          type: 'prefill',
          name: p['name'] as string | null,
          email: p['email'] as string | null,
        };
      case 'initial_email':
        return { type: 'prefill', email: p['email'] as string };
      case 'active_state':
        return { type: 'visibility', open: p['open'] as boolean };
      case 'open_window_page':
        return { type: 'page', page: p['page'] as HelpWidgetPage };
      case 'reset_notifications':
        return { type: 'reset_notifications' };
      default:
        return null; // current_page: nothing to do with it here
    }
  }
  const data = event.data as Partial<WidgetFrameMessage> | null;
  if (!data || typeof data !== 'object' || data.source !== WIDGET_FRAME_SOURCE) return null;
  if (data.type === 'visibility' && typeof data.open === 'boolean')
    return { type: 'visibility', open: data.open };
  if (data.type === 'identify' && data.identity && typeof data.identity === 'object')
    return { type: 'identify', identity: data.identity };
  if (data.type === 'attributes' && data.attributes && typeof data.attributes === 'object')
    return { type: 'attributes', attributes: data.attributes };
  return null;
}

export interface HostBridge {
  params: FrameParams;
  listen(handler: (command: HostCommand) => void): () => void;
  /** The app has its session. */
  ready(visitorToken: string): void;
  unread(count: number, preview: string | null): void;
  message(message: WidgetMessage): void;
  /** The visitor read the agents' messages (help mode: `seen`). */
  seen(): void;
  close(): void;
  pageLoaded(page: HelpWidgetPage): void;
  /** Help mode: the host opens the link; false when the app should open it itself. */
  openUrl(url: string): boolean;
}

/**
 * Starts listening at once — the help widget host sends `init` on the frame's load event,
 * possibly before React has mounted — and keeps what arrives until the app listens.
 */
export function connectHost(win: Window = window): HostBridge {
  const params = readFrameParams(win.location.href, win.parent !== win);
  const pending: HostCommand[] = [];
  let handler: ((command: HostCommand) => void) | null = null;
  let initialised = false;
  let lastUnread = 0;

  win.addEventListener('message', (event) => {
    const command = hostCommand(params, event, win.parent);
    if (!command) return;
    if (params.mode === 'help' && (event.data as { type?: string }).type === 'init') {
      initialised = true;
      toHelpHost(frameMessage('init_success', {}));
    }
    if (handler) handler(command);
    else pending.push(command);
  });

  const toLoader = (message: ToLoader) => {
    if (params.mode === 'loader' && params.hostOrigin)
      win.parent.postMessage({ source: WIDGET_FRAME_SOURCE, ...message }, params.hostOrigin);
  };
  const toHelpHost = (message: FrameToHostMessage) => {
    if (params.mode === 'help' && params.hostOrigin)
      win.parent.postMessage(message, params.hostOrigin);
  };

  return {
    params,
    listen(fn) {
      handler = fn;
      pending.splice(0).forEach(fn);
      return () => {
        handler = null;
      };
    },
    ready(visitorToken) {
      toLoader({ type: 'session', visitor_token: visitorToken });
      toLoader({ type: 'ready' });
    },
    unread(count, preview) {
      toLoader({ type: 'unread', count });
      if (count > lastUnread && count >= 1 && initialised)
        toHelpHost(
          frameMessage('new_message', {
            count: Math.min(count, 999),
            preview: preview === null ? null : preview.slice(0, 300),
          }),
        );
      lastUnread = count;
    },
    message(message) {
      toLoader({ type: 'message', message });
    },
    seen() {
      toHelpHost(frameMessage('seen', {}));
    },
    close() {
      toLoader({ type: 'close' });
      toHelpHost(frameMessage('close', {}));
    },
    pageLoaded(page) {
      toHelpHost(frameMessage('window_page_loaded', { page }));
    },
    openUrl(url) {
      if (params.mode !== 'help' || !isSafeOpenUrl(url)) return false;
      toHelpHost(frameMessage('open_url', { url }));
      return true;
    },
  };
}
