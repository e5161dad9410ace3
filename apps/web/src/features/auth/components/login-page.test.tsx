import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApi, json } from '../../../test/fake-api';
import { renderPage } from '../../../test/render';
import { LoginPage } from './login-page';

const AUTH_RESPONSE = {
  token: 'tok_abcdefghijklmnop',
  account_id: 7,
  user: { id: 1, name: 'Erin Example', email: 'erin@example.com' },
};

async function signIn(email: string, password: string) {
  await userEvent.type(screen.getByLabelText('Email'), email);
  await userEvent.type(screen.getByLabelText('Password'), password);
  await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
}

describe('login page', () => {
  it('signs in and goes to /inboxes', async () => {
    const api = fakeApi({ 'POST /dashboardapi/auth/login': json(200, AUTH_RESPONSE) });
    renderPage(<LoginPage />, { at: '/login' });
    await signIn('erin@example.com', 'a long password');

    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/inboxes'));
    expect(api.calls[0]?.body).toEqual({ email: 'erin@example.com', password: 'a long password' });
  });

  it('links to sign up and to forgot password', () => {
    renderPage(<LoginPage />, { at: '/login' });
    expect(screen.getByRole('link', { name: /create an account/i })).toHaveAttribute(
      'href',
      '/signup',
    );
    expect(screen.getByRole('link', { name: /forgot password/i })).toHaveAttribute(
      'href',
      '/login/forgotpassword',
    );
  });

  it('checks the fields before calling the server', async () => {
    const api = fakeApi({});
    renderPage(<LoginPage />, { at: '/login' });
    await userEvent.type(screen.getByLabelText('Email'), 'not-an-email');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(screen.getByText('Enter a valid email address.')).toBeInTheDocument();
    expect(screen.getByText('Enter your password.')).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
    expect(api.calls).toHaveLength(0);
  });

  it('shows a wrong password in words and stays on the page', async () => {
    fakeApi({
      'POST /dashboardapi/auth/login': json(401, {
        code: 'invalid_credentials',
        message: 'The email or password is incorrect.',
      }),
    });
    renderPage(<LoginPage />, { at: '/login' });
    await signIn('erin@example.com', 'wrong password');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The email or password is incorrect.',
    );
    expect(screen.getByTestId('location')).toHaveTextContent('/login');
  });

  it('puts the server field errors under the fields', async () => {
    fakeApi({
      'POST /dashboardapi/auth/login': json(400, {
        code: 'validation_error',
        message: 'email: Enter a valid email address.',
        details: [{ path: 'email', message: 'Enter a valid email address.' }],
      }),
    });
    renderPage(<LoginPage />, { at: '/login' });
    await signIn('erin@example.co', 'whatever');
    expect(await screen.findByText('Enter a valid email address.')).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
  });

  it('sends an expired password (403 password_change_required) to forgot-password with the alert', async () => {
    fakeApi({
      'POST /dashboardapi/auth/login': json(403, {
        code: 'password_change_required',
        message: 'Your password is more than 90 days old. Please reset it to continue.',
      }),
    });
    renderPage(<LoginPage />, { at: '/login' });
    await signIn('erin@example.com', 'old password');
    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent(
        '/login/forgotpassword?alert=expiry_surpassed',
      ),
    );
  });
});
