import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render } from 'preact';
import { act } from 'preact/test-utils';
import { fireEvent, screen, waitFor, within } from '@testing-library/dom';
import {
  WIDGET_API,
  WIDGET_CHAT_DEFAULTS,
  WIDGET_PUBLIC_SETTINGS_PATH,
  WIDGET_THEME_DEFAULTS,
  WIDGET_TOKEN_HEADER,
  type WidgetSession,
} from '@parley/contracts';
import { chatEndpoints, widgetApi } from './api';
import { ChatApp } from './app';
import { connectHost } from './host';
import { useChat } from './use-chat';

// The chat app in a page (jsdom), its server faked at the network boundary (fetch).
type Route = (body: unknown) => { status: number; body: unknown };
let routes: Record<string, Route>;
let calls: Array<{ key: string; body: unknown; token: string | null }>;

const session = (over: Partial<WidgetSession> = {}): WidgetSession => ({
  visitor_token: 'tok-1',
  visitor: { public_id: 'a'.repeat(32), name: null, email: null, is_verified: false },
  brand_name: 'Acme Outfitters',
  chat: WIDGET_CHAT_DEFAULTS,
  is_open_now: true,
  agents: [],
  conversations: [],
  // Port 9 (discard): nothing answers, the socket just keeps retrying in the background.
  realtime: {
    key: 'k',
    wsHost: '127.0.0.1',
    wsPort: 9,
    forceTLS: false,
    channel: 'private-widget-visitor-x',
  },
  ...over,
});

beforeEach(() => {
  calls = [];
  routes = {
    [`GET ${WIDGET_PUBLIC_SETTINGS_PATH}`]: () => ({
      status: 200,
      body: { basic_settings: { is_widget_enabled: true }, theme: WIDGET_THEME_DEFAULTS },
    }),
  };
  vi.stubGlobal(
    'fetch',
    vi.fn<typeof fetch>(async (input, init = {}) => {
      const path = new URL(String(input), 'http://x').pathname;
      const key = `${init.method ?? 'GET'} ${path}`;
      const body = typeof init.body === 'string' ? JSON.parse(init.body) : init.body;
      calls.push({ key, body, token: new Headers(init.headers).get(WIDGET_TOKEN_HEADER) });
      const route = routes[key];
      const answer = route ? route(body) : { status: 404, body: { message: 'Not found.' } };
      return new Response(JSON.stringify(answer.body), {
        status: answer.status,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
  window.history.replaceState(null, '', '/widget/frame?shop=acme.myshopify.com');
});
afterEach(async () => {
  act(() => render(null, document.body));
  // Preact runs effects' cleanups after the next frame: let them finish inside this test.
  await new Promise((resolve) => setTimeout(resolve, 50));
  vi.unstubAllGlobals();
});

/** Types into a field; Preact renders on the next tick, before the visitor's next action. */
async function type(field: HTMLElement, value: string) {
  fireEvent.input(field, { target: { value } });
  await new Promise((resolve) => setTimeout(resolve, 0));
}

function mount() {
  const host = connectHost(window);
  const api = chatEndpoints(widgetApi(() => host.params.token));
  function Root() {
    const chat = useChat(api, host, (t) => {
      host.params.token = t;
    });
    return <ChatApp chat={chat} api={api} host={host} />;
  }
  act(() => render(<Root />, document.body));
}

describe('the chat app', () => {
  it('outside business hours shows the away message and needs an email to continue by email', async () => {
    routes[`POST ${WIDGET_API.sessions}`] = () => ({
      status: 200,
      body: session({
        is_open_now: false,
        chat: {
          ...WIDGET_CHAT_DEFAULTS,
          pre_chat: { enabled: false, fields: [] },
          away_message: 'We are out fishing. Leave your email.',
          business_hours: {
            time_zone: 'Europe/Oslo',
            days: [1, 2, 3, 4, 5].map((day) => ({ day, open: '09:00', close: '17:00' })),
          },
        },
      }),
    });
    routes[`POST ${WIDGET_API.conversations}`] = () => ({
      status: 201,
      body: {
        conversation: {
          id: 5,
          status: 'open',
          agent: null,
          last_message: null,
          unread: 0,
          created_at: new Date().toISOString(),
          rating: null,
        },
        messages: [],
      },
    });
    mount();
    expect(await screen.findByText('We are out fishing. Leave your email.')).toBeTruthy();
    expect(screen.getByText(/Mon–Fri 09:00–17:00/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Leave us a message' }));
    const form = await screen.findByRole('form', { name: 'Start a conversation' });
    await type(within(form).getByLabelText('Your message'), 'Hello?');
    fireEvent.submit(form);
    expect((await within(form).findByRole('alert')).textContent).toBe('Please fill in your email.');
    await type(within(form).getByLabelText('Your email'), 'not-an-email');
    fireEvent.submit(form);
    await waitFor(() =>
      expect(within(form).getByRole('alert').textContent).toMatch(/valid email address/),
    );
    await type(within(form).getByLabelText('Your email'), 'vera@example.com');
    fireEvent.submit(form);
    await waitFor(() =>
      expect(calls.find((c) => c.key === `POST ${WIDGET_API.conversations}`)?.body).toEqual({
        pre_chat: { email: 'vera@example.com' },
        body: 'Hello?',
        attachment_ids: [],
      }),
    );
    // Every call after the session carries the visitor's token.
    expect(calls.find((c) => c.key === `POST ${WIDGET_API.conversations}`)?.token).toBe('tok-1');
  });

  it('says in plain words when the chat cannot start, and tries again on request', async () => {
    let attempts = 0;
    routes[`POST ${WIDGET_API.sessions}`] = () =>
      ++attempts === 1
        ? { status: 500, body: { message: 'TypeError: boom' } }
        : { status: 200, body: session() };
    mount();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe(
      'Something went wrong on our side. Please try again in a moment.',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Hi there! How can we help?')).toBeTruthy();
  });
});

describe('the chat in the visitor’s language', () => {
  /** The browser's languages, best first (navigator.languages), for one test. */
  function browserSpeaks(...languages: string[]) {
    Object.defineProperty(window.navigator, 'languages', { value: languages, configurable: true });
  }
  afterEach(() => {
    // Back to jsdom's own (on the prototype).
    delete (window.navigator as { languages?: unknown }).languages;
  });

  it('speaks the browser’s language, a regional variant counting as its language; the store’s texts stay as written', async () => {
    browserSpeaks('es-MX', 'en');
    routes[`POST ${WIDGET_API.sessions}`] = () => ({ status: 200, body: session() });
    mount();
    expect(await screen.findByRole('button', { name: 'Iniciar una conversación' })).toBeTruthy();
    expect(screen.getByText('Hi there! How can we help?').getAttribute('dir')).toBe('auto');
    expect(document.documentElement.lang).toBe('es');
    expect(document.documentElement.dir).toBe('ltr');
  });

  it('reads right to left in Arabic', async () => {
    browserSpeaks('ar-EG');
    routes[`POST ${WIDGET_API.sessions}`] = () => ({ status: 200, body: session() });
    mount();
    expect(await screen.findByRole('button', { name: 'بدء محادثة' })).toBeTruthy();
    expect(document.documentElement.lang).toBe('ar');
    expect(document.documentElement.dir).toBe('rtl');
  });

  it('speaks English when the browser wants none of the widget’s languages', async () => {
    browserSpeaks('ja-JP', 'ko');
    routes[`POST ${WIDGET_API.sessions}`] = () => ({ status: 200, body: session() });
    mount();
    expect(await screen.findByRole('button', { name: 'Start a conversation' })).toBeTruthy();
    expect(document.documentElement.lang).toBe('en');
    expect(document.documentElement.dir).toBe('ltr');
  });

  it('follows the store’s language over the browser’s when the store chose one', async () => {
    browserSpeaks('es-ES');
    // The store's choice comes with the session's chat settings (null follows the visitor).
    const chat = { ...WIDGET_CHAT_DEFAULTS, locale: 'de' } as WidgetSession['chat'];
    routes[`POST ${WIDGET_API.sessions}`] = () => ({ status: 200, body: session({ chat }) });
    mount();
    expect(await screen.findByRole('button', { name: 'Unterhaltung starten' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Iniciar una conversación' })).toBeNull();
    expect(document.documentElement.lang).toBe('de');
  });
});
