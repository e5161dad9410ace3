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
import { baseApi } from '../../../lib/base-api';

/** Puts a saved rule into the cached list, in its place. */
const ruleSaved = (rule: AutomationRule) =>
  automationApi.util.updateQueryData('getAutomationRules', undefined, (draft) => {
    const at = draft.rules.findIndex((r) => r.id === rule.id);
    if (at === -1) draft.rules.push(rule);
    else draft.rules[at] = rule;
  });

export const automationApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
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
    createAutomationRule: build.mutation<AutomationRule, AutomationRuleBody>({
      query: (body) => ({ url: AUTOMATION_RULES_PATH, method: 'POST', body }),
      async onQueryStarted(_, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        if (data) dispatch(ruleSaved(data));
      },
    }),
    updateAutomationRule: build.mutation<
      AutomationRule,
      { id: number; patch: AutomationRulePatch }
    >({
      query: ({ id, patch }) => ({
        url: `${AUTOMATION_RULES_PATH}/${id}`,
        method: 'PATCH',
        body: patch,
      }),
      async onQueryStarted(_, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        if (data) dispatch(ruleSaved(data));
      },
    }),
    deleteAutomationRule: build.mutation<{ ok: true }, number>({
      query: (id) => ({ url: `${AUTOMATION_RULES_PATH}/${id}`, method: 'DELETE' }),
      async onQueryStarted(id, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        if (data)
          dispatch(
            automationApi.util.updateQueryData('getAutomationRules', undefined, (draft) => {
              draft.rules = draft.rules.filter((r) => r.id !== id);
            }),
          );
      },
    }),
    reorderAutomationRules: build.mutation<AutomationRuleList, number[]>({
      query: (ids) => ({ url: `${AUTOMATION_RULES_PATH}/reorder`, method: 'POST', body: { ids } }),
      async onQueryStarted(ids, { dispatch, queryFulfilled }) {
        // The new order shows at once, and goes back if the server refuses it.
        const patch = dispatch(
          automationApi.util.updateQueryData('getAutomationRules', undefined, (draft) => {
            const byId = new Map(draft.rules.map((r) => [r.id, r]));
            draft.rules = ids.map((id) => byId.get(id)!).filter(Boolean);
          }),
        );
        await queryFulfilled.catch(() => patch.undo());
      },
    }),
    dryRunAutomationRule: build.mutation<AutomationDryRunResult, AutomationDryRunBody>({
      query: (body) => ({ url: `${AUTOMATION_RULES_PATH}/dry-run`, method: 'POST', body }),
    }),
  }),
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
