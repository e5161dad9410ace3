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
  type WidgetConversation,
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

const conversation = (over: Partial<WidgetConversation> = {}): WidgetConversation => ({
  id: 7,
  status: 'closed',
  agent: null,
  last_message: null,
  unread: 0,
  created_at: new Date().toISOString(),
  rating: null,
  ...over,
});

const session = (conversations: WidgetConversation[]): WidgetSession => ({
  visitor_token: 'tok-1',
  visitor: { public_id: 'a'.repeat(32), name: null, email: null, is_verified: false },
  brand_name: 'Acme Outfitters',
  chat: WIDGET_CHAT_DEFAULTS,
  is_open_now: true,
  agents: [],
  conversations,
  // Port 9 (discard): nothing answers, the socket just keeps retrying in the background.
  realtime: {
    key: 'k',
    wsHost: '127.0.0.1',
    wsPort: 9,
    forceTLS: false,
    channel: 'private-widget-visitor-x',
  },
});

beforeEach(() => {
  calls = [];
  routes = {
    [`GET ${WIDGET_PUBLIC_SETTINGS_PATH}`]: () => ({
      status: 200,
      body: { basic_settings: { is_widget_enabled: true }, theme: WIDGET_THEME_DEFAULTS },
    }),
    [`GET ${WIDGET_API.messages(7)}`]: () => ({
      status: 200,
      body: { messages: [], has_more: false },
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

async function openConversation() {
  const list = await screen.findByRole('region', { name: 'Your conversations' });
  fireEvent.click(within(list).getByRole('button'));
}

describe('the rating prompt (CSAT from the widget)', () => {
  it('a closed, unrated conversation asks for 1–5 stars and an optional comment, then thanks the visitor', async () => {
    routes[`POST ${WIDGET_API.sessions}`] = () => ({
      status: 200,
      body: session([conversation()]),
    });
    routes[`POST ${WIDGET_API.rating(7)}`] = (body) => ({
      status: 200,
      body: { conversation: conversation({ rating: (body as { rating: number }).rating }) },
    });
    mount();
    await openConversation();
    const form = await screen.findByRole('form', { name: 'Rate this conversation' });

    // Sending without stars says what is missing, in words.
    fireEvent.submit(form);
    expect((await within(form).findByRole('alert')).textContent).toBe(
      'Choose a rating from 1 to 5 stars.',
    );

    fireEvent.click(within(form).getByRole('button', { name: '4 stars: Good' }));
    await waitFor(() =>
      expect(
        within(form).getByRole('button', { name: '4 stars: Good' }).getAttribute('aria-pressed'),
      ).toBe('true'),
    );
    fireEvent.input(within(form).getByLabelText('Your comment (optional)'), {
      target: { value: '  Quick and kind.  ' },
    });
    await new Promise((resolve) => setTimeout(resolve, 0));
    fireEvent.submit(form);

    expect(await screen.findByText('Thank you for your feedback!')).toBeTruthy();
    const sent = calls.find((c) => c.key === `POST ${WIDGET_API.rating(7)}`);
    expect(sent).toMatchObject({ body: { rating: 4, comment: 'Quick and kind.' }, token: 'tok-1' });
    expect(screen.queryByRole('form', { name: 'Rate this conversation' })).toBeNull();
  });

  it("shows the server's words when the rating is refused (e.g. reopened meanwhile: 409)", async () => {
    routes[`POST ${WIDGET_API.sessions}`] = () => ({
      status: 200,
      body: session([conversation()]),
    });
    routes[`POST ${WIDGET_API.rating(7)}`] = () => ({
      status: 409,
      body: {
        code: 'conversation_not_closed',
        message: 'This conversation is still open. You can rate it once it has been resolved.',
      },
    });
    mount();
    await openConversation();
    const form = await screen.findByRole('form', { name: 'Rate this conversation' });
    fireEvent.click(within(form).getByRole('button', { name: '1 star: Very bad' }));
    await new Promise((resolve) => setTimeout(resolve, 0));
    fireEvent.submit(form);
    expect((await within(form).findByRole('alert')).textContent).toMatch(/still open/);
  });

  it('is not shown for an open conversation, nor for one already rated', async () => {
    routes[`POST ${WIDGET_API.sessions}`] = () => ({
      status: 200,
      body: session([conversation({ status: 'open' })]),
    });
    mount();
    await openConversation();
    await screen.findByLabelText('Write a message');
    expect(screen.queryByRole('form', { name: 'Rate this conversation' })).toBeNull();

    act(() => render(null, document.body));
    routes[`POST ${WIDGET_API.sessions}`] = () => ({
      status: 200,
      body: session([conversation({ rating: 5 })]),
    });
    mount();
    await openConversation();
    await screen.findByText(/This conversation is closed/);
    expect(screen.queryByRole('form', { name: 'Rate this conversation' })).toBeNull();
  });
});
