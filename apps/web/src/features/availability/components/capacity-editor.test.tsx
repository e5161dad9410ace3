import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AgentAvailability } from '@parley/contracts';
import { makeStore } from '../../../app/store';
import { meLoaded } from '../../auth';
import { fakeApi, json, type RecordedCall } from '../../../test/fake-api';
import { ME, signInCookies } from '../../../test/fixtures';
import { renderPage } from '../../../test/render';
import { CapacityEditor } from './capacity-editor';

const TARIQ: AgentAvailability = {
  user_id: 2,
  status: 'online',
  chosen: 'online',
  capacity: null,
  open_conversation_count: 1,
};

function renderEditor(canEdit: boolean) {
  signInCookies();
  const { store } = makeStore({ persist: false });
  store.dispatch(meLoaded(ME));
  const api = fakeApi({
    'GET /dashboardapi/availability': json(200, { agents: [TARIQ] }),
    'PUT /dashboardapi/availability/2/capacity': (call: RecordedCall) =>
      json(200, { ...TARIQ, ...(call.body as object) }),
  });
  renderPage(<CapacityEditor userId={2} name="Tariq Teammate" canEdit={canEdit} />, {
    at: '/settings/teammembers',
    store,
  });
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

  it('others read it', async () => {
    renderEditor(false);
    expect(await screen.findByText('No limit')).toBeInTheDocument();
    expect(screen.queryByRole('spinbutton')).toBeNull();
  });
});
