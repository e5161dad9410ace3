// i18n-ignore-file: the tests' stand-in for the server; its messages are the server's, not the app's.
import type {
  DnsRecordCheck,
  EmailSetup,
  EmailSetupList,
  EmailSmtpSettingsBody,
  SendingDomain,
} from '@parley/contracts';
import { json, type RecordedCall, type Reply } from '../../../test/fake-api';

/** A sending domain as the server describes it, with its three records to publish. */
export function sendingDomain(domain: string, over: Partial<SendingDomain> = {}): SendingDomain {
  return {
    domain,
    dkim_selector: 'parley-1a2b3c4d',
    records: [
      { kind: 'spf', type: 'TXT', host: domain, value: 'v=spf1 include:_spf.parley.test ~all' },
      {
        kind: 'dkim',
        type: 'TXT',
        host: `parley-1a2b3c4d._domainkey.${domain}`,
        value: 'v=DKIM1; k=rsa; p=MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEA',
      },
      {
        kind: 'dmarc',
        type: 'TXT',
        host: `_dmarc.${domain}`,
        value: `v=DMARC1; p=none; rua=mailto:dmarc-reports@${domain}`,
      },
    ],
    verified: false,
    verified_at: null,
    last_checked_at: null,
    last_check: null,
    ...over,
  };
}

/**
 * A small stand-in for the server's email-setup rules at the network boundary: setups keyed by
 * channel id, one domain entry per domain in use, and DNS check outcomes queued by the test.
 */
export function emailSetupServer(initial: { setups?: EmailSetup[]; domains?: SendingDomain[] }) {
  let setups = [...(initial.setups ?? [])];
  let domains = [...(initial.domains ?? [])];
  let nextId = 50;
  const checks: DnsRecordCheck[][] = [];
  const domainOf = (address: string) => address.slice(address.lastIndexOf('@') + 1).toLowerCase();
  const required = () =>
    setups.some((s) => !domains.find((d) => d.domain === s.domain && d.verified));
  const list = (): EmailSetupList => ({
    setups: setups.map((s) => ({
      ...s,
      domain_verified: domains.some((d) => d.domain === s.domain && d.verified),
    })),
    domains: domains.filter((d) => setups.some((s) => s.domain === d.domain)),
    dmarc_verification_required: required(),
  });
  const ensureDomain = (domain: string) => {
    if (!domains.some((d) => d.domain === domain)) domains = [...domains, sendingDomain(domain)];
    return domains.find((d) => d.domain === domain)!;
  };
  /** The server's answer on the channel's own SMTP server: never the password, only whether one is saved. */
  const smtpAnswer = (
    sent: EmailSmtpSettingsBody | null | undefined,
    current: EmailSetup['smtp'],
  ): EmailSetup['smtp'] =>
    sent === undefined
      ? (current ?? null)
      : sent && {
          host: sent.host,
          port: sent.port,
          secure: sent.secure,
          username: sent.username || null,
          password_set: sent.password !== undefined || (current?.password_set ?? false),
        };
  /** Like the server's schema, a host it refuses (here: the reserved .invalid) is a field error. */
  const refusedHost = (smtp: EmailSmtpSettingsBody | null | undefined) =>
    smtp?.host.endsWith('.invalid')
      ? json(400, {
          code: 'validation_error',
          message: 'smtp.host: Enter the SMTP server name, like smtp.yourcompany.com.',
          details: [
            {
              path: 'smtp.host',
              message: 'Enter the SMTP server name, like smtp.yourcompany.com.',
            },
          ],
        })
      : null;
  const taken = (address: string, except?: number) =>
    setups.some((s) => s.support_channel_id !== except && s.from_address === address)
      ? json(409, { code: 'conflict', message: `${address} is already set up in this workspace.` })
      : null;

  const routes: Record<string, Reply> = {
    'GET /dashboardapi/emailsetup': () => json(200, list()),
    'POST /dashboardapi/emailsetup': (call: RecordedCall) => {
      const body = call.body as {
        from_name: string;
        from_address: string;
        smtp?: EmailSmtpSettingsBody | null;
        signature?: string;
      };
      const badHost = refusedHost(body.smtp);
      if (badHost) return badHost;
      const address = body.from_address.toLowerCase();
      if (address.endsWith('.invalid'))
        return json(400, {
          code: 'validation_error',
          message: 'from_address: Enter an email address, like support@yourcompany.com.',
          details: [
            {
              path: 'from_address',
              message: 'Enter an email address, like support@yourcompany.com.',
            },
          ],
        });
      const conflict = taken(address);
      if (conflict) return conflict;
      const setup: EmailSetup = {
        support_channel_id: nextId++,
        from_name: body.from_name,
        from_address: address,
        domain: domainOf(address),
        domain_verified: false,
        smtp: smtpAnswer(body.smtp, null),
        signature: body.signature?.trim() ?? '',
        inbound_secret: `secret-${nextId - 1}`,
        inbound_url: `http://parley.test/dashboardapi/email/inbound/${nextId - 1}`,
      };
      setups = [...setups, setup];
      return json(201, { setup, domain: ensureDomain(setup.domain) });
    },
    'PATCH /dashboardapi/emailsetup': (call: RecordedCall) => {
      const id = Number(
        new URL(call.url, 'http://localhost').searchParams.get('support_channel_id'),
      );
      const body = call.body as {
        from_name?: string;
        from_address?: string;
        smtp?: EmailSmtpSettingsBody | null;
        signature?: string;
      };
      const current = setups.find((s) => s.support_channel_id === id);
      if (!current)
        return json(404, { code: 'not_found', message: 'That email setup was not found.' });
      const address = body.from_address?.toLowerCase() ?? current.from_address;
      const conflict = taken(address, id);
      if (conflict) return conflict;
      const badHost = refusedHost(body.smtp);
      if (badHost) return badHost;
      const updated: EmailSetup = {
        ...current,
        ...(body.from_name ? { from_name: body.from_name } : {}),
        from_address: address,
        domain: domainOf(address),
        smtp: smtpAnswer(body.smtp, current.smtp),
        ...(body.signature !== undefined ? { signature: body.signature.trim() } : {}),
      };
      setups = setups.map((s) => (s.support_channel_id === id ? updated : s));
      return json(200, { setup: updated, domain: ensureDomain(updated.domain) });
    },
    'POST /dashboardapi/emailsetup/verify': (call: RecordedCall) => {
      const { domain } = call.body as { domain: string };
      const outcome = checks.shift();
      if (!outcome) return json(500, { code: 'internal_error', message: 'No check queued.' });
      const verified = outcome.every((c) => c.status === 'verified');
      const now = '2026-11-23T10:00:00.000Z';
      domains = domains.map((d) =>
        d.domain === domain
          ? {
              ...d,
              last_check: outcome,
              last_checked_at: now,
              verified,
              verified_at: verified ? now : null,
            }
          : d,
      );
      return json(200, {
        domain: domains.find((d) => d.domain === domain),
        dmarc_verification_required: required(),
      });
    },
  };
  return {
    routes,
    /** The outcome the next POST /verify answers with. */
    queueCheck: (outcome: DnsRecordCheck[]) => checks.push(outcome),
  };
}
