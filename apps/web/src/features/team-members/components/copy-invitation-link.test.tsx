import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TeamMembersResponse } from '@parley/contracts';
import { makeStore } from '../../../app/store';
import { meLoaded } from '../../auth';
import { fakeApi, json } from '../../../test/fake-api';
import { ME, signInCookies } from '../../../test/fixtures';
import { renderPage } from '../../../test/render';
import { TeamMembersPage } from './team-members-page';

const LINK = 'http://localhost:3000/settings/teammembers/invite/confirm/NewToken_0123456789';

const TEAM: TeamMembersResponse = {
  members: [
    {
      id: 1,
      name: 'Erin Example',
      email: 'erin@example.com',
      avatar: null,
      profile_color: '#7c3aed',
      permission_level: 'owner',
      joined_at: '2026-01-05T10:00:00.000Z',
    },
  ],
  invitations: [
    {
      id: 5,
      email: 'pending@example.com',
      permission_level: 'agent',
      expires_at: '2026-02-01T00:00:00.000Z',
    },
  ],
};

function renderTeam(permission: 'owner' | 'admin' | 'agent') {
  signInCookies();
  const api = fakeApi({
    'GET /dashboardapi/teammembers': json(200, TEAM),
    'POST /dashboardapi/teammembers/invitations/5/link': json(200, {
      ...TEAM.invitations[0],
      expires_at: '2026-03-01T00:00:00.000Z',
      link: LINK,
    }),
  });
  const { store } = makeStore({ persist: false });
  store.dispatch(meLoaded({ ...ME, permission_level: permission }));
  const user = userEvent.setup();
  renderPage(<TeamMembersPage />, { at: '/settings/teammembers', store });
  return { api, user };
}

describe('copy invitation link (pending invitations, owners and admins)', () => {
  it('warns that the emailed link stops working, then copies and shows the new link', async () => {
    const { api, user } = renderTeam('admin');
    await user.click(
      await screen.findByRole('button', { name: 'Copy link for pending@example.com' }),
    );
    const confirm = (await screen.findByText('Copy a new invitation link?')).closest<HTMLElement>(
      '.ant-popover',
    )!;
    expect(within(confirm).getByText(/invitation email stops working/)).toBeInTheDocument();
    expect(api.callsTo('POST /dashboardapi/teammembers/invitations/5/link')).toHaveLength(0);
    await user.click(within(confirm).getByRole('button', { name: 'Copy new link' }));

    expect(await screen.findByText('Invitation link for pending@example.com')).toBeInTheDocument();
    expect(screen.getByLabelText('Invitation link')).toHaveValue(LINK);
    expect(screen.getByText(/no longer works/)).toBeInTheDocument();
    expect(api.callsTo('POST /dashboardapi/teammembers/invitations/5/link')).toHaveLength(1);
    await waitFor(async () => expect(await navigator.clipboard.readText()).toBe(LINK));
    expect(await screen.findByText('Invitation link copied')).toBeInTheDocument();
  });

  it('is not offered to agents', async () => {
    renderTeam('agent');
    expect(await screen.findByText('pending@example.com')).toBeInTheDocument();
    expect(
      screen.queryByRole('button', { name: 'Copy link for pending@example.com' }),
    ).not.toBeInTheDocument();
  });
});
