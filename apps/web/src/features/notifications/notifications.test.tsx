import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type Pusher from 'pusher-js';
import { dcuserPanelChannel, type NotificationItem } from '@parley/contracts';
import { makeStore } from '../../app/store';
import { fakeApi, json, type RecordedCall } from '../../test/fake-api';
import { ME, signInCookies } from '../../test/fixtures';
import { renderPage } from '../../test/render';
import { RealtimeContext } from '../realtime';
import { FakePusher } from '../realtime/testing';
import { NotificationBell, NotificationsKeeper } from './index';
import { DesktopNotificationsSection } from './settings/desktop-notifications-section';

afterEach(() => {
  vi.unstubAllGlobals();
  Object.defineProperty(document, 'visibilityState', { configurable: true, value: 'visible' });
});

const item = (over: Partial<NotificationItem>): NotificationItem => ({
  id: 1,
  kind: 'mention',
  conversation_id: 4907,
  conversation_subject: 'Refund for order 4907',
  contact_name: 'Cora Customer',
  actor: { id: 7, name: 'Maya Patel', profile_color: '#1677ff' },
  excerpt: '@Ada can you check?',
  created_at: new Date().toISOString(),
  read: false,
  ...over,
});

describe('the bell', () => {
  it('shows the unread count, lists notifications, and opening one marks it read and goes to its conversation', async () => {
    signInCookies();
    let unread = 2;
    const api = fakeApi({
      'GET /dashboardapi/me': () => json(200, { ...ME, unread_notification_count: unread }),
      'GET /dashboardapi/notifications': () =>
        json(200, {
          notifications: [
            item({ id: 2 }),
            item({ id: 1, kind: 'assigned', actor: null, conversation_id: 12, excerpt: null }),
          ],
          next_cursor: null,
          unread_count: unread,
        }),
      'POST /dashboardapi/notifications/read': (call: RecordedCall) => {
        unread -= (call.body as { ids: number[] }).ids.length;
        return json(200, { marked: 1, unread_count: unread });
      },
    });
    const { store } = makeStore({ persist: false });
    renderPage(<NotificationBell />, { at: '/inboxes', path: '*', store });

    const bell = await screen.findByRole('button', { name: 'Notifications, 2 unread' });
    expect(screen.getByTestId('notification-count')).toHaveTextContent('2');
    await userEvent.click(bell);

    const list = await screen.findByRole('list', { name: 'Notifications' });
    expect(
      within(list).getByText('Maya Patel mentioned you in “Refund for order 4907”'),
    ).toBeInTheDocument();
    expect(
      within(list).getByText('“Refund for order 4907” was assigned to you'),
    ).toBeInTheDocument();

    await userEvent.click(
      within(list).getByText('Maya Patel mentioned you in “Refund for order 4907”'),
    );
    await waitFor(() =>
      expect(api.callsTo('POST /dashboardapi/notifications/read')).toHaveLength(1),
    );
    expect(api.callsTo('POST /dashboardapi/notifications/read')[0]!.body).toEqual({ ids: [2] });
    await waitFor(() => expect(screen.getByTestId('notification-count')).toHaveTextContent('1'));
    expect(screen.getByTestId('location')).toHaveTextContent(
      '/inboxes/all/all/newest/4907?search=id:4907',
    );
  });
});

function stubNotification(permission: NotificationPermission, answer: NotificationPermission) {
  const requestPermission = vi.fn<() => Promise<NotificationPermission>>(async () => answer);
  vi.stubGlobal(
    'Notification',
    Object.assign(function Notification() {}, { permission, requestPermission }),
  );
  return requestPermission;
}

describe('desktop notifications in the profile', () => {
  const prefs = {
    in_app: {
      mention: true,
      assigned: true,
      customer_reply: true,
      sla_warning: true,
      sla_breached: true,
    },
    desktop: {
      mention: true,
      assigned: true,
      customer_reply: true,
      sla_warning: true,
      sla_breached: true,
    },
  };

  it('asks the browser only from the button, then shows what it answered, with how to unblock', async () => {
    signInCookies();
    fakeApi({ 'GET /dashboardapi/me/notification-preferences': json(200, prefs) });
    const ask = stubNotification('default', 'denied');
    renderPage(<DesktopNotificationsSection />, { at: '/settings/profile' });

    expect(await screen.findByText(/Not asked yet/)).toBeInTheDocument();
    expect(ask).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Allow desktop notifications' }));
    expect(ask).toHaveBeenCalledTimes(1);
    expect(await screen.findByText(/Blocked/)).toBeInTheDocument();
    expect(screen.getByText(/set Notifications to Allow/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Allow desktop notifications' })).toBeNull();
  });

  it('saves a kind turned off for the desktop', async () => {
    signInCookies();
    const api = fakeApi({
      'GET /dashboardapi/me/notification-preferences': json(200, prefs),
      'PATCH /dashboardapi/me/notification-preferences': json(200, {
        ...prefs,
        desktop: { ...prefs.desktop, mention: false },
      }),
    });
    stubNotification('granted', 'granted');
    renderPage(<DesktopNotificationsSection />, { at: '/settings/profile' });
    expect(await screen.findByText(/Allowed/)).toBeInTheDocument();
    const toggle = await screen.findByRole('switch', {
      name: 'A teammate mentions me in a note: desktop',
    });
    await userEvent.click(toggle);
    await waitFor(() => expect(toggle).not.toBeChecked());
    expect(api.callsTo('PATCH /dashboardapi/me/notification-preferences')[0]!.body).toEqual({
      desktop: { mention: false },
    });
  });
});

describe('live notifications', () => {
  it('the count follows the realtime event; a desktop notification shows only while the tab is hidden', async () => {
    signInCookies();
    fakeApi({ 'GET /dashboardapi/me': json(200, { ...ME, is_notification_sound_enabled: false }) });
    const shown: { title: string; body?: string }[] = [];
    vi.stubGlobal(
      'Notification',
      Object.assign(
        class {
          constructor(title: string, options: { body?: string }) {
            shown.push({ title, body: options.body });
          }
          addEventListener() {}
          close() {}
        },
        { permission: 'granted' },
      ),
    );
    const pusher = new FakePusher('parley', {} as never);
    pusher.subscribe(dcuserPanelChannel(ME.id));
    const { store } = makeStore({ persist: false });
    renderPage(
      <RealtimeContext.Provider
        value={{ client: pusher as unknown as Pusher, userId: ME.id, accountId: ME.account.id }}
      >
        <NotificationsKeeper />
        <NotificationBell />
      </RealtimeContext.Provider>,
      { at: '/inboxes', path: '*', store },
    );
    await screen.findByRole('button', { name: 'Notifications' });

    const event = (id: number, unread: number, desktop: boolean) =>
      pusher.emit(dcuserPanelChannel(ME.id), 'notification_created', {
        account_id: ME.account.id,
        notification: item({ id }),
        unread_count: unread,
        desktop,
      });
    event(1, 1, true);
    await waitFor(() => expect(screen.getByTestId('notification-count')).toHaveTextContent('1'));
    expect(shown).toHaveLength(0);

    Object.defineProperty(document, 'visibilityState', { configurable: true, value: 'hidden' });
    event(2, 2, false);
    await waitFor(() => expect(screen.getByTestId('notification-count')).toHaveTextContent('2'));
    expect(shown).toHaveLength(0);
    event(3, 3, true);
    await waitFor(() => expect(screen.getByTestId('notification-count')).toHaveTextContent('3'));
    expect(shown).toEqual([
      {
        title: 'Maya Patel mentioned you in “Refund for order 4907”',
        body: '@Ada can you check?',
      },
    ]);
  });

  it('the conversation on screen has its notifications read: on opening it, and as new ones come', async () => {
    signInCookies();
    let unread = 2;
    const api = fakeApi({
      'GET /dashboardapi/me': () =>
        json(200, {
          ...ME,
          is_notification_sound_enabled: false,
          unread_notification_count: unread,
        }),
      'POST /dashboardapi/notifications/read': () => {
        unread = 1;
        return json(200, { marked: 1, unread_count: unread });
      },
    });
    const posts = () => api.callsTo('POST /dashboardapi/notifications/read').map((c) => c.body);
    const pusher = new FakePusher('parley', {} as never);
    pusher.subscribe(dcuserPanelChannel(ME.id));
    const { store } = makeStore({ persist: false });
    renderPage(
      <RealtimeContext.Provider
        value={{ client: pusher as unknown as Pusher, userId: ME.id, accountId: ME.account.id }}
      >
        <NotificationsKeeper />
        <NotificationBell />
      </RealtimeContext.Provider>,
      { at: '/inboxes/all/open/newest/4907', path: '*', store },
    );
    await waitFor(() => expect(posts()).toEqual([{ conversation_id: 4907 }]));
    await waitFor(() => expect(screen.getByTestId('notification-count')).toHaveTextContent('1'));
    // A reply arrives on it while it is open: read at once.
    pusher.emit(dcuserPanelChannel(ME.id), 'notification_created', {
      account_id: ME.account.id,
      notification: item({ id: 9, kind: 'customer_reply' }),
      unread_count: 2,
      desktop: false,
    });
    await waitFor(() => expect(posts()).toEqual([{ conversation_id: 4907 }, { ids: [9] }]));
    // One for another conversation is left unread.
    pusher.emit(dcuserPanelChannel(ME.id), 'notification_created', {
      account_id: ME.account.id,
      notification: item({ id: 10, conversation_id: 12 }),
      unread_count: 2,
      desktop: false,
    });
    await waitFor(() => expect(screen.getByTestId('notification-count')).toHaveTextContent('2'));
    expect(posts()).toHaveLength(2);
  });
});
