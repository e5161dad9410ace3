import { t } from '@lingui/core/macro';
import {
  WIDGET_API,
  WIDGET_PUBLIC_SETTINGS_PATH,
  WIDGET_TOKEN_HEADER,
  type WidgetConversation,
  type WidgetMessage,
  type WidgetPublicSettings,
  type WidgetSession,
} from '@parley/contracts';
import { i18n } from './i18n';

export type WidgetAttachment = WidgetMessage['attachments'][number];

/** An error with a sentence a visitor understands (never a stack trace or an HTTP code). */
export class ChatError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly code: string | null = null,
  ) {
    super(message);
  }
}

const offlineMessage = () =>
  t`We can't reach the chat right now. Check your internet connection and try again.`;

/** The sentence to show for a failed call: the server's own words for 4xx, ours otherwise. */
export function visitorMessage(status: number, body: unknown): string {
  if (status === 429) return t`You're sending messages a little too fast. Please wait a moment.`;
  const message = (body as { message?: unknown } | null)?.message;
  if (status >= 400 && status < 500 && typeof message === 'string' && message) return message;
  return t`Something went wrong on our side. Please try again in a moment.`;
}

/** The sentence for an error of ours or the server's; never a stack trace. */
export const errorText = (err: unknown) =>
  err instanceof ChatError ? err.message : t`Something went wrong. Please try again.`;

/** The session could not start: the store has no chat (404), or another failure. */
export const sessionErrorText = (err: unknown) =>
  err instanceof ChatError && err.status === 404
    ? t`This chat is not available right now.`
    : errorText(err);

export type ApiCall = <T>(path: string, init?: RequestInit) => Promise<T>;

/** Calls the widget API with the visitor's token (auth mode `widget`: docs/ARCHITECTURE.md). */
export function widgetApi(getToken: () => string | null): ApiCall {
  return async function call<T>(path: string, init: RequestInit = {}): Promise<T> {
    const headers = new Headers(init.headers);
    const token = getToken();
    if (token) headers.set(WIDGET_TOKEN_HEADER, token);
    // The server writes its refusals in the language the chat shows (docs/i18n.md, "API errors").
    if (!headers.has('accept-language')) headers.set('accept-language', i18n.locale);
    if (typeof init.body === 'string' && !headers.has('content-type'))
      headers.set('content-type', 'application/json');
    let res: Response;
    try {
      res = await fetch(path, { ...init, headers, credentials: 'omit' });
    } catch {
      throw new ChatError(offlineMessage(), 0);
    }
    const body = res.status === 204 ? null : await res.json().catch(() => null);
    if (!res.ok) {
      const code = (body as { code?: unknown } | null)?.code;
      throw new ChatError(
        visitorMessage(res.status, body),
        res.status,
        typeof code === 'string' ? code : null,
      );
    }
    return body as T;
  };
}

const json = (method: string, body: unknown): RequestInit => ({
  method,
  body: JSON.stringify(body),
});

export function chatEndpoints(call: ApiCall) {
  return {
    startSession: (myshopify_domain: string, visitor_token: string | null) =>
      call<WidgetSession>(
        WIDGET_API.sessions,
        json('POST', visitor_token ? { myshopify_domain, visitor_token } : { myshopify_domain }),
      ),
    publicSettings: (shop: string) =>
      call<WidgetPublicSettings>(
        `${WIDGET_PUBLIC_SETTINGS_PATH}?myshopify_domain=${encodeURIComponent(shop)}`,
      ),
    identify: (identity: Record<string, unknown>) =>
      call<{ visitor: WidgetSession['visitor'] }>(WIDGET_API.identify, json('POST', identity)),
    setAttributes: (attributes: Record<string, unknown>) =>
      call<unknown>(WIDGET_API.attributes, json('PATCH', { attributes })),
    conversations: () =>
      call<{ conversations: WidgetConversation[] }>(WIDGET_API.conversations).then(
        (r) => r.conversations,
      ),
    startConversation: (body: {
      pre_chat: Record<string, string>;
      body: string;
      attachment_ids: number[];
    }) =>
      call<{ conversation: WidgetConversation; messages: WidgetMessage[] }>(
        WIDGET_API.conversations,
        json('POST', body),
      ),
    messages: (conversationId: number, before?: number) =>
      call<{ messages: WidgetMessage[]; has_more: boolean }>(
        `${WIDGET_API.messages(conversationId)}${before ? `?before=${before}` : ''}`,
      ),
    sendMessage: (conversationId: number, body: string, attachment_ids: number[]) =>
      call<{ message: WidgetMessage }>(
        WIDGET_API.messages(conversationId),
        json('POST', { body, attachment_ids }),
      ).then((r) => r.message),
    markRead: (conversationId: number, last_read_message_id: number) =>
      call<unknown>(WIDGET_API.read(conversationId), json('POST', { last_read_message_id })),
    typing: (conversationId: number, typing: boolean) =>
      call<unknown>(WIDGET_API.typing(conversationId), json('POST', { typing })),
    transcript: (conversationId: number, email?: string) =>
      call<{ sent_to: string }>(
        WIDGET_API.transcript(conversationId),
        json('POST', email ? { email } : {}),
      ),
    rate: (conversationId: number, rating: number, comment?: string) =>
      call<{ conversation: WidgetConversation }>(
        WIDGET_API.rating(conversationId),
        json('POST', comment ? { rating, comment } : { rating }),
      ).then((r) => r.conversation),
    upload: (file: File) => {
      const form = new FormData();
      form.append('file', file);
      return call<WidgetAttachment>(WIDGET_API.attachments, { method: 'POST', body: form });
    },
    pusherAuth: (socket_id: string, channel_name: string) =>
      call<{ auth: string }>(WIDGET_API.pusherAuth, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ socket_id, channel_name }).toString(),
      }).then((r) => r.auth),
  };
}
export type ChatEndpoints = ReturnType<typeof chatEndpoints>;
