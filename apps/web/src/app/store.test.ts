import { afterEach, describe, expect, it } from 'vitest';
import { LOCAL_KEYS, PERSIST_KEY } from '@parley/contracts';
import { meLoaded } from '../features/auth';
import { folderAdded, initialFastReplyState } from '../features/fast-reply';
import { globalSettingsReceived, initialGlobalSettingsState } from '../features/global-settings';
import { ME } from '../test/fixtures';
import { PERSISTED_SLICES, PERSIST_STORAGE_KEY } from './persisted-state';
import { resetAppState } from './reset-app-state';
import { makeStore } from './store';

const SETTINGS = {
  default_fonts: ['Georgia'],
  live_chat_notification_sound: 2,
  auto_assign_user_on_reply: true,
  treat_subject_and_sender_combination_as_single_thread: false,
  are_keyboard_shortcuts_disabled: true,
};

function stored(): Record<string, unknown> | null {
  const raw = localStorage.getItem(PERSIST_STORAGE_KEY);
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
  for (const { keeper } of made.splice(0)) keeper?.stop();
  localStorage.clear();
});

describe('persisted store (docs/product/data.md)', () => {
  it('keeps only fastReply and globalSettings, under the shared-inbox key', () => {
    expect(PERSIST_KEY).toBe('shared-inbox');
    expect(PERSIST_STORAGE_KEY).toBe('persist:shared-inbox');
    expect(PERSISTED_SLICES).toEqual(['fastReply', 'globalSettings']);
    const { store, keeper } = newStore();
    store.dispatch(meLoaded(ME));
    store.dispatch(globalSettingsReceived(SETTINGS));
    store.dispatch(folderAdded('Billing'));
    keeper!.flush();

    const saved = stored() ?? {};
    expect(Object.keys(saved).sort()).toEqual(['fastReply', 'globalSettings']);
    expect(JSON.parse(saved.globalSettings as string)).toMatchObject(SETTINGS);
    expect(JSON.parse(saved.fastReply as string)).toMatchObject({ folders: ['Billing'] });
    expect(JSON.stringify(saved)).not.toContain(ME.email);
  });

  it('has the kept slices from its first state — nothing waits for them — without a stale in-flight flag', () => {
    localStorage.setItem(
      PERSIST_STORAGE_KEY,
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
    const { store } = newStore();
    const state = store.getState();
    expect(state.globalSettings).toMatchObject({ ...SETTINGS, isFetched: true });
    expect(state.globalSettings.loading).toBe(false);
    expect(state.globalSettings.submitting).toBe(false);
    expect(state.fastReply.folders).toEqual(['Refunds']);
  });

  it('reset-app-state resets every slice and forgets the persisted copy', () => {
    const { store, keeper } = newStore();
    store.dispatch(meLoaded(ME));
    store.dispatch(globalSettingsReceived(SETTINGS));
    store.dispatch(folderAdded('Billing'));
    keeper!.flush();
    expect(stored()).not.toBeNull();
    localStorage.setItem(LOCAL_KEYS.loggedInUserData, JSON.stringify(ME));

    store.dispatch(resetAppState());

    const state = store.getState();
    expect(state.auth.me).toBeNull();
    expect(state.globalSettings).toEqual(initialGlobalSettingsState);
    expect(state.fastReply).toEqual(initialFastReplyState);
    expect(localStorage.getItem(LOCAL_KEYS.loggedInUserData)).toBeNull();
    expect(stored()).toBeNull();
    keeper!.flush();
    expect(JSON.stringify(stored() ?? {})).not.toContain('Billing');
  });

  it('reset-app-state on an account switch keeps who is signed in', () => {
    const { store } = newStore();
    store.dispatch(meLoaded(ME));
    store.dispatch(globalSettingsReceived(SETTINGS));

    store.dispatch(resetAppState({ keepAuth: true }));

    expect(store.getState().auth.me).toEqual(ME);
    expect(store.getState().globalSettings).toEqual(initialGlobalSettingsState);
  });

  it('a store made without persistence neither reads nor writes storage', () => {
    localStorage.setItem(
      PERSIST_STORAGE_KEY,
      JSON.stringify({ fastReply: JSON.stringify({ ...initialFastReplyState, folders: ['X'] }) }),
    );
    const { store, keeper } = makeStore({ persist: false });
    expect(keeper).toBeNull();
    expect(store.getState().fastReply.folders).toEqual([]);
    store.dispatch(folderAdded('Y'));
    expect(localStorage.getItem(PERSIST_STORAGE_KEY)).not.toContain('"Y"');
  });
});
