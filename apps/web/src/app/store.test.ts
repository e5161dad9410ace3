import { afterEach, describe, expect, it } from 'vitest';
import { waitFor } from '@testing-library/react';
import { LOCAL_KEYS, PERSIST_KEY, PERSIST_TIMEOUT_MS } from '@parley/contracts';
import { meLoaded } from '../features/auth/auth-slice';
import { folderAdded, initialFastReplyState } from '../features/fast-reply/fast-reply-slice';
import {
  globalSettingsReceived,
  initialGlobalSettingsState,
} from '../features/global-settings/global-settings-slice';
import { ME } from '../test/fixtures';
import { resetAppState } from './reset-app-state';
import { makeStore, persistConfig } from './store';

const STORAGE_KEY = `persist:${PERSIST_KEY}`;

const SETTINGS = {
  default_fonts: ['Georgia'],
  live_chat_notification_sound: 2,
  auto_assign_user_on_reply: true,
  treat_subject_and_sender_combination_as_single_thread: false,
  are_keyboard_shortcuts_disabled: true,
};

function stored(): Record<string, unknown> | null {
  const raw = localStorage.getItem(STORAGE_KEY);
  return raw ? (JSON.parse(raw) as Record<string, unknown>) : null;
}

// Each test makes its own store; stop the previous ones writing into the next test's storage.
const made: Array<ReturnType<typeof makeStore>> = [];
function newStore() {
  const created = makeStore();
  made.push(created);
  return created;
}
afterEach(() => {
  for (const { persistor } of made.splice(0)) persistor.pause();
});

async function rehydrated(persistor: ReturnType<typeof makeStore>['persistor']) {
  await waitFor(() => expect(persistor.getState().bootstrapped).toBe(true));
}

describe('persisted store (docs/product/data.md)', () => {
  it('is configured under shared-inbox with a 5000 ms timeout and only two slices', () => {
    expect(persistConfig.key).toBe('shared-inbox');
    expect(persistConfig.timeout).toBe(PERSIST_TIMEOUT_MS);
    expect(PERSIST_TIMEOUT_MS).toBe(5000);
    expect(persistConfig.whitelist).toEqual(['fastReply', 'globalSettings']);
  });

  it('persists only fastReply and globalSettings under the shared-inbox key', async () => {
    const { store, persistor } = newStore();
    await rehydrated(persistor);
    store.dispatch(meLoaded(ME));
    store.dispatch(globalSettingsReceived(SETTINGS));
    store.dispatch(folderAdded('Billing'));
    await persistor.flush();

    await waitFor(() => expect(stored()).not.toBeNull());
    const saved = stored() ?? {};
    expect(Object.keys(saved).sort()).toEqual(['_persist', 'fastReply', 'globalSettings']);
    expect(JSON.parse(saved.globalSettings as string)).toMatchObject(SETTINGS);
    expect(JSON.parse(saved.fastReply as string)).toMatchObject({ folders: ['Billing'] });
    expect(JSON.stringify(saved)).not.toContain(ME.email);
  });

  it('rehydrates the persisted slices, without a stale in-flight flag', async () => {
    localStorage.setItem(
      STORAGE_KEY,
      JSON.stringify({
        globalSettings: JSON.stringify({
          ...initialGlobalSettingsState,
          ...SETTINGS,
          isFetched: true,
          loading: true,
          submitting: true,
        }),
        fastReply: JSON.stringify({ ...initialFastReplyState, folders: ['Refunds'] }),
        _persist: JSON.stringify({ version: -1, rehydrated: true }),
      }),
    );
    const { store, persistor } = newStore();
    await rehydrated(persistor);
    const state = store.getState();
    expect(state.globalSettings).toMatchObject({ ...SETTINGS, isFetched: true });
    expect(state.globalSettings.loading).toBe(false);
    expect(state.globalSettings.submitting).toBe(false);
    expect(state.fastReply.folders).toEqual(['Refunds']);
  });

  it('reset-app-state resets every slice and purges the persisted copy', async () => {
    const { store, persistor } = newStore();
    await rehydrated(persistor);
    store.dispatch(meLoaded(ME));
    store.dispatch(globalSettingsReceived(SETTINGS));
    store.dispatch(folderAdded('Billing'));
    await persistor.flush();
    await waitFor(() => expect(stored()).not.toBeNull());
    localStorage.setItem(LOCAL_KEYS.loggedInUserData, JSON.stringify(ME));

    store.dispatch(resetAppState());

    const state = store.getState();
    expect(state.auth.me).toBeNull();
    expect(state.globalSettings).toEqual(initialGlobalSettingsState);
    expect(state.fastReply).toEqual(initialFastReplyState);
    expect(localStorage.getItem(LOCAL_KEYS.loggedInUserData)).toBeNull();
    // Whatever is stored afterwards is the initial state, never the old values.
    await waitFor(() => {
      const after = stored();
      const settings = after?.globalSettings ? JSON.parse(after.globalSettings as string) : null;
      expect(settings === null || settings.auto_assign_user_on_reply === false).toBe(true);
    });
    expect(JSON.stringify(stored() ?? {})).not.toContain('Billing');
  });

  it('reset-app-state on an account switch keeps who is signed in', async () => {
    const { store, persistor } = newStore();
    await rehydrated(persistor);
    store.dispatch(meLoaded(ME));
    store.dispatch(globalSettingsReceived(SETTINGS));

    store.dispatch(resetAppState({ keepAuth: true }));

    expect(store.getState().auth.me).toEqual(ME);
    expect(store.getState().globalSettings).toEqual(initialGlobalSettingsState);
  });
});
