import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { InvitationInfo } from '@parley/contracts';
import { fakeApi, json } from '../../../test/fake-api';
import { renderPage } from '../../../test/render';
import { InvitationConfirmPage } from './invitation-confirm-page';

const TOKEN = 'invite_token_0123456789';
const PATH = '/settings/teammembers/invite/confirm/:token';
const INVITATION: InvitationInfo = {
  email: 'ivy@example.com',
  account_name: 'Invite Co',
  invited_by: 'Erin Example',
  permission_level: 'agent',
  existing_user: false,
  expires_at: '2026-02-01T00:00:00.000Z',
};

describe('invitation confirm page', () => {
  it('a new person sets a name and password, joins and lands in the app', async () => {
    const api = fakeApi({
      [`GET /dashboardapi/teammembers/invite/${TOKEN}`]: json(200, INVITATION),
      [`POST /dashboardapi/teammembers/invite/${TOKEN}/accept`]: json(200, {
        token: 'tok_abcdefghijklmnop',
        account_id: 9,
        user: { id: 3, name: 'Ivy Invitee', email: 'ivy@example.com' },
      }),
    });
    renderPage(<InvitationConfirmPage />, {
      at: `/settings/teammembers/invite/confirm/${TOKEN}`,
      path: PATH,
    });

    expect(await screen.findByText('Join Invite Co')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Name'), 'Ivy Invitee');
    await userEvent.type(screen.getByLabelText('Password'), 'invitee password 1');
    await userEvent.click(screen.getByRole('button', { name: /accept and join/i }));

    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/inboxes'));
    const [accept] = api.callsTo(`POST /dashboardapi/teammembers/invite/${TOKEN}/accept`);
    expect(accept?.body).toEqual({ name: 'Ivy Invitee', password: 'invitee password 1' });
    expect(accept?.headers['authorization']).toBeUndefined();
  });

  it('an existing user only enters their password; a wrong one shows under the field', async () => {
    fakeApi({
      [`GET /dashboardapi/teammembers/invite/${TOKEN}`]: json(200, {
        ...INVITATION,
        existing_user: true,
      }),
      [`POST /dashboardapi/teammembers/invite/${TOKEN}/accept`]: json(400, {
        code: 'invalid_credentials',
        message: 'That password is incorrect.',
        details: [{ path: 'password', message: 'That password is incorrect.' }],
      }),
    });
    renderPage(<InvitationConfirmPage />, {
      at: `/settings/teammembers/invite/confirm/${TOKEN}`,
      path: PATH,
    });

    await screen.findByText('Join Invite Co');
    expect(screen.queryByLabelText('Name')).not.toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Password'), 'not it');
    await userEvent.click(screen.getByRole('button', { name: /accept and join/i }));
    expect(await screen.findByText('That password is incorrect.')).toBeInTheDocument();
  });

  it('says so when the link is no longer valid', async () => {
    fakeApi({
      [`GET /dashboardapi/teammembers/invite/${TOKEN}`]: json(404, {
        code: 'invalid_token',
        message: 'This invitation is invalid or has expired.',
      }),
    });
    renderPage(<InvitationConfirmPage />, {
      at: `/settings/teammembers/invite/confirm/${TOKEN}`,
      path: PATH,
    });
    expect(await screen.findByText('This invitation is no longer valid')).toBeInTheDocument();
  });
});
