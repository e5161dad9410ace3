import crypto from 'node:crypto';
import type { EmailSetup, EmailSmtpSettingsBody } from '@parley/contracts';
import type { Deps } from '../../lib/deps';
import { saveChannelSecrets, type EmailChannelRow } from './email-channel.queries';

/**
 * What an email channel keeps beyond its address and sender name:
 * - `settings.signature`: plain text appended to every reply from the channel (the brand's
 *   sign-off — each channel belongs to one brand);
 * - `settings.smtp`: its own outgoing SMTP server {host, port, secure, username}, or none;
 * - sealed in `secrets_encrypted`: `inbound_secret` (the inbound HTTP endpoint's) and
 *   `smtp_password`.
 */
interface EmailSecrets extends Record<string, unknown> {
  inbound_secret?: string;
  smtp_password?: string;
}

export interface ChannelSmtp {
  host: string;
  port: number;
  secure: boolean;
  username: string | null;
  password: string | null;
}

export interface EmailChannelSettings {
  address: string;
  fromName: string;
  signature: string;
  smtp: ChannelSmtp | null;
}

export const inboundPath = (channelId: number) => `/dashboardapi/email/inbound/${channelId}`;

const newInboundSecret = () => crypto.randomBytes(24).toString('base64url');

function storedSmtp(settings: Record<string, unknown>) {
  const smtp = settings.smtp as
    { host?: unknown; port?: unknown; secure?: unknown; username?: unknown } | null | undefined;
  if (!smtp || typeof smtp.host !== 'string' || typeof smtp.port !== 'number') return null;
  return {
    host: smtp.host,
    port: smtp.port,
    secure: smtp.secure === true,
    username: typeof smtp.username === 'string' && smtp.username ? smtp.username : null,
  };
}

function secretsOf(deps: Deps, channel: EmailChannelRow): EmailSecrets {
  return deps.secrets.openJson<EmailSecrets>(channel.secretsEncrypted);
}

export function readEmailSettings(deps: Deps, channel: EmailChannelRow): EmailChannelSettings {
  const s = channel.settings;
  const smtp = storedSmtp(s);
  return {
    address: typeof s.address === 'string' ? s.address.toLowerCase() : '',
    fromName: typeof s.from_name === 'string' ? s.from_name : '',
    signature: typeof s.signature === 'string' ? s.signature : '',
    smtp: smtp ? { ...smtp, password: secretsOf(deps, channel).smtp_password ?? null } : null,
  };
}

/**
 * The settings and sealed secrets after an email setup POST (channel null) or PATCH: a new
 * channel gets its inbound secret; `smtp: null` drops the channel's server and its password; a
 * PATCH without a password keeps the stored one.
 */
export function applyEmailSetupBody(
  deps: Deps,
  channel: EmailChannelRow | null,
  body: { smtp?: EmailSmtpSettingsBody | null | undefined; signature?: string | undefined },
): { settings: Record<string, unknown>; secretsEncrypted: string } {
  const secrets: EmailSecrets = channel ? secretsOf(deps, channel) : {};
  secrets.inbound_secret ??= newInboundSecret();
  const settings: Record<string, unknown> = {};
  if (body.signature !== undefined) settings.signature = body.signature.trim();
  if (body.smtp === null) {
    settings.smtp = null;
    delete secrets.smtp_password;
  } else if (body.smtp) {
    settings.smtp = {
      host: body.smtp.host,
      port: body.smtp.port,
      secure: body.smtp.secure,
      username: body.smtp.username ?? null,
    };
    if (body.smtp.password !== undefined) secrets.smtp_password = body.smtp.password;
  }
  return { settings, secretsEncrypted: deps.secrets.sealJson(secrets) };
}

/** The channel's inbound secret; one is made (and saved) for channels set up before it existed. */
export async function ensureInboundSecret(deps: Deps, channel: EmailChannelRow): Promise<string> {
  const secrets = secretsOf(deps, channel);
  if (secrets.inbound_secret) return secrets.inbound_secret;
  secrets.inbound_secret = newInboundSecret();
  await saveChannelSecrets(deps.db, {
    accountId: channel.accountId,
    id: channel.id,
    secretsEncrypted: deps.secrets.sealJson(secrets),
  });
  return secrets.inbound_secret;
}

/** Checks a presented inbound secret in constant time. */
export function inboundSecretMatches(deps: Deps, channel: EmailChannelRow, given: string): boolean {
  const expected = secretsOf(deps, channel).inbound_secret;
  if (!expected || !given) return false;
  // Hashing first makes the comparison constant-time whatever the lengths.
  const a = crypto.createHash('sha256').update(expected).digest();
  const b = crypto.createHash('sha256').update(given).digest();
  return crypto.timingSafeEqual(a, b);
}

/** The email setup's channel settings as answered: never the SMTP password; the secret to admins. */
export async function emailChannelView(
  deps: Deps,
  channel: EmailChannelRow,
  isAdmin: boolean,
): Promise<Pick<EmailSetup, 'smtp' | 'signature' | 'inbound_secret' | 'inbound_url'>> {
  const settings = readEmailSettings(deps, channel);
  return {
    smtp: settings.smtp && {
      host: settings.smtp.host,
      port: settings.smtp.port,
      secure: settings.smtp.secure,
      username: settings.smtp.username,
      password_set: settings.smtp.password !== null,
    },
    signature: settings.signature,
    inbound_secret: isAdmin ? await ensureInboundSecret(deps, channel) : null,
    inbound_url: `${deps.config.publicUrl}${inboundPath(channel.id)}`,
  };
}
