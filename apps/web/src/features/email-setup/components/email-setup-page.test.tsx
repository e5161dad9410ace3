import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import type { EmailSetup } from '@parley/contracts';
import { makeStore } from '../../../app/store';
import { meLoaded } from '../../auth';
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
  const { store } = makeStore({ persist: false });
  store.dispatch(meLoaded({ ...ME, permission_level: permission }));
  const user = userEvent.setup({ delay: null, pointerEventsCheck: PointerEventsCheckLevel.Never });
  renderPage(<EmailSetupPage />, { at: '/settings/emailsetup', store });
  return { api, user };
}

// The address's own cell: an opened row repeats the address in its details.
const rowOf = (address: string) => screen.getByRole('cell', { name: address }).closest('tr')!;

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

  it('adds an address (POST /dashboardapi/emailsetup, docs/product/api.md), showing the domain as it is typed, then points to its DNS records', async () => {
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

  it('edits an address with PATCH ?support_channel_id= (docs/product/api.md)', async () => {
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

  it('edits the sending server: your own SMTP server with TLS, username and password, and a signature (PATCH body)', async () => {
    const { api, user } = renderSetup(
      emailSetupServer({
        setups: [{ ...SUPPORT, smtp: null, signature: '' }],
        domains: [sendingDomain('northwind.io', { verified: true })],
      }),
    );
    await screen.findByText('support@northwind.io');
    await user.click(screen.getByRole('button', { name: 'Edit support@northwind.io' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('radio', { name: 'Parley’s mail server' })).toBeChecked();
    expect(within(dialog).queryByLabelText('SMTP server')).toBeNull();
    await user.click(within(dialog).getByRole('radio', { name: 'Your own SMTP server' }));
    await user.type(await within(dialog).findByLabelText('SMTP server'), 'SMTP.Northwind.io ');
    expect(within(dialog).getByLabelText('Port')).toHaveValue('587');
    await user.click(within(dialog).getByRole('switch', { name: 'Use TLS from the start' }));
    expect(within(dialog).getByLabelText('Port')).toHaveValue('465');
    await user.type(within(dialog).getByLabelText('Username'), 'mailer@northwind.io');
    await user.type(within(dialog).getByLabelText('Password'), 'app password 1');
    await user.type(within(dialog).getByLabelText('Signature'), 'Maya{Enter}Northwind Support');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Email setup saved')).toBeInTheDocument();
    expect(api.callsTo('PATCH /dashboardapi/emailsetup')[0]!.body).toEqual({
      from_name: 'Northwind Support',
      from_address: 'support@northwind.io',
      smtp: {
        host: 'SMTP.Northwind.io',
        port: 465,
        secure: true,
        username: 'mailer@northwind.io',
        password: 'app password 1',
      },
      signature: 'Maya\nNorthwind Support',
    });
    // The saved address opens on its details: the server as saved, never its password.
    const details = await screen.findByTestId('channel-details-3');
    expect(
      within(details).getByText('SMTP.Northwind.io:465 (TLS) as mailer@northwind.io'),
    ).toBeInTheDocument();
    expect(within(details).getByText(/Maya\s+Northwind Support/)).toBeInTheDocument();
    expect(within(details).queryByText(/app password 1/)).toBeNull();
  });

  it('a blank password keeps the saved one: it is left out of the PATCH; Parley’s server sends smtp null', async () => {
    const { api, user } = renderSetup(
      emailSetupServer({
        setups: [
          {
            ...SUPPORT,
            smtp: {
              host: 'smtp.northwind.io',
              port: 587,
              secure: false,
              username: 'mailer@northwind.io',
              password_set: true,
            },
            signature: 'The Northwind team',
          },
        ],
      }),
    );
    await screen.findByText('support@northwind.io');
    await user.click(screen.getByRole('button', { name: 'Edit support@northwind.io' }));
    let dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('radio', { name: 'Your own SMTP server' })).toBeChecked();
    expect(within(dialog).getByLabelText('SMTP server')).toHaveValue('smtp.northwind.io');
    expect(within(dialog).getByLabelText('Password')).toHaveValue('');
    expect(
      within(dialog).getByText('A password is saved. Leave this blank to keep it.'),
    ).toBeInTheDocument();
    await user.clear(within(dialog).getByLabelText('Port'));
    await user.type(within(dialog).getByLabelText('Port'), '2525');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await screen.findByText('Email setup saved');
    const [keep] = api.callsTo('PATCH /dashboardapi/emailsetup');
    // The signature did not change, so it is not sent either.
    expect(keep!.body).toEqual({
      from_name: 'Northwind Support',
      from_address: 'support@northwind.io',
      smtp: {
        host: 'smtp.northwind.io',
        port: 2525,
        secure: false,
        username: 'mailer@northwind.io',
      },
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    await user.click(screen.getByRole('button', { name: 'Edit support@northwind.io' }));
    dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('radio', { name: 'Parley’s mail server' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.callsTo('PATCH /dashboardapi/emailsetup')).toHaveLength(2));
    expect(api.callsTo('PATCH /dashboardapi/emailsetup')[1]!.body).toEqual({
      from_name: 'Northwind Support',
      from_address: 'support@northwind.io',
      smtp: null,
    });
  });

  it('receiving email: the address, the inbound URL to copy, and the inbound secret only when the server answers it (admins)', async () => {
    const { user } = renderSetup(
      emailSetupServer({
        setups: [
          {
            ...SUPPORT,
            inbound_secret: 'k3y-of-support',
            inbound_url: 'http://parley.test/dashboardapi/email/inbound/3',
          },
          {
            ...SUPPORT,
            support_channel_id: 4,
            from_address: 'billing@northwind.io',
            inbound_secret: null,
            inbound_url: 'http://parley.test/dashboardapi/email/inbound/4',
          },
        ],
      }),
    );
    await screen.findByText('billing@northwind.io');
    for (const expand of screen.getAllByRole('button', { name: /^Show details of / }))
      await user.click(expand);
    const support = await screen.findByTestId('channel-details-3');
    const billing = screen.getByTestId('channel-details-4');

    expect(within(support).getByText('Receiving email')).toBeInTheDocument();
    expect(
      within(support).getByText(/once the MX record of northwind.io points at it/),
    ).toBeInTheDocument();
    expect(within(support).getByText(/x-parley-inbound-secret/)).toBeInTheDocument();
    // What the server does with mail that fails its sender's DMARC check, said where it is set up.
    expect(within(support).getByTestId('sender-checks-policy').textContent).toMatch(
      /fails the DMARC check of its From domain may be forged: it is shown with a warning, filed under a separate unverified contact/,
    );
    expect(within(support).getByText('k3y-of-support')).toBeInTheDocument();
    expect(
      within(billing).getByText('http://parley.test/dashboardapi/email/inbound/4'),
    ).toBeInTheDocument();
    expect(within(billing).queryByText('Inbound secret')).toBeNull();
    expect(within(billing).queryByRole('button', { name: 'Copy inbound secret' })).toBeNull();

    await user.click(within(support).getByRole('button', { name: 'Copy inbound secret' }));
    expect(await screen.findByText('Copied to Clipboard')).toBeInTheDocument();
    expect(await navigator.clipboard.readText()).toBe('k3y-of-support');
    await user.click(within(billing).getByRole('button', { name: 'Copy inbound URL' }));
    await waitFor(async () =>
      expect(await navigator.clipboard.readText()).toBe(
        'http://parley.test/dashboardapi/email/inbound/4',
      ),
    );
  });

  it('shows the SMTP server name’s problems under its field: checked before sending, and the server’s 400 details', async () => {
    const { api, user } = renderSetup(emailSetupServer({}));
    await screen.findByText('No sending address yet.');
    await user.click(screen.getByRole('button', { name: /Add address/ }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText('From name'), 'Acme');
    await user.type(within(dialog).getByLabelText('From address'), 'help@acme.example');
    await user.click(within(dialog).getByRole('radio', { name: 'Your own SMTP server' }));
    const host = await within(dialog).findByLabelText('SMTP server');
    const hostItem = () => host.closest('.ant-form-item') as HTMLElement;
    await user.type(host, 'smtp server');
    await user.click(within(dialog).getByRole('button', { name: 'Add address' }));
    expect(
      await within(hostItem()).findByText('Enter the SMTP server name, like smtp.yourcompany.com.'),
    ).toBeInTheDocument();
    expect(api.callsTo('POST /dashboardapi/emailsetup')).toHaveLength(0);

    await user.clear(host);
    await user.type(host, 'smtp.acme.invalid');
    await waitFor(() =>
      expect(
        within(hostItem()).queryByText('Enter the SMTP server name, like smtp.yourcompany.com.'),
      ).toBeNull(),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Add address' }));
    expect(
      await within(hostItem()).findByText('Enter the SMTP server name, like smtp.yourcompany.com.'),
    ).toBeInTheDocument();
    const [post] = api.callsTo('POST /dashboardapi/emailsetup');
    // A new address with no password typed sends none.
    expect(post!.body).toEqual({
      from_name: 'Acme',
      from_address: 'help@acme.example',
      smtp: { host: 'smtp.acme.invalid', port: 587, secure: false },
    });
    // Every problem sat under a field: nothing above the form.
    expect(within(dialog).queryByRole('alert')).toBeNull();
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
