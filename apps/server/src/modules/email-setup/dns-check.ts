import { Resolver } from 'node:dns/promises';
import type { DnsRecord, DnsRecordCheck, DnsRecordKind } from '@parley/contracts';

/** What a sending domain must publish, from its DKIM key and the deployment's settings. */
export interface DomainRecordsInput {
  domain: string;
  dkimSelector: string;
  dkimPublicKey: string;
  spfInclude: string;
  /** rua address; null = dmarc-reports@<domain>. */
  dmarcReportEmail: string | null;
}

export const dkimHost = (selector: string, domain: string) => `${selector}._domainkey.${domain}`;
export const dmarcHost = (domain: string) => `_dmarc.${domain}`;

/** The SPF, DKIM and DMARC TXT records to publish for a sending domain. */
export function recordsToPublish(input: DomainRecordsInput): DnsRecord[] {
  const rua = input.dmarcReportEmail ?? `dmarc-reports@${input.domain}`;
  return [
    {
      kind: 'spf',
      type: 'TXT',
      host: input.domain,
      value: `v=spf1 include:${input.spfInclude} ~all`,
    },
    {
      kind: 'dkim',
      type: 'TXT',
      host: dkimHost(input.dkimSelector, input.domain),
      value: `v=DKIM1; k=rsa; p=${input.dkimPublicKey}`,
    },
    {
      kind: 'dmarc',
      type: 'TXT',
      host: dmarcHost(input.domain),
      value: `v=DMARC1; p=none; rua=mailto:${rua}`,
    },
  ];
}

type Lookup = { values: string[] } | { error: string };

/** No such name, or the name has no TXT record: both mean "not published". */
const NOT_PUBLISHED = new Set(['ENOTFOUND', 'ENODATA']);

/**
 * A resolver on the configured servers (DNS_RESOLVER), or the system's when none are set.
 * Lookups give up after a few seconds so a dead server does not hold the request.
 */
export function createResolver(servers: string[]): Resolver {
  const resolver = new Resolver({ timeout: 2500, tries: 2 });
  if (servers.length > 0) resolver.setServers(servers);
  return resolver;
}

async function lookupTxt(resolver: Resolver, host: string): Promise<Lookup> {
  try {
    // A TXT record may come in several strings (each up to 255 bytes): they form one value.
    const records = await resolver.resolveTxt(host);
    return { values: records.map((chunks) => chunks.join('')) };
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code ?? 'unknown error';
    if (NOT_PUBLISHED.has(code)) return { values: [] };
    return { error: code };
  }
}

/** `k=v; k2=v2` tags of a DKIM or DMARC record; values without their folding whitespace. */
function tagsOf(value: string): Map<string, string> {
  const tags = new Map<string, string>();
  for (const part of value.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    tags.set(part.slice(0, eq).trim().toLowerCase(), part.slice(eq + 1).replace(/\s+/g, ''));
  }
  return tags;
}

function result(
  kind: DnsRecordKind,
  host: string,
  status: DnsRecordCheck['status'],
  seen: string[],
  message: string,
): DnsRecordCheck {
  return { kind, host, status, seen, message };
}

function lookupFailed(kind: DnsRecordKind, host: string, error: string): DnsRecordCheck {
  return result(
    kind,
    host,
    'error',
    [],
    `The DNS lookup of ${host} failed (${error}). Try again in a few minutes.`,
  );
}

function checkSpf(expected: DnsRecord, lookup: Lookup, spfInclude: string): DnsRecordCheck {
  const { host } = expected;
  if ('error' in lookup) return lookupFailed('spf', host, lookup.error);
  const spf = lookup.values.filter((v) => /^v=spf1(\s|$)/i.test(v.trim()));
  if (spf.length === 0) return result('spf', host, 'missing', [], `No SPF record at ${host}.`);
  if (spf.length > 1)
    return result(
      'spf',
      host,
      'mismatch',
      spf,
      `${host} has ${spf.length} SPF records; a domain may have only one. Merge them into one that includes ${spfInclude}.`,
    );
  const terms = spf[0]!.trim().toLowerCase().split(/\s+/);
  const included = terms.some(
    (t) => t === `include:${spfInclude}` || t === `+include:${spfInclude}`,
  );
  return included
    ? result('spf', host, 'verified', spf, `The SPF record includes ${spfInclude}.`)
    : result(
        'spf',
        host,
        'mismatch',
        spf,
        `The SPF record of ${host} does not include ${spfInclude}. Add include:${spfInclude} before its “all” term.`,
      );
}

function checkDkim(expected: DnsRecord, lookup: Lookup, publicKey: string): DnsRecordCheck {
  const { host } = expected;
  if ('error' in lookup) return lookupFailed('dkim', host, lookup.error);
  if (lookup.values.length === 0)
    return result('dkim', host, 'missing', [], `No DKIM record at ${host}.`);
  const keys = lookup.values.map(tagsOf).filter((tags) => tags.has('p'));
  if (keys.some((tags) => tags.get('p') === publicKey))
    return result('dkim', host, 'verified', lookup.values, 'The DKIM public key matches.');
  return result(
    'dkim',
    host,
    'mismatch',
    lookup.values,
    keys.length === 0
      ? `The TXT record at ${host} is not a DKIM key. Replace it with the value shown.`
      : `The DKIM record at ${host} holds a different public key. Replace it with the value shown.`,
  );
}

function checkDmarc(expected: DnsRecord, lookup: Lookup): DnsRecordCheck {
  const { host } = expected;
  if ('error' in lookup) return lookupFailed('dmarc', host, lookup.error);
  const dmarc = lookup.values.filter((v) => /^v=DMARC1\s*(;|$)/i.test(v.trim()));
  if (dmarc.length === 0)
    return result('dmarc', host, 'missing', lookup.values, `No DMARC record at ${host}.`);
  if (dmarc.length > 1)
    return result(
      'dmarc',
      host,
      'mismatch',
      dmarc,
      `${host} has ${dmarc.length} DMARC records; mailbox providers ignore them all. Keep only one.`,
    );
  // Any policy counts: p=none is where everyone starts; quarantine and reject are stricter.
  const policy = tagsOf(dmarc[0]!).get('p')?.toLowerCase();
  return policy === 'none' || policy === 'quarantine' || policy === 'reject'
    ? result('dmarc', host, 'verified', dmarc, `The DMARC record is published with p=${policy}.`)
    : result(
        'dmarc',
        host,
        'mismatch',
        dmarc,
        'The DMARC record has no valid policy: it needs p=none, p=quarantine or p=reject.',
      );
}

/** Looks the three records up (in parallel) and compares each with what should be published. */
export async function checkDomainRecords(
  resolver: Resolver,
  input: DomainRecordsInput,
): Promise<DnsRecordCheck[]> {
  const [spf, dkim, dmarc] = recordsToPublish(input);
  const [spfSeen, dkimSeen, dmarcSeen] = await Promise.all([
    lookupTxt(resolver, spf!.host),
    lookupTxt(resolver, dkim!.host),
    lookupTxt(resolver, dmarc!.host),
  ]);
  return [
    checkSpf(spf!, spfSeen, input.spfInclude),
    checkDkim(dkim!, dkimSeen, input.dkimPublicKey),
    checkDmarc(dmarc!, dmarcSeen),
  ];
}
