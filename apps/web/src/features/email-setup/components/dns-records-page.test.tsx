import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import type { DnsRecordCheck, EmailSetup } from '@parley/contracts';
import { makeStore } from '../../../app/store';
import { meLoaded, meApi } from '../../auth';
import { fakeApi, json } from '../../../test/fake-api';
import { ME, signInCookies } from '../../../test/fixtures';
import { renderPage } from '../../../test/render';
import { DnsRecordsPage } from './dns-records-page';
import { emailSetupServer, sendingDomain } from './email-setup-test-server';

const DOMAIN = 'northwind.io';
const SUPPORT: EmailSetup = {
  support_channel_id: 3,
  from_name: 'Northwind Support',
  from_address: `support@${DOMAIN}`,
  domain: DOMAIN,
  domain_verified: false,
};
const DKIM_HOST = `parley-1a2b3c4d._domainkey.${DOMAIN}`;

const check = (
  kind: DnsRecordCheck['kind'],
  host: string,
  status: DnsRecordCheck['status'],
  message: string,
  seen: string[] = [],
): DnsRecordCheck => ({ kind, host, status, message, seen });

function renderRecords(
  server: ReturnType<typeof emailSetupServer>,
  permission: 'owner' | 'admin' | 'agent' = 'owner',
) {
  signInCookies();
  const api = fakeApi({
    ...server.routes,
    'GET /dashboardapi/me': json(200, { ...ME, dmarc_verification_required: true }),
  });
  const { store } = makeStore({ persist: false });
  store.dispatch(meLoaded({ ...ME, permission_level: permission }));
  const user = userEvent.setup({ delay: null, pointerEventsCheck: PointerEventsCheckLevel.Never });
  renderPage(<DnsRecordsPage />, { at: '/settings/dnsrecords', store });
  return { api, user, store };
}

const recordsTable = () => screen.getByRole('table', { name: `DNS records of ${DOMAIN}` });
const rowOf = (kind: string) =>
  within(recordsTable()).getByText(kind, { selector: 'strong' }).closest('tr')!;

describe('DNS records page (/settings/dnsrecords)', { timeout: 120_000 }, () => {
  it('shows the SPF, DKIM and DMARC records to publish; each host and value copies with "Copied to Clipboard" (docs/product/errors.md)', async () => {
    const { user } = renderRecords(
      emailSetupServer({ setups: [SUPPORT], domains: [sendingDomain(DOMAIN)] }),
    );
    expect(
      await screen.findByText('Not checked yet: publish the records, then press Verify.'),
    ).toBeInTheDocument();
    expect(within(rowOf('SPF')).getByText('v=spf1 include:_spf.parley.test ~all')).toBeVisible();
    expect(within(rowOf('DKIM')).getByText(DKIM_HOST)).toBeVisible();
    expect(within(rowOf('DMARC')).getByText(`_dmarc.${DOMAIN}`)).toBeVisible();
    expect(
      within(rowOf('DMARC')).getByText(`v=DMARC1; p=none; rua=mailto:dmarc-reports@${DOMAIN}`),
    ).toBeVisible();
    expect(within(rowOf('SPF')).getByText('Not checked yet')).toBeVisible();

    await user.click(screen.getByRole('button', { name: 'Copy value of DKIM record' }));
    expect(await screen.findByText('Copied to Clipboard')).toBeInTheDocument();
    expect(await navigator.clipboard.readText()).toBe(
      'v=DKIM1; k=rsa; p=MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEA',
    );
    await user.click(screen.getByRole('button', { name: 'Copy host of DMARC record' }));
    await waitFor(async () =>
      expect(await navigator.clipboard.readText()).toBe(`_dmarc.${DOMAIN}`),
    );
  });

  it('Verify shows each record’s result in words; once all are right the domain is verified and the DMARC flag clears', async () => {
    const server = emailSetupServer({ setups: [SUPPORT], domains: [sendingDomain(DOMAIN)] });
    const { api, user, store } = renderRecords(server);
    await store.dispatch(meApi.endpoints.getMe.initiate());
    const meFlag = () =>
      meApi.endpoints.getMe.select()(store.getState()).data?.dmarc_verification_required;
    expect(meFlag()).toBe(true);
    await screen.findByText('Not verified');

    server.queueCheck([
      check('spf', DOMAIN, 'missing', `No SPF record at ${DOMAIN}.`),
      check(
        'dkim',
        DKIM_HOST,
        'mismatch',
        `The DKIM record at ${DKIM_HOST} holds a different public key. Replace it with the value shown.`,
        ['v=DKIM1; k=rsa; p=OLDKEY'],
      ),
      check('dmarc', `_dmarc.${DOMAIN}`, 'verified', 'The DMARC record is published with p=none.'),
    ]);
    await user.click(screen.getByRole('button', { name: `Verify ${DOMAIN}` }));
    expect(await screen.findByText('Not verified yet')).toBeInTheDocument();
    await waitFor(() => expect(within(rowOf('SPF')).getByText('Not found')).toBeVisible());
    expect(within(rowOf('SPF')).getByText(`No SPF record at ${DOMAIN}.`)).toBeVisible();
    expect(within(rowOf('DKIM')).getByText('Found, but different')).toBeVisible();
    expect(within(rowOf('DKIM')).getByText('v=DKIM1; k=rsa; p=OLDKEY')).toBeVisible();
    expect(within(rowOf('DMARC')).getByText('Found and correct')).toBeVisible();
    expect(api.callsTo('POST /dashboardapi/emailsetup/verify')[0]!.body).toEqual({
      domain: DOMAIN,
    });
    expect(meFlag()).toBe(true);

    server.queueCheck([
      check('spf', DOMAIN, 'verified', 'The SPF record includes _spf.parley.test.'),
      check('dkim', DKIM_HOST, 'verified', 'The DKIM public key matches.'),
      check('dmarc', `_dmarc.${DOMAIN}`, 'verified', 'The DMARC record is published with p=none.'),
    ]);
    await user.click(screen.getByRole('button', { name: `Verify ${DOMAIN}` }));
    expect(await screen.findByText('Domain verified')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByText(/^Verified .*Last checked/)).toBeInTheDocument());
    expect(within(recordsTable()).getAllByText('Found and correct')).toHaveLength(3);
    expect(meFlag()).toBe(false);
  });

  it('tells the user when the check itself fails', async () => {
    const server = emailSetupServer({ setups: [SUPPORT], domains: [sendingDomain(DOMAIN)] });
    const { user } = renderRecords(server);
    await screen.findByText('Not verified');
    // Nothing queued: the fake server answers 500.
    await user.click(screen.getByRole('button', { name: `Verify ${DOMAIN}` }));
    expect(await screen.findByText('The records could not be checked')).toBeInTheDocument();
  });

  it('without a sending address, points to Email setup', async () => {
    renderRecords(emailSetupServer({}));
    expect(await screen.findByText(/No sending domain yet/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Email setup' })).toHaveAttribute(
      'href',
      '/settings/emailsetup',
    );
  });

  it('agents see the records but cannot verify', async () => {
    renderRecords(
      emailSetupServer({ setups: [SUPPORT], domains: [sendingDomain(DOMAIN)] }),
      'agent',
    );
    await screen.findByText('Not verified');
    expect(screen.getByText('Only owners and admins can verify the records.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: `Verify ${DOMAIN}` })).toBeDisabled();
  });
});
