import { and, count, eq, exists, gt, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  accounts,
  brands,
  fastReplies,
  invitations,
  memberships,
  sendingDomains,
  supportChannels,
  widgets,
} from '../../db/schema';

/** The facts the setup checklist is computed from, for one account, read together. */
export async function setupFacts(db: Db, { accountId }: { accountId: number }) {
  const [
    channels,
    emailChannels,
    liveWidgets,
    members,
    pendingInvitations,
    replies,
    account,
    verifiedEmailChannels,
  ] = await Promise.all([
    db.select({ n: count() }).from(supportChannels).where(eq(supportChannels.accountId, accountId)),
    db
      .select({ n: count() })
      .from(supportChannels)
      .where(and(eq(supportChannels.accountId, accountId), eq(supportChannels.type, 'email'))),
    // A widget public_settings serves as on: enabled, on a store with a Shopify domain.
    db
      .select({ store: brands.name })
      .from(widgets)
      .innerJoin(brands, eq(brands.id, widgets.brandId))
      .where(
        and(
          eq(widgets.accountId, accountId),
          eq(brands.accountId, accountId),
          eq(widgets.isEnabled, true),
          isNotNull(brands.myshopifyDomain),
        ),
      )
      .orderBy(brands.id),
    db.select({ n: count() }).from(memberships).where(eq(memberships.accountId, accountId)),
    db
      .select({ n: count() })
      .from(invitations)
      .where(
        and(
          eq(invitations.accountId, accountId),
          isNull(invitations.acceptedAt),
          gt(invitations.expiresAt, new Date()),
        ),
      ),
    db.select({ n: count() }).from(fastReplies).where(eq(fastReplies.accountId, accountId)),
    db
      .select({ dmarcVerificationRequired: accounts.dmarcVerificationRequired })
      .from(accounts)
      .where(eq(accounts.id, accountId))
      .limit(1),
    // Email channels whose address's domain passed the DNS check (email setup).
    db
      .select({ n: count() })
      .from(supportChannels)
      .where(
        and(
          eq(supportChannels.accountId, accountId),
          eq(supportChannels.type, 'email'),
          exists(
            db
              .select({ one: sql`1` })
              .from(sendingDomains)
              .where(
                and(
                  eq(sendingDomains.accountId, accountId),
                  eq(
                    sendingDomains.domain,
                    sql`lower(split_part(${supportChannels.settings}->>'address', '@', 2))`,
                  ),
                  isNotNull(sendingDomains.verifiedAt),
                ),
              ),
          ),
        ),
      ),
  ]);
  return {
    channels: channels[0]?.n ?? 0,
    emailChannels: emailChannels[0]?.n ?? 0,
    liveWidgetStores: liveWidgets.map((w) => w.store),
    members: members[0]?.n ?? 0,
    pendingInvitations: pendingInvitations[0]?.n ?? 0,
    fastReplies: replies[0]?.n ?? 0,
    dmarcVerificationRequired: account[0]?.dmarcVerificationRequired ?? false,
    verifiedEmailChannels: verifiedEmailChannels[0]?.n ?? 0,
  };
}
