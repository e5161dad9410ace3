import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { LOCAL_KEYS } from '@parley/contracts';
import { json } from '../../../test/fake-api';
import { detail, listItem } from '../../conversation/test';
import { conversation, renderInbox } from '../testing/inbox-fixtures';
import { emulateViewport } from '../testing/viewport';

const PHONE = 390;
let viewport: ReturnType<typeof emulateViewport> | null = null;
afterEach(() => viewport?.restore());

const region = (name: string) => screen.queryByRole('region', { name });
const location = () => screen.getByTestId('location').textContent;

/** Conversation 42 (the pane fixtures' one) in the list, and the routes its pane reads. */
function withOpenableConversation() {
  const open = detail();
  const path = `/dashboardapi/conversations/${open.id}`;
  return {
    conversations: [conversation(41), { ...listItem(open), unread: false }, conversation(40)],
    routes: {
      [`GET ${path}`]: json(200, open),
      [`GET ${path}/messages`]: json(200, { items: [], has_more: false }),
      [`POST ${path}/read`]: json(200, { ...listItem(open), unread: false }),
    },
  };
}

describe('inbox on a phone: below 768 px the screens stack (list → conversation), each full width', () => {
  it('shows the list alone: no views panel, no resize handles, no empty conversation panel', async () => {
    viewport = emulateViewport(PHONE);
    renderInbox('/inboxes/all/open/newest', { conversations: [conversation(1), conversation(2)] });

    expect(await screen.findByRole('list', { name: 'Conversations' })).toBeInTheDocument();
    expect(region('Conversation list')).toBeInTheDocument();
    expect(region('Views')).toBeNull();
    expect(region('Conversation')).toBeNull();
    expect(screen.queryByRole('separator')).toBeNull();
    expect(screen.queryByText('No conversation open')).toBeNull();
    // The list's own width is the screen's, not the desktop panel width.
    expect(region('Conversation list')!.style.width).toBe('');
    // Nothing to hide on a phone; a new conversation starts from the list.
    expect(screen.queryByRole('button', { name: 'Hide conversation list' })).toBeNull();
    expect(screen.getByRole('button', { name: 'New conversation' })).toBeInTheDocument();
  });

  it('opening a row shows that conversation alone; its back step returns to the list with the same view, status, sort and search', async () => {
    viewport = emulateViewport(PHONE);
    const setup = withOpenableConversation();
    renderInbox('/inboxes/all/open/newest?search=Refund', setup);

    const list = await screen.findByRole('list', { name: 'Conversations' });
    await userEvent.click(within(list).getByText('Jane Customer'));
    expect(location()).toBe('/inboxes/all/open/newest/42?search=Refund');
    expect(
      await screen.findByRole('heading', { name: 'Refund for order 1001' }),
    ).toBeInTheDocument();
    expect(region('Conversation list')).toBeNull();
    expect(screen.getByRole('form', { name: 'Reply' })).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Back to conversations' }));
    expect(location()).toBe('/inboxes/all/open/newest?search=Refund');
    expect(await screen.findByRole('list', { name: 'Conversations' })).toBeInTheDocument();
    expect(region('Conversation')).toBeNull();
  });

  it('an address that names a conversation opens on that conversation, not the list', async () => {
    viewport = emulateViewport(PHONE);
    renderInbox('/inboxes/all/open/newest/42', withOpenableConversation());
    expect(
      await screen.findByRole('heading', { name: 'Refund for order 1001' }),
    ).toBeInTheDocument();
    expect(region('Conversation list')).toBeNull();
  });

  it('the views open in a drawer from the list header; picking one closes it and shows that view', async () => {
    viewport = emulateViewport(PHONE);
    renderInbox('/inboxes/all/open/newest');

    await userEvent.click(await screen.findByRole('button', { name: 'Show views' }));
    const dialog = await screen.findByRole('dialog');
    const views = within(dialog).getByRole('navigation', { name: 'Inbox views' });
    await userEvent.click(within(views).getByText('Mine'));

    await waitFor(() => expect(location()).toBe('/inboxes/mine/open/newest'));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByRole('heading', { name: /^Mine/, level: 2 })).toBeInTheDocument();
  });

  it('turning the phone to a wide screen brings back the panels at their standard widths; the phone never writes toogle-panels or resizable-panels', async () => {
    viewport = emulateViewport(PHONE);
    renderInbox('/inboxes/all/open/newest', { conversations: [conversation(1)] });
    await screen.findByRole('list', { name: 'Conversations' });
    expect(localStorage.getItem(LOCAL_KEYS.togglePanels)).toBeNull();
    expect(localStorage.getItem(LOCAL_KEYS.resizablePanels)).toBeNull();

    viewport.resize(1440);
    expect(region('Views')!.style.width).toBe('200px');
    expect(region('Conversation list')!.style.width).toBe('280px');
    expect(screen.getByText('No conversation open')).toBeInTheDocument();

    viewport.resize(PHONE);
    expect(region('Views')).toBeNull();
  });

  it('the inbox page has a level-one heading (one per page, for screen readers’ page outline)', async () => {
    viewport = emulateViewport(PHONE);
    renderInbox('/inboxes/all/open/newest');
    expect(await screen.findByRole('heading', { level: 1, name: 'Inboxes' })).toBeInTheDocument();
    viewport.resize(1440);
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
  });
});
