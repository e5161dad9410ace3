import { afterEach, describe, expect, it } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { LOCAL_KEYS } from '@parley/contracts';
import { activateLocale } from '../../../lib/i18n';
import { conversation, renderInbox } from '../testing/inbox-fixtures';

const ORIGINAL_WIDTH = window.innerWidth;

function setViewport(width: number) {
  Object.defineProperty(window, 'innerWidth', { configurable: true, value: width });
  act(() => void window.dispatchEvent(new Event('resize')));
}

afterEach(async () => {
  Object.defineProperty(window, 'innerWidth', { configurable: true, value: ORIGINAL_WIDTH });
  // The language is the page's, not the inbox's: back to English.
  await act(() => activateLocale('en'));
});

const panel = (name: string) => screen.getByRole('region', { name });
const width = (name: string) => panel(name).style.width;

describe('inbox panels (widths: docs/product/limits.md; resizable-panels / toogle-panels: docs/product/data.md)', () => {
  it('docs/product/limits.md: at a 1440px viewport the panels are 200, 280 and 300 wide', async () => {
    setViewport(1440);
    renderInbox('/inboxes/all/open/newest');
    await screen.findByRole('navigation', { name: 'Inbox views' });
    expect(width('Views')).toBe('200px');
    expect(width('Conversation list')).toBe('280px');
    expect(panel('Conversation').style.minWidth).toBe('300px');
  });

  it('docs/product/limits.md: below 1440px they are 190, 260 and 280, and follow the window as it resizes', async () => {
    setViewport(1439);
    renderInbox('/inboxes/all/open/newest');
    await screen.findByRole('navigation', { name: 'Inbox views' });
    expect(width('Views')).toBe('190px');
    expect(width('Conversation list')).toBe('260px');
    expect(panel('Conversation').style.minWidth).toBe('280px');

    setViewport(1600);
    expect(width('Views')).toBe('200px');
    expect(width('Conversation list')).toBe('280px');
  });

  it('dragging a handle resizes the panel and saves the widths under resizable-panels', async () => {
    setViewport(1440);
    renderInbox('/inboxes/all/open/newest');
    const handle = await screen.findByRole('separator', { name: 'Resize conversation list' });

    fireEvent.pointerDown(handle, { button: 0, clientX: 500 });
    fireEvent.pointerMove(window, { clientX: 560 });
    expect(width('Conversation list')).toBe('340px');
    fireEvent.pointerUp(window, { clientX: 560 });
    expect(JSON.parse(localStorage.getItem(LOCAL_KEYS.resizablePanels) ?? '{}')).toEqual({
      list: 340,
    });

    // Never narrower than the standard width (docs/product/limits.md).
    fireEvent.pointerDown(handle, { button: 0, clientX: 500 });
    fireEvent.pointerMove(window, { clientX: 100 });
    fireEvent.pointerUp(window, { clientX: 100 });
    expect(width('Conversation list')).toBe('280px');
  });

  it('the keyboard resizes too, and saved widths come back on the next visit', async () => {
    setViewport(1440);
    const first = renderInbox('/inboxes/all/open/newest');
    const handle = await screen.findByRole('separator', { name: 'Resize views panel' });
    fireEvent.keyDown(handle, { key: 'ArrowRight' });
    fireEvent.keyDown(handle, { key: 'ArrowRight' });
    expect(width('Views')).toBe('232px');
    expect(handle).toHaveAttribute('aria-valuenow', '232');
    expect(JSON.parse(localStorage.getItem(LOCAL_KEYS.resizablePanels) ?? '{}')).toEqual({
      views: 232,
    });
    first.view.unmount();

    renderInbox('/inboxes/all/open/newest');
    await screen.findByRole('navigation', { name: 'Inbox views' });
    expect(width('Views')).toBe('232px');
  });

  it('right to left (Arabic) the panels start on the right: a handle dragged, or an arrow key pressed, towards the right edge narrows its panel, towards the left edge widens it', async () => {
    await act(() => activateLocale('ar'));
    setViewport(1440);
    // The person chose Arabic in Profile: Me keeps the app in it.
    const { api } = renderInbox('/inboxes/all/open/newest', { me: { locale: 'ar' } });
    await screen.findByRole('navigation');
    await waitFor(() => expect(api.callsTo('GET /dashboardapi/me')).not.toHaveLength(0));
    await waitFor(() => expect(document.documentElement).toHaveAttribute('dir', 'rtl'));
    // Found by place, not name: the names are Arabic here.
    const [viewsHandle, listHandle] = screen.getAllByRole('separator');
    const widthOf = (name: string) =>
      (document.querySelector(`[data-panel="${name}"]`) as HTMLElement).style.width;
    if (!viewsHandle || !listHandle) throw new Error('no resize handles');

    fireEvent.pointerDown(listHandle, { button: 0, clientX: 500 });
    fireEvent.pointerMove(window, { clientX: 440 });
    fireEvent.pointerUp(window, { clientX: 440 });
    expect(widthOf('list')).toBe('340px');

    fireEvent.keyDown(viewsHandle, { key: 'ArrowLeft' });
    expect(widthOf('views')).toBe('216px');
    fireEvent.keyDown(viewsHandle, { key: 'ArrowRight' });
    expect(widthOf('views')).toBe('200px');
  });

  it('hiding and showing panels is saved under toogle-panels', async () => {
    const first = renderInbox('/inboxes/all/open/newest');
    await userEvent.click(await screen.findByRole('button', { name: 'Hide views panel' }));
    expect(screen.queryByRole('region', { name: 'Views' })).toBeNull();
    expect(JSON.parse(localStorage.getItem(LOCAL_KEYS.togglePanels) ?? '{}')).toEqual({
      views: false,
      list: true,
    });
    await userEvent.click(screen.getByRole('button', { name: 'Hide conversation list' }));
    expect(screen.queryByRole('region', { name: 'Conversation list' })).toBeNull();
    first.view.unmount();

    renderInbox('/inboxes/all/open/newest');
    await screen.findByRole('button', { name: 'Show views panel' });
    expect(screen.queryByRole('region', { name: 'Views' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Conversation list' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Show conversation list' }));
    expect(panel('Conversation list')).toBeInTheDocument();
    expect(JSON.parse(localStorage.getItem(LOCAL_KEYS.togglePanels) ?? '{}')).toEqual({
      views: false,
      list: true,
    });
  });
});

describe('inbox routes (docs/product/screens.md)', () => {
  it('docs/product/screens.md: /inboxes reopens the last visited inbox route (last-inbox-route)', async () => {
    localStorage.setItem(LOCAL_KEYS.lastInboxRoute, '/inboxes/mine/pending/oldest/42');
    localStorage.setItem(LOCAL_KEYS.lastInboxRouteSlug, 'mine');
    renderInbox('/inboxes');
    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent(
        /^\/inboxes\/mine\/pending\/oldest\/42$/,
      ),
    );
  });

  it('docs/product/screens.md: without a remembered route, its slug (last-inbox-route-slug) picks the view', async () => {
    localStorage.setItem(LOCAL_KEYS.lastInboxRouteSlug, 'team-5');
    renderInbox('/inboxes');
    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent(/^\/inboxes\/team-5\/open\/newest$/),
    );
  });

  it('docs/product/data.md: visiting the inbox remembers the route and its slug', async () => {
    renderInbox('/inboxes/unassigned/open/newest', { conversations: [conversation(3)] });
    const row = await screen.findByText('Customer 3');
    expect(localStorage.getItem(LOCAL_KEYS.lastInboxRoute)).toBe('/inboxes/unassigned/open/newest');
    expect(localStorage.getItem(LOCAL_KEYS.lastInboxRouteSlug)).toBe('unassigned');

    await userEvent.click(row);
    await waitFor(() =>
      expect(localStorage.getItem(LOCAL_KEYS.lastInboxRoute)).toBe(
        '/inboxes/unassigned/open/newest/3',
      ),
    );
    const views = screen.getByRole('navigation', { name: 'Inbox views' });
    await userEvent.click(within(views).getByText('Mine'));
    await waitFor(() => expect(localStorage.getItem(LOCAL_KEYS.lastInboxRouteSlug)).toBe('mine'));
  });

  it('docs/product/screens.md: a ticket link {a}/{b}/{c}/{d}/{id}?search=id:{id} opens the ticket with the search box prefilled', async () => {
    const { api } = renderInbox('/inboxes/all/open/newest/123?search=id:123', {
      conversations: [conversation(122), conversation(123), conversation(124)],
    });
    expect(await screen.findByRole('searchbox', { name: 'Search conversations' })).toHaveValue(
      'id:123',
    );
    const list = await screen.findByRole('list', { name: 'Conversations' });
    const rows = within(list).getAllByRole('link');
    expect(rows).toHaveLength(1);
    expect(rows[0]).toHaveAttribute('aria-current', 'true');
    expect(rows[0]).toHaveTextContent('Customer 123');
    expect(screen.queryByText('No conversation open')).toBeNull();
    expect(screen.getByRole('region', { name: 'Conversation' })).toBeInTheDocument();
    const [listCall] = api.callsTo('GET /dashboardapi/conversations');
    expect(new URL(listCall?.url ?? '', 'http://x').searchParams.get('search')).toBe('id:123');
  });

  it('a ticket link with other segment names still opens the ticket, rewritten to a canonical inbox path', async () => {
    renderInbox('/inboxes/tickets/any/thing/55?search=id:55', {
      conversations: [conversation(55)],
    });
    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent(
        /^\/inboxes\/all\/open\/newest\/55\?search=id(:|%3A)55$/,
      ),
    );
    expect(await screen.findByRole('searchbox', { name: 'Search conversations' })).toHaveValue(
      'id:55',
    );
  });
});
