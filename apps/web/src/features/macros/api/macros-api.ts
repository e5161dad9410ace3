import {
  MACROS_PATH,
  macroRunPath,
  type Macro,
  type MacroBody,
  type MacroList,
  type MacroPatch,
  type MacroRunResult,
} from '@parley/contracts';
import { itemEndpoints, type CachedListChange } from '../../../components/settings-list/endpoints';
import { baseApi } from '../../../lib/base-api';

const changeCachedMacros: CachedListChange<Macro> = (dispatch, change) =>
  dispatch(
    macrosApi.util.updateQueryData('getMacros', undefined, (draft) => {
      draft.macros = change(draft.macros);
    }),
  );

export const macrosApi = baseApi.injectEndpoints({
  endpoints: (build) => {
    const macros = itemEndpoints<Macro, MacroBody, MacroPatch>(build, {
      path: MACROS_PATH,
      changeCachedList: changeCachedMacros,
    });
    return {
      /** The account's shared macros and the agent's own personal ones. */
      getMacros: build.query<MacroList, void>({ query: () => MACROS_PATH }),
      createMacro: macros.create,
      updateMacro: macros.update,
      deleteMacro: macros.remove,
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
    };
  },
});

export const {
  useGetMacrosQuery,
  useCreateMacroMutation,
  useUpdateMacroMutation,
  useDeleteMacroMutation,
  useRunMacroMutation,
} = macrosApi;
