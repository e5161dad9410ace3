import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import type Pusher from 'pusher-js';
import {
  AGENT_AVAILABILITY_EVENT,
  availabilityPresenceChannel,
  dcuserPanelChannel,
  type AgentAvailability,
} from '@parley/contracts';
import { makeStore } from '../../../app/store';
import { meLoaded } from '../../auth';
import { RealtimeContext } from '../../realtime';
import { FakePusher } from '../../realtime/testing';
import { fakeApi, json } from '../../../test/fake-api';
import { ME, signInCookies } from '../../../test/fixtures';
import { renderPage } from '../../../test/render';
import { AvailabilityDot } from './availability-dot';
import { AvailabilityKeeper } from './availability-keeper';

const ACCOUNT = 4;
const TARIQ: AgentAvailability = {
  user_id: 2,
  status: 'offline',
  chosen: 'online',
  capacity: null,
  capacity_by_channel_type: {},
  open_conversation_count: 0,
};

function renderKeeper() {
  signInCookies();
  const { store } = makeStore({ persist: false });
  store.dispatch(meLoaded(ME));
  const api = fakeApi({
    'GET /dashboardapi/availability': json(200, { agents: [TARIQ] }),
    'PUT /dashboardapi/availability/me/idle': json(200, { ...TARIQ, user_id: ME.id }),
  });
  const pusher = new FakePusher('parley', {} as never);
  const panel = pusher.subscribe(dcuserPanelChannel(ME.id));
  renderPage(
    <RealtimeContext.Provider
      value={{ client: pusher as unknown as Pusher, userId: ME.id, accountId: ACCOUNT }}
    >
      <AvailabilityKeeper />
      <AvailabilityDot userId={2} />
    </RealtimeContext.Provider>,
    { at: '/inbox', store },
  );
  return { api, pusher, panel };
}

describe('availability keeper', () => {
  it('holds the account’s availability channel, and every dot follows the changes it hears', async () => {
    const { api, pusher } = renderKeeper();
    expect(pusher.channel(availabilityPresenceChannel(ACCOUNT))).toBeDefined();
    await waitFor(() =>
      expect(api.callsTo('PUT /dashboardapi/availability/me/idle').map((c) => c.body)).toEqual([
        { idle: false },
      ]),
    );
    expect(await screen.findByRole('img', { name: 'Offline' })).toBeInTheDocument();
    pusher.emit(dcuserPanelChannel(ME.id), AGENT_AVAILABILITY_EVENT, {
      account_id: ACCOUNT,
      agent: { ...TARIQ, status: 'online' },
    });
    expect(await screen.findByRole('img', { name: 'Online' })).toBeInTheDocument();
  });
});
