import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AgentAvailability } from '@parley/contracts';
import { makeStore } from '../../../app/store';
import { meLoaded } from '../../auth';
import { fakeApi, json, type RecordedCall } from '../../../test/fake-api';
import { ME, signInCookies } from '../../../test/fixtures';
import { renderPage } from '../../../test/render';
import { channelLabel } from '../../conversation';
import { CapacityEditor } from './capacity-editor';

const TARIQ: AgentAvailability = {
  user_id: 2,
  status: 'online',
  chosen: 'online',
  capacity: null,
  capacity_by_channel_type: {},
  open_conversation_count: 1,
};

function renderEditor(canEdit: boolean, tariq: AgentAvailability = TARIQ) {
  signInCookies();
  const { store } = makeStore({ persist: false });
  store.dispatch(meLoaded(ME));
  const api = fakeApi({
    'GET /dashboardapi/availability': json(200, { agents: [tariq] }),
    'GET /dashboardapi/assignment/settings': json(200, {
      teams: [],
      channels: [
        {
          support_channel_id: 7,
          name: 'Inbox',
          type: 'email',
          mode: 'off',
          release_offline: false,
          agent_ids: [],
        },
        {
          support_channel_id: 8,
          name: 'Chat',
          type: 'live_chat',
          mode: 'off',
          release_offline: false,
          agent_ids: [],
        },
      ],
      queued_count: 0,
    }),
    'PUT /dashboardapi/availability/2/capacity': (call: RecordedCall) =>
      json(200, { ...TARIQ, ...(call.body as object) }),
  });
  renderPage(
    <CapacityEditor
      userId={2}
      name="Tariq Teammate"
      canEdit={canEdit}
      channelLabel={channelLabel}
    />,
    {
      at: '/settings/teammembers',
      store,
    },
  );
  return api;
}

describe('capacity editor', () => {
  it('an admin sets the most open conversations, and empties it for no limit', async () => {
    const api = renderEditor(true);
    const field = await screen.findByRole('spinbutton', {
      name: 'Most open conversations for Tariq Teammate',
    });
    expect(field).toHaveAttribute('placeholder', 'No limit');
    await userEvent.type(field, '5{Enter}');
    await waitFor(() =>
      expect(api.callsTo('PUT /dashboardapi/availability/2/capacity').map((c) => c.body)).toEqual([
        { capacity: 5 },
      ]),
    );
    await waitFor(() => expect(field).toHaveValue('5'));
    await userEvent.clear(field);
    await userEvent.tab();
    await waitFor(() =>
      expect(api.callsTo('PUT /dashboardapi/availability/2/capacity').at(-1)?.body).toEqual({
        capacity: null,
      }),
    );
  });

  it('an admin sets a capacity per channel type beside the overall one', async () => {
    const api = renderEditor(true, {
      ...TARIQ,
      capacity: 25,
      capacity_by_channel_type: { email: 20 },
    });
    const open = await screen.findByRole('button', {
      name: 'Capacity per channel type for Tariq Teammate',
    });
    await waitFor(() => expect(open).toHaveTextContent('Email 20'));
    await userEvent.click(open);
    const chat = await screen.findByRole('spinbutton', {
      name: 'Most open Live chat conversations for Tariq Teammate',
    });
    const email = screen.getByRole('spinbutton', {
      name: 'Most open Email conversations for Tariq Teammate',
    });
    expect(email).toHaveValue('20');
    await userEvent.type(chat, '3');
    await userEvent.clear(email);
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(api.callsTo('PUT /dashboardapi/availability/2/capacity').map((c) => c.body)).toEqual([
        { capacity: 25, capacity_by_channel_type: { live_chat: 3 } },
      ]),
    );
    await waitFor(() => expect(open).toHaveTextContent('Live chat 3'));
  });

  it('others read it', async () => {
    renderEditor(false);
    expect(await screen.findByText('No limit')).toBeInTheDocument();
    expect(screen.queryByRole('spinbutton')).toBeNull();
    expect(screen.queryByRole('button')).toBeNull();
  });
});
