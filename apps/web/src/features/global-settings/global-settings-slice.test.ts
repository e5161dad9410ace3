import { describe, expect, it } from 'vitest';
import {
  GLOBAL_SETTINGS_CHECK_INTERVAL_MS,
  GLOBAL_SETTINGS_DEFAULTS,
  GLOBAL_SETTINGS_REFRESH_AFTER_MS,
  LOCAL_KEYS,
} from '@parley/contracts';
import { makeStore } from '../../app/store';
import { fakeApi, json } from '../../test/fake-api';
import { signInCookies } from '../../test/fixtures';
import {
  globalSettingsReceived,
  initialGlobalSettingsState,
  isGlobalSettingsStale,
  refreshGlobalSettingsIfStale,
} from './global-settings-slice';

function storeWithFetchedSettings() {
  const { store } = makeStore({ persist: false });
  store.dispatch(globalSettingsReceived(GLOBAL_SETTINGS_DEFAULTS));
  return store;
}

describe('global settings refresh (docs/product/states.md, docs/product/limits.md)', () => {
  it('is checked every 60 seconds and refreshes after more than 60 minutes', () => {
    expect(GLOBAL_SETTINGS_CHECK_INTERVAL_MS).toBe(60_000);
    expect(GLOBAL_SETTINGS_REFRESH_AFTER_MS).toBe(60 * 60_000);
    const now = Date.now();
    expect(isGlobalSettingsStale(now, null)).toBe(true);
    expect(isGlobalSettingsStale(now, now - 60 * 60_000)).toBe(false);
    expect(isGlobalSettingsStale(now, now - 60 * 60_000 - 1)).toBe(true);
  });

  it('refetches when last-shown-at is more than 60 minutes old, and records the new time', async () => {
    signInCookies();
    const api = fakeApi({
      'GET /dashboardapi/global/settings': json(200, {
        ...GLOBAL_SETTINGS_DEFAULTS,
        are_keyboard_shortcuts_disabled: true,
      }),
    });
    const store = storeWithFetchedSettings();
    const old = Date.now() - GLOBAL_SETTINGS_REFRESH_AFTER_MS - 1000;
    localStorage.setItem(LOCAL_KEYS.lastShownAt, String(old));

    await store.dispatch(refreshGlobalSettingsIfStale());

    expect(api.callsTo('GET /dashboardapi/global/settings')).toHaveLength(1);
    expect(store.getState().globalSettings.are_keyboard_shortcuts_disabled).toBe(true);
    expect(Number(localStorage.getItem(LOCAL_KEYS.lastShownAt))).toBeGreaterThan(old);
  });

  it('does not refetch within 60 minutes of last-shown-at', async () => {
    signInCookies();
    const api = fakeApi({
      'GET /dashboardapi/global/settings': json(200, GLOBAL_SETTINGS_DEFAULTS),
    });
    const store = storeWithFetchedSettings();
    localStorage.setItem(LOCAL_KEYS.lastShownAt, String(Date.now() - 5 * 60_000));

    await store.dispatch(refreshGlobalSettingsIfStale());

    expect(api.callsTo('GET /dashboardapi/global/settings')).toHaveLength(0);
  });

  it('fetches when the settings were never fetched (e.g. after a reset)', async () => {
    signInCookies();
    const api = fakeApi({
      'GET /dashboardapi/global/settings': json(200, GLOBAL_SETTINGS_DEFAULTS),
    });
    const { store } = makeStore({ persist: false });
    localStorage.setItem(LOCAL_KEYS.lastShownAt, String(Date.now()));
    expect(store.getState().globalSettings).toEqual(initialGlobalSettingsState);

    await store.dispatch(refreshGlobalSettingsIfStale());

    expect(api.callsTo('GET /dashboardapi/global/settings')).toHaveLength(1);
    expect(store.getState().globalSettings.isFetched).toBe(true);
  });
});
