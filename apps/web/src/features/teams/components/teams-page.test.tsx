import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Team, TeamMembersResponse } from '@parley/contracts';
import { makeStore } from '../../../app/store';
import { meLoaded } from '../../auth';
import { fakeApi, json, type RecordedCall } from '../../../test/fake-api';
import { ME, signInCookies } from '../../../test/fixtures';
import { renderPage } from '../../../test/render';
import { TeamsPage } from './teams-page';

/** Long flows type a lot; a loaded machine makes userEvent slow. */
const FLOW_TIMEOUT = 60_000;

const PEOPLE: TeamMembersResponse = {
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
    {
      id: 2,
      name: 'Tariq Teammate',
      email: 'tariq@example.com',
      avatar: '/dashboardapi/avatars/5/sig',
      profile_color: '#13a8a8',
      permission_level: 'agent',
      joined_at: '2026-01-06T10:00:00.000Z',
    },
  ],
  invitations: [],
};

const BILLING: Team = {
  id: 3,
  name: 'Billing',
  description: 'Invoices and refunds',
  member_ids: [1, 2],
  open_conversation_count: 4,
  created_at: '2026-01-07T10:00:00.000Z',
};

function renderTeams(permission: 'owner' | 'agent' = 'owner') {
  signInCookies();
  const { store } = makeStore({ persist: false });
  store.dispatch(meLoaded({ ...ME, permission_level: permission }));
  renderPage(<TeamsPage />, { at: '/settings/teams', store });
}

/** A fake of the teams endpoints that keeps the list as the server would. */
function teamsServer(initial: Team[] = [BILLING]) {
  let teams = initial;
  const api = fakeApi({
    'GET /dashboardapi/teammembers': json(200, PEOPLE),
    'GET /dashboardapi/teams': () => json(200, { teams }),
    'POST /dashboardapi/teams': (call: RecordedCall) => {
      const body = call.body as { name: string; description: string | null; user_ids: number[] };
      if (teams.some((t) => t.name.toLowerCase() === body.name.toLowerCase()))
        return json(409, {
          code: 'conflict',
          message: `A team named “${body.name}” already exists. Pick another name.`,
        });
      const team: Team = {
        id: 10,
        name: body.name,
        description: body.description,
        member_ids: body.user_ids,
        open_conversation_count: 0,
        created_at: '2026-02-01T00:00:00.000Z',
      };
      teams = [...teams, team];
      return json(201, team);
    },
    'PATCH /dashboardapi/teams/3': (call: RecordedCall) => {
      teams = teams.map((t) => (t.id === 3 ? { ...t, ...(call.body as Partial<Team>) } : t));
      return json(
        200,
        teams.find((t) => t.id === 3),
      );
    },
    'PUT /dashboardapi/teams/3/members': (call: RecordedCall) => {
      const { user_ids } = call.body as { user_ids: number[] };
      teams = teams.map((t) => (t.id === 3 ? { ...t, member_ids: user_ids } : t));
      return json(
        200,
        teams.find((t) => t.id === 3),
      );
    },
    'DELETE /dashboardapi/teams/3': () => {
      teams = teams.filter((t) => t.id !== 3);
      return json(200, { ok: true });
    },
  });
  return api;
}

/** Picks an option of an antd multi-select by its visible text. */
async function pick(label: string, option: string) {
  fireEvent.mouseDown(screen.getByRole('combobox', { name: label }));
  const item = await waitFor(() => {
    const found = [...document.querySelectorAll<HTMLElement>('.ant-select-item-option')].find(
      (el) => el.textContent?.includes(option) && !el.closest('.ant-select-dropdown-hidden'),
    );
    if (!found) throw new Error(`No option ${option}`);
    return found;
  });
  fireEvent.click(item);
}

describe('teams page (/settings/teams)', () => {
  it('lists teams with their member avatars, member count and open conversations', async () => {
    teamsServer();
    renderTeams();
    expect(await screen.findByText('Billing')).toBeInTheDocument();
    const row = screen.getByText('Billing').closest('tr')!;
    expect(within(row).getByText('2 members')).toBeInTheDocument();
    expect(within(row).getByText('4')).toBeInTheDocument();
    await waitFor(() => expect(within(row).getByLabelText('Erin Example')).toHaveTextContent('EE'));
    expect(within(row).getByAltText('Tariq Teammate')).toHaveAttribute(
      'src',
      '/dashboardapi/avatars/5/sig',
    );
  });

  it(
    'creates a team with members; a duplicate name shows the server’s message',
    async () => {
      const api = teamsServer();
      renderTeams();
      await screen.findByText('Billing');
      await userEvent.click(screen.getByRole('button', { name: /new team/i }));
      const dialog = await screen.findByRole('dialog');
      await userEvent.type(within(dialog).getByLabelText('Team name'), 'billing');
      await userEvent.click(within(dialog).getByRole('button', { name: 'Create team' }));
      expect(await within(dialog).findByText(/already exists/)).toBeInTheDocument();

      await userEvent.clear(within(dialog).getByLabelText('Team name'));
      await userEvent.type(within(dialog).getByLabelText('Team name'), 'Escalations');
      await pick('Members', 'Tariq Teammate');
      await userEvent.click(within(dialog).getByRole('button', { name: 'Create team' }));

      expect(await screen.findByText('Escalations')).toBeInTheDocument();
      expect(api.callsTo('POST /dashboardapi/teams').at(-1)?.body).toEqual({
        name: 'Escalations',
        description: null,
        user_ids: [2],
      });
      const row = screen.getByText('Escalations').closest('tr')!;
      expect(within(row).getByText('1 member')).toBeInTheDocument();
    },
    FLOW_TIMEOUT,
  );

  it(
    'renames a team and changes its members (PATCH then PUT members)',
    async () => {
      const api = teamsServer();
      renderTeams();
      await screen.findByText('Billing');
      await userEvent.click(screen.getByRole('button', { name: 'Edit Billing' }));
      const dialog = await screen.findByRole('dialog');
      const name = within(dialog).getByLabelText('Team name');
      await userEvent.clear(name);
      await userEvent.type(name, 'Refunds');
      // Take Erin out: the tag's close icon in the multi-select.
      const erinTag = [...dialog.querySelectorAll<HTMLElement>('.ant-select-selection-item')].find(
        (el) => el.textContent?.includes('Erin Example'),
      )!;
      fireEvent.click(erinTag.querySelector('.ant-select-selection-item-remove')!);
      await userEvent.click(within(dialog).getByRole('button', { name: 'Save team' }));

      expect(await screen.findByText('Refunds')).toBeInTheDocument();
      expect(api.callsTo('PATCH /dashboardapi/teams/3')[0]?.body).toEqual({
        name: 'Refunds',
        description: 'Invoices and refunds',
      });
      expect(api.callsTo('PUT /dashboardapi/teams/3/members')[0]?.body).toEqual({ user_ids: [2] });
      expect(screen.getByText('Refunds').closest('tr')!).toHaveTextContent('1 member');
    },
    FLOW_TIMEOUT,
  );

  it(
    'deletes a team after confirmation',
    async () => {
      const api = teamsServer();
      renderTeams();
      await screen.findByText('Billing');
      await userEvent.click(screen.getByRole('button', { name: 'Delete Billing' }));
      const confirm = (await screen.findByText('Delete Billing?')).closest<HTMLElement>(
        '.ant-popover',
      )!;
      await userEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
      await waitFor(() => expect(screen.queryByText('Billing')).not.toBeInTheDocument());
      expect(api.callsTo('DELETE /dashboardapi/teams/3')).toHaveLength(1);
      expect(await screen.findByText('Team deleted')).toBeInTheDocument();
    },
    FLOW_TIMEOUT,
  );

  it('agents see the teams but cannot change them', async () => {
    teamsServer();
    renderTeams('agent');
    await screen.findByText('Billing');
    expect(screen.getByRole('button', { name: /new team/i })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Edit Billing' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Delete Billing' })).toBeDisabled();
  });
});
