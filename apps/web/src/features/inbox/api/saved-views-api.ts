import {
  SAVED_VIEWS_API,
  type SavedView,
  type SavedViewCreateBody,
  type SavedViewList,
  type SavedViewPatchBody,
} from '@parley/contracts';
import { baseApi } from '../../../lib/base-api';

/**
 * The saved views' counts are refreshed with the other view counts: invalidating `ViewCounts`
 * (the debounced refetch on list changes) refetches them too; changing a view refetches only them.
 */
const SAVED = { type: 'ViewCounts', id: 'saved' } as const;

export const savedViewsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    listSavedViews: build.query<SavedViewList, void>({
      query: () => SAVED_VIEWS_API.list,
      providesTags: [SAVED],
    }),
    createSavedView: build.mutation<SavedView, SavedViewCreateBody>({
      query: (body) => ({ url: SAVED_VIEWS_API.list, method: 'POST', body }),
      invalidatesTags: [SAVED],
    }),
    updateSavedView: build.mutation<SavedView, { id: number; patch: SavedViewPatchBody }>({
      query: ({ id, patch }) => ({ url: SAVED_VIEWS_API.one(id), method: 'PATCH', body: patch }),
      invalidatesTags: [SAVED],
    }),
    deleteSavedView: build.mutation<{ ok: true }, number>({
      query: (id) => ({ url: SAVED_VIEWS_API.one(id), method: 'DELETE' }),
      invalidatesTags: [SAVED],
    }),
    reorderSavedViews: build.mutation<{ ok: true }, number[]>({
      query: (ids) => ({ url: SAVED_VIEWS_API.reorder, method: 'POST', body: { ids } }),
      invalidatesTags: [SAVED],
    }),
  }),
});

export const {
  useListSavedViewsQuery,
  useCreateSavedViewMutation,
  useUpdateSavedViewMutation,
  useDeleteSavedViewMutation,
  useReorderSavedViewsMutation,
} = savedViewsApi;
