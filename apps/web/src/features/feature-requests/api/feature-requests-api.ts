import {
  FEATURE_REQUEST_PATHS,
  type FeatureRequest,
  type FeatureRequestComment,
  type FeatureRequestCommentBody,
  type FeatureRequestCreateBody,
  type FeatureRequestDetail,
  type FeatureRequestListResponse,
  type FeatureRequestSort,
  type FeatureRequestStatus,
  type FeatureRequestVoteResponse,
} from '@parley/contracts';
import { baseApi } from '../../../lib/base-api';

export interface FeatureRequestFilters {
  status?: FeatureRequestStatus;
  sort: FeatureRequestSort;
  search?: string;
}

const LIST = { type: 'FeatureRequests' as const, id: 'LIST' };
const one = (id: number) => ({ type: 'FeatureRequests' as const, id });

export const featureRequestsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getFeatureRequests: build.query<FeatureRequest[], FeatureRequestFilters>({
      query: ({ status, sort, search }) => ({
        url: FEATURE_REQUEST_PATHS.list,
        query: { sort, status, search: search?.trim() || undefined },
      }),
      transformResponse: (response: FeatureRequestListResponse) => response.feature_requests,
      providesTags: [LIST],
    }),
    getFeatureRequest: build.query<FeatureRequestDetail, number>({
      query: (id) => FEATURE_REQUEST_PATHS.one(id),
      providesTags: (_result, _error, id) => [one(id)],
    }),
    createFeatureRequest: build.mutation<FeatureRequestDetail, FeatureRequestCreateBody>({
      query: (body) => ({ url: FEATURE_REQUEST_PATHS.list, method: 'POST', body }),
      invalidatesTags: (result) => (result ? [LIST] : []),
    }),
    setFeatureRequestVote: build.mutation<
      FeatureRequestVoteResponse,
      { id: number; voted: boolean }
    >({
      query: ({ id, voted }) => ({
        url: FEATURE_REQUEST_PATHS.vote(id),
        method: voted ? 'POST' : 'DELETE',
      }),
      invalidatesTags: (result, _error, { id }) => (result ? [LIST, one(id)] : []),
    }),
    addFeatureRequestComment: build.mutation<
      FeatureRequestComment,
      { id: number } & FeatureRequestCommentBody
    >({
      query: ({ id, ...body }) => ({
        url: FEATURE_REQUEST_PATHS.comments(id),
        method: 'POST',
        body,
      }),
      invalidatesTags: (result, _error, { id }) => (result ? [LIST, one(id)] : []),
    }),
  }),
});

export const {
  useGetFeatureRequestsQuery,
  useGetFeatureRequestQuery,
  useCreateFeatureRequestMutation,
  useSetFeatureRequestVoteMutation,
  useAddFeatureRequestCommentMutation,
} = featureRequestsApi;
