/**
 * The live-chat widget: its settings per brand, its visitors and what they may see.
 */
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { accounts } from './accounts';
import { brands } from './channels';
import { contacts } from './contacts';
import { attachments, conversations } from './conversations';

/** The live-chat widget of a brand/store (widget public settings: docs/product/data.md). */
export const widgets = pgTable(
  'widgets',
  {
    id: serial('id').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    brandId: integer('brand_id')
      .notNull()
      .references(() => brands.id, { onDelete: 'cascade' }),
    isEnabled: boolean('is_enabled').notNull().default(true),
    theme: jsonb('theme').$type<Record<string, unknown>>().notNull().default({}),
    /** The chat app's greeting, pre-chat form, business hours, away message (WidgetChatSettings). */
    chat: jsonb('chat').$type<Record<string, unknown>>().notNull().default({}),
    /** identify() HMAC secret, sealed with SECRET_KEY; made on first read by an admin. */
    identitySecretEncrypted: text('identity_secret_encrypted'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('widgets_brand_key').on(t.brandId)],
);

/**
 * A visitor of a store's live-chat widget: one per browser, known by a 128-bit token
 * stored as SHA-256 and a public id that names their realtime channel. identify() with a valid
 * HMAC sets `external_id` + `is_verified`; without one, name / email / phone are unverified.
 */
export const widgetVisitors = pgTable(
  'widget_visitors',
  {
    id: serial('id').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    brandId: integer('brand_id')
      .notNull()
      .references(() => brands.id, { onDelete: 'cascade' }),
    /** 32 lower-case hex characters: widgetVisitorChannel(public_id). */
    publicId: text('public_id').notNull(),
    tokenHash: text('token_hash').notNull(),
    name: text('name'),
    email: text('email'),
    phone: text('phone'),
    /** The store's id of the signed-in customer; only set by a verified identify(). */
    externalId: text('external_id'),
    isVerified: boolean('is_verified').notNull().default(false),
    attributes: jsonb('attributes').$type<Record<string, unknown>>().notNull().default({}),
    contactId: integer('contact_id').references(() => contacts.id, { onDelete: 'set null' }),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('widget_visitors_public_id_key').on(t.publicId),
    uniqueIndex('widget_visitors_token_key').on(t.tokenHash),
    index('widget_visitors_external_idx').on(t.accountId, t.brandId, t.externalId),
  ],
);

/**
 * Which widget conversations a visitor may see. `owner_key` is `id:{external id}` for a verified
 * customer (history follows them across browsers) or `v:{public id}` for an anonymous visitor —
 * never the contact, which unverified details could merge with someone else's.
 */
export const widgetConversations = pgTable(
  'widget_conversations',
  {
    conversationId: integer('conversation_id')
      .primaryKey()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    brandId: integer('brand_id')
      .notNull()
      .references(() => brands.id, { onDelete: 'cascade' }),
    /** The visitor who started it. */
    visitorId: integer('visitor_id').references(() => widgetVisitors.id, { onDelete: 'set null' }),
    ownerKey: text('owner_key').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('widget_conversations_owner_idx').on(t.accountId, t.brandId, t.ownerKey)],
);

/** Uploads made by a widget visitor: only they can put them on a message. */
export const widgetVisitorUploads = pgTable(
  'widget_visitor_uploads',
  {
    attachmentId: integer('attachment_id')
      .primaryKey()
      .references(() => attachments.id, { onDelete: 'cascade' }),
    visitorId: integer('visitor_id')
      .notNull()
      .references(() => widgetVisitors.id, { onDelete: 'cascade' }),
  },
  (t) => [index('widget_visitor_uploads_visitor_idx').on(t.visitorId)],
);
