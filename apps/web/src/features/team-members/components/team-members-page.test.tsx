import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TeamMembersResponse } from '@parley/contracts';
import { makeStore } from '../../../app/store';
import { meLoaded } from '../../auth';
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
      avatar: null,
      profile_color: '#7c3aed',
      permission_level: 'owner',
      joined_at: '2026-01-05T10:00:00.000Z',
    },
  ],
  invitations: [],
};

function renderTeam(permission: 'owner' | 'agent' = 'owner') {
  const { store } = makeStore({ persist: false });
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

const ADMIN_AND_AGENT: TeamMembersResponse['members'] = [
  {
    id: 2,
    name: 'Ada Admin',
    email: 'ada@example.com',
    avatar: null,
    profile_color: '#13a8a8',
    permission_level: 'admin',
    joined_at: '2026-01-06T10:00:00.000Z',
  },
  {
    id: 3,
    name: 'Tariq Teammate',
    email: 'tariq@example.com',
    avatar: '/dashboardapi/avatars/5/sig',
    profile_color: '#fa541c',
    permission_level: 'agent',
    joined_at: '2026-01-07T10:00:00.000Z',
  },
];

/** Long flows click a lot; a loaded machine makes them slow. */
const FLOW_TIMEOUT = 60_000;

/** A fake of the team endpoints that keeps members and invitations as the server would. */
function teamServer(initial: TeamMembersResponse) {
  let team = initial;
  return fakeApi({
    'GET /dashboardapi/teammembers': () => json(200, team),
    'PATCH /dashboardapi/teammembers/3': (call: RecordedCall) => {
      const { permission_level } = call.body as { permission_level: 'admin' };
      team = {
        ...team,
        members: team.members.map((m) => (m.id === 3 ? { ...m, permission_level } : m)),
      };
      return json(
        200,
        team.members.find((m) => m.id === 3),
      );
    },
    'DELETE /dashboardapi/teammembers/3': () => {
      team = { ...team, members: team.members.filter((m) => m.id !== 3) };
      return json(200, { ok: true });
    },
    'POST /dashboardapi/teammembers/invitations/5/resend': () =>
      json(200, { ...team.invitations[0], expires_at: '2026-03-01T00:00:00.000Z' }),
    'DELETE /dashboardapi/teammembers/invitations/5': () => {
      team = { ...team, invitations: [] };
      return json(200, { ok: true });
    },
  });
}

async function pickRole(label: string, option: string) {
  fireEvent.mouseDown(screen.getByRole('combobox', { name: label }));
  const item = await waitFor(() => {
    const found = [...document.querySelectorAll<HTMLElement>('.ant-select-item-option')].find(
      (el) => el.getAttribute('title') === option && !el.closest('.ant-select-dropdown-hidden'),
    );
    if (!found) throw new Error(`No option ${option}`);
    return found;
  });
  fireEvent.click(item);
}

const popconfirm = async (title: string) =>
  (await screen.findByText(title)).closest<HTMLElement>('.ant-popover')!;

describe('team members page: roles, removal and invitations', () => {
  it(
    'an owner changes an agent to admin and removes them after confirming',
    async () => {
      signInCookies();
      const api = teamServer({ members: [...TEAM.members, ...ADMIN_AND_AGENT], invitations: [] });
      renderTeam();
      expect(await screen.findByText('tariq@example.com')).toBeInTheDocument();
      expect(screen.getByAltText('Tariq Teammate')).toHaveAttribute(
        'src',
        '/dashboardapi/avatars/5/sig',
      );

      await pickRole('Role of Tariq Teammate', 'Admin');
      expect(await screen.findByText('Tariq Teammate is now an admin')).toBeInTheDocument();
      expect(api.callsTo('PATCH /dashboardapi/teammembers/3')[0]?.body).toEqual({
        permission_level: 'admin',
      });

      fireEvent.click(screen.getByRole('button', { name: 'Remove Tariq Teammate' }));
      const confirm = await popconfirm('Remove Tariq Teammate from the workspace?');
      fireEvent.click(within(confirm).getByRole('button', { name: 'Remove' }));
      await waitFor(() => expect(screen.queryByText('tariq@example.com')).not.toBeInTheDocument());
      expect(api.callsTo('DELETE /dashboardapi/teammembers/3')).toHaveLength(1);
    },
    FLOW_TIMEOUT,
  );

  it('the only owner cannot be demoted or removed; other members can be changed', async () => {
    signInCookies();
    teamServer({ members: [...TEAM.members, ...ADMIN_AND_AGENT], invitations: [] });
    renderTeam();
    await screen.findByText('erin@example.com');
    expect(screen.getByRole('combobox', { name: 'Role of Erin Example' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Remove Erin Example' })).toBeDisabled();
    expect(screen.getByRole('combobox', { name: 'Role of Tariq Teammate' })).toBeEnabled();
  });

  it('an admin cannot change or remove an owner', async () => {
    signInCookies();
    teamServer({ members: [...TEAM.members, ...ADMIN_AND_AGENT], invitations: [] });
    const { store } = makeStore({ persist: false });
    store.dispatch(meLoaded({ ...ME, id: 2, permission_level: 'admin' }));
    renderPage(<TeamMembersPage />, { at: '/settings/teammembers', store });
    await screen.findByText('erin@example.com');
    expect(screen.getByRole('combobox', { name: 'Role of Erin Example' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Remove Erin Example' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Remove Tariq Teammate' })).toBeEnabled();
  });

  it(
    'resends a pending invitation and withdraws it',
    async () => {
      signInCookies();
      const api = teamServer({
        members: TEAM.members,
        invitations: [
          {
            id: 5,
            email: 'pending@example.com',
            permission_level: 'agent',
            expires_at: '2026-02-01T00:00:00.000Z',
          },
        ],
      });
      renderTeam();
      expect(await screen.findByText('pending@example.com')).toBeInTheDocument();
      fireEvent.click(
        screen.getByRole('button', { name: 'Resend invitation to pending@example.com' }),
      );
      expect(await screen.findByText('Invitation sent again')).toBeInTheDocument();
      expect(api.callsTo('POST /dashboardapi/teammembers/invitations/5/resend')).toHaveLength(1);

      fireEvent.click(
        screen.getByRole('button', { name: 'Withdraw invitation to pending@example.com' }),
      );
      const confirm = await popconfirm('Withdraw this invitation?');
      fireEvent.click(within(confirm).getByRole('button', { name: 'Withdraw' }));
      await waitFor(() =>
        expect(screen.queryByText('pending@example.com')).not.toBeInTheDocument(),
      );
      expect(api.callsTo('DELETE /dashboardapi/teammembers/invitations/5')).toHaveLength(1);
    },
    FLOW_TIMEOUT,
  );

  it(
    "shows the server's refusal when a change is refused",
    async () => {
      signInCookies();
      fakeApi({
        'GET /dashboardapi/teammembers': json(200, {
          members: [...TEAM.members, ...ADMIN_AND_AGENT],
          invitations: [],
        }),
        'PATCH /dashboardapi/teammembers/3': json(403, {
          code: 'forbidden',
          message: "Only owners can make someone an owner or change an owner's role.",
        }),
      });
      renderTeam();
      await screen.findByText('tariq@example.com');
      await pickRole('Role of Tariq Teammate', 'Owner');
      expect(
        await screen.findByText("Only owners can make someone an owner or change an owner's role."),
      ).toBeInTheDocument();
    },
    FLOW_TIMEOUT,
  );

  it('agents see roles but no role, remove or invitation controls', async () => {
    signInCookies();
    fakeApi({
      'GET /dashboardapi/teammembers': json(200, {
        members: [...TEAM.members, ...ADMIN_AND_AGENT],
        invitations: [
          {
            id: 5,
            email: 'p@example.com',
            permission_level: 'agent',
            expires_at: '2026-02-01T00:00:00.000Z',
          },
        ],
      }),
    });
    renderTeam('agent');
    await screen.findByText('p@example.com');
    expect(screen.queryByRole('combobox', { name: /role of/i })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /remove/i })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /resend/i })).not.toBeInTheDocument();
  });
});
