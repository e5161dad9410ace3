import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import type { EmailSetup } from '@parley/contracts';
import { makeStore } from '../../../app/store';
import { meLoaded } from '../../auth/auth-slice';
import { fakeApi } from '../../../test/fake-api';
import { ME, signInCookies } from '../../../test/fixtures';
import { renderPage } from '../../../test/render';
import { EmailSetupPage } from './email-setup-page';
import { emailSetupServer, sendingDomain } from './email-setup-test-server';

const SUPPORT: EmailSetup = {
  support_channel_id: 3,
  from_name: 'Northwind Support',
  from_address: 'support@northwind.io',
  domain: 'northwind.io',
  domain_verified: true,
};

function renderSetup(
  server: ReturnType<typeof emailSetupServer>,
  permission: 'owner' | 'admin' | 'agent' = 'owner',
) {
  signInCookies();
  const api = fakeApi(server.routes);
  const { store, persistor } = makeStore();
  persistor.pause();
  store.dispatch(meLoaded({ ...ME, permission_level: permission }));
  const user = userEvent.setup({ delay: null, pointerEventsCheck: PointerEventsCheckLevel.Never });
  renderPage(<EmailSetupPage />, { at: '/settings/emailsetup', store });
  return { api, user };
}

const rowOf = (address: string) => screen.getByText(address).closest('tr')!;

// jsdom + antd are slow on small machines; these are whole flows.
describe('email setup page (/settings/emailsetup)', { timeout: 120_000 }, () => {
  it('lists the sending addresses with their domain and whether it is verified', async () => {
    renderSetup(
      emailSetupServer({
        setups: [SUPPORT],
        domains: [sendingDomain('northwind.io', { verified: true })],
      }),
    );
    expect(await screen.findByText('support@northwind.io')).toBeInTheDocument();
    const row = rowOf('support@northwind.io');
    expect(within(row).getByText('Northwind Support')).toBeInTheDocument();
    expect(within(row).getByText('northwind.io')).toBeInTheDocument();
    expect(within(row).getByText('Verified')).toBeInTheDocument();
    expect(within(row).queryByRole('link', { name: 'DNS records' })).toBeNull();
    expect(screen.queryByText('A sending domain is not verified yet.')).toBeNull();
  });

  it('adds an address (POST /dashboardapi/emailsetup, spec §7), showing the domain as it is typed, then points to its DNS records', async () => {
    const { api, user } = renderSetup(emailSetupServer({}));
    expect(await screen.findByText('No sending address yet.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /Add address/ }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText('From name'), 'Maya at Acme');
    await user.type(within(dialog).getByLabelText('From address'), 'Help@Acme-Shop.example');
    expect(within(dialog).getByTestId('domain-preview')).toHaveTextContent('acme-shop.example');
    await user.click(within(dialog).getByRole('button', { name: 'Add address' }));

    expect(await screen.findByText('Email setup saved')).toBeInTheDocument();
    expect(
      screen.getByText('Publish the DNS records of acme-shop.example to verify it.'),
    ).toBeInTheDocument();
    expect(api.callsTo('POST /dashboardapi/emailsetup')[0]!.body).toEqual({
      from_name: 'Maya at Acme',
      from_address: 'Help@Acme-Shop.example',
    });
    const row = await waitFor(() => rowOf('help@acme-shop.example'));
    expect(within(row).getByText('Not verified')).toBeInTheDocument();
    expect(within(row).getByRole('link', { name: 'DNS records' })).toHaveAttribute(
      'href',
      '/settings/dnsrecords',
    );
    expect(screen.getByText('A sending domain is not verified yet.')).toBeInTheDocument();
  });

  it('checks the form before sending and shows the server’s refusals where they belong', async () => {
    const { api, user } = renderSetup(emailSetupServer({ setups: [SUPPORT] }));
    await screen.findByText('support@northwind.io');
    await user.click(screen.getByRole('button', { name: /Add address/ }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText('From address'), 'not an address');
    await user.click(within(dialog).getByRole('button', { name: 'Add address' }));
    expect(
      await within(dialog).findByText('Give the name your customers see as the sender.'),
    ).toBeInTheDocument();
    expect(
      within(dialog).getByText('Enter an email address, like support@yourcompany.com.'),
    ).toBeInTheDocument();
    expect(api.callsTo('POST /dashboardapi/emailsetup')).toHaveLength(0);

    // The server's field error lands under the field; a conflict shows above the form.
    await user.type(within(dialog).getByLabelText('From name'), 'Sam');
    await user.clear(within(dialog).getByLabelText('From address'));
    await user.type(within(dialog).getByLabelText('From address'), 'sam@shop.invalid');
    await user.click(within(dialog).getByRole('button', { name: 'Add address' }));
    expect(
      await within(dialog).findByText('Enter an email address, like support@yourcompany.com.'),
    ).toBeInTheDocument();
    await user.clear(within(dialog).getByLabelText('From address'));
    await user.type(within(dialog).getByLabelText('From address'), 'support@northwind.io');
    await user.click(within(dialog).getByRole('button', { name: 'Add address' }));
    expect(
      await within(dialog).findByText('support@northwind.io is already set up in this workspace.'),
    ).toBeInTheDocument();
    expect(api.callsTo('POST /dashboardapi/emailsetup')).toHaveLength(2);
  });

  it('edits an address with PATCH ?support_channel_id= (spec §7)', async () => {
    const { api, user } = renderSetup(
      emailSetupServer({
        setups: [SUPPORT],
        domains: [sendingDomain('northwind.io', { verified: true })],
      }),
    );
    await screen.findByText('support@northwind.io');
    await user.click(screen.getByRole('button', { name: 'Edit support@northwind.io' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByLabelText('From name')).toHaveValue('Northwind Support');
    await user.clear(within(dialog).getByLabelText('From name'));
    await user.type(within(dialog).getByLabelText('From name'), 'Northwind Care');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Email setup saved')).toBeInTheDocument();
    expect(await screen.findByText('northwind.io is verified.')).toBeInTheDocument();
    const [patch] = api.callsTo('PATCH /dashboardapi/emailsetup');
    expect(new URL(patch!.url, 'http://localhost').searchParams.get('support_channel_id')).toBe(
      '3',
    );
    expect(patch!.body).toEqual({
      from_name: 'Northwind Care',
      from_address: 'support@northwind.io',
    });
    expect(await screen.findByText('Northwind Care')).toBeInTheDocument();
  });

  it('agents see the addresses but cannot add or edit them', async () => {
    renderSetup(emailSetupServer({ setups: [SUPPORT] }), 'agent');
    await screen.findByText('support@northwind.io');
    expect(
      screen.getByText('Only owners and admins can add or change sending addresses.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Add address/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Edit/ })).toBeNull();
  });
});
