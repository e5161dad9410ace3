import { z } from 'zod';
import { conversationListFilters } from './inbox';
import { MAX_SAVED_VIEWS, SAVED_VIEW_NAME_MAX } from './saved-views-constants';

const id = z.number().int().positive().max(2_147_483_647);

/** What a saved view filters: the inbox list's own query, without its paging. */
export const savedViewFilters = conversationListFilters;
export type SavedViewFilters = z.infer<typeof savedViewFilters>;

const name = z
  .string()
  .trim()
  .min(1, 'Give the view a name.')
  .max(SAVED_VIEW_NAME_MAX, `Keep the name to ${SAVED_VIEW_NAME_MAX} characters or fewer.`);

export const savedViewCreateBody = z.strictObject({
  name,
  filters: savedViewFilters,
  /** The team whose members also see the view; null keeps it private. */
  team_id: id.nullable().default(null),
});
export type SavedViewCreateBody = z.input<typeof savedViewCreateBody>;

export const savedViewPatchBody = z.strictObject({
  name: name.optional(),
  filters: savedViewFilters.optional(),
  team_id: id.nullable().optional(),
});
export type SavedViewPatchBody = z.input<typeof savedViewPatchBody>;

export const savedViewReorderBody = z.strictObject({
  /** The caller's views in their new order; views left out keep their place after these. */
  ids: z
    .array(id)
    .min(1, 'Name the views to reorder.')
    .max(MAX_SAVED_VIEWS * 4),
});

export const savedViewParams = z.object({
  id: z.coerce.number().int().positive().max(2_147_483_647),
});

export const savedViewSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  filters: savedViewFilters,
  team_id: z.number().int().nullable(),
  owner_user_id: z.number().int(),
  /** The caller may rename, share, change or delete it (its owner, or an admin for a shared view). */
  can_edit: z.boolean(),
  /** Conversations in the view, up to SAVED_VIEW_COUNT_CAP. */
  count: z.number().int(),
  /** There are at least SAVED_VIEW_COUNT_CAP: show the count as "999+". */
  capped: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type SavedView = z.infer<typeof savedViewSchema>;

export const savedViewListResponse = z.object({ views: z.array(savedViewSchema) });
export type SavedViewList = z.infer<typeof savedViewListResponse>;
