import crypto from 'node:crypto';
import {
  domainOfAddress,
  type DnsRecordCheck,
  type EmailSetup,
  type EmailSetupCreateBody,
  type EmailSetupList,
  type EmailSetupResult,
  type EmailSetupUpdateBody,
  type EmailSetupVerifyResult,
  type SendingDomain,
} from '@parley/contracts';
import type { Db } from '../../db/client';
import type { Deps } from '../../lib/deps';
import { apiText, conflict, notFound } from '../../lib/errors';
import type { AgentContext } from '../../lib/http-types';
import { recordAudit } from '../audit-log/audit-log.service';
import { checkDomainRecords, createResolver, recordsToPublish } from './dns-check';
import { applyEmailSetupBody, emailChannelView } from '../email-channel/channel-settings.public';
import {
  findEmailChannel,
  findSendingDomain,
  insertEmailChannel,
  insertSendingDomainIfAbsent,
  listEmailChannels,
  listSendingDomains,
  refreshDmarcFlag,
  saveDomainCheck,
  updateEmailChannel,
  type EmailChannelRow,
  type SendingDomainRow,
} from './email-setup.queries';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** A fresh RSA 2048 DKIM key pair: the public key as DKIM's p= (SPKI DER, base64), private PEM. */
function generateDkimKeyPair(): Promise<{ publicKey: string; privateKey: string }> {
  return new Promise((resolve, reject) => {
    crypto.generateKeyPair(
      'rsa',
      {
        modulusLength: 2048,
        publicKeyEncoding: { type: 'spki', format: 'der' },
        privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
      },
      (err, publicKey, privateKey) => {
        if (err) reject(err);
        else resolve({ publicKey: publicKey.toString('base64'), privateKey });
      },
    );
  });
}

function toSendingDomain(deps: Deps, row: SendingDomainRow): SendingDomain {
  return {
    domain: row.domain,
    dkim_selector: row.dkimSelector,
    records: recordsToPublish({
      domain: row.domain,
      dkimSelector: row.dkimSelector,
      dkimPublicKey: row.dkimPublicKey,
      spfInclude: deps.config.spfInclude,
      dmarcReportEmail: deps.config.dmarcReportEmail,
    }),
    verified: row.verifiedAt !== null,
    verified_at: iso(row.verifiedAt),
    last_checked_at: iso(row.lastCheckedAt),
    last_check: (row.lastCheck as DnsRecordCheck[] | null) ?? null,
  };
}

const addressOf = (c: EmailChannelRow) =>
  typeof c.settings.address === 'string' ? c.settings.address.toLowerCase() : '';

async function toEmailSetup(
  deps: Deps,
  channel: EmailChannelRow,
  verifiedDomains: Set<string>,
  isAdmin: boolean,
): Promise<EmailSetup> {
  const address = addressOf(channel);
  const domain = domainOfAddress(address);
  return {
    support_channel_id: channel.id,
    from_name: typeof channel.settings.from_name === 'string' ? channel.settings.from_name : '',
    from_address: address,
    domain,
    domain_verified: verifiedDomains.has(domain),
    ...(await emailChannelView(deps, channel, isAdmin)),
  };
}

/** The domain row, created with a new DKIM key pair the first time the account uses the domain. */
async function ensureSendingDomain(deps: Deps, accountId: number, domain: string) {
  const existing = await findSendingDomain(deps.db, { accountId, domain });
  if (existing) return existing;
  const keys = await generateDkimKeyPair();
  await insertSendingDomainIfAbsent(deps.db, {
    accountId,
    domain,
    // Per account and domain, so two workspaces sending from one domain never share a name.
    dkimSelector: `parley-${crypto.randomBytes(4).toString('hex')}`,
    dkimPublicKey: keys.publicKey,
    dkimPrivateKeyEncrypted: deps.secrets.seal(keys.privateKey),
  });
  return (await findSendingDomain(deps.db, { accountId, domain }))!;
}

async function refuseTakenAddress(db: Db, accountId: number, address: string, exceptId?: number) {
  const channels = await listEmailChannels(db, { accountId });
  if (channels.some((c) => c.id !== exceptId && addressOf(c) === address))
    throw conflict(apiText('{address} is already set up in this workspace.', { address }));
}

/** POST and PATCH answer owners and admins only, so the inbound secret is shown. */
async function resultFor(
  deps: Deps,
  channel: EmailChannelRow,
  domainRow: SendingDomainRow,
): Promise<EmailSetupResult> {
  const verified = new Set(domainRow.verifiedAt ? [domainRow.domain] : []);
  return {
    setup: await toEmailSetup(deps, channel, verified, true),
    domain: toSendingDomain(deps, domainRow),
  };
}

/** GET: every email setup of the account and the domains they send from, with their records. */
export async function listEmailSetups(
  deps: Deps,
  accountId: number,
  isAdmin = false,
): Promise<EmailSetupList> {
  const channels = await listEmailChannels(deps.db, { accountId });
  const domainNames = [...new Set(channels.map((c) => domainOfAddress(addressOf(c))))];
  const domains = await listSendingDomains(deps.db, { accountId, domains: domainNames });
  const verified = new Set(domains.filter((d) => d.verifiedAt).map((d) => d.domain));
  const required = channels.some((c) => !verified.has(domainOfAddress(addressOf(c))));
  return {
    setups: await Promise.all(channels.map((c) => toEmailSetup(deps, c, verified, isAdmin))),
    domains: domains.map((d) => toSendingDomain(deps, d)),
    dmarc_verification_required: required,
  };
}

/** POST: a new email setup (an email channel); its domain gets a DKIM key if it has none. */
export async function createEmailSetup(
  deps: Deps,
  agent: AgentContext,
  body: EmailSetupCreateBody,
): Promise<EmailSetupResult> {
  const { accountId } = agent;
  const domain = domainOfAddress(body.from_address);
  await refuseTakenAddress(deps.db, accountId, body.from_address);
  const domainRow = await ensureSendingDomain(deps, accountId, domain);
  const extras = applyEmailSetupBody(deps, null, body);
  const channel = await deps.db.transaction(async (tx) => {
    const row = await insertEmailChannel(tx, {
      accountId,
      address: body.from_address,
      fromName: body.from_name,
      extraSettings: extras.settings,
      secretsEncrypted: extras.secretsEncrypted,
    });
    await refreshDmarcFlag(tx, { accountId });
    await recordAudit(tx, {
      accountId,
      userId: agent.userId,
      action: 'email_setup_created',
      details: { support_channel_id: row.id, from_address: body.from_address },
    });
    return row;
  });
  return resultFor(deps, channel, domainRow);
}

/** PATCH ?support_channel_id=: a new sender name and/or address (a new domain gets its own key). */
export async function updateEmailSetup(
  deps: Deps,
  agent: AgentContext,
  channelId: number,
  body: EmailSetupUpdateBody,
): Promise<EmailSetupResult> {
  const { accountId } = agent;
  const channel = await findEmailChannel(deps.db, { accountId, id: channelId });
  if (!channel) throw notFound('That email setup was not found.');
  const address = body.from_address ?? addressOf(channel);
  if (body.from_address !== undefined)
    await refuseTakenAddress(deps.db, accountId, address, channelId);
  const domainRow = await ensureSendingDomain(deps, accountId, domainOfAddress(address));
  const extras = applyEmailSetupBody(deps, channel, body);
  const updated = await deps.db.transaction(async (tx) => {
    const row = await updateEmailChannel(tx, {
      accountId,
      id: channelId,
      address,
      settings: {
        ...channel.settings,
        ...extras.settings,
        address,
        ...(body.from_name !== undefined ? { from_name: body.from_name } : {}),
      },
      secretsEncrypted: extras.secretsEncrypted,
    });
    await refreshDmarcFlag(tx, { accountId });
    await recordAudit(tx, {
      accountId,
      userId: agent.userId,
      action: 'email_setup_updated',
      details: { support_channel_id: channelId, from_address: address },
    });
    return row;
  });
  return resultFor(deps, updated, domainRow);
}

/**
 * POST /verify: looks the domain's SPF, DKIM and DMARC records up through DNS_RESOLVER. When all
 * three are right the domain is verified, and the account's dmarc_verification_required is
 * cleared once every email setup sends from a verified domain. A later failing check takes the
 * verification back: the records are what mailbox providers see today.
 */
export async function verifySendingDomain(
  deps: Deps,
  agent: AgentContext,
  domain: string,
): Promise<EmailSetupVerifyResult> {
  const { accountId } = agent;
  const channels = await listEmailChannels(deps.db, { accountId });
  const inUse = channels.some((c) => domainOfAddress(addressOf(c)) === domain);
  const row = inUse ? await findSendingDomain(deps.db, { accountId, domain }) : null;
  if (!row) throw notFound('That sending domain was not found.');
  const checks = await checkDomainRecords(createResolver(deps.config.dnsResolvers), {
    domain,
    dkimSelector: row.dkimSelector,
    dkimPublicKey: row.dkimPublicKey,
    spfInclude: deps.config.spfInclude,
    dmarcReportEmail: deps.config.dmarcReportEmail,
  });
  const allVerified = checks.every((c) => c.status === 'verified');
  const now = new Date();
  const { saved, required } = await deps.db.transaction(async (tx) => {
    const checked = await saveDomainCheck(tx, {
      accountId,
      domain,
      lastCheck: checks,
      verifiedAt: allVerified ? (row.verifiedAt ?? now) : null,
      checkedAt: now,
    });
    const flag = await refreshDmarcFlag(tx, { accountId });
    if (allVerified !== (row.verifiedAt !== null))
      await recordAudit(tx, {
        accountId,
        userId: agent.userId,
        action: allVerified ? 'sending_domain_verified' : 'sending_domain_unverified',
        details: { domain },
      });
    return { saved: checked, required: flag };
  });
  return { domain: toSendingDomain(deps, saved), dmarc_verification_required: required };
}

/**
 * The DKIM signing key of an address's domain, in nodemailer's `dkim` option shape, for the
 * outbound email adapter; null when the account has no key for that domain.
 */
export async function dkimSigningKey(deps: Deps, accountId: number, fromAddress: string) {
  const domain = domainOfAddress(fromAddress);
  const row = await findSendingDomain(deps.db, { accountId, domain });
  if (!row) return null;
  return {
    domainName: domain,
    keySelector: row.dkimSelector,
    privateKey: deps.secrets.open(row.dkimPrivateKeyEncrypted),
  };
}
