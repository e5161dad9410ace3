import {
  AUTOMATION_RULES_PATH,
  type AutomationDryRunBody,
  type AutomationDryRunResult,
  type AutomationRule,
  type AutomationRuleBody,
  type AutomationRuleList,
  type AutomationRulePatch,
  type FastReplyTemplate,
  FAST_REPLY_PATHS,
} from '@parley/contracts';
import {
  itemEndpoints,
  reorderEndpoint,
  type CachedListChange,
} from '../../../components/settings-list/endpoints';
import { baseApi } from '../../../lib/base-api';

const changeCachedRules: CachedListChange<AutomationRule> = (dispatch, change) =>
  dispatch(
    automationApi.util.updateQueryData('getAutomationRules', undefined, (draft) => {
      draft.rules = change(draft.rules);
    }),
  );

export const automationApi = baseApi.injectEndpoints({
  endpoints: (build) => {
    const rules = itemEndpoints<AutomationRule, AutomationRuleBody, AutomationRulePatch>(build, {
      path: AUTOMATION_RULES_PATH,
      changeCachedList: changeCachedRules,
    });
    return {
      getAutomationRules: build.query<AutomationRuleList, void>({
        query: () => AUTOMATION_RULES_PATH,
      }),
      /** The templates a "send a fast reply" action may name. */
      getAutomationFastReplies: build.query<{ fast_replies: FastReplyTemplate[] }, void>({
        query: () => FAST_REPLY_PATHS.all,
      }),
      /** The stores (brands) a store condition may name (docs/product/api.md "list brands"). */
      getAutomationStores: build.query<{ id: number; name: string }[], void>({
        query: () => '/dashboardapi/brand/all',
      }),
      createAutomationRule: rules.create,
      updateAutomationRule: rules.update,
      deleteAutomationRule: rules.remove,
      reorderAutomationRules: reorderEndpoint(build, {
        url: `${AUTOMATION_RULES_PATH}/reorder`,
        method: 'POST',
        changeCachedList: changeCachedRules,
      }),
      dryRunAutomationRule: build.mutation<AutomationDryRunResult, AutomationDryRunBody>({
        query: (body) => ({ url: `${AUTOMATION_RULES_PATH}/dry-run`, method: 'POST', body }),
      }),
    };
  },
});

export const {
  useGetAutomationRulesQuery,
  useGetAutomationFastRepliesQuery,
  useGetAutomationStoresQuery,
  useCreateAutomationRuleMutation,
  useUpdateAutomationRuleMutation,
  useDeleteAutomationRuleMutation,
  useReorderAutomationRulesMutation,
  useDryRunAutomationRuleMutation,
} = automationApi;
