/**
 * Saved views of the inbox: a person's named list filters, private or shared with a team
 * (docs/product/saved-views.md). The filters are the list query's own, checked by the contracts'
 * zod schema before they are stored.
 */
import type { SavedViewFilters } from '@parley/contracts';
import { index, integer, jsonb, pgTable, primaryKey, serial, text } from 'drizzle-orm/pg-core';
import { createdAt, ts } from './columns';
import { accounts, users } from './accounts';
import { teams } from './teams';

export const savedViews = pgTable(
  'saved_views',
  {
    id: serial('id').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    ownerUserId: integer('owner_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Shared with this team's members; null: private to its owner. */
    teamId: integer('team_id').references(() => teams.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    filters: jsonb('filters').$type<SavedViewFilters>().notNull(),
    createdAt: createdAt(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('saved_views_owner_idx').on(t.accountId, t.ownerUserId),
    index('saved_views_team_idx').on(t.teamId),
  ],
);

/**
 * Where each person keeps a view in their own list: a view shared with a team sits where each
 * member put it. A view without a row for a person comes after the ones they placed.
 */
export const savedViewPositions = pgTable(
  'saved_view_positions',
  {
    savedViewId: integer('saved_view_id')
      .notNull()
      .references(() => savedViews.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.savedViewId] })],
);
