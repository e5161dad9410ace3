import type { AccountSummary } from '@parley/contracts';
import { baseApi } from '../../../lib/base-api';

export const accountsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    listAccounts: build.query<AccountSummary[], void>({
      query: () => '/dashboardapi/accounts',
      transformResponse: (response: { accounts: AccountSummary[] }) => response.accounts,
      providesTags: ['Accounts'],
    }),
    createAccount: build.mutation<AccountSummary, { name: string }>({
      query: (body) => ({ url: '/dashboardapi/accounts', method: 'POST', body }),
      invalidatesTags: ['Accounts'],
    }),
  }),
});

export const { useListAccountsQuery, useCreateAccountMutation } = accountsApi;
