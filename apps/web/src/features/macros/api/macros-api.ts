import {
  MACROS_PATH,
  macroRunPath,
  type Macro,
  type MacroBody,
  type MacroList,
  type MacroPatch,
  type MacroRunResult,
} from '@parley/contracts';
import { baseApi } from '../../../lib/base-api';

/** Puts a saved macro into the cached list, in its place. */
const macroSaved = (macro: Macro) =>
  macrosApi.util.updateQueryData('getMacros', undefined, (draft) => {
    const at = draft.macros.findIndex((m) => m.id === macro.id);
    if (at === -1) draft.macros.push(macro);
    else draft.macros[at] = macro;
  });

export const macrosApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** The account's shared macros and the agent's own personal ones. */
    getMacros: build.query<MacroList, void>({ query: () => MACROS_PATH }),
    createMacro: build.mutation<Macro, MacroBody>({
      query: (body) => ({ url: MACROS_PATH, method: 'POST', body }),
      async onQueryStarted(_, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        if (data) dispatch(macroSaved(data));
      },
    }),
    updateMacro: build.mutation<Macro, { id: number; patch: MacroPatch }>({
      query: ({ id, patch }) => ({ url: `${MACROS_PATH}/${id}`, method: 'PATCH', body: patch }),
      async onQueryStarted(_, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        if (data) dispatch(macroSaved(data));
      },
    }),
    deleteMacro: build.mutation<{ ok: true }, number>({
      query: (id) => ({ url: `${MACROS_PATH}/${id}`, method: 'DELETE' }),
      async onQueryStarted(id, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        if (data)
          dispatch(
            macrosApi.util.updateQueryData('getMacros', undefined, (draft) => {
              draft.macros = draft.macros.filter((m) => m.id !== id);
            }),
          );
      },
    }),
    /** The list rows follow through realtime; the open conversation is read again at once. */
    runMacro: build.mutation<MacroRunResult, { conversationId: number; macroId: number }>({
      query: ({ conversationId, macroId }) => ({
        url: macroRunPath(conversationId, macroId),
        method: 'POST',
      }),
      invalidatesTags: (result, _error, { conversationId }) =>
        result
          ? [
              { type: 'Conversation', id: conversationId },
              { type: 'Messages', id: conversationId },
            ]
          : [],
    }),
  }),
});

export const {
  useGetMacrosQuery,
  useCreateMacroMutation,
  useUpdateMacroMutation,
  useDeleteMacroMutation,
  useRunMacroMutation,
} = macrosApi;
