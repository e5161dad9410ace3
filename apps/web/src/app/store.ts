import {
  combineReducers,
  configureStore,
  createListenerMiddleware,
  type UnknownAction,
} from '@reduxjs/toolkit';
import { LOCAL_KEYS } from '@parley/contracts';
import { baseApi } from '../lib/base-api';
import { authSlice } from '../features/auth';
import { composerDraftsSlice, ticketPreloadSlice } from '../features/conversation';
import { fastReplySlice } from '../features/fast-reply';
import { globalSettingsSlice } from '../features/global-settings';
import {
  clearPersistedSlices,
  keepPersistedSlices,
  readPersistedSlices,
  type PersistStorage,
} from './persisted-state';
import { resetAppState } from './reset-app-state';

const appReducer = combineReducers({
  [authSlice.name]: authSlice.reducer,
  [globalSettingsSlice.name]: globalSettingsSlice.reducer,
  [fastReplySlice.name]: fastReplySlice.reducer,
  // Session-only: not among the persisted slices (docs/product/data.md).
  [ticketPreloadSlice.name]: ticketPreloadSlice.reducer,
  [composerDraftsSlice.name]: composerDraftsSlice.reducer,
  [baseApi.reducerPath]: baseApi.reducer,
});

export type RootState = ReturnType<typeof appReducer>;

/** docs/product/data.md: reset-app-state returns every slice to its initial state. */
export function rootReducer(state: RootState | undefined, action: UnknownAction): RootState {
  if (resetAppState.match(action)) {
    const fresh = appReducer(undefined, action);
    return action.payload.keepAuth && state ? { ...fresh, auth: state.auth } : fresh;
  }
  return appReducer(state, action);
}

/**
 * A store, with fastReply and globalSettings read from what the last visit kept and kept as they
 * change (app/persisted-state.ts). `persist: false` makes one that neither reads nor writes
 * (tests that do not test persistence).
 */
export function makeStore({
  persist = true,
  storage = globalThis.localStorage,
}: { persist?: boolean; storage?: PersistStorage } = {}) {
  const listener = createListenerMiddleware();
  const initial = appReducer(undefined, { type: '@@parley/init' });
  const store = configureStore({
    reducer: rootReducer,
    preloadedState: persist ? { ...initial, ...readPersistedSlices(initial, storage) } : undefined,
    middleware: (getDefault) =>
      getDefault().prepend(listener.middleware).concat(baseApi.middleware),
  });
  const keeper = persist ? keepPersistedSlices(store, storage) : null;

  listener.startListening({
    actionCreator: resetAppState,
    effect: (action, api) => {
      // Also drops RTK Query's subscriptions, so mounted screens fetch again.
      api.dispatch(baseApi.util.resetApiState());
      if (!action.payload.keepAuth) localStorage.removeItem(LOCAL_KEYS.loggedInUserData);
      // The initial state written by the keeper (if anything changed) is then cleared too.
      keeper?.flush();
      if (persist) clearPersistedSlices(storage);
    },
  });

  return { store, keeper };
}

export type AppStore = ReturnType<typeof makeStore>['store'];
export type AppDispatch = AppStore['dispatch'];
