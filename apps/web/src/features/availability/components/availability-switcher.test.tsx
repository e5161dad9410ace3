import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AgentAvailability } from '@parley/contracts';
import { makeStore } from '../../../app/store';
import { meLoaded } from '../../auth';
import { fakeApi, json, type RecordedCall } from '../../../test/fake-api';
import { ME, signInCookies } from '../../../test/fixtures';
import { renderPage } from '../../../test/render';
import { AvailabilityDot } from './availability-dot';
import { AvailabilitySwitcher } from './availability-switcher';

const mine = (over: Partial<AgentAvailability> = {}): AgentAvailability => ({
  user_id: ME.id,
  status: 'online',
  chosen: 'online',
  capacity: null,
  capacity_by_channel_type: {},
  open_conversation_count: 0,
  ...over,
});

function renderSwitcher(start: AgentAvailability) {
  signInCookies();
  const { store } = makeStore({ persist: false });
  store.dispatch(meLoaded(ME));
  const api = fakeApi({
    'GET /dashboardapi/availability': json(200, { agents: [start] }),
    'PUT /dashboardapi/availability/me': (call: RecordedCall) => {
      const { status } = call.body as { status: AgentAvailability['status'] };
      return json(200, mine({ status, chosen: status }));
    },
  });
  renderPage(
    <>
      <AvailabilitySwitcher />
      <AvailabilityDot userId={ME.id} />
    </>,
    { at: '/', store },
  );
  return api;
}

describe('availability switcher', () => {
  it('sets the person away; their dot beside their name follows', async () => {
    const api = renderSwitcher(mine());
    expect(await screen.findByRole('img', { name: 'Online' })).toHaveAttribute(
      'data-status',
      'online',
    );
    await userEvent.click(screen.getByRole('radio', { name: /Away/ }).closest('label')!);
    await waitFor(() =>
      expect(api.callsTo('PUT /dashboardapi/availability/me').map((c) => c.body)).toEqual([
        { status: 'away' },
      ]),
    );
    // The dot beside the name (the last one: the switcher's own dots come first) turns away.
    await waitFor(() => expect(screen.getAllByRole('img', { name: 'Away' })).toHaveLength(2));
    expect(screen.getByText('You keep yours, but get no new ones')).toBeInTheDocument();
  });

  it('says why the person shows as away while they chose online', async () => {
    renderSwitcher(mine({ status: 'away' }));
    expect(await screen.findByText('Shown as away: no activity for a while.')).toBeInTheDocument();
  });
});
