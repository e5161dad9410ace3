import type { StoredEmailAuth } from '../../db/schema';
import type { Deps } from '../../lib/deps';
import { createResolver } from '../email-setup/email-setup.public';

/** What the SMTP connection told about the sending server. */
export interface SmtpPeer {
  /** The client's IP address (an IPv4-mapped IPv6 address is given as IPv4). */
  ip: string;
  /** The name it gave in HELO / EHLO. */
  helo: string;
  /** MAIL FROM ('' for the null return path). */
  mailFrom: string;
}

/** A DNS lookup as mailauth makes it: `dns.promises.resolve(name, type)`. */
export type DnsResolve = (name: string, rrtype: string) => Promise<string[][] | string[]>;

/** DNS lookups through DNS_RESOLVER (the sending-domain check's servers), else the system's. */
export function configuredDnsResolve(deps: Deps): DnsResolve {
  const resolver = createResolver(deps.config.dnsResolvers);
  return (name, rrtype) => resolver.resolve(name, rrtype) as Promise<string[][] | string[]>;
}

/** The checks' results before the message is parsed (the From address is added when filing). */
export type SenderChecks = Omit<StoredEmailAuth, 'from'>;

/**
 * SPF (of MAIL FROM and the connecting IP), DKIM, DMARC (of the From domain) and ARC of one
 * message, with mailauth. A check that cannot run (DNS down) answers temperror, never an error:
 * the mail is still taken. Only a DMARC `fail` marks the message: `none` (the domain publishes no
 * policy), `temperror` and `permerror` leave it filed as before.
 */
export async function checkSender(
  raw: Buffer,
  peer: SmtpPeer,
  opts: { mta: string; resolve: DnsResolve },
): Promise<SenderChecks> {
  // Loaded on the first message, like mailparser: it is only needed by the SMTP server.
  const { authenticate } = await import('mailauth');
  try {
    const result = await authenticate(raw, {
      ip: peer.ip.replace(/^::ffff:(\d+\.\d+\.\d+\.\d+)$/i, '$1'),
      helo: peer.helo,
      sender: peer.mailFrom,
      mta: opts.mta,
      resolver: opts.resolve,
      disableBimi: true,
    });
    const signatures = result.dkim.results.map((r) => r.status.result);
    const dmarc = result.dmarc ? result.dmarc.status.result : 'none';
    return {
      spf: result.spf ? result.spf.status.result : 'none',
      dkim: signatures.includes('pass') ? 'pass' : (signatures[0] ?? 'none'),
      dmarc,
      arc: result.arc ? result.arc.status.result : 'none',
      dmarc_failed: dmarc === 'fail',
    };
  } catch {
    // A message mailauth cannot read is checked by nothing: filed as mail always was.
    return {
      spf: 'temperror',
      dkim: 'temperror',
      dmarc: 'temperror',
      arc: 'temperror',
      dmarc_failed: false,
    };
  }
}
