import { z } from 'zod';
import { tagSchema } from './inbox';
import { TAG_NAME_MAX_LENGTH } from './tags-constants';

export const tagNameSchema = z
  .string()
  .trim()
  .min(1, 'Give the tag a name.')
  .max(TAG_NAME_MAX_LENGTH, `Keep the tag name under ${TAG_NAME_MAX_LENGTH + 1} characters.`);

/** A colour as `#rrggbb`. */
export const tagColorSchema = z
  .string()
  .trim()
  .regex(/^#[0-9a-fA-F]{6}$/, 'Pick a colour written as #rrggbb, for example #1677ff.');

/** A tag with how many conversations carry it. */
export const tagWithUsageSchema = tagSchema.extend({
  usage_count: z.number().int(),
});
export type TagWithUsage = z.infer<typeof tagWithUsageSchema>;

export const tagListResponse = z.object({ tags: z.array(tagWithUsageSchema) });
export type TagListResponse = z.infer<typeof tagListResponse>;

/** POST /dashboardapi/tags: without a colour, the next one of the palette is used. */
export const tagCreateBody = z.strictObject({
  name: tagNameSchema,
  color: tagColorSchema.optional(),
});
export type TagCreateBody = z.infer<typeof tagCreateBody>;

/** PATCH /dashboardapi/tags/:id: rename, recolour, or both. */
export const tagUpdateBody = z
  .strictObject({
    name: tagNameSchema.optional(),
    color: tagColorSchema.optional(),
  })
  .refine((b) => b.name !== undefined || b.color !== undefined, {
    message: 'Send a new name or a new colour.',
  });
export type TagUpdateBody = z.infer<typeof tagUpdateBody>;

/** POST /dashboardapi/tags/:id/merge: every conversation of the tag moves to `into_tag_id`. */
export const tagMergeBody = z.strictObject({
  into_tag_id: z.number().int().positive().max(2_147_483_647),
});
export type TagMergeBody = z.infer<typeof tagMergeBody>;

export const tagMergeResponse = z.object({
  /** The tag that remains, with its new usage count. */
  tag: tagWithUsageSchema,
  /** Conversations that carried the merged tag (some may already have had the target). */
  moved_conversations: z.number().int(),
});
export type TagMergeResult = z.infer<typeof tagMergeResponse>;

export const tagDeleteResponse = z.object({
  ok: z.literal(true),
  /** Conversations that lost the tag. */
  removed_from_conversations: z.number().int(),
});
export type TagDeleteResult = z.infer<typeof tagDeleteResponse>;
