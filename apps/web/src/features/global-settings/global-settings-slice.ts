import { createAsyncThunk, createSlice } from '@reduxjs/toolkit';
import {
  GLOBAL_SETTINGS_DEFAULTS,
  GLOBAL_SETTINGS_REFRESH_AFTER_MS,
  LOCAL_KEYS,
  type GlobalSettings,
  type GlobalSettingsPatch,
} from '@parley/contracts';
import { toErrorPayload, type ApiErrorPayload } from '../../lib/api-error';
import { isCanceledRequest } from '../../lib/request';
import { globalSettingsApi } from './api/global-settings-api';

/** docs/product/data.md: the five settings plus loading, submitting, isFetched, error. Persisted. */
export interface GlobalSettingsState extends GlobalSettings {
  loading: boolean;
  submitting: boolean;
  isFetched: boolean;
  error: ApiErrorPayload | null;
}

export const initialGlobalSettingsState: GlobalSettingsState = {
  ...GLOBAL_SETTINGS_DEFAULTS,
  default_fonts: [...GLOBAL_SETTINGS_DEFAULTS.default_fonts],
  loading: false,
  submitting: false,
  isFetched: false,
  error: null,
};

type ThunkConfig = { rejectValue: ApiErrorPayload; state: { globalSettings: GlobalSettingsState } };

// i18n-ignore-next-line: a canceled request is dropped (its code is checked), never shown
const CANCELED: ApiErrorPayload = { status: 0, code: 'canceled', message: 'Request canceled' };

/** When the settings were last fetched (ms since epoch), from `last-shown-at`. */
export function readLastShownAt(): number | null {
  const raw = localStorage.getItem(LOCAL_KEYS.lastShownAt);
  if (!raw) return null;
  const value = /^\d+$/.test(raw) ? Number(raw) : Date.parse(raw);
  return Number.isFinite(value) ? value : null;
}

export function isGlobalSettingsStale(now: number, lastShownAt: number | null): boolean {
  return lastShownAt === null || now - lastShownAt > GLOBAL_SETTINGS_REFRESH_AFTER_MS;
}

export const fetchGlobalSettings = createAsyncThunk<GlobalSettings, void, ThunkConfig>(
  'globalSettings/fetch',
  async (_, { rejectWithValue, signal }) => {
    try {
      const result = await globalSettingsApi.get({ signal });
      if (isCanceledRequest(result)) return rejectWithValue(CANCELED);
      localStorage.setItem(LOCAL_KEYS.lastShownAt, String(Date.now()));
      return result;
    } catch (error) {
      return rejectWithValue(toErrorPayload(error));
    }
  },
  // One fetch at a time: the page and the periodic check may ask together.
  { condition: (_, { getState }) => !getState().globalSettings.loading },
);

/** docs/product/states.md: checked every 60 s; refetched when never fetched or more than 60 min old. */
export const refreshGlobalSettingsIfStale = createAsyncThunk<void, void, ThunkConfig>(
  'globalSettings/refreshIfStale',
  async (_, { dispatch, getState }) => {
    const { isFetched } = getState().globalSettings;
    if (!isFetched || isGlobalSettingsStale(Date.now(), readLastShownAt())) {
      await dispatch(fetchGlobalSettings());
    }
  },
);

export const updateGlobalSettings = createAsyncThunk<
  GlobalSettings,
  GlobalSettingsPatch,
  ThunkConfig
>('globalSettings/update', async (reqData, { rejectWithValue }) => {
  try {
    const result = await globalSettingsApi.update(reqData);
    if (isCanceledRequest(result)) return rejectWithValue(CANCELED);
    return result;
  } catch (error) {
    return rejectWithValue(toErrorPayload(error));
  }
});

function applySettings(state: GlobalSettingsState, settings: GlobalSettings) {
  state.default_fonts = settings.default_fonts;
  state.live_chat_notification_sound = settings.live_chat_notification_sound;
  state.auto_assign_user_on_reply = settings.auto_assign_user_on_reply;
  state.treat_subject_and_sender_combination_as_single_thread =
    settings.treat_subject_and_sender_combination_as_single_thread;
  state.are_keyboard_shortcuts_disabled = settings.are_keyboard_shortcuts_disabled;
}

export const globalSettingsSlice = createSlice({
  name: 'globalSettings',
  initialState: initialGlobalSettingsState,
  reducers: {
    /** A newer copy arrived from elsewhere (e.g. the realtime channel). */
    globalSettingsReceived(state, action: { payload: GlobalSettings }) {
      applySettings(state, action.payload);
      state.isFetched = true;
    },
  },
  extraReducers: (builder) => {
    builder
      .addCase(fetchGlobalSettings.pending, (state) => {
        state.loading = true;
      })
      .addCase(fetchGlobalSettings.fulfilled, (state, action) => {
        applySettings(state, action.payload);
        state.loading = false;
        state.isFetched = true;
        state.error = null;
      })
      .addCase(fetchGlobalSettings.rejected, (state, action) => {
        state.loading = false;
        if (action.payload?.code !== 'canceled') state.error = action.payload ?? null;
      })
      .addCase(updateGlobalSettings.pending, (state) => {
        state.submitting = true;
      })
      .addCase(updateGlobalSettings.fulfilled, (state, action) => {
        applySettings(state, action.payload);
        state.submitting = false;
        state.isFetched = true;
        state.error = null;
      })
      .addCase(updateGlobalSettings.rejected, (state, action) => {
        state.submitting = false;
        if (action.payload?.code !== 'canceled') state.error = action.payload ?? null;
      });
  },
});

export const { globalSettingsReceived } = globalSettingsSlice.actions;
