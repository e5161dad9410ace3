/**
 * Help widget frame messages (docs/product/api.md): the agent app (the host) embeds the operator's live-chat
 * widget in an iframe and the two talk with window.postMessage. Every message is an envelope
 * `{ source: 'parley-help-widget', type, payload }`; each side accepts it only from the other's
 * exact origin (docs/security.md: postMessage origins are checked on both sides).
 */
export const HELP_WIDGET_FRAME_SOURCE = 'parley-help-widget';

/** The message types of docs/product/api.md, verbatim. */
export const HELP_WIDGET_FRAME_TYPES = [
  'init',
  'current_page',
  'initial_email',
  'active_state',
  'open_window_page',
  'reset_notifications',
  'close',
  'open_url',
  'init_success',
  'new_message',
  'seen',
  'window_page_loaded',
] as const;
export type HelpWidgetFrameType = (typeof HELP_WIDGET_FRAME_TYPES)[number];

/** The pages the embedded widget can show. */
export const HELP_WIDGET_PAGES = ['home', 'chat', 'conversations'] as const;
export type HelpWidgetPage = (typeof HELP_WIDGET_PAGES)[number];

// The checks are written by hand, not with zod: the agent app parses these messages at run time
// and does not ship zod (this module builds no schema, so the shell's chunk stays without it).
type Check = (payload: Record<string, unknown>) => boolean;

const isString = (max: number) => (v: unknown) => typeof v === 'string' && v.length <= max;
const isNullableString = (max: number) => (v: unknown) => v === null || isString(max)(v);
const isPage = (v: unknown) => HELP_WIDGET_PAGES.includes(v as HelpWidgetPage);
const empty: Check = () => true;

/** Host → frame. */
const hostToFrame = {
  /** Who is asking and where: sent once the frame has loaded. */
  init: (p) =>
    isNullableString(200)(p['name']) &&
    isNullableString(254)(p['email']) &&
    (p['account_id'] === null || Number.isInteger(p['account_id'])) &&
    isString(2000)(p['page_url']),
  /** The agent moved to another page of the app. */
  current_page: (p) => isString(2000)(p['url']),
  /** The e-mail to pre-fill in the widget's contact form. */
  initial_email: (p) => isString(254)(p['email']),
  /** The panel was opened or closed (the frame also sends it to ask for either). */
  active_state: (p) => typeof p['open'] === 'boolean',
  /** Show this page of the widget. */
  open_window_page: (p) => isPage(p['page']),
  /** The agent saw the new messages: the widget clears its unread count. */
  reset_notifications: empty,
} satisfies Record<string, Check>;

/** Frame → host. */
const frameToHost = {
  /** The widget is ready and has read `init`. */
  init_success: empty,
  /** A reply from the operator's team arrived; `count` is the unread total. */
  new_message: (p) =>
    Number.isInteger(p['count']) &&
    (p['count'] as number) >= 1 &&
    (p['count'] as number) <= 999 &&
    (p['preview'] === undefined || isNullableString(300)(p['preview'])),
  /** The agent read the messages inside the widget. */
  seen: empty,
  /** The widget asks the host to close the panel. */
  close: empty,
  /** The widget asks the host to open a link (http or https only) in a new tab. */
  open_url: (p) => isString(2000)(p['url']),
  /** A page of the widget finished loading. */
  window_page_loaded: (p) => isPage(p['page']),
  /** The widget asks the host to open (true) or close (false) the panel. */
  active_state: (p) => typeof p['open'] === 'boolean',
} satisfies Record<string, Check>;

type Envelope<T extends string, P> = {
  source: typeof HELP_WIDGET_FRAME_SOURCE;
  type: T;
  payload: P;
};

export type HostToFrameMessage =
  | Envelope<
      'init',
      { name: string | null; email: string | null; account_id: number | null; page_url: string }
    >
  | Envelope<'current_page', { url: string }>
  | Envelope<'initial_email', { email: string }>
  | Envelope<'active_state', { open: boolean }>
  | Envelope<'open_window_page', { page: HelpWidgetPage }>
  | Envelope<'reset_notifications', Record<string, never>>;

export type FrameToHostMessage =
  | Envelope<'init_success', Record<string, never>>
  | Envelope<'new_message', { count: number; preview?: string | null }>
  | Envelope<'seen', Record<string, never>>
  | Envelope<'close', Record<string, never>>
  | Envelope<'open_url', { url: string }>
  | Envelope<'window_page_loaded', { page: HelpWidgetPage }>
  | Envelope<'active_state', { open: boolean }>;

function parser<M>(checks: Record<string, Check>) {
  return (data: unknown): M | null => {
    if (typeof data !== 'object' || data === null) return null;
    const { source, type, payload = {} } = data as Record<string, unknown>;
    if (source !== HELP_WIDGET_FRAME_SOURCE || typeof type !== 'string') return null;
    if (!Object.hasOwn(checks, type)) return null;
    if (typeof payload !== 'object' || payload === null || Array.isArray(payload)) return null;
    const fields = payload as Record<string, unknown>;
    return checks[type]!(fields) ? ({ source, type, payload: fields } as M) : null;
  };
}

/** A message from the embedded widget, or null when it is not one of ours or malformed. */
export const parseFrameToHost = parser<FrameToHostMessage>(frameToHost);
/** A message from the host app, or null when it is not one of ours or malformed (widget side). */
export const parseHostToFrame = parser<HostToFrameMessage>(hostToFrame);

export function hostMessage<T extends HostToFrameMessage['type']>(
  type: T,
  payload: Extract<HostToFrameMessage, { type: T }>['payload'],
): HostToFrameMessage {
  return { source: HELP_WIDGET_FRAME_SOURCE, type, payload } as HostToFrameMessage;
}

export function frameMessage<T extends FrameToHostMessage['type']>(
  type: T,
  payload: Extract<FrameToHostMessage, { type: T }>['payload'],
): FrameToHostMessage {
  return { source: HELP_WIDGET_FRAME_SOURCE, type, payload } as FrameToHostMessage;
}

/** Only web links may be opened on the widget's request (never javascript:, data:, ...). */
export function isSafeOpenUrl(url: string): boolean {
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:';
  } catch {
    return false;
  }
}
