import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AssignmentSettingsResponse } from '@parley/contracts';
import { makeStore } from '../../../app/store';
import { meLoaded } from '../../auth';
import { fakeApi, json, type RecordedCall } from '../../../test/fake-api';
import { ME, signInCookies } from '../../../test/fixtures';
import { renderPage } from '../../../test/render';
import { AutoAssignmentPage } from './auto-assignment-page';

const SETTINGS: AssignmentSettingsResponse = {
  teams: [{ team_id: 3, name: 'Billing', member_count: 2, mode: 'off', release_offline: false }],
  channels: [
    {
      support_channel_id: 7,
      name: 'Support inbox',
      type: 'email',
      mode: 'round_robin',
      release_offline: false,
      agent_ids: [],
    },
  ],
  queued_count: 2,
};

function renderSettings() {
  signInCookies();
  const { store } = makeStore({ persist: false });
  store.dispatch(meLoaded(ME));
  let settings = structuredClone(SETTINGS);
  const api = fakeApi({
    'GET /dashboardapi/assignment/settings': () => json(200, settings),
    'PUT /dashboardapi/assignment/teams/3': (call: RecordedCall) => {
      const team = { ...settings.teams[0]!, ...(call.body as object) };
      settings = { ...settings, teams: [team] };
      return json(200, { mode: team.mode, release_offline: team.release_offline });
    },
    'PUT /dashboardapi/assignment/channels/7': (call: RecordedCall) =>
      json(200, {
        mode: 'round_robin',
        release_offline: false,
        agent_ids: [],
        ...(call.body as object),
      }),
    'GET /dashboardapi/teammembers': json(200, {
      members: [
        {
          id: ME.id,
          name: 'Olga Owner',
          email: 'olga@example.com',
          avatar: null,
          profile_color: '#336699',
          permission_level: 'owner',
          joined_at: '2026-01-01T00:00:00Z',
        },
        {
          id: 2,
          name: 'Tariq Teammate',
          email: 'tariq@example.com',
          avatar: null,
          profile_color: '#993366',
          permission_level: 'agent',
          joined_at: '2026-01-01T00:00:00Z',
        },
      ],
      invitations: [],
    }),
    'GET /dashboardapi/availability': json(200, {
      agents: [
        {
          user_id: 2,
          status: 'online',
          chosen: 'online',
          capacity: null,
          capacity_by_channel_type: {},
          open_conversation_count: 0,
        },
      ],
    }),
  });
  renderPage(<AutoAssignmentPage />, { at: '/settings/assignment', store });
  return api;
}

describe('auto-assignment settings page', () => {
  it('shows each team and channel with its mode, and the conversations waiting', async () => {
    renderSettings();
    expect(await screen.findByText('Billing')).toBeInTheDocument();
    expect(screen.getByText('Support inbox')).toBeInTheDocument();
    expect(
      screen.getByText('2 conversations are waiting for an available agent.'),
    ).toBeInTheDocument();
    expect(screen.getByText('Agents pick conversations themselves.')).toBeInTheDocument();
    expect(
      screen.getByText('Online agents take turns, one new conversation each.'),
    ).toBeInTheDocument();
  });

  it('an admin turns on least-busy for a team, then gives back an offline agent’s conversations', async () => {
    const api = renderSettings();
    const select = await screen.findByRole('combobox', {
      name: 'How Billing hands out new conversations',
    });
    await userEvent.click(select);
    await userEvent.click(await screen.findByTitle('Least busy'));
    await waitFor(() =>
      expect(api.callsTo('PUT /dashboardapi/assignment/teams/3').map((c) => c.body)).toEqual([
        { mode: 'least_busy' },
      ]),
    );
    const release = screen.getByRole('switch', {
      name: 'Give Billing’s open conversations back to the queue when their agent goes offline',
    });
    await waitFor(() => expect(release).toBeEnabled());
    await userEvent.click(release);
    await waitFor(() =>
      expect(api.callsTo('PUT /dashboardapi/assignment/teams/3').at(-1)?.body).toEqual({
        mode: 'least_busy',
        release_offline: true,
      }),
    );
    expect(
      within(screen.getByRole('row', { name: /Billing/ })).getByText(
        'Their open conversations go back to the queue',
      ),
    ).toBeInTheDocument();
  });

  it('an admin chooses the agents a channel hands its conversations to, each with their status', async () => {
    const api = renderSettings();
    const agents = await screen.findByRole('combobox', {
      name: 'Agents who get Support inbox’s conversations',
    });
    expect(screen.getByText('Every member')).toBeInTheDocument();
    await userEvent.click(agents);
    const tariq = await screen.findByTitle('Tariq Teammate');
    expect(await within(tariq).findByRole('img', { name: 'Online' })).toBeInTheDocument();
    await userEvent.click(tariq);
    await userEvent.tab();
    await waitFor(() =>
      expect(api.callsTo('PUT /dashboardapi/assignment/channels/7').map((c) => c.body)).toEqual([
        { mode: 'round_robin', agent_ids: [2] },
      ]),
    );
  });
});
