import type { ReactElement } from 'react';
import { vi } from 'vitest';
import type {
  ConversationDetail,
  ConversationListItem,
  ConversationMapping,
  Message,
  RealtimeConfig,
} from '@parley/contracts';
import { makeStore, type AppStore } from '../../../app/store';
import { meLoaded } from '../../auth';
import { fakeApi, json, type Reply } from '../../../test/fake-api';
import { ME, signInCookies } from '../../../test/fixtures';
import { renderPage } from '../../../test/render';

export const CONVERSATION_ID = 42;
export const NOW = new Date();
const minutesAgo = (m: number) => new Date(NOW.getTime() - m * 60_000).toISOString();

export const MAPPING: ConversationMapping = {
  tags: [
    { id: 5, name: 'billing', color: '#1677ff' },
    { id: 6, name: 'refund', color: '#13a8a8' },
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
      profile_color: '#13a8a8',
      initials: 'SA',
      permission_level: 'agent',
    },
    {
      id: 3,
      name: 'Alex Rivera',
      email: 'alex@example.com',
      avatar: null,
      profile_color: '#fa8c16',
      initials: 'AR',
      permission_level: 'agent',
    },
  ],
  support_channels: [
    { id: 9, type: 'email', name: 'Support inbox', brand_id: null, needs_reauthorization: false },
  ],
  teams: [
    { id: 11, name: 'Billing team', description: null, member_ids: [1, 2] },
    { id: 12, name: 'Tier 2', description: null, member_ids: [3] },
  ],
  integrations: [],
};

export function detail(overrides: Partial<ConversationDetail> = {}): ConversationDetail {
  return {
    id: CONVERSATION_ID,
    subject: 'Refund for order 1001',
    status: 'open',
    priority: 'none',
    snoozed_until: null,
    assignee_id: null,
    team_id: null,
    support_channel_id: 9,
    channel_type: 'email',
    brand_id: null,
    contact: {
      id: 77,
      name: 'Jane Customer',
      email: 'jane@customer.test',
      phone: '+15551234567',
      avatar: null,
    },
    last_message_preview: 'Where is my refund?',
    last_activity_at: minutesAgo(5),
    waiting_since: minutesAgo(30),
    unread: true,
    tag_ids: [5],
    created_at: minutesAgo(60),
    sla: null,
    first_response_at: minutesAgo(20),
    resolved_at: null,
    contact_other_conversations: [
      {
        id: 40,
        subject: 'Shipping question',
        status: 'closed',
        last_activity_at: minutesAgo(9000),
      },
    ],
    rating: null,
    reply_channels: [{ id: 9, type: 'email', name: 'Support inbox' }],
    latest_customer_channel_id: 9,
    ...overrides,
  };
}

export function listItem(from: ConversationDetail): ConversationListItem {
  const {
    first_response_at: _first,
    resolved_at: _resolved,
    contact_other_conversations: _others,
    reply_channels: _channels,
    latest_customer_channel_id: _latest,
    ...item
  } = from;
  return item;
}

let nextId = 100;
export function message(overrides: Partial<Message> = {}): Message {
  nextId += 1;
  return {
    id: nextId,
    conversation_id: CONVERSATION_ID,
    direction: 'incoming',
    kind: 'message',
    body: 'Hello',
    body_html: null,
    sender: { type: 'contact', id: 77, name: 'Jane Customer' },
    delivery_status: null,
    failure_reason: null,
    email_auth: null,
    activity: null,
    attachments: [],
    created_at: minutesAgo(10),
    ...overrides,
  };
}

export const REALTIME_CONFIG: RealtimeConfig = {
  key: 'parley',
  wsHost: 'localhost',
  wsPort: 3000,
  forceTLS: false,
  cluster: 'mt1',
  enabledTransports: ['ws'],
};

/** The routes a pane needs, plus any overrides (by "METHOD /path"). */
export function paneApi(
  options: {
    detail?: ConversationDetail;
    messages?: Message[];
    hasMore?: boolean;
    routes?: Record<string, Reply>;
  } = {},
) {
  const current = options.detail ?? detail();
  const path = `/dashboardapi/conversations/${current.id}`;
  return fakeApi({
    'GET /dashboardapi/me': json(200, ME),
    'GET /dashboardapi/realtime/config': json(200, REALTIME_CONFIG),
    [`GET ${path}`]: json(200, current),
    [`GET ${path}/messages`]: json(200, {
      items: options.messages ?? [],
      has_more: options.hasMore ?? false,
    }),
    'GET /dashboardapi/conversation/mapping': json(200, MAPPING),
    // No SLA policy covers it: the contact panel shows no SLA section.
    [`GET ${path}/sla`]: json(200, { policy: null, clocks: [] }),
    [`POST ${path}/read`]: json(200, { ...listItem(current), unread: false }),
    [`POST ${path}/unread`]: json(200, { ...listItem(current), unread: true }),
    ...options.routes,
  });
}

/** A store as the shell has it: signed in as ME (id 1), not persisting. */
export function paneStore(): AppStore {
  signInCookies();
  const { store } = makeStore({ persist: false });
  store.dispatch(meLoaded(ME));
  return store;
}

export function renderWithStore(ui: ReactElement, store: AppStore = paneStore()) {
  const view = renderPage(ui, { at: '/inboxes/all/open/newest/42', path: '*', store });
  return { ...view, store };
}

/**
 * Holds the answers to one route until released, so a test can look at the screen while the
 * call is in flight (optimistic updates, disabled states). Install after paneApi().
 */
export function holdRoute(route: string) {
  const inner = globalThis.fetch;
  let release: () => void = () => {};
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = String(input instanceof Request ? input.url : input);
    const path = new URL(url, 'http://localhost').pathname;
    if (`${(init.method ?? 'GET').toUpperCase()} ${path}` === route) await gate;
    return inner(input, init);
  });
  return { release: () => release() };
}
