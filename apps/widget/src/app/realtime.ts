/**
 * A small client of the Pusher Channels protocol v7 (the Pusher Channels protocol v7), for the one private channel of the
 * visitor: pusher-js alone would take a quarter of the chat app's 80 KB budget. It connects,
 * authorises the channel through WIDGET_API.pusherAuth, answers and sends pings, and reconnects
 * by the protocol's close codes (4000–4099: never with the same parameters; 4100–4199: back
 * off; 4200–4299: at once).
 */

export interface RealtimeOptions {
  key: string;
  wsHost: string;
  wsPort: number;
  forceTLS: boolean;
  channel: string;
  /** Signs the subscription: `{auth}` for socket_id + channel (the server's pusher auth). */
  authorize: (socketId: string, channel: string) => Promise<string>;
  onEvent: (event: string, data: unknown) => void;
  /** Connected and subscribed (again): the app fetches what it may have missed meanwhile. */
  onSubscribed?: () => void;
  /** The socket dropped or could not subscribe; it keeps trying unless `willRetry` is false. */
  onDisconnected?: (willRetry: boolean) => void;
  /** For tests: the WebSocket constructor and timers. */
  WebSocketImpl?: typeof WebSocket;
}

export const PROTOCOL_QUERY = 'protocol=7&client=js&version=8.4.0&flash=false';
const PONG_TIMEOUT_MS = 30_000;
const MAX_BACKOFF_MS = 30_000;

export function socketUrl(o: Pick<RealtimeOptions, 'key' | 'wsHost' | 'wsPort' | 'forceTLS'>) {
  const scheme = o.forceTLS ? 'wss' : 'ws';
  return `${scheme}://${o.wsHost}:${o.wsPort}/app/${encodeURIComponent(o.key)}?${PROTOCOL_QUERY}`;
}

/** What to do after a close: 'never', 'now' or 'backoff' (pusher-js getCloseAction). */
export function closeAction(code: number): 'never' | 'now' | 'backoff' {
  if (code >= 4000 && code < 4100) return 'never';
  if (code >= 4200 && code < 4300) return 'now';
  return 'backoff';
}

/** Server data is usually a JSON string inside the JSON frame; parse it a second time. */
export function decodeData(data: unknown): unknown {
  if (typeof data !== 'string') return data;
  try {
    return JSON.parse(data);
  } catch {
    return data;
  }
}

export function connectRealtime(o: RealtimeOptions) {
  const Impl = o.WebSocketImpl ?? WebSocket;
  let ws: WebSocket | null = null;
  let stopped = false;
  let attempts = 0;
  let activityTimer: ReturnType<typeof setTimeout> | undefined;
  let pongTimer: ReturnType<typeof setTimeout> | undefined;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  let activityMs = 120_000;

  const send = (event: string, data: unknown) => ws?.send(JSON.stringify({ event, data }));

  // After `activityMs` of silence we ping; no pong within 30 s means the link is dead.
  const resetActivity = () => {
    clearTimeout(activityTimer);
    clearTimeout(pongTimer);
    activityTimer = setTimeout(() => {
      send('pusher:ping', {});
      pongTimer = setTimeout(() => ws?.close(), PONG_TIMEOUT_MS);
    }, activityMs);
  };

  const retry = (action: 'now' | 'backoff') => {
    const delay = action === 'now' ? 0 : Math.min(MAX_BACKOFF_MS, 1000 * 2 ** attempts);
    attempts++;
    retryTimer = setTimeout(open, delay);
  };

  function open() {
    if (stopped) return;
    const socket = new Impl(socketUrl(o));
    ws = socket;
    socket.addEventListener('message', (frame) => {
      resetActivity();
      let message: { event?: string; channel?: string; data?: unknown };
      try {
        message = JSON.parse(String(frame.data));
      } catch {
        return;
      }
      const data = decodeData(message.data) as Record<string, unknown> | undefined;
      switch (message.event) {
        case 'pusher:connection_established': {
          const socketId = String(data?.['socket_id'] ?? '');
          const timeout = Number(data?.['activity_timeout']);
          if (timeout > 0) activityMs = Math.min(120, timeout) * 1000;
          resetActivity();
          o.authorize(socketId, o.channel).then(
            (auth) => send('pusher:subscribe', { channel: o.channel, auth }),
            () => socket.close(),
          );
          break;
        }
        case 'pusher_internal:subscription_succeeded':
          attempts = 0;
          o.onSubscribed?.();
          break;
        case 'pusher:ping':
          send('pusher:pong', {});
          break;
        case 'pusher:pong':
          break;
        case 'pusher:subscription_error':
        case 'pusher:error':
          break;
        default:
          if (message.channel === o.channel && message.event) o.onEvent(message.event, data);
      }
    });
    socket.addEventListener('close', (event) => {
      clearTimeout(activityTimer);
      clearTimeout(pongTimer);
      if (ws !== socket || stopped) return;
      ws = null;
      const action = closeAction(event.code);
      o.onDisconnected?.(action !== 'never');
      if (action !== 'never') retry(action);
    });
  }

  open();
  return {
    close() {
      stopped = true;
      clearTimeout(activityTimer);
      clearTimeout(pongTimer);
      clearTimeout(retryTimer);
      ws?.close();
      ws = null;
    },
  };
}
