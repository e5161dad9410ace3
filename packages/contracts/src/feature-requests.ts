import { z } from 'zod';
import {
  FEATURE_REQUEST_STATUSES,
  FEATURE_REQUEST_TITLE_MAX,
  FEATURE_REQUEST_DESCRIPTION_MAX,
  FEATURE_REQUEST_COMMENT_MAX,
  featureRequestSorts,
} from './feature-requests-constants';

/** GET /dashboardapi/feature-requests */
export const featureRequestListQuery = z.object({
  status: z.enum(FEATURE_REQUEST_STATUSES).optional(),
  /** top = most votes first; new = newest first. */
  sort: z.enum(featureRequestSorts).default('top'),
  /** Words found in the title or the description (case-insensitive). */
  search: z.string().trim().max(200, 'Keep the search under 201 characters.').optional(),
  limit: z.coerce.number().int().min(1).max(200).default(100),
});
export type FeatureRequestListQuery = z.input<typeof featureRequestListQuery>;

/** A person as others see them on the board: a name, never an email or an account. */
export const featureRequestAuthorSchema = z.object({
  name: z.string(),
  initials: z.string(),
  profile_color: z.string(),
  /** The caller wrote it. */
  is_me: z.boolean(),
});
export type FeatureRequestAuthor = z.infer<typeof featureRequestAuthorSchema>;

export const featureRequestSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  description: z.string(),
  status: z.enum(FEATURE_REQUEST_STATUSES),
  /** Null once the author's user is deleted. */
  author: featureRequestAuthorSchema.nullable(),
  vote_count: z.number().int(),
  /** The caller voted for it. */
  voted: z.boolean(),
  comment_count: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type FeatureRequest = z.infer<typeof featureRequestSchema>;

export const featureRequestListResponse = z.object({
  feature_requests: z.array(featureRequestSchema),
});
export type FeatureRequestListResponse = z.infer<typeof featureRequestListResponse>;

export const featureRequestCommentSchema = z.object({
  id: z.number().int(),
  body: z.string(),
  author: featureRequestAuthorSchema.nullable(),
  created_at: z.string(),
});
export type FeatureRequestComment = z.infer<typeof featureRequestCommentSchema>;

/** GET /dashboardapi/feature-requests/:id — oldest comment first. */
export const featureRequestDetailSchema = featureRequestSchema.extend({
  comments: z.array(featureRequestCommentSchema),
});
export type FeatureRequestDetail = z.infer<typeof featureRequestDetailSchema>;

/** POST /dashboardapi/feature-requests — plain text; the author's vote comes with it. */
export const featureRequestCreateBody = z.strictObject({
  title: z
    .string()
    .trim()
    .min(1, 'Give the request a title.')
    .max(
      FEATURE_REQUEST_TITLE_MAX,
      `Keep the title under ${FEATURE_REQUEST_TITLE_MAX + 1} characters.`,
    ),
  description: z
    .string()
    .trim()
    .max(
      FEATURE_REQUEST_DESCRIPTION_MAX,
      `Keep the description under ${FEATURE_REQUEST_DESCRIPTION_MAX + 1} characters.`,
    )
    .default(''),
});
export type FeatureRequestCreateBody = z.input<typeof featureRequestCreateBody>;

/** POST /dashboardapi/feature-requests/:id/comments — plain text. */
export const featureRequestCommentBody = z.strictObject({
  body: z
    .string()
    .trim()
    .min(1, 'Write a comment first.')
    .max(
      FEATURE_REQUEST_COMMENT_MAX,
      `Keep the comment under ${FEATURE_REQUEST_COMMENT_MAX + 1} characters.`,
    ),
});
export type FeatureRequestCommentBody = z.infer<typeof featureRequestCommentBody>;

/** POST / DELETE /dashboardapi/feature-requests/:id/vote */
export const featureRequestVoteResponse = z.object({
  vote_count: z.number().int(),
  voted: z.boolean(),
});
export type FeatureRequestVoteResponse = z.infer<typeof featureRequestVoteResponse>;

/** PATCH /operatorapi/feature-requests/:id (operator only). */
export const operatorFeatureRequestPatch = z.strictObject({
  status: z.enum(FEATURE_REQUEST_STATUSES),
});
export type OperatorFeatureRequestPatch = z.infer<typeof operatorFeatureRequestPatch>;

export const operatorFeatureRequestResponse = z.object({
  id: z.number().int(),
  status: z.enum(FEATURE_REQUEST_STATUSES),
  updated_at: z.string(),
});
