/**
 * The in-app NPS survey: milestones, questions and answers.
 */
import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, ts } from './columns';
import { accounts, users } from './accounts';

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
