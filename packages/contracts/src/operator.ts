import { z } from 'zod';

/**
 * The operator API (our own addition, docs/ARCHITECTURE.md): what the people running Parley read and act
 * on — the survey's results, demo and callback requests. `Authorization: Bearer {OPERATOR_TOKEN}`.
 */
export const OPERATOR_PATHS = {
  npsSummary: '/operatorapi/nps/summary',
  npsResponses: '/operatorapi/nps/responses',
  demoRequests: '/operatorapi/demo-requests',
  demoRequest: '/operatorapi/demo-requests/:id',
  callbackRequests: '/operatorapi/callback-requests',
} as const;

const day = z.iso.date();

export const operatorPeriodQuery = z
  .object({ from: day.optional(), to: day.optional() })
  .refine((q) => !q.from || !q.to || q.from <= q.to, {
    message: 'The period must start on or before its end.',
    path: ['from'],
  });

export const operatorPageQuery = z.object({
  limit: z.coerce.number().int().min(1).max(200).default(50),
  /** Keyset: items with a smaller id than this one (the previous page's next_before_id). */
  before_id: z.coerce.number().int().positive().max(2_147_483_647).optional(),
});

/**
 * The survey's score from its 1–5 stars: the share of 5★ ratings minus the share of 1–3★
 * ratings, in points from −100 to 100 (4★ counts as neither), as NPS does with 0–10.
 */
export const npsSummaryResponse = z.object({
  ratings: z.number().int(),
  submitted: z.number().int(),
  average_rating: z.number().nullable(),
  distribution: z.object({
    '1': z.number().int(),
    '2': z.number().int(),
    '3': z.number().int(),
    '4': z.number().int(),
    '5': z.number().int(),
  }),
  score: z.number().int().nullable(),
});
export type NpsSummary = z.infer<typeof npsSummaryResponse>;

const who = z.object({ id: z.number().int(), name: z.string() });

export const npsResponseItem = z.object({
  id: z.number().int(),
  account: who,
  user: who.extend({ email: z.string() }),
  milestone: z.string(),
  rating_star: z.number().int(),
  rated_at: z.string(),
  submitted_at: z.string().nullable(),
  answers: z.array(
    z.object({
      question: z.string(),
      options: z.array(z.string()),
      other_text: z.string().nullable(),
    }),
  ),
});

export const npsResponsesResponse = z.object({
  items: z.array(npsResponseItem),
  next_before_id: z.number().int().nullable(),
});

export const DEMO_REQUEST_STATUSES = ['requested', 'confirmed', 'done', 'cancelled'] as const;

export const operatorDemoRequest = z.object({
  id: z.number().int(),
  account: who,
  user: who.extend({ email: z.string() }).nullable(),
  slot: z.string(),
  timezone: z.string(),
  phone: z.string().nullable(),
  notes: z.string().nullable(),
  status: z.enum(DEMO_REQUEST_STATUSES),
  created_at: z.string(),
});

export const operatorDemoRequestsResponse = z.object({
  items: z.array(operatorDemoRequest),
  next_before_id: z.number().int().nullable(),
});

export const operatorDemoRequestPatch = z.strictObject({ status: z.enum(DEMO_REQUEST_STATUSES) });

export const operatorCallbackRequest = z.object({
  id: z.number().int(),
  account: who,
  customer_name: z.string(),
  contact_number: z.string(),
  email_address: z.string(),
  best_time_to_call: z.string(),
  query_type: z.string(),
  message: z.string().nullable(),
  myshopify_domain: z.string().nullable(),
  attachment_ids: z.array(z.number().int()),
  operator_conversation_id: z.number().int().nullable(),
  created_at: z.string(),
});

export const operatorCallbackRequestsResponse = z.object({
  items: z.array(operatorCallbackRequest),
  next_before_id: z.number().int().nullable(),
});
