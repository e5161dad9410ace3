import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TeamMembersResponse } from '@parley/contracts';
import { makeStore } from '../../../app/store';
import { meLoaded } from '../../auth/auth-slice';
import { fakeApi, json, type RecordedCall } from '../../../test/fake-api';
import { ME, signInCookies } from '../../../test/fixtures';
import { renderPage } from '../../../test/render';
import { TeamMembersPage } from './team-members-page';

const TEAM: TeamMembersResponse = {
  members: [
    {
      id: 1,
      name: 'Erin Example',
      email: 'erin@example.com',
      permission_level: 'owner',
      joined_at: '2026-01-05T10:00:00.000Z',
    },
  ],
  invitations: [],
};

function renderTeam(permission: 'owner' | 'agent' = 'owner') {
  const { store, persistor } = makeStore();
  persistor.pause();
  store.dispatch(meLoaded({ ...ME, permission_level: permission }));
  renderPage(<TeamMembersPage />, { at: '/settings/teammembers', store });
}

describe('team members page', () => {
  it('lists members and invites a teammate by email with a role', async () => {
    signInCookies();
    let invitations: TeamMembersResponse['invitations'] = [];
    const api = fakeApi({
      'GET /dashboardapi/teammembers': () => json(200, { ...TEAM, invitations }),
      'POST /dashboardapi/teammembers/invite': (call: RecordedCall) => {
        const body = call.body as { email: string; permission_level: 'admin' | 'agent' };
        invitations = [{ id: 5, expires_at: '2026-02-01T00:00:00.000Z', ...body }];
        return json(201, invitations[0]);
      },
    });
    renderTeam();

    expect(await screen.findByText('erin@example.com')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: /invite teammate/i }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.type(within(dialog).getByLabelText('Email'), 'new.agent@example.com');
    await userEvent.click(within(dialog).getByRole('button', { name: /send invitation/i }));

    expect(await screen.findByText('new.agent@example.com')).toBeInTheDocument();
    expect(api.callsTo('POST /dashboardapi/teammembers/invite')[0]?.body).toEqual({
      email: 'new.agent@example.com',
      permission_level: 'agent',
    });
    expect(await screen.findByText('Invitation sent')).toBeInTheDocument();
  });

  it('agents cannot invite', async () => {
    signInCookies();
    fakeApi({ 'GET /dashboardapi/teammembers': json(200, TEAM) });
    renderTeam('agent');
    expect(await screen.findByRole('button', { name: /invite teammate/i })).toBeDisabled();
  });
});
