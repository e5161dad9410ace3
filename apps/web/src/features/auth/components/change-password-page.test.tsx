import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApi, json } from '../../../test/fake-api';
import { signInCookies } from '../../../test/fixtures';
import { renderPage } from '../../../test/render';
import { ChangePasswordPage } from './change-password-page';

async function fill(current: string, next: string, confirm = next) {
  await userEvent.type(await screen.findByLabelText('Current password'), current);
  await userEvent.type(screen.getByLabelText('New password'), next);
  await userEvent.type(screen.getByLabelText('Confirm new password'), confirm);
  await userEvent.click(screen.getByRole('button', { name: 'Change password' }));
}

describe('change-password page', () => {
  it('warns that the password expires soon with ?alert=expiry_shortly', async () => {
    renderPage(<ChangePasswordPage />, {
      at: '/settings/profile/changepassword?alert=expiry_shortly',
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('Your password expires soon');
  });

  it('changes the password with the session headers and says so', async () => {
    signInCookies();
    const api = fakeApi({
      'POST /dashboardapi/auth/password/change': json(200, {
        token: 'tok_newnewnewnewnewnew',
        account_id: 7,
        user: { id: 1, name: 'Erin', email: 'erin@example.com' },
      }),
    });
    renderPage(<ChangePasswordPage />, { at: '/settings/profile/changepassword' });
    await fill('old password 1', 'new password 22');

    expect(await screen.findByText('Your password has been changed')).toBeInTheDocument();
    const [call] = api.callsTo('POST /dashboardapi/auth/password/change');
    expect(call?.body).toEqual({
      current_password: 'old password 1',
      new_password: 'new password 22',
    });
    expect(call?.headers['authorization']).toBe('Token tok_abcdefghijklmnop');
  });

  it('shows a wrong current password under its field', async () => {
    signInCookies();
    fakeApi({
      'POST /dashboardapi/auth/password/change': json(400, {
        code: 'invalid_credentials',
        message: 'Your current password is incorrect.',
        details: [{ path: 'current_password', message: 'Your current password is incorrect.' }],
      }),
    });
    renderPage(<ChangePasswordPage />, { at: '/settings/profile/changepassword' });
    await fill('wrong password', 'new password 22');
    expect(await screen.findByText('Your current password is incorrect.')).toBeInTheDocument();
  });

  it('refuses a confirmation that does not match', async () => {
    const api = fakeApi({});
    renderPage(<ChangePasswordPage />, { at: '/settings/profile/changepassword' });
    await fill('old password 1', 'new password 22', 'new password 23');
    expect(await screen.findByText('The two passwords do not match.')).toBeInTheDocument();
    expect(api.calls).toHaveLength(0);
  });
});
