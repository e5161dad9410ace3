import { describe, expect, it } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import { dcuserPanelChannel } from '@parley/contracts';
import userEvent from '@testing-library/user-event';
import { ME } from '../../../test/fixtures';
import { json } from '../../../test/fake-api';
import { formatTimestamp } from '../../../lib/format-timestamp';
import { PRELOAD_HOVER_DELAY_MS } from '../../conversation';
import { COUNTS_REFRESH_DELAY_MS } from '../hooks/use-live-inbox';
import { conversation, counts, listRoute, renderInbox } from '../testing/inbox-fixtures';

const listRows = () =>
  within(screen.getByRole('list', { name: 'Conversations' })).getAllByRole('listitem');
const rowIds = () =>
  listRows().map((li) => Number(li.querySelector('a')?.getAttribute('data-conversation-id')));
const range = (from: number, to: number) =>
  Array.from({ length: Math.abs(to - from) + 1 }, (_, i) => (from <= to ? from + i : from - i));

describe('conversation list', () => {
  it('shows each row: contact, channel icon, subject, preview, timestamp (docs/product/limits.md), unread, priority, tags, assignee', async () => {
    const item = conversation(7, {
      subject: 'Refund for order #88',
      last_message_preview: 'Hi, I would like a refund',
      channel_type: 'live_chat',
      unread: true,
      priority: 'urgent',
      tag_ids: [1, 2, 3],
      assignee_id: 2,
    });
    renderInbox('/inboxes/all/open/newest', { conversations: [item, conversation(6)] });

    const row = (await screen.findByText('Customer 7')).closest('a');
    if (!row) throw new Error('no row');
    const inRow = within(row);
    expect(inRow.getByRole('img', { name: 'Live chat' })).toBeInTheDocument();
    expect(inRow.getByText('Refund for order #88')).toBeInTheDocument();
    expect(inRow.getByText('Hi, I would like a refund')).toBeInTheDocument();
    expect(inRow.getByText(formatTimestamp(item.last_activity_at))).toBeInTheDocument();
    expect(inRow.getByRole('img', { name: 'Unread' })).toBeInTheDocument();
    expect(row).toHaveAttribute('data-unread', 'true');
    expect(inRow.getByText('Urgent')).toBeInTheDocument();
    expect(inRow.getByText('billing')).toBeInTheDocument();
    expect(inRow.getByText('vip')).toBeInTheDocument();
    expect(inRow.getByText('+1')).toBeInTheDocument();
    expect(inRow.getByRole('img', { name: 'Assigned to Sam Agent' })).toHaveTextContent('SA');
    expect(row).toHaveAttribute('href', '/inboxes/all/open/newest/7');

    const other = screen.getByText('Customer 6').closest('a') as HTMLElement;
    expect(other).not.toHaveAttribute('data-unread');
    expect(within(other).getByRole('img', { name: 'Email' })).toBeInTheDocument();
  });

  it('loads the next page with next_cursor (infinite scroll) and highlights the open conversation', async () => {
    const all = range(1, 30).map((id) => conversation(id));
    const { api } = renderInbox('/inboxes/all/open/newest/29', { conversations: all });
    await screen.findByText('Customer 30');
    expect(rowIds()).toEqual(range(30, 6));
    const selected = screen.getByText('Customer 29').closest('a');
    expect(selected).toHaveAttribute('aria-current', 'true');

    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    await screen.findByText('Customer 1');
    expect(rowIds()).toEqual(range(30, 1));
    const calls = api.callsTo('GET /dashboardapi/conversations');
    expect(calls).toHaveLength(2);
    expect(new URL(calls[1]?.url ?? '', 'http://x').searchParams.get('cursor')).toBe('25');
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it('asks the server for the view, status, sort and search of the URL', async () => {
    const { api } = renderInbox('/inboxes/team-5/pending/waiting-longest?search=refund');
    await screen.findByText('No conversations match your search');
    const url = new URL(api.callsTo('GET /dashboardapi/conversations')[0]?.url ?? '', 'http://x');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      view: 'team:5',
      status: 'pending',
      sort: 'waiting_longest',
      search: 'refund',
      limit: '25',
    });
    expect(screen.getByRole('button', { name: 'Search all statuses' })).toBeInTheDocument();
  });

  it('changing the status or sort goes to that inbox route', async () => {
    renderInbox('/inboxes/mine/open/newest');
    await userEvent.click(await screen.findByRole('button', { name: 'Status: Open' }));
    await userEvent.click(await screen.findByText('Closed'));
    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent('/inboxes/mine/closed/newest'),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Sort: Newest first' }));
    await userEvent.click(await screen.findByText('Waiting longest'));
    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent(
        '/inboxes/mine/closed/waiting-longest',
      ),
    );
  });

  it('shows the empty state of a view', async () => {
    renderInbox('/inboxes/unassigned/open/newest');
    expect(await screen.findByText('No conversations here')).toBeInTheDocument();
    expect(screen.getByText('There are no open conversations in this view.')).toBeInTheDocument();
  });

  it('shows the error state, and Try again loads the list', async () => {
    let fail = true;
    const good = listRoute([conversation(1)]);
    renderInbox('/inboxes/all/open/newest', {
      routes: {
        'GET /dashboardapi/conversations': () =>
          fail
            ? json(500, { code: 'internal_error', message: 'Something went wrong on our side.' })
            : good,
      },
    });
    expect(await screen.findByText('Conversations could not be loaded')).toBeInTheDocument();
    expect(screen.getByText('Something went wrong on our side.')).toBeInTheDocument();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Customer 1')).toBeInTheDocument();
  });

  it('the views panel lists Mine, Unassigned, All, teams, channels and tags with their counts and the unread badge', async () => {
    renderInbox('/inboxes/all/open/newest', {
      counts: counts({
        mine: 4,
        unassigned: 2,
        all: 9,
        unread_mine: 3,
        teams: { '5': 6 },
        channels: { '10': 5, '11': 4 },
        tags: { '2': 1 },
      }),
    });
    const nav = await screen.findByRole('navigation', { name: 'Inbox views' });
    const link = (name: string) => within(nav).getByText(name).closest('a') as HTMLElement;
    await waitFor(() => expect(link('Mine')).toHaveTextContent('(3 unread)'));
    expect(link('Mine')).toHaveTextContent(/4$/);
    expect(link('Unassigned')).toHaveTextContent('2');
    expect(link('All')).toHaveAttribute('aria-current', 'page');
    expect(link('All')).toHaveTextContent('9');
    await waitFor(() => expect(link('Billing team')).toHaveTextContent('6'));
    expect(link('Billing team')).toHaveAttribute('href', '/inboxes/team-5/open/newest');
    expect(link('Support email')).toHaveTextContent('5');
    expect(
      within(link('Website chat')).getByRole('img', { hidden: true, name: 'Live chat' }),
    ).toBeInTheDocument();
    expect(link('SMS line')).toHaveTextContent('0');
    expect(link('vip')).toHaveAttribute('href', '/inboxes/tag-2/open/newest');
  });

  it('the page title shows my unread count: (3) Inbox · Parley', async () => {
    renderInbox('/inboxes/all/open/newest', { counts: counts({ unread_mine: 3 }) });
    await waitFor(() => expect(document.title).toBe('(3) Inbox · Parley'));
  });
});

describe('live updates over realtime (conversation_updated)', () => {
  it('patches a row in place and moves it to the top for sort=newest, without refetching the list', async () => {
    const inbox = renderInbox('/inboxes/all/open/newest', {
      conversations: [conversation(3), conversation(2), conversation(1)],
    });
    await screen.findByText('Customer 3');
    await inbox.live();

    inbox.emit('conversation_updated', {
      account_id: ME.account.id,
      conversation: conversation(2, { subject: 'Now urgent', priority: 'high' }),
    });
    expect(await screen.findByText('Now urgent')).toBeInTheDocument();
    expect(rowIds()).toEqual([3, 2, 1]);

    inbox.emit('conversation_updated', {
      account_id: ME.account.id,
      conversation: conversation(1, {
        last_activity_at: '2026-11-22T09:00:00.000Z',
        last_message_preview: 'Any news?',
        unread: true,
      }),
    });
    await waitFor(() => expect(rowIds()).toEqual([1, 3, 2]));
    expect(screen.getByText('Any news?')).toBeInTheDocument();
    expect(inbox.api.callsTo('GET /dashboardapi/conversations')).toHaveLength(1);
  });

  it('inserts a conversation that now matches the view, and removes one that leaves Unassigned when assigned', async () => {
    const inbox = renderInbox('/inboxes/unassigned/open/newest', {
      conversations: [conversation(3), conversation(2)],
    });
    await screen.findByText('Customer 3');
    await inbox.live();

    inbox.emit('conversation_updated', {
      account_id: ME.account.id,
      conversation: conversation(9, { subject: 'A brand new question' }),
    });
    await waitFor(() => expect(rowIds()).toEqual([9, 3, 2]));

    inbox.emit('conversation_updated', {
      account_id: ME.account.id,
      conversation: conversation(3, { assignee_id: ME.id }),
    });
    await waitFor(() => expect(rowIds()).toEqual([9, 2]));

    // Another account's event on the same user channel changes nothing.
    inbox.emit('conversation_updated', { account_id: 999, conversation: conversation(10) });
    expect(rowIds()).toEqual([9, 2]);
    expect(inbox.api.callsTo('GET /dashboardapi/conversations')).toHaveLength(1);
  });

  it('ticket preload (docs/product/states.md): a pointer resting on a row loads its ticket, skimming past does not, focus loads at once', async () => {
    const ticket = (id: number) => ({ id, status: 'open', messages: [] });
    const inbox = renderInbox('/inboxes/all/open/newest', {
      conversations: [conversation(1), conversation(2), conversation(3)],
      routes: {
        'GET /external-api/tickets/1': json(200, ticket(1)),
        'GET /external-api/tickets/2': json(200, ticket(2)),
        'GET /external-api/tickets/3': json(200, ticket(3)),
      },
    });
    const row = async (id: number) => {
      const link = (await screen.findByText(`Customer ${id}`)).closest('a');
      if (!link) throw new Error(`no row ${id}`);
      return link;
    };
    const ticketCalls = () =>
      inbox.api.calls.filter((call) => call.path.startsWith('/external-api/tickets/'));
    const user = userEvent.setup();

    await user.hover(await row(1));
    await user.unhover(await row(1));
    await new Promise((resolve) => setTimeout(resolve, PRELOAD_HOVER_DELAY_MS + 50));
    expect(ticketCalls()).toEqual([]);

    await user.hover(await row(2));
    await waitFor(() =>
      expect(ticketCalls().map((call) => call.path)).toEqual(['/external-api/tickets/2']),
    );
    await waitFor(() =>
      expect(inbox.store.getState().ticketPreload['2||']?.data).toMatchObject({ id: 2 }),
    );

    act(() =>
      (inbox.view.container.querySelector('[data-conversation-id="3"]') as HTMLElement).focus(),
    );
    await waitFor(() =>
      expect(ticketCalls().map((call) => call.path)).toContain('/external-api/tickets/3'),
    );
  });

  it('refetches the list and counts once when the user’s channel is first subscribed after they loaded', async () => {
    const inbox = renderInbox('/inboxes/all/open/newest', { conversations: [conversation(1)] });
    await screen.findByText('Customer 1');
    await inbox.live();
    await waitFor(() =>
      expect(inbox.api.callsTo('GET /dashboardapi/conversations/counts')).toHaveLength(1),
    );
    expect(inbox.api.callsTo('GET /dashboardapi/conversations')).toHaveLength(1);
    const panel = inbox.realtime.current!.channel(dcuserPanelChannel(ME.id))!;
    act(() => panel.succeed());
    await waitFor(() =>
      expect(inbox.api.callsTo('GET /dashboardapi/conversations')).toHaveLength(2),
    );
    await waitFor(() =>
      expect(inbox.api.callsTo('GET /dashboardapi/conversations/counts')).toHaveLength(2),
    );
    act(() => panel.succeed());
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(inbox.api.callsTo('GET /dashboardapi/conversations')).toHaveLength(2);
  });

  it(`refetches the counts once, ~${COUNTS_REFRESH_DELAY_MS / 1000} s after a burst of events — never per event`, async () => {
    const inbox = renderInbox('/inboxes/all/open/newest', { conversations: [conversation(1)] });
    await screen.findByText('Customer 1');
    await inbox.live();
    await waitFor(() =>
      expect(inbox.api.callsTo('GET /dashboardapi/conversations/counts')).toHaveLength(1),
    );
    const started = Date.now();
    for (let i = 0; i < 5; i += 1) {
      inbox.emit('conversation_updated', {
        account_id: ME.account.id,
        conversation: conversation(1, { subject: `Edit ${i}` }),
      });
    }
    inbox.emit('message_created', {
      account_id: ME.account.id,
      conversation_id: 1,
      message: {
        id: 1,
        conversation_id: 1,
        direction: 'incoming',
        kind: 'message',
        body: 'Hello',
        body_html: null,
        sender: { type: 'contact', id: 1001, name: 'Customer 1' },
        delivery_status: null,
        failure_reason: null,
        email_auth: null,
        activity: null,
        attachments: [],
        created_at: '2026-11-22T09:00:00.000Z',
      },
    });
    expect(inbox.api.callsTo('GET /dashboardapi/conversations/counts')).toHaveLength(1);
    await waitFor(
      () => expect(inbox.api.callsTo('GET /dashboardapi/conversations/counts')).toHaveLength(2),
      { timeout: COUNTS_REFRESH_DELAY_MS + 6000 },
    );
    expect(Date.now() - started).toBeGreaterThanOrEqual(COUNTS_REFRESH_DELAY_MS - 50);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(inbox.api.callsTo('GET /dashboardapi/conversations/counts')).toHaveLength(2);
  });
});
