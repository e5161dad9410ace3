/**
 * Brands and the support channels they receive on: channel settings, SMS opt-outs, the
 * domains an account sends email from.
 */
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt, ts } from './columns';
import { accounts } from './accounts';

/** Brands / stores (Shopify shops carry myshopify_domain). */
export const brands = pgTable(
  'brands',
  {
    id: serial('id').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    myshopifyDomain: text('myshopify_domain'),
    createdAt: createdAt(),
  },
  (t) => [
    index('brands_account_idx').on(t.accountId),
    uniqueIndex('brands_shop_key').on(t.myshopifyDomain),
  ],
);

export const supportChannels = pgTable(
  'support_channels',
  {
    id: serial('id').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    brandId: integer('brand_id').references(() => brands.id, { onDelete: 'set null' }),
    type: text('type').notNull(),
    name: text('name').notNull(),
    /** Public, non-secret settings (address, page name, phone number...). */
    settings: jsonb('settings').$type<Record<string, unknown>>().notNull().default({}),
    /** Secrets (tokens, passwords), encrypted at rest with SECRET_KEY. */
    secretsEncrypted: text('secrets_encrypted'),
    needsReauthorization: boolean('needs_reauthorization').notNull().default(false),
    /** Channel health on the settings page: the last customer message and the last provider error. */
    lastInboundAt: ts('last_inbound_at'),
    lastError: text('last_error'),
    lastErrorAt: ts('last_error_at'),
    createdAt: createdAt(),
  },
  (t) => [index('support_channels_account_idx').on(t.accountId)],
);

/**
 * A customer who texted an opt-out keyword (STOP, UNSUBSCRIBE...) on an SMS channel: replies to
 * that address on that channel are refused until they opt in again (START, UNSTOP, YES).
 */
export const channelOptOuts = pgTable(
  'channel_opt_outs',
  {
    id: serial('id').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    supportChannelId: integer('support_channel_id')
      .notNull()
      .references(() => supportChannels.id, { onDelete: 'cascade' }),
    /** The customer's address on the channel (E.164 phone number). */
    address: text('address').notNull(),
    keyword: text('keyword').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('channel_opt_outs_channel_address_key').on(t.supportChannelId, t.address)],
);

/**
 * A domain an account sends email from (email setup): its DKIM key pair (the private key sealed
 * with SECRET_KEY) and the outcome of the last DNS check of its SPF, DKIM and DMARC records.
 */
export const sendingDomains = pgTable(
  'sending_domains',
  {
    id: serial('id').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    /** Lower-case, as in the from addresses that use it. */
    domain: text('domain').notNull(),
    dkimSelector: text('dkim_selector').notNull(),
    /** SubjectPublicKeyInfo DER, base64: the p= of the DKIM record. */
    dkimPublicKey: text('dkim_public_key').notNull(),
    dkimPrivateKeyEncrypted: text('dkim_private_key_encrypted').notNull(),
    verifiedAt: ts('verified_at'),
    lastCheckedAt: ts('last_checked_at'),
    lastCheck: jsonb('last_check').$type<Record<string, unknown>[]>(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('sending_domains_account_domain_key').on(t.accountId, t.domain)],
);
