import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApi, json } from '../../../test/fake-api';
import { renderPage } from '../../../test/render';
import { ResetPasswordPage } from './reset-password-page';

const TOKEN = 'reset_token_0123456789abcdef';

async function choose(password: string, confirm = password) {
  await userEvent.type(await screen.findByLabelText('New password'), password);
  await userEvent.type(screen.getByLabelText('Confirm new password'), confirm);
  await userEvent.click(screen.getByRole('button', { name: 'Reset password' }));
}

describe('reset-password page', () => {
  it('sets the new password with the token and sends the user to sign in', async () => {
    const api = fakeApi({ 'POST /dashboardapi/auth/password/reset': json(200, { ok: true }) });
    renderPage(<ResetPasswordPage />, { at: `/login/resetpassword?token=${TOKEN}` });
    await choose('brand new password 1');

    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent('/login?reset=done'),
    );
    expect(api.calls[0]?.body).toEqual({ token: TOKEN, password: 'brand new password 1' });
  });

  it('explains an expired link and offers a new one', async () => {
    fakeApi({
      'POST /dashboardapi/auth/password/reset': json(400, {
        code: 'invalid_token',
        message: 'This reset link is invalid or has expired. Ask for a new one.',
      }),
    });
    renderPage(<ResetPasswordPage />, { at: `/login/resetpassword?token=${TOKEN}` });
    await choose('brand new password 1');
    expect(await screen.findByText(/invalid or has expired/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /ask for a new reset link/i })).toHaveAttribute(
      'href',
      '/login/forgotpassword',
    );
  });

  it('without a token, says the link is incomplete', async () => {
    renderPage(<ResetPasswordPage />, { at: '/login/resetpassword' });
    expect(await screen.findByText(/reset link is incomplete/)).toBeInTheDocument();
  });
});
