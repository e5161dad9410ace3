import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApi, json } from '../../../test/fake-api';
import { renderPage } from '../../../test/render';
import { ForgotPasswordPage } from './forgot-password-page';

describe('forgot-password page', () => {
  it('shows the expiry alert with ?alert=expiry_surpassed (docs/product/screens.md, docs/product/errors.md)', async () => {
    renderPage(<ForgotPasswordPage />, { at: '/login/forgotpassword?alert=expiry_surpassed' });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Your password has expired');
    expect(alert).toHaveTextContent(
      'Your password is more than 90 days old. Reset it to continue.',
    );
  });

  it('shows no alert without the query flag', async () => {
    renderPage(<ForgotPasswordPage />, { at: '/login/forgotpassword' });
    expect(await screen.findByLabelText('Email')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('asks the server for a reset link, without session headers, and says what happens next', async () => {
    const api = fakeApi({ 'POST /dashboardapi/auth/password/forgot': json(200, { ok: true }) });
    renderPage(<ForgotPasswordPage />, { at: '/login/forgotpassword' });
    await userEvent.type(await screen.findByLabelText('Email'), 'erin@example.com');
    await userEvent.click(screen.getByRole('button', { name: /send reset link/i }));

    expect(await screen.findByText(/we've sent it a link/)).toBeInTheDocument();
    const [call] = api.callsTo('POST /dashboardapi/auth/password/forgot');
    expect(call?.body).toEqual({ email: 'erin@example.com' });
    expect(call?.headers['authorization']).toBeUndefined();
  });

  it('shows a rate limit as words above the form', async () => {
    fakeApi({
      'POST /dashboardapi/auth/password/forgot': json(429, {
        code: 'rate_limited',
        message: 'Too many attempts. Please wait a minute and try again.',
      }),
    });
    renderPage(<ForgotPasswordPage />, { at: '/login/forgotpassword' });
    await userEvent.type(await screen.findByLabelText('Email'), 'erin@example.com');
    await userEvent.click(screen.getByRole('button', { name: /send reset link/i }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Too many attempts. Please wait a minute and try again.',
    );
  });
});
