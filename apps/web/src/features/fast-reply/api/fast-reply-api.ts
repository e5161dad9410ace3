import {
  FAST_REPLY_PATHS,
  type FastReplyCreateBody,
  type FastReplyTemplate,
  type FastReplyUpdateBody,
  type ResolvedFastReply,
} from '@parley/contracts';
import { baseApi } from '../../../lib/base-api';
import { http, type RequestOptions } from '../../../lib/request';

/** GET fastreply/all (contracts fastReplyListResponse). */
export interface FastReplyList {
  fast_replies: FastReplyTemplate[];
  folders: string[];
}

/** GET fastreply/variables/all (contracts fastReplyVariablesResponse). */
export interface FastReplyVariables {
  variables: Array<{ key: string; label: string; example: string }>;
  syntax: string;
}

export const FAST_REPLY_FOLDER_PATH = '/dashboardapi/fastreply/folder';

/** fast-reply calls (docs/product/api.md), through the request wrapper (used by the slice's thunks). */
export const fastReplyApi = {
  all: (options?: RequestOptions) => http.get<FastReplyList>(FAST_REPLY_PATHS.all, options),
  create: (body: FastReplyCreateBody, options?: RequestOptions) =>
    http.post<FastReplyTemplate>(FAST_REPLY_PATHS.create, body, options),
  update: (id: number, body: FastReplyUpdateBody, options?: RequestOptions) =>
    http.patch<FastReplyTemplate>(FAST_REPLY_PATHS.one, body, { ...options, query: { id } }),
  /** docs/product/api.md: DELETE with a body. */
  remove: (id: number, options?: RequestOptions) =>
    http.delete<{ id: number }>(FAST_REPLY_PATHS.one, { id }, { ...options, query: { id } }),
  removeFolder: (name: string, options?: RequestOptions) =>
    http.delete<{ folders: string[] }>(FAST_REPLY_FOLDER_PATH, undefined, {
      ...options,
      query: { name },
    }),
  /** The template filled in for one conversation, with fresh copies of its files. */
  resolve: (id: number, conversationId: number, options?: RequestOptions) =>
    http.get<ResolvedFastReply>(FAST_REPLY_PATHS.resolve, {
      ...options,
      query: { id, conversation_id: conversationId },
    }),
};

/** The variables a template can use: server data that never changes in a session. */
export const fastReplyVariablesApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getFastReplyVariables: build.query<FastReplyVariables, void>({
      query: () => FAST_REPLY_PATHS.variables,
      keepUnusedDataFor: 3600,
    }),
  }),
});

export const { useGetFastReplyVariablesQuery } = fastReplyVariablesApi;
