import { act, waitFor } from '@testing-library/react';
import {
  GLOBAL_SETTINGS_DEFAULTS,
  dcuserPanelChannel,
  type ConversationListItem,
  type ConversationMapping,
  type GlobalSettings,
  type Me,
  type RealtimeConfig,
  type RealtimeEventName,
  type RealtimeEventPayloads,
  type ViewCounts,
} from '@parley/contracts';
import { makeStore } from '../../../app/store';
import { globalSettingsReceived } from '../../global-settings';
import { fakeApi, json, type RecordedCall, type Reply } from '../../../test/fake-api';
import { ME, signInCookies } from '../../../test/fixtures';
import { renderPage } from '../../../test/render';
import { RealtimeProvider } from '../../realtime';
import { fakeRealtime } from '../../realtime/testing';
import { compareForSort, matchesSearch, matchesView } from '../live-list-patch';
import { InboxPage } from '../components/inbox-page';

// Test support for the inbox: a small fake of the inbox API (filters, sorts and pages like the
// server), and a render of the inbox route inside a realtime provider on a fake Pusher.

export const REALTIME_CONFIG: RealtimeConfig = {
  key: 'parley',
  wsHost: 'localhost',
  wsPort: 3000,
  forceTLS: false,
  cluster: 'parley',
  enabledTransports: ['ws', 'wss'],
};

export const MAPPING: ConversationMapping = {
  tags: [
    { id: 1, name: 'billing', color: '#f59e0b' },
    { id: 2, name: 'vip', color: '#7c3aed' },
    { id: 3, name: 'bug', color: '#ef4444' },
  ],
  dc_users: [
    {
      id: 1,
      name: 'Erin Example',
      email: 'erin@example.com',
      avatar: null,
      profile_color: '#7c3aed',
      initials: 'EE',
      permission_level: 'owner',
    },
    {
      id: 2,
      name: 'Sam Agent',
      email: 'sam@example.com',
      avatar: null,
      profile_color: '#0f766e',
      initials: 'SA',
      permission_level: 'agent',
    },
  ],
  support_channels: [
    { id: 10, type: 'email', name: 'Support email', brand_id: null, needs_reauthorization: false },
    {
      id: 11,
      type: 'live_chat',
      name: 'Website chat',
      brand_id: null,
      needs_reauthorization: false,
    },
    { id: 12, type: 'sms', name: 'SMS line', brand_id: null, needs_reauthorization: false },
  ],
  teams: [{ id: 5, name: 'Billing team', description: null, member_ids: [1] }],
  integrations: [],
};

const BASE_TIME = Date.parse('2026-11-20T12:00:00.000Z');

/** A conversation of the list; `id` also orders the default activity times (higher = newer). */
export function conversation(
  id: number,
  overrides: Partial<ConversationListItem> = {},
): ConversationListItem {
  return {
    id,
    subject: `Question ${id}`,
    status: 'open',
    priority: 'none',
    snoozed_until: null,
    assignee_id: null,
    team_id: null,
    support_channel_id: 10,
    channel_type: 'email',
    brand_id: null,
    contact: {
      id: 1000 + id,
      name: `Customer ${id}`,
      email: `customer${id}@example.com`,
      phone: null,
      avatar: null,
    },
    last_message_preview: `Hello, this is message ${id}`,
    last_activity_at: new Date(BASE_TIME + id * 60_000).toISOString(),
    waiting_since: null,
    unread: false,
    tag_ids: [],
    created_at: new Date(BASE_TIME).toISOString(),
    sla: null,
    ...overrides,
  };
}

export function counts(overrides: Partial<ViewCounts> = {}): ViewCounts {
  return {
    mine: 0,
    unassigned: 0,
    all: 0,
    teams: {},
    channels: {},
    tags: {},
    unread_mine: 0,
    ...overrides,
  };
}

/** GET /dashboardapi/conversations over a fixed set, as the server answers (cursor = offset). */
export function listRoute(all: ConversationListItem[], userId = ME.id): Reply {
  return (call: RecordedCall) => {
    const q = new URL(call.url, 'http://localhost').searchParams;
    const view = q.get('view') ?? 'all';
    const status = q.get('status') ?? 'open';
    const sort = (q.get('sort') ?? 'newest') as 'newest' | 'oldest' | 'waiting_longest';
    const search = q.get('search') ?? undefined;
    const limit = Number(q.get('limit') ?? 25);
    const offset = Number(q.get('cursor') ?? 0);
    const matching = all
      .filter((c) => matchesView(c, view, userId))
      .filter((c) => status === 'all' || c.status === status)
      .filter((c) => matchesSearch(c, search) !== false)
      .sort(compareForSort(sort));
    const items = matching.slice(offset, offset + limit);
    const next = offset + limit < matching.length ? String(offset + limit) : null;
    return json(200, { items, next_cursor: next });
  };
}

interface RenderInboxOptions {
  conversations?: ConversationListItem[];
  counts?: ViewCounts;
  me?: Partial<Me>;
  settings?: Partial<GlobalSettings>;
  routes?: Record<string, Reply>;
}

/** The inbox route at `at`, signed in as ME, with realtime on a fake Pusher. */
export function renderInbox(at: string, options: RenderInboxOptions = {}) {
  signInCookies();
  const api = fakeApi({
    'GET /dashboardapi/me': json(200, { ...ME, ...options.me }),
    'GET /dashboardapi/realtime/config': json(200, REALTIME_CONFIG),
    'GET /dashboardapi/conversation/mapping': json(200, MAPPING),
    'GET /dashboardapi/conversations/counts': json(200, options.counts ?? counts()),
    'GET /dashboardapi/conversations': listRoute(options.conversations ?? []),
    ...options.routes,
  });
  const { store } = makeStore({ persist: false });
  store.dispatch(globalSettingsReceived({ ...GLOBAL_SETTINGS_DEFAULTS, ...options.settings }));
  const realtime = fakeRealtime();
  const view = renderPage(
    <RealtimeProvider connect={realtime.connect}>
      <InboxPage />
    </RealtimeProvider>,
    { at, path: '/inboxes/*', store },
  );

  const panel = dcuserPanelChannel(ME.id);
  return {
    api,
    store,
    realtime,
    view,
    /** Resolves once the inbox listens on the user's channel. */
    async live() {
      await waitFor(() => {
        const channel = realtime.current?.channel(panel);
        if (!channel || channel.count('conversation_updated') === 0) {
          throw new Error('The inbox does not listen on its realtime channel yet');
        }
      });
    },
    /** Plays a server event on the user's panel0 channel. */
    emit<E extends RealtimeEventName>(event: E, data: RealtimeEventPayloads[E]) {
      act(() => realtime.current?.emit(panel, event, data));
    },
  };
}
