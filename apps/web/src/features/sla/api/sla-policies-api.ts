import {
  SLA_POLICIES_ORDER_PATH,
  SLA_POLICIES_PATH,
  type SlaPolicy,
  type SlaPolicyBody,
  type SlaPolicyList,
  type SlaPolicyPatch,
} from '@parley/contracts';
import { baseApi } from '../../../lib/base-api';

/** A store (brand) of the account, as GET /dashboardapi/brand/all lists them. */
export interface Store {
  id: number;
  name: string;
}

/** Puts a saved policy into the cached list, in its place. */
const policySaved = (policy: SlaPolicy) =>
  slaPoliciesApi.util.updateQueryData('getSlaPolicies', undefined, (draft) => {
    const at = draft.policies.findIndex((p) => p.id === policy.id);
    if (at === -1) draft.policies.push(policy);
    else draft.policies[at] = policy;
  });

export const slaPoliciesApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getSlaPolicies: build.query<SlaPolicyList, void>({ query: () => SLA_POLICIES_PATH }),
    /** The stores a policy may cover (docs/product/api.md "list brands"). */
    getSlaStores: build.query<Store[], void>({ query: () => '/dashboardapi/brand/all' }),
    createSlaPolicy: build.mutation<SlaPolicy, SlaPolicyBody>({
      query: (body) => ({ url: SLA_POLICIES_PATH, method: 'POST', body }),
      async onQueryStarted(_, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        if (data) dispatch(policySaved(data));
      },
    }),
    updateSlaPolicy: build.mutation<SlaPolicy, { id: number; patch: SlaPolicyPatch }>({
      query: ({ id, patch }) => ({
        url: `${SLA_POLICIES_PATH}/${id}`,
        method: 'PATCH',
        body: patch,
      }),
      async onQueryStarted(_, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        if (data) dispatch(policySaved(data));
      },
    }),
    deleteSlaPolicy: build.mutation<unknown, number>({
      query: (id) => ({ url: `${SLA_POLICIES_PATH}/${id}`, method: 'DELETE' }),
      async onQueryStarted(id, { dispatch, queryFulfilled }) {
        const done = await queryFulfilled.then(
          () => true,
          () => false,
        );
        if (done)
          dispatch(
            slaPoliciesApi.util.updateQueryData('getSlaPolicies', undefined, (draft) => {
              draft.policies = draft.policies.filter((p) => p.id !== id);
            }),
          );
      },
    }),
    /** The order policies are tried in: the first that covers a conversation applies. */
    reorderSlaPolicies: build.mutation<unknown, number[]>({
      query: (ids) => ({ url: SLA_POLICIES_ORDER_PATH, method: 'PUT', body: { ids } }),
      async onQueryStarted(ids, { dispatch, queryFulfilled }) {
        // The new order shows at once, and goes back if the server refuses it.
        const patch = dispatch(
          slaPoliciesApi.util.updateQueryData('getSlaPolicies', undefined, (draft) => {
            const byId = new Map(draft.policies.map((p) => [p.id, p]));
            draft.policies = ids.flatMap((id) => byId.get(id) ?? []);
          }),
        );
        await queryFulfilled.catch(() => patch.undo());
      },
    }),
  }),
});

export const {
  useGetSlaPoliciesQuery,
  useGetSlaStoresQuery,
  useCreateSlaPolicyMutation,
  useUpdateSlaPolicyMutation,
  useDeleteSlaPolicyMutation,
  useReorderSlaPoliciesMutation,
} = slaPoliciesApi;
