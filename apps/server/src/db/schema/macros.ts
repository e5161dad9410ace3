/**
 * Macros: named sequences of actions an agent runs on a conversation (or a selection) with one
 * click (docs/product/macros.md). The actions are the automation rules' own, checked by the
 * contracts' zod schema before they are stored.
 */
import type { AutomationAction } from '@parley/contracts';
import { index, integer, jsonb, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { createdAt, ts } from './columns';
import { accounts, users } from './accounts';

export const macros = pgTable(
  'macros',
  {
    id: serial('id').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description'),
    actions: jsonb('actions').$type<AutomationAction[]>().notNull(),
    /** 'shared': everyone in the account; 'personal': its creator alone. */
    visibility: text('visibility').notNull(),
    /** Its author (a personal macro's owner); null once that user is deleted. */
    createdByUserId: integer('created_by_user_id').references(() => users.id, {
      onDelete: 'set null',
    }),
    position: integer('position').notNull(),
    createdAt: createdAt(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [index('macros_account_idx').on(t.accountId, t.position)],
);
