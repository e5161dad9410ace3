import { z } from 'zod';

const id = z.coerce.number().int().positive().max(2_147_483_647);

/** GET show-nps-popup: `milestone_id`, plus `source=me_api` when Me says show_nps_milestone. */
export const npsShowPopupQuery = z.object({
  milestone_id: id,
  source: z.literal('me_api').optional(),
});

/** docs/product/data.md survey primary question. */
export const npsPrimaryQuestion = z.object({
  id: z.number().int(),
  text: z.string(),
  description: z.string().nullable(),
  primary_question: z.literal(true),
  rating_star: z.number().int().min(1).max(5).nullable(),
});
export type NpsPrimaryQuestion = z.infer<typeof npsPrimaryQuestion>;

/**
 * Answer (docs/product/api.md): data.milestone_primary_question. `milestone_status` is ours: the web app shows
 * 'Your feedback has been recorded!' for `completed` and 'This feedback form has expired!' for
 * `expired` / `not_found` (then the question is null).
 */
export const npsShowPopupResponse = z.object({
  data: z.object({
    milestone_status: z.enum(['open', 'completed', 'expired', 'not_found']),
    milestone_primary_question: npsPrimaryQuestion.nullable(),
  }),
});
export type NpsShowPopupResponse = z.infer<typeof npsShowPopupResponse>;

/** The rating is the text 'star' followed by 1 to 5 (docs/product/api.md). */
export const npsRatingStar = z.enum(['star1', 'star2', 'star3', 'star4', 'star5'], {
  error: 'Choose a rating from 1 to 5 stars.',
});
export const npsRateBody = z.strictObject({
  rating_star: npsRatingStar,
  milestone_id: z.number().int().positive(),
});

/** docs/product/data.md survey follow-up question. */
export const npsFollowUpQuestion = z.object({
  id: z.number().int(),
  text: z.string(),
  description: z.string().nullable(),
  primary_question: z.literal(false),
  has_other_option: z.boolean(),
  other_option_prompt: z.string().nullable(),
  answer_options: z.array(z.object({ id: z.number().int(), text: z.string() })),
});
export type NpsFollowUpQuestion = z.infer<typeof npsFollowUpQuestion>;

export const npsRateResponse = z.object({
  nps_feedback_id: z.number().int(),
  follow_up_questions: z.array(npsFollowUpQuestion),
});
export type NpsRateResponse = z.infer<typeof npsRateResponse>;

/** docs/product/validation.md: only answered non-primary questions are sent; other text apart from option ids. */
export const npsSubmitBody = z.strictObject({
  nps_feedback_id: z.number().int().positive(),
  responses: z
    .array(
      z.strictObject({
        question_id: z.number().int().positive(),
        selected_option_ids: z.array(z.number().int().positive()).max(50),
        other_text: z.string().trim().max(2000).nullable(),
      }),
    )
    .max(50),
});
export type NpsSubmitBody = z.infer<typeof npsSubmitBody>;
