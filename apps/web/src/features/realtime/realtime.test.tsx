import { describe, expect, it } from 'vitest';
import { act, render, screen, waitFor } from '@testing-library/react';
import Cookies from 'js-cookie';
import { MemoryRouter } from 'react-router';
import { Provider } from 'react-redux';
import { useState, type ReactNode } from 'react';
import {
  GLOBAL_SETTINGS_DEFAULTS,
  REALTIME_EVENTS,
  type ConversationListItem,
  type GlobalSettings,
} from '@parley/contracts';
import { AppRoutes } from '../../app/app-routes';
import { makeStore } from '../../app/store';
import { resetAppState } from '../../app/reset-app-state';
import { fakeApi, json } from '../../test/fake-api';
import { ME, signInCookies } from '../../test/fixtures';
import { RealtimeProvider } from './components/realtime-provider';
import { useRealtime, useRealtimeCaughtUp, useUserChannelEvent } from './hooks/use-realtime';
import { RealtimeConnectorContext } from './realtime-context';
import { fakeRealtime, type FakePusher } from './testing/fake-pusher';

const CONFIG = {
  key: 'parley-key',
  wsHost: 'chat.example.com',
  wsPort: 6001,
  forceTLS: true,
  cluster: 'parley',
  enabledTransports: ['ws', 'wss'],
};

function Probe() {
  const client = useRealtime();
  const [last, setLast] = useState<ConversationListItem | null>(null);
  useUserChannelEvent('conversation_updated', ({ conversation }) => setLast(conversation));
  return (
    <div>
      <span data-testid="connected">{client ? 'yes' : 'no'}</span>
      <span data-testid="last">{last?.subject ?? ''}</span>
    </div>
  );
}

/** Counts how often a screen was told to catch up (useRealtimeCaughtUp). */
function CatchUpProbe({ testId }: { testId: string }) {
  const [count, setCount] = useState(0);
  useRealtimeCaughtUp(() => setCount((n) => n + 1));
  return <span data-testid={testId}>{count}</span>;
}

function setup(extra: ReactNode = null) {
  signInCookies();
  const api = fakeApi({
    'GET /dashboardapi/me': json(200, ME),
    'GET /dashboardapi/realtime/config': json(200, CONFIG),
  });
  const { store } = makeStore({ persist: false });
  const realtime = fakeRealtime();
  const view = render(
    <Provider store={store}>
      <RealtimeProvider connect={realtime.connect}>
        <Probe />
        {extra}
      </RealtimeProvider>
    </Provider>,
  );
  return { api, store, realtime, view };
}

const connected = (realtime: ReturnType<typeof fakeRealtime>) =>
  waitFor(() => {
    expect(screen.getByTestId('connected')).toHaveTextContent('yes');
    return realtime.current as FakePusher;
  });

describe('realtime connection (channels, docs/ARCHITECTURE.md: docs/product/api.md)', () => {
  it('connects with the server’s options: wsHost, wsPort as wsPort and wssPort, forceTLS, transports, cluster', async () => {
    const { realtime, api } = setup();
    const client = await connected(realtime);
    expect(realtime.clients).toHaveLength(1);
    expect(client.key).toBe('parley-key');
    expect(client.options).toMatchObject({
      wsHost: 'chat.example.com',
      wsPort: 6001,
      wssPort: 6001,
      forceTLS: true,
      cluster: 'parley',
      enabledTransports: ['ws', 'wss'],
    });
    expect(api.callsTo('GET /dashboardapi/realtime/config')[0]?.headers['authorization']).toBe(
      'Token tok_abcdefghijklmnop',
    );
  });

  it('docs/product/api.md: channel authorisation posts to /dashboardapi/pusher/auth with X-CSRFTOKEN, Authorization Token and x-dc-account-id from the cookies', async () => {
    const { realtime } = setup();
    const client = await connected(realtime);
    const auth = client.options.channelAuthorization as {
      endpoint: string;
      headersProvider: () => Record<string, string>;
    };
    expect(auth.endpoint).toBe('/dashboardapi/pusher/auth');
    expect(auth.headersProvider()).toEqual({
      'x-csrftoken': 'csrf123',
      authorization: 'Token tok_abcdefghijklmnop',
      'x-dc-account-id': '7',
    });
    // Read at each authorisation: a switched account is sent from then on.
    Cookies.set('account_id', '8', { path: '/' });
    expect(auth.headersProvider()['x-dc-account-id']).toBe('8');
  });

  it('subscribes private-dcuser-{id}-panel0 and private-account-{id}-global-settings', async () => {
    const { realtime } = setup();
    const client = await connected(realtime);
    expect([...client.channels.keys()].sort()).toEqual([
      'private-account-7-global-settings',
      'private-dcuser-1-panel0',
    ]);
  });

  it('global_settings_updated puts the new settings into the globalSettings slice', async () => {
    const { realtime, store } = setup();
    const client = await connected(realtime);
    const next: GlobalSettings = {
      ...GLOBAL_SETTINGS_DEFAULTS,
      are_keyboard_shortcuts_disabled: true,
      live_chat_notification_sound: 3,
    };
    act(() =>
      client.emit('private-account-7-global-settings', REALTIME_EVENTS.globalSettingsUpdated, next),
    );
    expect(store.getState().globalSettings).toMatchObject({
      are_keyboard_shortcuts_disabled: true,
      live_chat_notification_sound: 3,
      isFetched: true,
    });
  });

  it('useUserChannelEvent hears the user’s panel0 events of the current account only', async () => {
    const { realtime } = setup();
    const client = await connected(realtime);
    // The listener is bound in an effect after the connected render: wait for it, not for luck.
    await waitFor(() =>
      expect(client.channel('private-dcuser-1-panel0')?.count('conversation_updated')).toBe(1),
    );
    const item = { id: 1, subject: 'Hello' } as ConversationListItem;
    act(() =>
      client.emit('private-dcuser-1-panel0', 'conversation_updated', {
        account_id: 8,
        conversation: { ...item, subject: 'Other workspace' },
      }),
    );
    expect(screen.getByTestId('last')).toHaveTextContent('');
    act(() =>
      client.emit('private-dcuser-1-panel0', 'conversation_updated', {
        account_id: 7,
        conversation: item,
      }),
    );
    expect(screen.getByTestId('last')).toHaveTextContent('Hello');
  });

  it('useRealtimeCaughtUp: a screen mounted before the panel channel was subscribed catches up once, when it is', async () => {
    const { realtime } = setup(<CatchUpProbe testId="early" />);
    const client = await connected(realtime);
    // The probe binds in an effect after the connected render: wait for it, not for luck.
    await waitFor(() =>
      expect(
        client.channel('private-dcuser-1-panel0')?.count('pusher:subscription_succeeded'),
      ).toBe(1),
    );
    const panel = client.channel('private-dcuser-1-panel0')!;
    expect(screen.getByTestId('early')).toHaveTextContent('0');
    act(() => panel.succeed());
    expect(screen.getByTestId('early')).toHaveTextContent('1');
    // A resubscription (after a drop) is useRealtimeReconnected's business.
    act(() => panel.succeed());
    expect(screen.getByTestId('early')).toHaveTextContent('1');
  });

  it('useRealtimeCaughtUp: a screen mounted while the panel channel is subscribed does not refetch', async () => {
    const { realtime, view, store } = setup();
    const client = await connected(realtime);
    act(() => client.channel('private-dcuser-1-panel0')!.succeed());
    const realtimeConnect = realtime.connect;
    view.rerender(
      <Provider store={store}>
        <RealtimeProvider connect={realtimeConnect}>
          <Probe />
          <CatchUpProbe testId="late" />
        </RealtimeProvider>
      </Provider>,
    );
    expect(screen.getByTestId('late')).toHaveTextContent('0');
    act(() => client.channel('private-dcuser-1-panel0')!.succeed());
    expect(screen.getByTestId('late')).toHaveTextContent('0');
  });

  it('reconnects for the new account on an account switch, and disconnects on unmount', async () => {
    const { realtime, store, view } = setup();
    const first = await connected(realtime);
    act(() => {
      Cookies.set('account_id', '8', { path: '/' });
      store.dispatch(resetAppState({ keepAuth: true }));
    });
    await waitFor(() => expect(realtime.clients).toHaveLength(2));
    expect(first.disconnected).toBe(true);
    const second = await connected(realtime);
    expect(second.channels.has('private-account-8-global-settings')).toBe(true);

    view.unmount();
    expect(second.disconnected).toBe(true);
  });
});

describe('docs/product/screens.md: no real-time channel on the public pages', () => {
  for (const [path, text] of [
    ['/login', 'Sign in'],
    ['/signup', 'Create your account'],
  ] as const) {
    it(`opens no realtime connection on ${path}, even with a session`, async () => {
      signInCookies();
      const api = fakeApi({
        'GET /dashboardapi/me': json(200, ME),
        'GET /dashboardapi/realtime/config': json(200, CONFIG),
      });
      const realtime = fakeRealtime();
      render(
        <RealtimeConnectorContext value={realtime.connect}>
          <MemoryRouter initialEntries={[path]}>
            <AppRoutes />
          </MemoryRouter>
        </RealtimeConnectorContext>,
      );
      expect((await screen.findAllByText(text, {}, { timeout: 15_000 })).length).toBeGreaterThan(0);
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(realtime.clients).toHaveLength(0);
      expect(api.callsTo('GET /dashboardapi/realtime/config')).toHaveLength(0);
    });
  }
});
