import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  date,
  doublePrecision,
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

// Every tenant-owned table carries account_id; queries filter on it (docs/ARCHITECTURE.md).

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const ts = (name: string) => timestamp(name, { withTimezone: true });

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
  },
  (t) => [uniqueIndex('accounts_stripe_customer_key').on(t.stripeCustomerId)],
);

/** Stripe events already applied (webhook idempotency on the event id). */
export const stripeEvents = pgTable('stripe_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  accountId: integer('account_id').references(() => accounts.id, { onDelete: 'cascade' }),
  processedAt: timestamp('processed_at', { withTimezone: true }).notNull().defaultNow(),
});

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

/** In-app notifications; unread ones are counted for Me.unread_notification_count. */
export const notifications = pgTable(
  'notifications',
  {
    id: serial('id').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    title: text('title').notNull(),
    body: text('body'),
    readAt: ts('read_at'),
    createdAt: createdAt(),
  },
  (t) => [
    index('notifications_unread_idx')
      .on(t.accountId, t.userId)
      .where(sql`${t.readAt} is null`),
  ],
);

/** NPS survey milestones per user and account (nps_collection: docs/product/data.md). */
export const npsMilestones = pgTable(
  'nps_milestones',
  {
    id: serial('id').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    startsAt: ts('starts_at').notNull(),
    expiresAt: ts('expires_at').notNull(),
    completedAt: ts('completed_at'),
    createdAt: createdAt(),
  },
  (t) => [index('nps_milestones_user_idx').on(t.accountId, t.userId)],
);

/**
 * The survey's questions (operator-defined, shared by every account). One primary star-rating
 * question; follow-ups with multi-select options and an optional free-text "other".
 */
export const npsQuestions = pgTable('nps_questions', {
  id: serial('id').primaryKey(),
  /** May contain {product}, replaced with PRODUCT_NAME when shown. */
  text: text('text').notNull(),
  description: text('description'),
  primaryQuestion: boolean('primary_question').notNull().default(false),
  hasOtherOption: boolean('has_other_option').notNull().default(false),
  otherOptionPrompt: text('other_option_prompt'),
  position: integer('position').notNull().default(0),
  active: boolean('active').notNull().default(true),
});

export const npsAnswerOptions = pgTable(
  'nps_answer_options',
  {
    id: serial('id').primaryKey(),
    questionId: integer('question_id')
      .notNull()
      .references(() => npsQuestions.id, { onDelete: 'cascade' }),
    text: text('text').notNull(),
    position: integer('position').notNull().default(0),
  },
  (t) => [index('nps_answer_options_question_idx').on(t.questionId)],
);

/** One person's answer to one milestone: the star rating first, the follow-ups on submit. */
export const npsFeedback = pgTable(
  'nps_feedback',
  {
    id: serial('id').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    milestoneId: integer('milestone_id')
      .notNull()
      .references(() => npsMilestones.id, { onDelete: 'cascade' }),
    ratingStar: integer('rating_star').notNull(),
    submittedAt: ts('submitted_at'),
    createdAt: createdAt(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('nps_feedback_milestone_key').on(t.milestoneId)],
);

export const npsResponses = pgTable(
  'nps_responses',
  {
    id: serial('id').primaryKey(),
    feedbackId: integer('feedback_id')
      .notNull()
      .references(() => npsFeedback.id, { onDelete: 'cascade' }),
    questionId: integer('question_id')
      .notNull()
      .references(() => npsQuestions.id, { onDelete: 'cascade' }),
    selectedOptionIds: integer('selected_option_ids')
      .array()
      .notNull()
      .default(sql`'{}'`),
    otherText: text('other_text'),
  },
  (t) => [uniqueIndex('nps_responses_feedback_question_key').on(t.feedbackId, t.questionId)],
);

/** Release notes shown in the shell's modal (docs/product/screens.md); seeded by migration, edited by the operator. */
export const releaseNotes = pgTable('release_notes', {
  id: serial('id').primaryKey(),
  releasedOn: text('released_on').notNull(),
  title: text('title').notNull(),
  body: text('body').notNull(),
  tag: text('tag', { enum: ['new', 'improved', 'fixed'] }).notNull(),
});

/** "Schedule a demo" requests, for the operator. */
export const demoRequests = pgTable(
  'demo_requests',
  {
    id: serial('id').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    slot: ts('slot').notNull(),
    timezone: text('timezone').notNull(),
    phone: text('phone'),
    notes: text('notes'),
    status: text('status', { enum: ['requested', 'confirmed', 'done', 'cancelled'] })
      .notNull()
      .default('requested'),
    createdAt: createdAt(),
  },
  (t) => [index('demo_requests_account_idx').on(t.accountId, t.createdAt)],
);

/** Callback requests (docs/product/data.md) (Request Callback form of the help widget). */
export const callbackRequests = pgTable(
  'callback_requests',
  {
    id: serial('id').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    customerName: text('customer_name').notNull(),
    contactNumber: text('contact_number').notNull(),
    emailAddress: text('email_address').notNull(),
    bestTimeToCall: text('best_time_to_call').notNull(),
    queryType: text('query_type').notNull(),
    message: text('message'),
    myshopifyDomain: text('myshopify_domain'),
    submissionUrl: text('submission_url'),
    isCreatedFromDcApp: boolean('is_created_from_dc_app').notNull().default(true),
    attachmentIds: integer('attachment_ids')
      .array()
      .notNull()
      .default(sql`'{}'`),
    /** The conversation opened for it in the operator's support workspace, when configured. */
    operatorConversationId: integer('operator_conversation_id'),
    createdAt: createdAt(),
  },
  (t) => [index('callback_requests_account_idx').on(t.accountId, t.createdAt)],
);

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

/** Fast-reply (canned reply) templates, per account (docs/product/data.md). */
export const fastReplies = pgTable(
  'fast_replies',
  {
    id: serial('id').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    templateContent: text('template_content').notNull(),
    folder: text('folder'),
    createdByUserId: integer('created_by_user_id').references(() => users.id, {
      onDelete: 'set null',
    }),
    createdAt: createdAt(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [index('fast_replies_account_idx').on(t.accountId, t.updatedAt)],
);

/** Folders of fast replies, so an empty folder survives a reload. */
export const fastReplyFolders = pgTable(
  'fast_reply_folders',
  {
    id: serial('id').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
  },
  (t) => [uniqueIndex('fast_reply_folders_account_name_key').on(t.accountId, t.name)],
);

export const teams = pgTable(
  'teams',
  {
    id: serial('id').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description'),
    createdAt: createdAt(),
  },
  // Names are unique per account whatever their case ("Billing" and "billing" are one team).
  (t) => [uniqueIndex('teams_account_name_key').on(t.accountId, sql`lower(${t.name})`)],
);

export const teamMembers = pgTable(
  'team_members',
  {
    teamId: integer('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.teamId, t.userId] })],
);

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
 * A Facebook page comment or Instagram comment answered in the inbox: each top-level comment is
 * a conversation of its own. Replies go under `commentId` (public) or privately to
 * its author; the commenter's later replies in the same thread join the conversation.
 */
export const metaCommentThreads = pgTable(
  'meta_comment_threads',
  {
    id: serial('id').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    supportChannelId: integer('support_channel_id')
      .notNull()
      .references(() => supportChannels.id, { onDelete: 'cascade' }),
    conversationId: integer('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    /** The comment that opened the thread (Graph id). */
    commentId: text('comment_id').notNull(),
    /** The post (Facebook) or media (Instagram) it was written on. */
    postId: text('post_id'),
    commenterId: text('commenter_id').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('meta_comment_threads_comment_key').on(t.supportChannelId, t.commentId),
    uniqueIndex('meta_comment_threads_conversation_key').on(t.conversationId),
  ],
);

/**
 * An agent's reply sent as an approved WhatsApp template: the message body
 * holds the template text with its variables filled; the delivery job sends the template itself
 * (allowed outside the 24-hour window). `template_id`: Gupshup's template id, or the Cloud API's
 * `name:language`.
 */
export const whatsappTemplateSends = pgTable('whatsapp_template_sends', {
  messageId: bigint('message_id', { mode: 'number' })
    .primaryKey()
    .references(() => messages.id, { onDelete: 'cascade' }),
  accountId: integer('account_id')
    .notNull()
    .references(() => accounts.id, { onDelete: 'cascade' }),
  templateId: text('template_id').notNull(),
  params: jsonb('params').$type<string[]>().notNull(),
  createdAt: createdAt(),
});

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

export const conversations = pgTable(
  'conversations',
  {
    id: serial('id').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    supportChannelId: integer('support_channel_id')
      .notNull()
      .references(() => supportChannels.id, { onDelete: 'cascade' }),
    brandId: integer('brand_id').references(() => brands.id, { onDelete: 'set null' }),
    contactId: integer('contact_id')
      .notNull()
      .references(() => contacts.id, { onDelete: 'cascade' }),
    subject: text('subject'),
    status: text('status', { enum: ['open', 'pending', 'snoozed', 'closed'] })
      .notNull()
      .default('open'),
    snoozedUntil: ts('snoozed_until'),
    priority: text('priority', { enum: ['none', 'low', 'medium', 'high', 'urgent'] })
      .notNull()
      .default('none'),
    assigneeId: integer('assignee_id').references(() => users.id, { onDelete: 'set null' }),
    teamId: integer('team_id').references(() => teams.id, { onDelete: 'set null' }),
    lastMessagePreview: text('last_message_preview'),
    /** When the customer started waiting for an answer; null once an agent has replied. */
    waitingSince: ts('waiting_since'),
    /** Last incoming customer message: a conversation is unread for an agent who has not read past it. */
    lastIncomingAt: ts('last_incoming_at'),
    lastActivityAt: timestamp('last_activity_at', { withTimezone: true }).notNull().defaultNow(),
    firstResponseAt: ts('first_response_at'),
    resolvedAt: ts('resolved_at'),
    createdAt: createdAt(),
  },
  (t) => [
    // The views' keyset order is (last_activity_at, id): with the id in the index, conversations
    // that share a time (a bulk snooze wake-up) need no sort, and only a page is read.
    index('conversations_list_idx').on(t.accountId, t.status, t.lastActivityAt, t.id),
    index('conversations_assignee_idx').on(
      t.accountId,
      t.assigneeId,
      t.status,
      t.lastActivityAt,
      t.id,
    ),
    // A customer's newest conversation on a channel (every inbound message asks), and all of a
    // contact's conversations (contact panel, search by contact).
    index('conversations_contact_idx').on(t.contactId, t.supportChannelId, t.lastActivityAt),
    index('conversations_team_idx').on(t.accountId, t.teamId, t.status, t.lastActivityAt, t.id),
    index('conversations_channel_idx').on(
      t.accountId,
      t.supportChannelId,
      t.status,
      t.lastActivityAt,
      t.id,
    ),
    // Lists across every status (and views filtered by tag) walk this in recency order.
    index('conversations_recent_idx').on(t.accountId, t.lastActivityAt, t.id),
    // "Waiting longest": oldest wait first, conversations nobody waits on last.
    index('conversations_waiting_idx').on(
      t.accountId,
      t.status,
      sql`coalesce(${t.waitingSince}, 'infinity'::timestamptz)`,
      t.id,
    ),
    // Reports (opened / first response by creation day; closed / resolution by close day): the
    // trailing columns are what the reports group and filter by, so ranges are index-only scans.
    index('conversations_report_created_idx').on(
      t.accountId,
      t.createdAt,
      t.supportChannelId,
      t.assigneeId,
      t.teamId,
      t.firstResponseAt,
    ),
    index('conversations_report_resolved_idx')
      .on(t.accountId, t.resolvedAt, t.createdAt, t.supportChannelId, t.assigneeId, t.teamId)
      .where(sql`${t.resolvedAt} is not null`),
  ],
);

/** Per-agent read state: how far each agent has read each conversation. */
export const conversationReads = pgTable(
  'conversation_reads',
  {
    conversationId: integer('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    lastReadAt: timestamp('last_read_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.conversationId, t.userId] })],
);

/** What the built-in SMTP server found checking an email's sender (messages.email_auth). */
export interface StoredEmailAuth {
  /** none, pass, fail, softfail, neutral, temperror, permerror. */
  spf: string;
  /** The best DKIM result: pass when any signature passed, else the first one's, else none. */
  dkim: string;
  /** none, pass, fail, temperror, permerror. */
  dmarc: string;
  arc: string;
  /** The From address the checks were about (its domain is the one DMARC looked up). */
  from: string | null;
  /** DMARC failed: the message is filed apart from the contact that owns the address. */
  dmarc_failed: boolean;
}

export const messages = pgTable(
  'messages',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    conversationId: integer('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    direction: text('direction', { enum: ['incoming', 'outgoing', 'internal'] }).notNull(),
    kind: text('kind', { enum: ['message', 'note', 'activity', 'call'] })
      .notNull()
      .default('message'),
    body: text('body').notNull(),
    bodyHtml: text('body_html'),
    senderUserId: integer('sender_user_id').references(() => users.id, { onDelete: 'set null' }),
    senderContactId: integer('sender_contact_id').references(() => contacts.id, {
      onDelete: 'set null',
    }),
    supportChannelId: integer('support_channel_id')
      .notNull()
      .references(() => supportChannels.id, { onDelete: 'cascade' }),
    providerMessageId: text('provider_message_id'),
    deliveryStatus: text('delivery_status', {
      enum: ['queued', 'sent', 'delivered', 'read', 'failed'],
    }),
    failureReason: text('failure_reason'),
    /**
     * An automatic message (auto-reply, bounce: Auto-Submitted, X-Autoreply, Precedence, DSN):
     * stored, but it never starts a wait nor reopens a conversation, and nothing answers it
     * automatically (no reply loops).
     */
    autoSubmitted: boolean('auto_submitted').notNull().default(false),
    /**
     * An email received by the built-in SMTP server: its SPF, DKIM, DMARC and ARC results
     * (email-channel/email-auth.ts). Null for other messages and for mail the inbound HTTP
     * endpoint took (the provider checked it).
     */
    emailAuth: jsonb('email_auth').$type<StoredEmailAuth>(),
    createdAt: createdAt(),
  },
  (t) => [
    index('messages_conversation_idx').on(t.conversationId, t.createdAt),
    // Full-text search within one account: each word is indexed as `{account}:{word}` (the SQL
    // functions of migration 0027), so a word's entries in the index are this account's messages
    // alone: neither other accounts' messages nor the size of this account cost a search.
    index('messages_words_idx').using('gin', sql`parley_account_words(${t.accountId}, ${t.body})`),
    uniqueIndex('messages_provider_id_key').on(t.supportChannelId, t.providerMessageId),
    // Reports: messages in / out by day and hour over a date range (notes and activity excluded).
    index('messages_report_idx')
      .on(t.accountId, t.createdAt, t.direction, t.supportChannelId, t.conversationId)
      .where(sql`${t.direction} <> 'internal'`),
  ],
);

/**
 * Files agents upload (attachment upload form: docs/product/data.md) or customers send. Bytes live in the file
 * store (DATA_DIR/uploads), never under the web root; a message links them once it is sent.
 */
export const attachments = pgTable(
  'attachments',
  {
    id: serial('id').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    messageId: bigint('message_id', { mode: 'number' }).references(() => messages.id, {
      onDelete: 'cascade',
    }),
    uploadedByUserId: integer('uploaded_by_user_id').references(() => users.id, {
      onDelete: 'set null',
    }),
    /** A template's files; a reply gets its own copies (same bytes) when the template is used. */
    fastReplyId: integer('fast_reply_id').references(() => fastReplies.id, {
      onDelete: 'cascade',
    }),
    fileName: text('file_name').notNull(),
    contentType: text('content_type').notNull(),
    size: integer('size').notNull(),
    isEmbedded: boolean('is_embedded').notNull().default(false),
    storageKey: text('storage_key').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('attachments_message_idx').on(t.messageId),
    index('attachments_fast_reply_idx').on(t.fastReplyId),
    index('attachments_account_idx').on(t.accountId, t.createdAt),
  ],
);

/**
 * A phone call through Twilio Voice: the thread entry is the message (kind `call`);
 * this row keeps what the provider reports about it. Unique per channel and CallSid, so a
 * retried webhook never makes a second entry.
 */
export const calls = pgTable(
  'calls',
  {
    id: serial('id').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    supportChannelId: integer('support_channel_id')
      .notNull()
      .references(() => supportChannels.id, { onDelete: 'cascade' }),
    messageId: bigint('message_id', { mode: 'number' })
      .notNull()
      .references(() => messages.id, { onDelete: 'cascade' }),
    /** Null between asking Twilio to place an outgoing call and its answer. */
    callSid: text('call_sid'),
    direction: text('direction', { enum: ['incoming', 'outgoing'] }).notNull(),
    outcome: text('outcome', {
      enum: ['ringing', 'answered', 'missed', 'voicemail', 'failed'],
    })
      .notNull()
      .default('ringing'),
    providerStatus: text('provider_status'),
    durationSeconds: integer('duration_seconds'),
    fromNumber: text('from_number'),
    toNumber: text('to_number'),
    /** Outgoing: the agent who asked for the call and the phone Twilio connects the customer to. */
    agentUserId: integer('agent_user_id').references(() => users.id, { onDelete: 'set null' }),
    agentPhone: text('agent_phone'),
    recordingSid: text('recording_sid'),
    recordingAttachmentId: integer('recording_attachment_id').references(() => attachments.id, {
      onDelete: 'set null',
    }),
    transcription: text('transcription'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('calls_message_key').on(t.messageId),
    uniqueIndex('calls_channel_sid_key').on(t.supportChannelId, t.callSid),
  ],
);

export const tags = pgTable(
  'tags',
  {
    id: serial('id').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    color: text('color').notNull().default('#8c8c8c'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('tags_account_name_key').on(t.accountId, sql`lower(${t.name})`)],
);

export const conversationTags = pgTable(
  'conversation_tags',
  {
    conversationId: integer('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    tagId: integer('tag_id')
      .notNull()
      .references(() => tags.id, { onDelete: 'cascade' }),
    // The conversation's list keys, copied by triggers (migration 0026) in the transaction that
    // changes them: a tag view reads its page in order from this table's indexes instead of
    // walking the account's conversations and probing each one for the tag.
    // (The defaults only satisfy the insert's types: the insert trigger always sets them.)
    status: text('status').notNull().default('open'),
    lastActivityAt: timestamp('last_activity_at', { withTimezone: true }).notNull().defaultNow(),
    waitingSince: timestamp('waiting_since', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.conversationId, t.tagId] }),
    // (conversation_tags_recent_idx also serves lookups by tag alone: tag counts, tag deletion.)
    index('conversation_tags_list_idx').on(t.tagId, t.status, t.lastActivityAt, t.conversationId),
    index('conversation_tags_recent_idx').on(t.tagId, t.lastActivityAt, t.conversationId),
    index('conversation_tags_waiting_idx').on(
      t.tagId,
      t.status,
      sql`coalesce(${t.waitingSince}, 'infinity'::timestamptz)`,
      t.conversationId,
    ),
  ],
);

/**
 * The inbox's view counts, kept by triggers (migration 0028) in the transactions that change
 * conversations, their tags and read marks: per account and status, how many conversations each
 * view holds. `dim` names the view kind and `key` its id: all (0), assignee (a user, 0 for
 * unassigned), team, channel, tag, unread (the assignee whose unread conversations these are).
 */
export const conversationCounts = pgTable(
  'conversation_counts',
  {
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    status: text('status').notNull(),
    dim: text('dim').notNull(),
    key: integer('key').notNull(),
    n: integer('n').notNull(),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.status, t.dim, t.key] })],
);

/**
 * Changes to conversation_counts not folded in yet: the triggers only append here, so writers
 * never wait on one another for a hot counter row; a reader sums both and folds the changes in.
 */
export const conversationCountChanges = pgTable(
  'conversation_count_changes',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    status: text('status').notNull(),
    dim: text('dim').notNull(),
    key: integer('key').notNull(),
    n: integer('n').notNull(),
  },
  (t) => [index('conversation_count_changes_account_idx').on(t.accountId, t.id)],
);

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

/**
 * Durable background jobs (outbound delivery, webhooks, mail): a row is claimed with
 * FOR UPDATE SKIP LOCKED, so a restart loses nothing and many workers can share the table.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    accountId: integer('account_id').references(() => accounts.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    status: text('status', { enum: ['queued', 'running', 'done', 'failed'] })
      .notNull()
      .default('queued'),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull().default(8),
    runAt: timestamp('run_at', { withTimezone: true }).notNull().defaultNow(),
    lockedUntil: ts('locked_until'),
    lastError: text('last_error'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('jobs_due_idx').on(t.status, t.runAt)],
);

/** Help center (/settings/help-center-articles: docs/product/screens.md): the account's article categories. */
export const helpCenterCategories = pgTable(
  'help_center_categories',
  {
    id: serial('id').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    position: integer('position').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('help_center_categories_name_key').on(t.accountId, sql`lower(${t.name})`)],
);

/**
 * Help-center articles: body is HTML sanitized on save (allow-list); body_text is its plain
 * text, searched with the full-text index together with the title.
 */
export const helpCenterArticles = pgTable(
  'help_center_articles',
  {
    id: serial('id').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    categoryId: integer('category_id').references(() => helpCenterCategories.id, {
      onDelete: 'set null',
    }),
    title: text('title').notNull(),
    slug: text('slug').notNull(),
    body: text('body').notNull().default(''),
    bodyText: text('body_text').notNull().default(''),
    status: text('status', { enum: ['draft', 'published'] })
      .notNull()
      .default('draft'),
    publishedAt: ts('published_at'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('help_center_articles_slug_key').on(t.accountId, t.slug),
    index('help_center_articles_list_idx').on(t.accountId, t.status, t.updatedAt),
    index('help_center_articles_fts_idx').using(
      'gin',
      sql`to_tsvector('simple', ${t.title} || ' ' || ${t.bodyText})`,
    ),
  ],
);

/**
 * Feature requests (/settings/feature-requests): the operator's product board, shared by every
 * account on purpose. Authors are people; their account is kept for the operator only.
 */
export const featureRequests = pgTable(
  'feature_requests',
  {
    id: serial('id').primaryKey(),
    accountId: integer('account_id').references(() => accounts.id, { onDelete: 'set null' }),
    authorId: integer('author_id').references(() => users.id, { onDelete: 'set null' }),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    status: text('status', {
      enum: ['under_review', 'planned', 'in_progress', 'done', 'declined'],
    })
      .notNull()
      .default('under_review'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('feature_requests_status_idx').on(t.status, t.createdAt),
    index('feature_requests_author_idx').on(t.authorId, t.createdAt),
  ],
);

/** One vote per person per request. */
export const featureRequestVotes = pgTable(
  'feature_request_votes',
  {
    requestId: integer('request_id')
      .notNull()
      .references(() => featureRequests.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.requestId, t.userId] }),
    index('feature_request_votes_user_idx').on(t.userId),
  ],
);

export const featureRequestComments = pgTable(
  'feature_request_comments',
  {
    id: serial('id').primaryKey(),
    requestId: integer('request_id')
      .notNull()
      .references(() => featureRequests.id, { onDelete: 'cascade' }),
    accountId: integer('account_id').references(() => accounts.id, { onDelete: 'set null' }),
    authorId: integer('author_id').references(() => users.id, { onDelete: 'set null' }),
    body: text('body').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('feature_request_comments_request_idx').on(t.requestId, t.createdAt)],
);

/**
 * A customer's rating of a resolved conversation (CSAT, 1–5 with a comment), given through a
 * signed /feedback link or the widget; one per conversation, a later rating replaces it.
 */
export const conversationRatings = pgTable(
  'conversation_ratings',
  {
    id: serial('id').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    conversationId: integer('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    rating: integer('rating').notNull(),
    comment: text('comment'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('conversation_ratings_conversation_key').on(t.conversationId),
    index('conversation_ratings_account_idx').on(t.accountId, t.createdAt),
  ],
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

/**
 * Reports: customer messages and replies per account, channel and UTC quarter hour,
 * rolled up from `messages` by a background task so long report ranges read a few thousand rows
 * instead of millions. Exact: a message's time, direction and channel never change, and a
 * deleted channel (or account) takes its rows with it. The newest messages, not yet rolled up,
 * are read raw (see report_rollup_marks).
 */
export const reportMessageQuarters = pgTable(
  'report_message_quarters',
  {
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    supportChannelId: integer('support_channel_id')
      .notNull()
      .references(() => supportChannels.id, { onDelete: 'cascade' }),
    bucket: timestamp('bucket', { withTimezone: true }).notNull(),
    incoming: integer('incoming').notNull().default(0),
    outgoing: integer('outgoing').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.bucket, t.supportChannelId] })],
);

/**
 * How far each rollup has read its source, by row id: every id up to `rolled_id` is counted. The
 * next stop is an id `noted_id` seen as the newest at `noted_at`; it is rolled up only once it is
 * old enough that no transaction still open can add a smaller id (ids are taken at insert time,
 * commits may land out of order).
 */
export const reportRollupMarks = pgTable('report_rollup_marks', {
  name: text('name').primaryKey(),
  rolledId: bigint('rolled_id', { mode: 'number' }).notNull().default(0),
  notedId: bigint('noted_id', { mode: 'number' }),
  notedAt: timestamp('noted_at', { withTimezone: true }),
});

/**
 * The conversation rollup for long report ranges: per account, UTC month and kind (`created`:
 * by start, with first-response times; `resolved`: by close, with resolution times), duration
 * histograms (reports.histogram.ts) for the whole account (`total`, key 0) and per channel,
 * agent, team and tag (key 0: unassigned, no team); and the daily series as counts per UTC
 * quarter hour (dim `quarter`, key: the quarter's number since 1970, bucket 0). Conversations
 * change after the fact
 * (reassigned, tagged, reopened), so a month is read from here only while its state is clean.
 */
export const reportConversationMonths = pgTable(
  'report_conversation_months',
  {
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    month: date('month', { mode: 'string' }).notNull(),
    kind: text('kind').notNull(),
    dim: text('dim').notNull(),
    key: integer('key').notNull(),
    bucket: integer('bucket').notNull(),
    n: integer('n').notNull(),
    lo: doublePrecision('lo'),
    hi: doublePrecision('hi'),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.kind, t.month, t.dim, t.key, t.bucket] })],
);

/**
 * Which months of report_conversation_months can be read: a trigger on conversations and their
 * tags marks a past month dirty in the changing transaction (its row lock keeps the rollup job
 * from reading around an uncommitted change); the job recomputes dirty months and cleans them.
 * The current UTC month is never rolled up (reports read it raw).
 */
export const reportConversationMonthState = pgTable(
  'report_conversation_month_state',
  {
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    month: date('month', { mode: 'string' }).notNull(),
    clean: boolean('clean').notNull().default(false),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.kind, t.month] })],
);
