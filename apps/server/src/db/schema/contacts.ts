/**
 * Contacts (customers) and how each is known on every channel.
 */
import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { accounts } from './accounts';
import { supportChannels } from './channels';

export const contacts = pgTable(
  'contacts',
  {
    id: serial('id').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    name: text('name'),
    email: text('email'),
    phone: text('phone'),
    avatar: text('avatar'),
    attributes: jsonb('attributes').$type<Record<string, unknown>>().notNull().default({}),
    /**
     * The language the customer reads (one of the app's languages): the one the chat widget
     * showed them. Mails to the customer (ratings, transcripts, replies by email) are written in
     * it; null: the store's widget language, else English (docs/i18n.md, "Mails").
     */
    locale: text('locale'),
    createdAt: createdAt(),
  },
  // Trigram indexes for the inbox search (substring / ILIKE); migration 0007 creates them only
  // where pg_trgm is available. The phone expression is the one the search compares.
  (t) => [
    index('contacts_account_idx').on(t.accountId, t.id),
    index('contacts_name_trgm_idx').using('gin', sql`${t.name} gin_trgm_ops`),
    index('contacts_email_trgm_idx').using('gin', sql`${t.email} gin_trgm_ops`),
    index('contacts_phone_digits_trgm_idx').using(
      'gin',
      sql`regexp_replace(coalesce(${t.phone}, ''), '\\D', '', 'g') gin_trgm_ops`,
    ),
  ],
);

/** How a contact is known on one channel: email address, phone, PSID, IG id, visitor id... */
export const contactIdentities = pgTable(
  'contact_identities',
  {
    id: serial('id').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    contactId: integer('contact_id')
      .notNull()
      .references(() => contacts.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    value: text('value').notNull(),
    supportChannelId: integer('support_channel_id').references(() => supportChannels.id, {
      onDelete: 'cascade',
    }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('contact_identities_key').on(t.accountId, t.kind, t.value),
    index('contact_identities_contact_idx').on(t.contactId),
  ],
);
