import { createApi, type BaseQueryFn } from '@reduxjs/toolkit/query/react';
import { toErrorPayload, type ApiErrorPayload } from './api-error';
import { isCanceledRequest, request, type QueryValue } from './request';

export interface ApiRequest {
  url: string;
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  query?: Record<string, QueryValue>;
}

/** RTK Query over the request wrapper, so its data calls get the same headers and 401/403 rules. */
const wrapperBaseQuery: BaseQueryFn<ApiRequest | string, unknown, ApiErrorPayload> = async (
  args,
  { signal },
) => {
  const { url, method = 'GET', body, query } = typeof args === 'string' ? { url: args } : args;
  try {
    const options = { signal, ...(query ? { query } : {}) };
    const result = await request<unknown>(method, url, body, options);
    if (isCanceledRequest(result)) {
      return { error: { status: 0, code: 'canceled', message: result.message } };
    }
    return { data: result };
  } catch (error) {
    return { error: toErrorPayload(error) };
  }
};

/** One API slice; features add their endpoints with injectEndpoints. Not persisted. */
export const baseApi = createApi({
  reducerPath: 'api',
  baseQuery: wrapperBaseQuery,
  tagTypes: [
    'Me',
    'Accounts',
    'TeamMembers',
    'Conversations',
    'ViewCounts',
    'Conversation',
    'Messages',
    'Mapping',
    'Channels',
    'ApiKeys',
    'Teams',
    'WidgetSettings',
    'SetupChecklist',
    'EmailSetup',
    'Tags',
    'HelpCenterArticles',
    'HelpCenterCategories',
    'FeatureRequests',
    'Billing',
  ],
  endpoints: () => ({}),
});
