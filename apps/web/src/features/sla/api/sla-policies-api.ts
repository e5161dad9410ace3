import {
  SLA_POLICIES_ORDER_PATH,
  SLA_POLICIES_PATH,
  type SlaPolicy,
  type SlaPolicyBody,
  type SlaPolicyList,
  type SlaPolicyPatch,
} from '@parley/contracts';
import {
  itemEndpoints,
  reorderEndpoint,
  type CachedListChange,
} from '../../../components/settings-list/endpoints';
import { baseApi } from '../../../lib/base-api';

/** A store (brand) of the account, as GET /dashboardapi/brand/all lists them. */
export interface Store {
  id: number;
  name: string;
}

const changeCachedPolicies: CachedListChange<SlaPolicy> = (dispatch, change) =>
  dispatch(
    slaPoliciesApi.util.updateQueryData('getSlaPolicies', undefined, (draft) => {
      draft.policies = change(draft.policies);
    }),
  );

export const slaPoliciesApi = baseApi.injectEndpoints({
  endpoints: (build) => {
    const policies = itemEndpoints<SlaPolicy, SlaPolicyBody, SlaPolicyPatch>(build, {
      path: SLA_POLICIES_PATH,
      changeCachedList: changeCachedPolicies,
    });
    return {
      getSlaPolicies: build.query<SlaPolicyList, void>({ query: () => SLA_POLICIES_PATH }),
      /** The stores a policy may cover (docs/product/api.md "list brands"). */
      getSlaStores: build.query<Store[], void>({ query: () => '/dashboardapi/brand/all' }),
      createSlaPolicy: policies.create,
      updateSlaPolicy: policies.update,
      deleteSlaPolicy: policies.remove,
      /** The order policies are tried in: the first that covers a conversation applies. */
      reorderSlaPolicies: reorderEndpoint(build, {
        url: SLA_POLICIES_ORDER_PATH,
        method: 'PUT',
        changeCachedList: changeCachedPolicies,
      }),
    };
  },
});

export const {
  useGetSlaPoliciesQuery,
  useGetSlaStoresQuery,
  useCreateSlaPolicyMutation,
  useUpdateSlaPolicyMutation,
  useDeleteSlaPolicyMutation,
  useReorderSlaPoliciesMutation,
} = slaPoliciesApi;
