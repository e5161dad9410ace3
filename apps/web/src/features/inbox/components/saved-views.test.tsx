import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { SavedView } from '@parley/contracts';
import { json } from '../../../test/fake-api';
import { conversation, renderInbox } from '../testing/inbox-fixtures';

function savedView(id: number, overrides: Partial<SavedView>): SavedView {
  return {
    id,
    name: `View ${id}`,
    filters: { view: 'all', status: 'open', sort: 'newest' },
    team_id: null,
    owner_user_id: 1,
    can_edit: true,
    count: 0,
    capped: false,
    created_at: '2026-11-20T12:00:00.000Z',
    updated_at: '2026-11-20T12:00:00.000Z',
    ...overrides,
  };
}

const VIEWS = [
  savedView(1, {
    name: 'Unassigned refunds',
    filters: { view: 'unassigned', status: 'all', sort: 'oldest', search: 'refund' },
    count: 3,
  }),
  savedView(2, {
    name: 'Busy',
    filters: { view: 'all', status: 'pending', sort: 'newest' },
    count: 1000,
    capped: true,
  }),
];

const savedList = () => screen.findByRole('list', { name: 'Saved views' });

describe('saved views in the inbox', () => {
  it('lists the saved views with their counts, opens one as the list’s filters, and saves the current filters', async () => {
    const { api } = renderInbox('/inboxes/mine/open/newest', {
      conversations: [conversation(1)],
      routes: {
        'GET /dashboardapi/saved-views': json(200, { views: VIEWS }),
        'POST /dashboardapi/saved-views': (call) =>
          json(201, savedView(3, call.body as Partial<SavedView>)),
      },
    });
    const list = await savedList();
    const refunds = within(list).getByRole('link', { name: /Unassigned refunds/ });
    expect(refunds).toHaveTextContent('3');
    expect(within(list).getByRole('link', { name: /Busy/ })).toHaveTextContent('999+');
    expect(refunds).not.toHaveAttribute('aria-current');

    await userEvent.click(refunds);
    expect(screen.getByTestId('location')).toHaveTextContent(
      '/inboxes/unassigned/all/oldest?search=refund',
    );
    await waitFor(() => expect(refunds).toHaveAttribute('aria-current', 'page'));
    expect(
      screen.getByRole('heading', { level: 2, name: /^Unassigned refunds/ }),
    ).toBeInTheDocument();
    // The built-in view under it is not marked as well.
    const builtIn = screen
      .getAllByRole('link', { name: /^Unassigned/ })
      .filter((l) => l !== refunds);
    expect(builtIn).toHaveLength(1);
    expect(builtIn[0]).not.toHaveAttribute('aria-current');
    await waitFor(() => {
      const asked = api
        .callsTo('GET /dashboardapi/conversations')
        .map((c) => new URL(c.url, 'http://x').searchParams);
      expect(
        asked.some(
          (q) =>
            q.get('view') === 'unassigned' &&
            q.get('status') === 'all' &&
            q.get('sort') === 'oldest' &&
            q.get('search') === 'refund',
        ),
      ).toBe(true);
    });

    await userEvent.click(screen.getByRole('button', { name: 'Save these filters as a view' }));
    const dialog = await screen.findByRole('dialog', { name: 'Save view' });
    await userEvent.type(within(dialog).getByLabelText('Name'), 'Old refunds');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.callsTo('POST /dashboardapi/saved-views')).toHaveLength(1));
    expect(api.callsTo('POST /dashboardapi/saved-views')[0]!.body).toEqual({
      name: 'Old refunds',
      filters: { view: 'unassigned', status: 'all', sort: 'oldest', search: 'refund' },
      team_id: null,
    });
  });
});
