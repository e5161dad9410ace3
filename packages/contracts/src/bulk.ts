import { z } from 'zod';
import { MAX_BULK_CONVERSATIONS } from './bulk-constants';
import { conversationListFilters, conversationStatus, priority } from './inbox';

const id = z.number().int().positive().max(2_147_483_647);

/** What to do to every selected conversation: the single conversation's changes, one at a time. */
export const bulkAction = z.discriminatedUnion('type', [
  /** null unassigns. */
  z.strictObject({ type: z.literal('assign'), assignee_id: id.nullable() }),
  /** null removes the team. */
  z.strictObject({ type: z.literal('assign_team'), team_id: id.nullable() }),
  z.strictObject({ type: z.literal('add_tag'), tag_id: id }),
  z.strictObject({ type: z.literal('remove_tag'), tag_id: id }),
  z
    .strictObject({
      type: z.literal('status'),
      status: conversationStatus,
      snoozed_until: z.iso.datetime({ offset: true }).optional(),
    })
    .refine((v) => v.status !== 'snoozed' || Boolean(v.snoozed_until), {
      message: 'Choose until when to snooze.',
      path: ['snoozed_until'],
    }),
  z.strictObject({ type: z.literal('priority'), priority }),
  /** Runs one of the caller's macros (docs/product/macros.md) on each conversation. */
  z.strictObject({ type: z.literal('macro'), macro_id: id }),
]);
export type BulkAction = z.infer<typeof bulkAction>;

/** The list's own filter, without its paging. */
export const bulkViewFilter = conversationListFilters;

/** Either the conversations picked one by one (`ids`), or every conversation of a view (`view`, as the list filters it). */
export const bulkTarget = z
  .strictObject({
    ids: z
      .array(id)
      .min(1, 'Select at least one conversation.')
      .max(
        MAX_BULK_CONVERSATIONS,
        `Select at most ${MAX_BULK_CONVERSATIONS.toLocaleString('en')} conversations at once.`,
      )
      .optional(),
    view: bulkViewFilter.optional(),
    /** With `view`: how many the agent saw in it; more than the limit is refused at once. */
    total: z.number().int().min(0).optional(),
  })
  .refine((v) => (v.ids === undefined) !== (v.view === undefined), {
    message: 'Select conversations by their ids or by a view (one of the two).',
  });
export type BulkTarget = z.infer<typeof bulkTarget>;

export const bulkBody = z.strictObject({ action: bulkAction, target: bulkTarget });
export type BulkBody = z.input<typeof bulkBody>;

export const bulkStarted = z.object({ job_id: z.number().int(), total: z.number().int() });
export type BulkStarted = z.infer<typeof bulkStarted>;

export const bulkJobParams = z.object({
  jobId: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER),
});

export const bulkProgress = z.object({
  job_id: z.number().int(),
  /** `done` once every conversation was tried; `failed` when the job itself stopped. */
  status: z.enum(['queued', 'running', 'done', 'failed']),
  total: z.number().int(),
  /** Conversations tried so far, changed or not. */
  done: z.number().int(),
  failed_count: z.number().int(),
  /** The first failures, each with why (at most MAX_BULK_FAILURES_LISTED). */
  failed: z.array(z.object({ id: z.number().int(), reason: z.string() })),
});
export type BulkProgress = z.infer<typeof bulkProgress>;
