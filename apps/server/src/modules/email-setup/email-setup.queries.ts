import { and, asc, eq, inArray, isNotNull, notExists, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { accounts, sendingDomains, supportChannels } from '../../db/schema';

type Account = { accountId: number };

export type EmailChannelRow = typeof supportChannels.$inferSelect;
export type SendingDomainRow = typeof sendingDomains.$inferSelect;

/** The account's email channels (its email setups), oldest first. */
export async function listEmailChannels(db: Db, { accountId }: Account) {
  return db
    .select()
    .from(supportChannels)
    .where(and(eq(supportChannels.accountId, accountId), eq(supportChannels.type, 'email')))
    .orderBy(asc(supportChannels.id));
}

export async function findEmailChannel(db: Db, { accountId, id }: Account & { id: number }) {
  const [row] = await db
    .select()
    .from(supportChannels)
    .where(
      and(
        eq(supportChannels.accountId, accountId),
        eq(supportChannels.id, id),
        eq(supportChannels.type, 'email'),
      ),
    )
    .limit(1);
  return row ?? null;
}

export async function insertEmailChannel(
  db: Db,
  {
    accountId,
    address,
    fromName,
    extraSettings = {},
    secretsEncrypted = null,
  }: Account & {
    address: string;
    fromName: string;
    /** The email channel's other settings (signature, SMTP server: modules/email-channel). */
    extraSettings?: Record<string, unknown>;
    secretsEncrypted?: string | null;
  },
) {
  const [row] = await db
    .insert(supportChannels)
    .values({
      accountId,
      type: 'email',
      name: address,
      settings: { ...extraSettings, address, from_name: fromName },
      secretsEncrypted,
    })
    .returning();
  return row!;
}

export async function updateEmailChannel(
  db: Db,
  {
    accountId,
    id,
    address,
    settings,
    secretsEncrypted,
  }: Account & {
    id: number;
    address: string;
    settings: Record<string, unknown>;
    secretsEncrypted?: string;
  },
) {
  const [row] = await db
    .update(supportChannels)
    .set({ name: address, settings, ...(secretsEncrypted ? { secretsEncrypted } : {}) })
    .where(and(eq(supportChannels.accountId, accountId), eq(supportChannels.id, id)))
    .returning();
  return row!;
}

export async function findSendingDomain(
  db: Db,
  { accountId, domain }: Account & { domain: string },
) {
  const [row] = await db
    .select()
    .from(sendingDomains)
    .where(and(eq(sendingDomains.accountId, accountId), eq(sendingDomains.domain, domain)))
    .limit(1);
  return row ?? null;
}

export async function listSendingDomains(
  db: Db,
  { accountId, domains }: Account & { domains: string[] },
) {
  if (domains.length === 0) return [];
  return db
    .select()
    .from(sendingDomains)
    .where(and(eq(sendingDomains.accountId, accountId), inArray(sendingDomains.domain, domains)))
    .orderBy(asc(sendingDomains.domain));
}

/** Adds the domain with its key pair unless the account has it already (then keeps the old key). */
export async function insertSendingDomainIfAbsent(
  db: Db,
  row: Account & {
    domain: string;
    dkimSelector: string;
    dkimPublicKey: string;
    dkimPrivateKeyEncrypted: string;
  },
) {
  await db
    .insert(sendingDomains)
    .values(row)
    .onConflictDoNothing({ target: [sendingDomains.accountId, sendingDomains.domain] });
}

export async function saveDomainCheck(
  db: Db,
  {
    accountId,
    domain,
    lastCheck,
    verifiedAt,
    checkedAt,
  }: Account & {
    domain: string;
    lastCheck: Record<string, unknown>[];
    verifiedAt: Date | null;
    checkedAt: Date;
  },
) {
  const [row] = await db
    .update(sendingDomains)
    .set({ lastCheck, verifiedAt, lastCheckedAt: checkedAt })
    .where(and(eq(sendingDomains.accountId, accountId), eq(sendingDomains.domain, domain)))
    .returning();
  return row!;
}

/** The domain of an email channel's address, in SQL. */
const channelDomain = sql`lower(split_part(${supportChannels.settings}->>'address', '@', 2))`;

/**
 * dmarc_verification_required (Me, docs/product/data.md) = some email channel sends from a domain that is not
 * verified. Recomputed and stored after every change; answers the new value.
 */
export async function refreshDmarcFlag(db: Db, { accountId }: Account): Promise<boolean> {
  const unverified = db
    .select({ one: sql`1` })
    .from(supportChannels)
    .where(
      and(
        eq(supportChannels.accountId, accountId),
        eq(supportChannels.type, 'email'),
        notExists(
          db
            .select({ one: sql`1` })
            .from(sendingDomains)
            .where(
              and(
                eq(sendingDomains.accountId, accountId),
                eq(sendingDomains.domain, channelDomain),
                isNotNull(sendingDomains.verifiedAt),
              ),
            ),
        ),
      ),
    );
  const [row] = await db
    .update(accounts)
    .set({ dmarcVerificationRequired: sql`exists (${unverified})` })
    .where(eq(accounts.id, accountId))
    .returning({ required: accounts.dmarcVerificationRequired });
  return row?.required ?? false;
}
