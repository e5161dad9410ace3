import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { SavedView } from '@parley/contracts';
import { json } from '../../../test/fake-api';
import { conversation, renderInbox } from '../testing/inbox-fixtures';

const FILTERED =
  '/inboxes/all/open/newest?priority=high,urgent&sla=breached&created_from=2026-03-01&created_to=2026-03-31';

/** The query of each list request made so far. */
const listAsks = (api: ReturnType<typeof renderInbox>['api']) =>
  api
    .callsTo('GET /dashboardapi/conversations')
    .map((c) => new URL(c.url, 'http://x').searchParams);

const location = () => screen.getByTestId('location').textContent ?? '';

/** Picks an option of an antd multi-select by its visible text. */
async function pick(label: string, option: string) {
  fireEvent.mouseDown(screen.getByRole('combobox', { name: label }));
  const item = await waitFor(() => {
    const found = [...document.querySelectorAll<HTMLElement>('.ant-select-item-option')].find(
      (el) => el.textContent === option && !el.closest('.ant-select-dropdown-hidden'),
    );
    if (!found) throw new Error(`No option ${option}`);
    return found;
  });
  fireEvent.click(item);
}

describe('the inbox list’s priority, SLA and creation-day filters', () => {
  it('reads the filters from the URL, asks the list for them and shows each as a removable chip', async () => {
    const { api } = renderInbox(FILTERED, { conversations: [conversation(1)] });
    const chips = await screen.findByRole('list', { name: 'Filters in use' });
    expect(within(chips).getByText('Priority: High or Urgent')).toBeInTheDocument();
    expect(within(chips).getByText('SLA: Breached')).toBeInTheDocument();
    expect(within(chips).getByText(/^Created .+ – .+$/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Filters (3 in use)' })).toBeInTheDocument();
    await waitFor(() =>
      expect(
        listAsks(api).some(
          (q) =>
            q.get('priority') === 'high,urgent' &&
            q.get('sla') === 'breached' &&
            q.get('created_from') === '2026-03-01' &&
            q.get('created_to') === '2026-03-31',
        ),
      ).toBe(true),
    );

    await userEvent.click(
      within(chips).getByRole('button', { name: 'Remove filter SLA: Breached' }),
    );
    await waitFor(() =>
      expect(location()).toBe(
        '/inboxes/all/open/newest?priority=high,urgent&created_from=2026-03-01&created_to=2026-03-31',
      ),
    );
    await userEvent.click(within(chips).getByRole('button', { name: 'Clear all' }));
    await waitFor(() => expect(location()).toBe('/inboxes/all/open/newest'));
    expect(screen.queryByRole('list', { name: 'Filters in use' })).not.toBeInTheDocument();
  });

  it('sets a filter from the Filters panel into the URL, keeping the search', async () => {
    const { api } = renderInbox('/inboxes/mine/open/newest?search=refund', {
      conversations: [conversation(1)],
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Filters' }));
    await screen.findByText('Filter the list');
    await pick('Priority', 'Urgent');
    await waitFor(() =>
      expect(location()).toBe('/inboxes/mine/open/newest?search=refund&priority=urgent'),
    );
    await pick('SLA', 'Due soon');
    await waitFor(() =>
      expect(location()).toBe(
        '/inboxes/mine/open/newest?search=refund&priority=urgent&sla=due_soon',
      ),
    );
    await waitFor(() =>
      expect(
        listAsks(api).some(
          (q) =>
            q.get('search') === 'refund' &&
            q.get('priority') === 'urgent' &&
            q.get('sla') === 'due_soon',
        ),
      ).toBe(true),
    );
  });

  it('saves the filters with a view, marks the view while the list shows them and describes them', async () => {
    const saved: SavedView = {
      id: 7,
      name: 'Urgent breaches',
      filters: {
        view: 'all',
        status: 'open',
        sort: 'newest',
        priority: ['urgent'],
        sla: ['breached'],
      },
      team_id: null,
      owner_user_id: 1,
      can_edit: true,
      count: 2,
      capped: false,
      created_at: '2026-11-20T12:00:00.000Z',
      updated_at: '2026-11-20T12:00:00.000Z',
    };
    const { api } = renderInbox(FILTERED, {
      conversations: [conversation(1)],
      routes: {
        'GET /dashboardapi/saved-views': json(200, { views: [saved] }),
        'POST /dashboardapi/saved-views': (call) =>
          json(201, { ...saved, id: 8, ...(call.body as Partial<SavedView>) }),
      },
    });
    const views = await screen.findByRole('list', { name: 'Saved views' });
    const link = within(views).getByRole('link', { name: /Urgent breaches/ });
    expect(link).toHaveAttribute('href', '/inboxes/all/open/newest?priority=urgent&sla=breached');
    expect(link).not.toHaveAttribute('aria-current');

    await userEvent.click(screen.getByRole('button', { name: 'Save these filters as a view' }));
    const dialog = await screen.findByRole('dialog', { name: 'Save view' });
    expect(
      within(dialog).getByText(/Priority: High or Urgent · SLA: Breached · Created/),
    ).toBeInTheDocument();
    await userEvent.type(within(dialog).getByLabelText('Name'), 'March');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.callsTo('POST /dashboardapi/saved-views')).toHaveLength(1));
    expect(api.callsTo('POST /dashboardapi/saved-views')[0]!.body).toEqual({
      name: 'March',
      filters: {
        view: 'all',
        status: 'open',
        sort: 'newest',
        priority: ['high', 'urgent'],
        sla: ['breached'],
        created_from: '2026-03-01',
        created_to: '2026-03-31',
      },
      team_id: null,
    });

    await userEvent.click(link);
    await waitFor(() => expect(link).toHaveAttribute('aria-current', 'page'));
    await userEvent.click(screen.getByRole('button', { name: 'Manage saved views' }));
    const manage = await screen.findByRole('dialog', { name: 'Saved views' });
    expect(
      within(manage).getByText('All · Open · Newest first · Priority: Urgent · SLA: Breached'),
    ).toBeInTheDocument();
  });
});
