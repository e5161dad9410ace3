import { createAsyncThunk, createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { TICKET_CACHE_LIFETIME_MS } from '@parley/contracts';
import { toErrorPayload, type ApiErrorPayload } from '../../lib/api-error';
import { CANCELED_MESSAGE, isCanceledRequest } from '../../lib/request';
import { fetchTicket, type TicketPayload, type TicketStore } from './api/ticket-api';

/**
 * The ticket preload cache (docs/product/data.md, docs/product/states.md, docs/product/limits.md): one entry per ticket id plus store, loading, then
 * cached for 5 minutes or failed. Aborting a preload is not an error. Not persisted.
 */
export interface TicketPreloadEntry {
  data: TicketPayload | null;
  isLoading: boolean;
  error: ApiErrorPayload | null;
  /** When `data` stops being valid (ms since epoch); null until loaded. */
  expiresAt: number | null;
}

export type TicketPreloadState = Record<string, TicketPreloadEntry>;

export const initialTicketPreloadState: TicketPreloadState = {};

/** docs/product/limits.md: the ticket cache lifetime is 5 minutes. */
export const TICKET_PRELOAD_LIFETIME_MS = TICKET_CACHE_LIFETIME_MS;

/** A conversation as the preload needs it: its id and its store (brand). */
export interface PreloadTarget {
  id: number;
  brand_id: number | null;
}

/**
 * docs/product/data.md, docs/product/api.md: the store a conversation's ticket is read for — its brand, sent as `store_id` —
 * or none when the conversation belongs to no store.
 */
export function ticketStoreOf(conversation: Pick<PreloadTarget, 'brand_id'>): TicketStore {
  return conversation.brand_id === null ? {} : { storeId: conversation.brand_id };
}

/** The cache key: ticket id plus store (id and/or URL; empty when none). */
export function ticketKey(id: number, store: TicketStore = {}): string {
  return `${id}|${store.storeId ?? ''}|${store.storeUrl ?? ''}`;
}

export function isTicketFresh(entry: TicketPreloadEntry | undefined, now: number): boolean {
  return Boolean(entry?.data && entry.expiresAt !== null && entry.expiresAt > now);
}

export interface PreloadTicketArgs {
  id: number;
  store?: TicketStore;
  /** Load again even when the cached copy is still valid. */
  force?: boolean;
}

type State = { ticketPreload: TicketPreloadState };
type ThunkConfig = { rejectValue: ApiErrorPayload; state: State };

const CANCELED: ApiErrorPayload = { status: 0, code: 'canceled', message: CANCELED_MESSAGE };

export const preloadTicket = createAsyncThunk<
  { data: TicketPayload; expiresAt: number },
  PreloadTicketArgs,
  ThunkConfig
>(
  'ticketPreload/preload',
  async ({ id, store }, { rejectWithValue, signal }) => {
    try {
      const result = await fetchTicket(id, store, signal);
      if (isCanceledRequest(result)) return rejectWithValue(CANCELED);
      return { data: result, expiresAt: Date.now() + TICKET_PRELOAD_LIFETIME_MS };
    } catch (error) {
      return rejectWithValue(toErrorPayload(error));
    }
  },
  {
    // One load per key at a time, and none while the cached copy is valid.
    condition: ({ id, store, force }, { getState }) => {
      const entry = getState().ticketPreload[ticketKey(id, store)];
      if (!entry) return true;
      if (entry.isLoading) return false;
      return force === true || !isTicketFresh(entry, Date.now());
    },
  },
);

export const ticketPreloadSlice = createSlice({
  name: 'ticketPreload',
  initialState: initialTicketPreloadState,
  reducers: {
    /** The ticket changed (e.g. a realtime event): its cached copies are no longer right. */
    ticketPreloadInvalidated(state, action: PayloadAction<number>) {
      const prefix = `${action.payload}|`;
      for (const key of Object.keys(state)) if (key.startsWith(prefix)) delete state[key];
    },
    /** Drops entries that are neither loading nor valid any more. */
    ticketPreloadPruned(state, action: PayloadAction<number>) {
      for (const [key, entry] of Object.entries(state)) {
        if (!entry.isLoading && !isTicketFresh(entry, action.payload)) delete state[key];
      }
    },
  },
  extraReducers: (builder) => {
    builder
      .addCase(preloadTicket.pending, (state, action) => {
        const key = ticketKey(action.meta.arg.id, action.meta.arg.store);
        const previous = state[key];
        state[key] = {
          data: previous?.data ?? null,
          isLoading: true,
          error: null,
          expiresAt: previous?.expiresAt ?? null,
        };
      })
      .addCase(preloadTicket.fulfilled, (state, action) => {
        // Expired copies of other tickets go, so the cache cannot grow without bound.
        const now = action.payload.expiresAt - TICKET_PRELOAD_LIFETIME_MS;
        for (const [key, entry] of Object.entries(state)) {
          if (!entry.isLoading && !isTicketFresh(entry, now)) delete state[key];
        }
        state[ticketKey(action.meta.arg.id, action.meta.arg.store)] = {
          data: action.payload.data,
          isLoading: false,
          error: null,
          expiresAt: action.payload.expiresAt,
        };
      })
      .addCase(preloadTicket.rejected, (state, action) => {
        if (action.meta.condition) return;
        const key = ticketKey(action.meta.arg.id, action.meta.arg.store);
        const entry = state[key];
        if (!entry) return;
        entry.isLoading = false;
        // docs/product/states.md: an abort is not an error. What was cached before stays; nothing else is kept.
        if (action.meta.aborted || action.payload?.code === 'canceled') {
          if (!entry.data) delete state[key];
          return;
        }
        entry.error = action.payload ?? toErrorPayload(action.error);
        entry.data = null;
        entry.expiresAt = null;
      });
  },
});

export const { ticketPreloadInvalidated, ticketPreloadPruned } = ticketPreloadSlice.actions;

export function selectTicketEntry(
  state: State,
  id: number,
  store?: TicketStore,
): TicketPreloadEntry | undefined {
  return state.ticketPreload[ticketKey(id, store)];
}

/**
 * A valid cached copy of a ticket: for that store when one is named, otherwise for any store
 * (the pane knows only the conversation id).
 */
export function selectFreshTicket(
  state: State,
  id: number,
  now: number,
  store?: TicketStore,
): TicketPayload | null {
  if (store) {
    const entry = selectTicketEntry(state, id, store);
    return entry && isTicketFresh(entry, now) ? entry.data : null;
  }
  const prefix = `${id}|`;
  for (const [key, entry] of Object.entries(state.ticketPreload)) {
    if (key.startsWith(prefix) && isTicketFresh(entry, now)) return entry.data;
  }
  return null;
}
