import { and, eq } from 'drizzle-orm';
import { brands, supportChannels } from '../../db/schema';
import type { Db } from '../../db/client';
import type { Deps } from '../../lib/deps';
import { randomToken } from '../../lib/crypto';
import { badRequest, conflict, isUniqueViolation, notFound } from '../../lib/errors';
import type { CallbackUrl } from '@parley/contracts';
import type { ChannelRow } from './adapters';
import type { ChannelKinds, CreatedChannel } from './channel-kind';
import { insertProviderChannel } from './provider-channels.queries';
import { recordAudit } from '../audit-log/audit-log.service';

export function toChannelSummary(c: typeof supportChannels.$inferSelect) {
  return {
    id: c.id,
    type: c.type,
    name: c.name,
    brand_id: c.brandId,
    needs_reauthorization: c.needsReauthorization,
  };
}

export async function listChannels(db: Db, accountId: number) {
  const rows = await db
    .select()
    .from(supportChannels)
    .where(eq(supportChannels.accountId, accountId))
    .orderBy(supportChannels.id);
  // The settings page shows where an API channel delivers replies.
  return rows.map((row) => ({
    ...toChannelSummary(row),
    webhook_url: typeof row.settings.webhook_url === 'string' ? row.settings.webhook_url : null,
  }));
}

/**
 * The settings page's list: each channel with its public details, the callback URLs to paste
 * into its provider's console, and its health (last customer message, last provider error).
 */
export async function listChannelsForSettings(deps: Deps, kinds: ChannelKinds, accountId: number) {
  const rows = await deps.db
    .select()
    .from(supportChannels)
    .where(eq(supportChannels.accountId, accountId))
    .orderBy(supportChannels.id);
  return rows.map((row) => {
    const { details, callbackUrls } = kinds.describe(deps, row);
    return {
      ...toChannelSummary(row),
      webhook_url: typeof row.settings.webhook_url === 'string' ? row.settings.webhook_url : null,
      details,
      callback_urls: callbackUrls,
      last_inbound_at: row.lastInboundAt?.toISOString() ?? null,
      last_error: row.lastError,
      last_error_at: row.lastErrorAt?.toISOString() ?? null,
    };
  });
}

export async function listBrands(db: Db, accountId: number) {
  const rows = await db
    .select()
    .from(brands)
    .where(eq(brands.accountId, accountId))
    .orderBy(brands.id);
  return rows.map((b) => ({ id: b.id, name: b.name, myshopify_domain: b.myshopifyDomain }));
}

/** A new store of the account; a store's domain belongs to one account only. */
export async function createBrand(
  db: Db,
  accountId: number,
  v: { name: string; myshopify_domain?: string | null | undefined },
) {
  try {
    const [row] = await db
      .insert(brands)
      .values({ accountId, name: v.name, myshopifyDomain: v.myshopify_domain ?? null })
      .returning();
    return { id: row!.id, name: row!.name, myshopify_domain: row!.myshopifyDomain };
  } catch (error) {
    if (isUniqueViolation(error))
      throw conflict('A store with this domain is already connected to a workspace.');
    throw error;
  }
}

export async function findOwnChannel(db: Db, accountId: number, id: number) {
  const [row] = await db
    .select()
    .from(supportChannels)
    .where(and(eq(supportChannels.id, id), eq(supportChannels.accountId, accountId)))
    .limit(1);
  if (!row) throw notFound('That channel was not found.');
  return row;
}

function checkWebhookUrl(url: string | null | undefined) {
  if (!url) return;
  const parsed = new URL(url);
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') {
    throw badRequest('The webhook URL must start with https:// or http://.', [
      { path: 'webhook_url', message: 'Use http(s).' },
    ]);
  }
}

/** A channel's store must be one of the account's own. */
export async function assertOwnBrand(
  db: Db,
  accountId: number,
  brandId: number | null | undefined,
) {
  if (!brandId) return;
  const [brand] = await db
    .select({ id: brands.id })
    .from(brands)
    .where(and(eq(brands.id, brandId), eq(brands.accountId, accountId)))
    .limit(1);
  if (!brand)
    throw badRequest('That store does not exist in this account.', [
      { path: 'brand_id', message: 'Unknown store.' },
    ]);
}

/** An API channel: customers' own systems post messages in with an API key; replies go to their webhook. */
export async function createApiChannel(
  deps: Deps,
  accountId: number,
  body: {
    name: string;
    webhook_url?: string | null | undefined;
    brand_id?: number | null | undefined;
  },
) {
  checkWebhookUrl(body.webhook_url);
  await assertOwnBrand(deps.db, accountId, body.brand_id);
  const webhookSecret = `whsec_${randomToken(24)}`;
  const [row] = await deps.db
    .insert(supportChannels)
    .values({
      accountId,
      brandId: body.brand_id ?? null,
      type: 'api',
      name: body.name,
      settings: { webhook_url: body.webhook_url ?? null },
      secretsEncrypted: deps.secrets.sealJson({ webhook_secret: webhookSecret }),
    })
    .returning();
  return {
    ...toChannelSummary(row!),
    webhook_url: body.webhook_url ?? null,
    webhook_secret: webhookSecret,
  };
}

export async function updateChannel(
  deps: Deps,
  accountId: number,
  id: number,
  body: { name?: string | undefined; webhook_url?: string | null | undefined },
) {
  const channel = await findOwnChannel(deps.db, accountId, id);
  if (body.webhook_url !== undefined && channel.type !== 'api') {
    throw badRequest('Only API channels have a webhook URL.', [
      { path: 'webhook_url', message: 'Not an API channel.' },
    ]);
  }
  checkWebhookUrl(body.webhook_url);
  const [row] = await deps.db
    .update(supportChannels)
    .set({
      ...(body.name ? { name: body.name } : {}),
      ...(body.webhook_url !== undefined
        ? { settings: { ...channel.settings, webhook_url: body.webhook_url } }
        : {}),
    })
    .where(eq(supportChannels.id, id))
    .returning();
  return toChannelSummary(row!);
}

export async function deleteChannel(
  deps: Deps,
  agent: { accountId: number; userId: number },
  id: number,
) {
  const { accountId } = agent;
  const channel = await findOwnChannel(deps.db, accountId, id);
  await deps.db.transaction(async (tx) => {
    await tx
      .delete(supportChannels)
      .where(and(eq(supportChannels.id, id), eq(supportChannels.accountId, accountId)));
    await recordChannelChange(tx, agent, 'channel_deleted', channel);
  });
}

/** A channel created, changed or deleted, in the audit log (Settings → Audit log). */
export function recordChannelChange(
  db: Db,
  agent: { accountId: number; userId: number },
  action: 'channel_created' | 'channel_updated' | 'channel_deleted',
  channel: { id: number; name: string; type: string },
  fields?: string[],
) {
  return recordAudit(db, {
    accountId: agent.accountId,
    userId: agent.userId,
    action,
    details: {
      channel_id: channel.id,
      name: channel.name,
      type: channel.type,
      ...(fields ? { fields } : {}),
    },
  });
}

/**
 * A provider's new channel of the account, secrets sealed at rest, answered as created: with the
 * callback URLs to paste into the provider's console (a URL with a secret is shown this once).
 */
export async function createProviderChannel(
  deps: Deps,
  accountId: number,
  body: { name: string; brand_id?: number | null | undefined },
  v: { type: string; settings: object; secrets: Record<string, unknown> },
  callbackUrls: (channel: ChannelRow) => CallbackUrl[],
): Promise<CreatedChannel> {
  const row = await insertProviderChannel(deps, {
    accountId,
    brandId: body.brand_id,
    name: body.name,
    ...v,
  });
  return { ...toChannelSummary(row), webhook_url: null, callback_urls: callbackUrls(row) };
}

// Reads other modules may use: they come through this service, never through provider-channels.queries.ts.
export {
  findByProviderId,
  findChannelForCallback,
  findOutgoingMessage,
  insertProviderChannel,
  isOptedOut,
  lastIncomingAt,
  optIn,
  optOut,
  saveProviderCredentials,
} from './provider-channels.queries';
