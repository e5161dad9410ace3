import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApi, json } from '../../../test/fake-api';
import { renderPage } from '../../../test/render';
import { SignupPage } from './signup-page';

async function fillSignup() {
  await userEvent.type(await screen.findByLabelText('Name'), 'Erin Example');
  await userEvent.type(screen.getByLabelText('Email'), 'erin@example.com');
  await userEvent.type(screen.getByLabelText('Password'), 'a long password');
  await userEvent.type(screen.getByLabelText('Workspace name'), 'Acme Support');
  await userEvent.click(screen.getByRole('button', { name: /create account/i }));
}

describe('signup page', () => {
  it('creates the account and lands on /setup, not an empty inbox', async () => {
    const api = fakeApi({
      'POST /dashboardapi/auth/signup': json(201, {
        token: 'tok_abcdefghijklmnop',
        account_id: 7,
        user: { id: 1, name: 'Erin Example', email: 'erin@example.com' },
      }),
    });
    renderPage(<SignupPage />, { at: '/signup' });
    await fillSignup();

    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/setup'));
    expect(api.calls[0]?.body).toEqual({
      name: 'Erin Example',
      email: 'erin@example.com',
      password: 'a long password',
      account_name: 'Acme Support',
    });
  });

  it('shows a taken email in words', async () => {
    fakeApi({
      'POST /dashboardapi/auth/signup': json(409, {
        code: 'email_taken',
        message: 'An account with this email already exists. Sign in instead.',
      }),
    });
    renderPage(<SignupPage />, { at: '/signup' });
    await fillSignup();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'An account with this email already exists. Sign in instead.',
    );
  });

  it('puts validation details under the matching fields', async () => {
    fakeApi({
      'POST /dashboardapi/auth/signup': json(400, {
        code: 'validation_error',
        message: 'account_name: Enter a workspace name.',
        details: [{ path: 'account_name', message: 'Enter a workspace name.' }],
      }),
    });
    renderPage(<SignupPage />, { at: '/signup' });
    await fillSignup();
    expect(await screen.findByText('Enter a workspace name.')).toBeInTheDocument();
    expect(screen.queryByText('account_name: Enter a workspace name.')).not.toBeInTheDocument();
  });
});
