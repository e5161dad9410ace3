import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { json } from '../../../test/fake-api';
import { conversation, counts, renderInbox } from '../testing/inbox-fixtures';

const box = (name: string) =>
  screen.getByRole('checkbox', { name: `Select the conversation with ${name}` });

describe('bulk selection in the inbox list', () => {
  it('selects by click and shift-click range, offers every match of the view, and sends the action for the whole view', async () => {
    const all = Array.from({ length: 30 }, (_, i) => conversation(i + 1));
    const { api } = renderInbox('/inboxes/all/open/newest', {
      conversations: all,
      counts: counts({ all: 30 }),
      routes: {
        'POST /dashboardapi/conversations/bulk': json(202, { job_id: 7, total: 30 }),
        'GET /dashboardapi/conversations/bulk/7': json(200, {
          job_id: 7,
          status: 'done',
          total: 30,
          done: 30,
          failed_count: 0,
          failed: [],
        }),
      },
    });
    await screen.findByText('Customer 30');
    const user = userEvent.setup();

    await user.click(box('Customer 30'));
    const bar = await screen.findByRole('toolbar', { name: 'Bulk actions' });
    expect(within(bar).getByText('1 selected')).toBeInTheDocument();

    // Shift-click: every row from the last clicked one (30, 29, 28, 27).
    await user.keyboard('{Shift>}');
    await user.click(box('Customer 27'));
    await user.keyboard('{/Shift}');
    expect(within(bar).getByText('4 selected')).toBeInTheDocument();
    expect(box('Customer 28')).toBeChecked();
    expect(box('Customer 26')).not.toBeChecked();

    await user.click(within(bar).getByRole('checkbox', { name: 'Select all on this page' }));
    expect(within(bar).getByText('25 selected')).toBeInTheDocument();
    await user.click(within(bar).getByRole('button', { name: 'Select all 30 matching this view' }));
    expect(within(bar).getByText('30 selected')).toBeInTheDocument();

    await user.click(within(bar).getByRole('button', { name: /Priority/ }));
    await user.click(await screen.findByRole('menuitem', { name: 'High' }));
    await waitFor(() =>
      expect(api.callsTo('POST /dashboardapi/conversations/bulk')).toHaveLength(1),
    );
    expect(api.callsTo('POST /dashboardapi/conversations/bulk')[0]?.body).toEqual({
      action: { type: 'priority', priority: 'high' },
      target: { view: { view: 'all', status: 'open', sort: 'newest' }, total: 30 },
    });
    // Done: the selection ends and the list's toolbar is back.
    await waitFor(() => expect(screen.queryByRole('toolbar', { name: 'Bulk actions' })).toBeNull());
    expect(box('Customer 30')).not.toBeChecked();
  });

  it('Escape clears the selection; the ids picked one by one are sent and the progress shown', async () => {
    const { api } = renderInbox('/inboxes/all/open/newest', {
      conversations: [conversation(1), conversation(2), conversation(3)],
      routes: {
        'POST /dashboardapi/conversations/bulk': json(202, { job_id: 8, total: 2 }),
        'GET /dashboardapi/conversations/bulk/8': json(200, {
          job_id: 8,
          status: 'running',
          total: 2,
          done: 1,
          failed_count: 0,
          failed: [],
        }),
      },
    });
    await screen.findByText('Customer 3');
    const user = userEvent.setup();
    await user.click(box('Customer 2'));
    await screen.findByRole('toolbar', { name: 'Bulk actions' });
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('toolbar', { name: 'Bulk actions' })).toBeNull();
    expect(box('Customer 2')).not.toBeChecked();

    await user.click(box('Customer 3'));
    await user.click(box('Customer 1'));
    const bar = await screen.findByRole('toolbar', { name: 'Bulk actions' });
    await user.click(within(bar).getByRole('button', { name: /Status/ }));
    await user.click(await screen.findByRole('menuitem', { name: 'Pending' }));
    await waitFor(() =>
      expect(api.callsTo('POST /dashboardapi/conversations/bulk')[0]?.body).toEqual({
        action: { type: 'status', status: 'pending' },
        target: { ids: [3, 1] },
      }),
    );
    expect(await within(bar).findByText('Updating 1 of 2…')).toBeInTheDocument();

    // While the action runs, Escape does not take its progress away.
    await user.keyboard('{Escape}');
    expect(screen.getByRole('toolbar', { name: 'Bulk actions' })).toBeInTheDocument();
  });
});
