/**
 * Shopify stores connected to a brand, and their webhook deliveries.
 */
import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { accounts } from './accounts';
import { brands } from './channels';

/**
 * A brand's Shopify store connected through its Admin API token: the token is
 * sealed with SECRET_KEY; `broken` when Shopify refused it (401/403), `disconnected` once the
 * store uninstalled the app (its webhook app/uninstalled).
 */
export const shopifyConnections = pgTable(
  'shopify_connections',
  {
    id: serial('id').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    brandId: integer('brand_id')
      .notNull()
      .references(() => brands.id, { onDelete: 'cascade' }),
    /** The store's `*.myshopify.com` host: webhooks are routed on it (X-Shopify-Shop-Domain). */
    shopDomain: text('shop_domain').notNull(),
    /** The shop's own name, as shop.json answered it when the token was checked. */
    shopName: text('shop_name'),
    /** Null once the store uninstalled the app: Shopify revoked the token. */
    sealedToken: text('sealed_token'),
    status: text('status', { enum: ['connected', 'broken', 'disconnected'] })
      .notNull()
      .default('connected'),
    statusMessage: text('status_message'),
    connectedAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('shopify_connections_brand_key').on(t.brandId),
    uniqueIndex('shopify_connections_shop_key').on(t.shopDomain),
    index('shopify_connections_account_idx').on(t.accountId),
  ],
);

/** Shopify webhook deliveries already handled (X-Shopify-Webhook-Id): a retry is handled once. */
export const shopifyWebhookDeliveries = pgTable('shopify_webhook_deliveries', {
  webhookId: text('webhook_id').primaryKey(),
  connectionId: integer('connection_id').references(() => shopifyConnections.id, {
    onDelete: 'cascade',
  }),
  topic: text('topic').notNull(),
  receivedAt: createdAt(),
});
