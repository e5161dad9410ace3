import {
  combineReducers,
  configureStore,
  createListenerMiddleware,
  type UnknownAction,
} from '@reduxjs/toolkit';
import {
  FLUSH,
  PAUSE,
  PERSIST,
  PURGE,
  REGISTER,
  REHYDRATE,
  createTransform,
  persistReducer,
  persistStore,
  purgeStoredState,
} from 'redux-persist';
import type { PersistConfig, WebStorage } from 'redux-persist';
import { LOCAL_KEYS, PERSIST_KEY, PERSIST_TIMEOUT_MS } from '@parley/contracts';
import { baseApi } from '../lib/base-api';
import { authSlice } from '../features/auth/auth-slice';
import { composerDraftsSlice } from '../features/conversation/composer-drafts-slice';
import { ticketPreloadSlice } from '../features/conversation/ticket-preload-slice';
import { fastReplySlice } from '../features/fast-reply/fast-reply-slice';
import { globalSettingsSlice } from '../features/global-settings/global-settings-slice';
import { resetAppState } from './reset-app-state';

const appReducer = combineReducers({
  [authSlice.name]: authSlice.reducer,
  [globalSettingsSlice.name]: globalSettingsSlice.reducer,
  [fastReplySlice.name]: fastReplySlice.reducer,
  // Session-only: not in PERSISTED_SLICES (docs/product/data.md).
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

/** localStorage behind redux-persist's async storage interface. */
export const localPersistStorage: WebStorage = {
  getItem: async (key) => localStorage.getItem(key),
  setItem: async (key, value) => localStorage.setItem(key, value),
  removeItem: async (key) => localStorage.removeItem(key),
};

export const PERSISTED_SLICES = ['fastReply', 'globalSettings'];

// A reload must not resurrect an in-flight spinner: requests do not survive it.
const settleInFlightFlags = createTransform<object, object>(
  null,
  (outbound) => ({ ...outbound, loading: false, submitting: false }),
  { whitelist: PERSISTED_SLICES },
);

export const persistConfig: PersistConfig<RootState> = {
  key: PERSIST_KEY,
  storage: localPersistStorage,
  timeout: PERSIST_TIMEOUT_MS,
  // docs/product/data.md: only these two slices are persisted.
  whitelist: PERSISTED_SLICES,
  transforms: [settleInFlightFlags],
};

export function makeStore() {
  const listener = createListenerMiddleware();
  const store = configureStore({
    reducer: persistReducer(persistConfig, rootReducer),
    middleware: (getDefault) =>
      getDefault({
        // redux-persist's own actions carry functions; they never reach our slices.
        serializableCheck: { ignoredActions: [FLUSH, REHYDRATE, PAUSE, PERSIST, PURGE, REGISTER] },
      })
        .prepend(listener.middleware)
        .concat(baseApi.middleware),
  });

  listener.startListening({
    actionCreator: resetAppState,
    effect: async (action, api) => {
      // Also drops RTK Query's subscriptions, so mounted screens fetch again.
      api.dispatch(baseApi.util.resetApiState());
      if (!action.payload.keepAuth) localStorage.removeItem(LOCAL_KEYS.loggedInUserData);
      await purgeStoredState(persistConfig);
    },
  });

  const persistor = persistStore(store);
  return { store, persistor };
}

export type AppStore = ReturnType<typeof makeStore>['store'];
export type AppDispatch = AppStore['dispatch'];
