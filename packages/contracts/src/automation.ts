import { z } from 'zod';
import { CHANNEL_TYPES } from './constants';
import { CONTACT_ATTRIBUTE_LIMITS } from './contacts-constants';
import { CONVERSATION_STATUSES, PRIORITIES } from './inbox-constants';
import {
  AUTOMATION_TRIGGERS,
  isTimedTrigger,
  MAX_AUTOMATION_PATTERN_LENGTH,
  MAX_AUTOMATION_RULES,
  MAX_AUTOMATION_WAIT_MINUTES,
  MAX_WEBHOOK_URL_LENGTH,
  MIN_WEBHOOK_SECRET_LENGTH,
  CONTACT_FIELD_OPERATORS,
} from './automation-constants';

export const automationTrigger = z.enum(AUTOMATION_TRIGGERS);
export type AutomationTrigger = z.infer<typeof automationTrigger>;

const id = z.number().int().positive().max(2_147_483_647);
const is = z.enum(['is', 'is_not']);
const isNone = z.enum(['is', 'is_none']);

export const automationCondition = z.discriminatedUnion('field', [
  z.strictObject({ field: z.literal('channel_type'), operator: is, value: z.enum(CHANNEL_TYPES) }),
  z.strictObject({ field: z.literal('support_channel'), operator: is, value: id }),
  z.strictObject({
    field: z.literal('status'),
    operator: is,
    value: z.enum(CONVERSATION_STATUSES),
  }),
  z.strictObject({ field: z.literal('priority'), operator: is, value: z.enum(PRIORITIES) }),
  z.strictObject({
    field: z.literal('tags'),
    operator: z.enum(['includes_any', 'includes_none']),
    value: z.array(id).min(1, 'Choose at least one tag.').max(50),
  }),
  // `is` names one (value: its id), `is_none` names none (value: null): checked below.
  z.strictObject({ field: z.literal('assignee'), operator: isNone, value: id.nullable() }),
  z.strictObject({ field: z.literal('team'), operator: isNone, value: id.nullable() }),
  z.strictObject({
    field: z.literal('message'),
    operator: z.enum(['contains', 'matches']),
    value: z
      .string()
      .trim()
      .min(1, 'Write the text to look for.')
      .max(MAX_AUTOMATION_PATTERN_LENGTH),
  }),
  z.strictObject({
    field: z.literal('business_hours'),
    operator: z.literal('is'),
    value: z.boolean(),
  }),
  z.strictObject({
    field: z.literal('contact_language'),
    operator: is,
    value: z.string().trim().min(2).max(10),
  }),
  z.strictObject({
    field: z.literal('first_message'),
    operator: z.literal('is'),
    value: z.boolean(),
  }),
  /** The conversation's store (brand): its id. */
  z.strictObject({ field: z.literal('store'), operator: is, value: id }),
  /**
   * One of the contact's fields: `email`, `name` or `phone`, else the custom attribute of that
   * key. `contains` and `is` ignore case; `is_empty` / `is_not_empty` take no value ('').
   */
  z.strictObject({
    field: z.literal('contact_field'),
    name: z
      .string()
      .trim()
      .min(1, 'Name the contact field or attribute.')
      .max(
        CONTACT_ATTRIBUTE_LIMITS.keyLength,
        `An attribute name has at most ${CONTACT_ATTRIBUTE_LIMITS.keyLength} characters.`,
      ),
    operator: z.enum(CONTACT_FIELD_OPERATORS),
    value: z.string().trim().max(MAX_AUTOMATION_PATTERN_LENGTH).default(''),
  }),
]);
export type AutomationCondition = z.infer<typeof automationCondition>;
export type AutomationConditionField = AutomationCondition['field'];

export const automationConditions = z
  .strictObject({
    match: z.enum(['all', 'any']),
    conditions: z.array(automationCondition).max(20),
  })
  .superRefine((v, ctx) =>
    v.conditions.forEach((c, i) => {
      if (
        (c.field === 'assignee' || c.field === 'team') &&
        (c.operator === 'is') !== (c.value !== null)
      )
        ctx.addIssue({
          code: 'custom',
          path: ['conditions', i, 'value'],
          message: c.operator === 'is' ? 'Choose who or which team.' : 'Leave the value empty.',
        });
      if (
        c.field === 'contact_field' &&
        (c.operator === 'is' || c.operator === 'contains') &&
        c.value === ''
      )
        ctx.addIssue({
          code: 'custom',
          path: ['conditions', i, 'value'],
          message: 'Write the value to compare with.',
        });
    }),
  );
export type AutomationConditions = z.infer<typeof automationConditions>;

export const automationAction = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('assign_agent'), user_id: id }),
  z.strictObject({ type: z.literal('assign_team'), team_id: id }),
  z.strictObject({ type: z.literal('add_tags'), tag_ids: z.array(id).min(1).max(20) }),
  z.strictObject({ type: z.literal('remove_tags'), tag_ids: z.array(id).min(1).max(20) }),
  z.strictObject({ type: z.literal('set_priority'), priority: z.enum(PRIORITIES) }),
  z.strictObject({
    type: z.literal('set_status'),
    status: z.enum(CONVERSATION_STATUSES),
    /** For `snoozed`: how long, from the moment the rule runs. */
    snooze_minutes: z
      .number()
      .int()
      .min(1)
      .max(60 * 24 * 90)
      .optional(),
  }),
  z.strictObject({ type: z.literal('add_note'), body: z.string().trim().min(1).max(5000) }),
  z.strictObject({ type: z.literal('send_fast_reply'), fast_reply_id: id }),
  z.strictObject({ type: z.literal('close') }),
  /**
   * Hands the conversation to auto-assignment (round-robin / least-busy among available agents,
   * the queue when nobody is): within `team_id` (moved there), else as its team's or channel's
   * auto-assignment says (docs/product/automation.md).
   */
  z.strictObject({ type: z.literal('auto_assign'), team_id: id.optional() }),
  /** An internal note that @mentions a teammate: they get the usual mention notification. */
  z.strictObject({
    type: z.literal('mention'),
    user_id: id,
    body: z
      .string()
      .trim()
      .min(1, 'Write the note that mentions them.')
      .max(5000, 'A note has at most 5,000 characters.'),
  }),
  /**
   * POSTs the conversation's summary, signed, to `url` (docs/product/automation.md, "Webhooks").
   * `secret` is write-only: the rule's answers leave it out; an action saved again without it
   * keeps the one stored for the same URL.
   */
  z.strictObject({
    type: z.literal('send_webhook'),
    url: z
      .string()
      .trim()
      .max(MAX_WEBHOOK_URL_LENGTH, 'A URL has at most 2,000 characters.')
      .refine((u) => URL.canParse(u), 'Enter a full URL, like https://example.com/hooks/parley.')
      .refine(
        (u) => !URL.canParse(u) || ['https:', 'http:'].includes(new URL(u).protocol),
        'The URL must start with https://.',
      ),
    secret: z
      .string()
      .min(
        MIN_WEBHOOK_SECRET_LENGTH,
        `A signing secret has at least ${MIN_WEBHOOK_SECRET_LENGTH} characters.`,
      )
      .max(200, 'A signing secret has at most 200 characters.')
      .optional(),
  }),
]);
export type AutomationAction = z.infer<typeof automationAction>;

/** How long a time-based rule waits (no customer reply, pending): whole minutes. */
const waitMinutes = z
  .number()
  .int()
  .min(1, 'Wait at least a minute.')
  .max(MAX_AUTOMATION_WAIT_MINUTES, 'Wait at most 30 days.')
  .nullable();

/** A time-based trigger needs its wait; every other trigger has none. */
function checkWait(r: { trigger?: string; wait_minutes?: number | null }, ctx: z.RefinementCtx) {
  if (r.trigger === undefined) return;
  const timed = isTimedTrigger(r.trigger);
  if (timed && (r.wait_minutes === undefined || r.wait_minutes === null))
    ctx.addIssue({ code: 'custom', path: ['wait_minutes'], message: 'Say how long to wait.' });
  if (!timed && r.wait_minutes !== undefined && r.wait_minutes !== null)
    ctx.addIssue({
      code: 'custom',
      path: ['wait_minutes'],
      message: 'Only a time-based trigger waits.',
    });
}

export const automationRuleBody = z
  .strictObject({
    name: z.string().trim().min(1, 'Give the rule a name.').max(120),
    enabled: z.boolean().default(true),
    trigger: automationTrigger,
    /** For `no_customer_reply` and `pending_for`: how long after the state began. */
    wait_minutes: waitMinutes.optional(),
    conditions: automationConditions.default({ match: 'all', conditions: [] }),
    actions: z.array(automationAction).min(1, 'Add at least one action.').max(20),
  })
  .refine(
    (r) =>
      r.actions.every((a) => a.type !== 'set_status' || a.status !== 'snoozed' || a.snooze_minutes),
    { message: 'Choose how long to snooze.', path: ['actions'] },
  )
  .superRefine(checkWait);
export type AutomationRuleBody = z.infer<typeof automationRuleBody>;

export const automationRulePatch = z
  .strictObject({
    name: z.string().trim().min(1, 'Give the rule a name.').max(120).optional(),
    enabled: z.boolean().optional(),
    trigger: automationTrigger.optional(),
    wait_minutes: waitMinutes.optional(),
    conditions: automationConditions.optional(),
    actions: z.array(automationAction).min(1, 'Add at least one action.').max(20).optional(),
  })
  .refine((v) => Object.keys(v).length > 0, 'Send at least one field to change.');
export type AutomationRulePatch = z.infer<typeof automationRulePatch>;

export const automationRule = z.object({
  id: z.number(),
  name: z.string(),
  enabled: z.boolean(),
  position: z.number(),
  trigger: automationTrigger,
  /** A time-based rule's wait; null for the others. */
  wait_minutes: z.number().nullable(),
  conditions: automationConditions,
  actions: z.array(automationAction),
  /** Why the rule cannot run (something it names was deleted); null when it can. */
  broken_reason: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type AutomationRule = z.infer<typeof automationRule>;

export const automationRuleList = z.object({ rules: z.array(automationRule) });
export type AutomationRuleList = z.infer<typeof automationRuleList>;

export const automationReorderBody = z.strictObject({ ids: z.array(id).max(MAX_AUTOMATION_RULES) });

export const automationDryRunBody = z.strictObject({
  rule: automationRuleBody,
  conversation_id: id,
});
export type AutomationDryRunBody = z.infer<typeof automationDryRunBody>;

export const automationDryRunResult = z.object({
  matched: z.boolean(),
  conditions: z.array(z.object({ index: z.number(), matched: z.boolean() })),
  /** What the actions would do, in words, in order. */
  actions: z.array(z.string()),
  broken_reason: z.string().nullable(),
});
export type AutomationDryRunResult = z.infer<typeof automationDryRunResult>;
