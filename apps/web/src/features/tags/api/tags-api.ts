import {
  TAG_PATHS,
  type TagCreateBody,
  type TagDeleteResult,
  type TagListResponse,
  type TagMergeResult,
  type TagUpdateBody,
  type TagWithUsage,
} from '@parley/contracts';
import { baseApi } from '../../../lib/base-api';

/** A name or colour shows wherever the inbox draws the tag: its mapping reloads. */
const LOOK_CHANGES = ['Tags', 'Mapping'] as const;
/** Merging or deleting changes conversations' tags, their lists and the tag views' counts. */
const CONVERSATION_CHANGES = [
  ...LOOK_CHANGES,
  'Conversations',
  'Conversation',
  'ViewCounts',
] as const;

export const tagsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getTags: build.query<TagWithUsage[], void>({
      query: () => TAG_PATHS.list,
      transformResponse: (response: TagListResponse) => response.tags,
      providesTags: ['Tags'],
    }),
    createTag: build.mutation<TagWithUsage, TagCreateBody>({
      query: (body) => ({ url: TAG_PATHS.list, method: 'POST', body }),
      invalidatesTags: (result) => (result ? [...LOOK_CHANGES] : []),
    }),
    updateTag: build.mutation<TagWithUsage, { id: number } & TagUpdateBody>({
      query: ({ id, ...body }) => ({ url: TAG_PATHS.one(id), method: 'PATCH', body }),
      invalidatesTags: (result) => (result ? [...LOOK_CHANGES] : []),
    }),
    deleteTag: build.mutation<TagDeleteResult, number>({
      query: (id) => ({ url: TAG_PATHS.one(id), method: 'DELETE' }),
      invalidatesTags: (result) => (result ? [...CONVERSATION_CHANGES] : []),
    }),
    mergeTag: build.mutation<TagMergeResult, { id: number; into_tag_id: number }>({
      query: ({ id, into_tag_id }) => ({
        url: TAG_PATHS.merge(id),
        method: 'POST',
        body: { into_tag_id },
      }),
      invalidatesTags: (result) => (result ? [...CONVERSATION_CHANGES] : []),
    }),
  }),
});

export const {
  useGetTagsQuery,
  useCreateTagMutation,
  useUpdateTagMutation,
  useDeleteTagMutation,
  useMergeTagMutation,
} = tagsApi;
