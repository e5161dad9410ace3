import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import dayjs from 'dayjs';
import type { ConversationDetail, ConversationPatch } from '@parley/contracts';
import { json, type RecordedCall } from '../../../test/fake-api';
import {
  CONVERSATION_ID,
  MAPPING,
  detail,
  listItem,
  holdRoute,
  paneApi,
  renderWithStore,
} from '../test/pane-fixtures';
import { ConversationPane } from './conversation-pane';

const PATCH_ROUTE = `PATCH /dashboardapi/conversations/${CONVERSATION_ID}`;

/** A server that applies PATCHes the way the API does and answers the new detail. */
function patchingApi(start: ConversationDetail = detail()) {
  let current = start;
  const api = paneApi({
    detail: start,
    routes: {
      [`GET /dashboardapi/conversations/${CONVERSATION_ID}`]: () => json(200, current),
      [PATCH_ROUTE]: (call: RecordedCall) => {
        const patch = call.body as ConversationPatch;
        current = {
          ...current,
          ...patch,
          status: patch.status ?? current.status,
          snoozed_until: patch.status === 'snoozed' ? (patch.snoozed_until ?? null) : null,
        };
        return json(200, current);
      },
    },
  });
  return api;
}

function renderPane() {
  return renderWithStore(<ConversationPane conversationId={CONVERSATION_ID} />);
}

async function choose(label: string, option: string) {
  await userEvent.click(screen.getByRole('combobox', { name: label }));
  const item = await waitFor(() => {
    const found = [...document.querySelectorAll<HTMLElement>('.ant-select-item-option')].find(
      (el) => el.getAttribute('title') === option && !el.closest('.ant-select-dropdown-hidden'),
    );
    if (!found) throw new Error(`No option ${option}`);
    return found;
  });
  await userEvent.click(item);
}

const statusTag = () => screen.getByTestId('conversation-status');
const patches = (api: ReturnType<typeof paneApi>) => api.callsTo(PATCH_ROUTE).map((c) => c.body);

describe('conversation header actions', () => {
  it('Close sends PATCH {status: closed}; Reopen sends {status: open}', async () => {
    const api = patchingApi();
    renderPane();
    await userEvent.click(await screen.findByRole('button', { name: /Close/ }));
    await waitFor(() => expect(statusTag()).toHaveTextContent('Closed'));
    expect(patches(api)).toEqual([{ status: 'closed' }]);

    await userEvent.click(screen.getByRole('button', { name: /Reopen/ }));
    await waitFor(() => expect(statusTag()).toHaveTextContent('Open'));
    expect(patches(api)).toEqual([{ status: 'closed' }, { status: 'open' }]);
  });

  it('changes status optimistically and goes back with a toast in words when the server refuses', async () => {
    paneApi({
      routes: {
        [PATCH_ROUTE]: json(400, {
          code: 'validation_error',
          message: 'That change is not allowed.',
        }),
      },
    });
    const held = holdRoute(PATCH_ROUTE);
    renderPane();
    await screen.findByRole('heading', { name: 'Refund for order 1001' });

    await choose('Status', 'Pending');
    // Shown at once, before the server answered.
    await waitFor(() => expect(statusTag()).toHaveTextContent('Pending'));
    held.release();
    expect(await screen.findByText('The status was not changed')).toBeInTheDocument();
    expect(screen.getByText('That change is not allowed.')).toBeInTheDocument();
    await waitFor(() => expect(statusTag()).toHaveTextContent('Open'));
  });

  it("assigns: 'Assign to me' sends my id, the Assignee list another teammate's", async () => {
    const api = patchingApi();
    renderPane();
    await userEvent.click(await screen.findByRole('button', { name: /Assign to me/ }));
    await waitFor(() => expect(patches(api)).toEqual([{ assignee_id: 1 }]));
    // Once it is mine, the button goes.
    await waitFor(() => expect(screen.queryByRole('button', { name: /Assign to me/ })).toBeNull());

    await choose('Assignee', 'Sam Agent');
    await waitFor(() => expect(patches(api)).toEqual([{ assignee_id: 1 }, { assignee_id: 2 }]));
    await choose('Assignee', 'Unassigned');
    await waitFor(() => expect(patches(api).at(-1)).toEqual({ assignee_id: null }));
  });

  it('sets the team and the priority', async () => {
    const api = patchingApi();
    renderPane();
    await screen.findByRole('heading', { name: 'Refund for order 1001' });
    await choose('Team', MAPPING.teams[0]!.name);
    await waitFor(() => expect(patches(api)).toEqual([{ team_id: 11 }]));
    await choose('Priority', 'High');
    await waitFor(() => expect(patches(api)).toEqual([{ team_id: 11 }, { priority: 'high' }]));
  });

  it('snoozes until tomorrow 9:00 (status snoozed + snoozed_until)', async () => {
    const api = patchingApi();
    renderPane();
    await userEvent.click(await screen.findByRole('button', { name: /Snooze/ }));
    await userEvent.click(await screen.findByText('Tomorrow'));
    await waitFor(() => expect(patches(api)).toHaveLength(1));
    const expected = dayjs().add(1, 'day').hour(9).minute(0).second(0).millisecond(0);
    expect(patches(api)[0]).toEqual({ status: 'snoozed', snoozed_until: expected.toISOString() });
    await waitFor(() => expect(statusTag()).toHaveTextContent(/^Snoozed until/));
  });

  it('snoozes until a picked date and time, refusing one in the past', async () => {
    const api = patchingApi();
    renderPane();
    await userEvent.click(await screen.findByRole('button', { name: /Snooze/ }));
    await userEvent.click(await screen.findByText('Pick a date and time…'));
    const dialog = await screen.findByRole('dialog');
    const input = within(dialog).getByLabelText('Date and time');

    fireEvent.change(input, { target: { value: '2020-01-01T10:00' } });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Snooze' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Choose a time in the future.');
    expect(patches(api)).toHaveLength(0);

    const next = dayjs().add(2, 'day').hour(14).minute(30).second(0).millisecond(0);
    fireEvent.change(input, { target: { value: next.format('YYYY-MM-DDTHH:mm') } });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Snooze' }));
    await waitFor(() =>
      expect(patches(api)).toEqual([{ status: 'snoozed', snoozed_until: next.toISOString() }]),
    );
  });

  it('adds a new tag by typing it (POST tag/add/v2) and removes one', async () => {
    const api = paneApi({
      routes: {
        'POST /dashboardapi/tag/add/v2': json(200, {
          created_tags: [{ id: 7, name: 'vip', color: '#722ed1' }],
          tags: [{ id: 7, name: 'vip', color: '#722ed1' }],
        }),
        [`DELETE /dashboardapi/conversations/${CONVERSATION_ID}/tags/5`]: json(200, { ok: true }),
        // A new tag reloads the mapping (the inbox's views); once created, the server knows "vip".
        'GET /dashboardapi/conversation/mapping': () =>
          json(200, {
            ...MAPPING,
            tags:
              api.callsTo('POST /dashboardapi/tag/add/v2').length > 0
                ? [...MAPPING.tags, { id: 7, name: 'vip', color: '#722ed1' }]
                : MAPPING.tags,
          }),
      },
    });
    renderPane();
    const tags = await screen.findByRole('group', { name: 'Tags' });
    expect(within(tags).getByText('billing')).toBeInTheDocument();

    // Typing a name the account does not have offers to create it; Enter picks it.
    const field = screen.getByRole('combobox', { name: 'Add tag' });
    fireEvent.change(field, { target: { value: 'vip' } });
    expect(await screen.findByText('Create tag “vip”')).toBeInTheDocument();
    fireEvent.keyDown(field, { key: 'Enter', code: 'Enter', keyCode: 13 });
    await waitFor(() =>
      expect(api.callsTo('POST /dashboardapi/tag/add/v2').map((c) => c.body)).toEqual([
        { conversation_id: CONVERSATION_ID, tags: ['vip'] },
      ]),
    );
    expect(await within(tags).findByText('vip')).toBeInTheDocument();

    await userEvent.click(within(tags).getByRole('button', { name: 'Remove tag billing' }));
    await waitFor(() => expect(within(tags).queryByText('billing')).toBeNull());
    expect(
      api.callsTo(`DELETE /dashboardapi/conversations/${CONVERSATION_ID}/tags/5`),
    ).toHaveLength(1);
  });

  it('adds an existing tag by picking it, and puts a removed tag back when the server refuses', async () => {
    const api = paneApi({
      routes: {
        'POST /dashboardapi/tag/add/v2': json(200, {
          created_tags: [],
          tags: [MAPPING.tags[1]],
        }),
        [`DELETE /dashboardapi/conversations/${CONVERSATION_ID}/tags/5`]: json(404, {
          code: 'not_found',
          message: 'That conversation was not found.',
        }),
      },
    });
    renderPane();
    const tags = await screen.findByRole('group', { name: 'Tags' });
    await choose('Add tag', 'refund');
    await waitFor(() =>
      expect(api.callsTo('POST /dashboardapi/tag/add/v2')[0]?.body).toEqual({
        conversation_id: CONVERSATION_ID,
        tags: ['refund'],
      }),
    );
    expect(await within(tags).findByText('refund')).toBeInTheDocument();

    await userEvent.click(within(tags).getByRole('button', { name: 'Remove tag billing' }));
    expect(await screen.findByText('The tag “billing” was not removed')).toBeInTheDocument();
    expect(within(tags).getByText('billing')).toBeInTheDocument();
  });

  it('marks the conversation unread (POST unread) and does not read it again by itself', async () => {
    const current = detail();
    const api = paneApi({
      detail: current,
      routes: {
        [`POST /dashboardapi/conversations/${CONVERSATION_ID}/unread`]: json(200, {
          ...listItem(current),
          unread: true,
        }),
      },
    });
    renderPane();
    await userEvent.click(await screen.findByRole('button', { name: 'Mark unread' }));
    await waitFor(() =>
      expect(
        api.callsTo(`POST /dashboardapi/conversations/${CONVERSATION_ID}/unread`),
      ).toHaveLength(1),
    );
    expect(api.callsTo(`POST /dashboardapi/conversations/${CONVERSATION_ID}/read`)).toHaveLength(1);
  });
});
