/**
 * Accounts and the people in them: users, memberships, sessions, invitations, API keys,
 * the audit log, account settings and in-app notifications.
 */
import { sql } from 'drizzle-orm';
import type { AccountBusinessHours } from '@parley/contracts';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt, ts } from './columns';

export const accounts = pgTable(
  'accounts',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    createdAt: createdAt(),
    // Billing state (docs/product/README.md, docs/product/data.md), kept true to Stripe by its webhook (modules/billing).
    isSubscriptionActive: boolean('is_subscription_active').notNull().default(false),
    trialEndDate: ts('trial_end_date'),
    suppressBilling: boolean('suppress_billing').notNull().default(false),
    paymentFailureTriggeredAt: ts('payment_failure_triggered_at'),
    paymentActionRequiredTriggeredAt: ts('payment_action_required_triggered_at'),
    stripeCustomerId: text('stripe_customer_id'),
    dmarcVerificationRequired: boolean('dmarc_verification_required').notNull().default(false),
    stripeSubscriptionId: text('stripe_subscription_id'),
    /** Stripe's subscription status (active, trialing, past_due, canceled…); null = none. */
    subscriptionStatus: text('subscription_status'),
    subscriptionPriceId: text('subscription_price_id'),
    /** `created` of the last subscription event applied: older, late events are ignored. */
    subscriptionEventAt: ts('subscription_event_at'),
    /** When the team works (docs/product/sla.md); null: round the clock. */
    businessHours: jsonb('business_hours').$type<AccountBusinessHours>(),
    /** Days the audit log keeps its entries (docs/product/audit-log.md); null: as long as the account exists. */
    auditLogRetentionDays: integer('audit_log_retention_days'),
  },
  (t) => [uniqueIndex('accounts_stripe_customer_key').on(t.stripeCustomerId)],
);

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    email: text('email').notNull(),
    name: text('name').notNull(),
    passwordHash: text('password_hash').notNull(),
    avatar: text('avatar'),
    profileColor: text('profile_color').notNull(),
    isNotificationSoundEnabled: boolean('is_notification_sound_enabled').notNull().default(true),
    /** The user's own notification sound (index into NOTIFICATION_SOUNDS); null = the account's. */
    notificationSound: integer('notification_sound'),
    /** The app's language the user chose (UI_LOCALES); null = the browser's. */
    locale: text('locale'),
    /**
     * Which notification kinds reach the user in the app and as desktop notifications; a kind
     * missing from a list is on (modules/notifications).
     */
    notificationPreferences: jsonb('notification_preferences')
      .$type<{ in_app_off?: string[]; desktop_off?: string[] }>()
      .notNull()
      .default({}),
    /** light, dark or system (the device's setting). */
    theme: text('theme', { enum: ['light', 'dark', 'system'] })
      .notNull()
      .default('system'),
    undoSendSeconds: integer('undo_send_seconds').notNull().default(0), // docs/product/scheduled-send.md
    lastPasswordUpdated: ts('last_password_updated').notNull().defaultNow(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('users_email_key').on(sql`lower(${t.email})`)],
);

export const memberships = pgTable(
  'memberships',
  {
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    permissionLevel: text('permission_level', { enum: ['owner', 'admin', 'agent'] }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.userId] }),
    index('memberships_user_idx').on(t.userId),
  ],
);

/** Session tokens: only a SHA-256 of the 128-bit random token is stored. */
export const authTokens = pgTable(
  'auth_tokens',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    createdAt: createdAt(),
    lastUsedAt: ts('last_used_at').notNull().defaultNow(),
    expiresAt: ts('expires_at').notNull(),
  },
  (t) => [
    uniqueIndex('auth_tokens_hash_key').on(t.tokenHash),
    index('auth_tokens_user_idx').on(t.userId),
  ],
);

export const passwordResets = pgTable(
  'password_resets',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    expiresAt: ts('expires_at').notNull(),
    usedAt: ts('used_at'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('password_resets_hash_key').on(t.tokenHash)],
);

export const invitations = pgTable(
  'invitations',
  {
    id: serial('id').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    permissionLevel: text('permission_level', { enum: ['owner', 'admin', 'agent'] }).notNull(),
    tokenHash: text('token_hash').notNull(),
    invitedBy: integer('invited_by')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: ts('expires_at').notNull(),
    acceptedAt: ts('accepted_at'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('invitations_hash_key').on(t.tokenHash),
    index('invitations_account_idx').on(t.accountId),
  ],
);

export const globalSettings = pgTable('global_settings', {
  accountId: integer('account_id')
    .primaryKey()
    .references(() => accounts.id, { onDelete: 'cascade' }),
  defaultFonts: jsonb('default_fonts').$type<string[]>().notNull(),
  liveChatNotificationSound: integer('live_chat_notification_sound').notNull(),
  autoAssignUserOnReply: boolean('auto_assign_user_on_reply').notNull(),
  treatSubjectAndSenderCombinationAsSingleThread: boolean(
    'treat_subject_and_sender_combination_as_single_thread',
  ).notNull(),
  areKeyboardShortcutsDisabled: boolean('are_keyboard_shortcuts_disabled').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Security-relevant actions (sign-ins, password changes, invitations, role changes). */
export const auditLog = pgTable(
  'audit_log',
  {
    id: serial('id').primaryKey(),
    accountId: integer('account_id').references(() => accounts.id, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    action: text('action').notNull(),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: createdAt(),
  },
  (t) => [index('audit_log_account_idx').on(t.accountId, t.createdAt)],
);

/** Per-account API keys (external-api and the API channel); only a SHA-256 is stored. */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: serial('id').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    keyHash: text('key_hash').notNull(),
    /** The first characters, shown in settings so people can tell keys apart. */
    prefix: text('prefix').notNull(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    lastUsedAt: ts('last_used_at'),
    revokedAt: ts('revoked_at'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('api_keys_hash_key').on(t.keyHash),
    index('api_keys_account_idx').on(t.accountId),
  ],
);
