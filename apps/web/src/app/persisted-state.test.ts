import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  clearPersistedSlices,
  keepPersistedSlices,
  PERSIST_STORAGE_KEY,
  readPersistedSlices,
} from './persisted-state';

const INITIAL = {
  fastReply: { folders: [] as string[], loading: false, submitting: false },
  globalSettings: { isFetched: false, sound: 1, loading: false, submitting: false },
};
type State = typeof INITIAL & { auth: { email: string } };

/** A store as small as the keeper needs: a state and its listeners. */
function tinyStore(state: State) {
  const listeners = new Set<() => void>();
  return {
    getState: () => state,
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    set(next: Partial<State>) {
      state = { ...state, ...next };
      for (const listener of listeners) listener();
    },
  };
}

afterEach(() => {
  localStorage.clear();
  vi.useRealTimers();
});

describe('persisted slices (docs/product/data.md: fastReply and globalSettings under shared-inbox)', () => {
  it('keeps only the two slices under persist:shared-inbox, written once per burst of changes', () => {
    vi.useFakeTimers();
    const setItem = vi.spyOn(Storage.prototype, 'setItem');
    const store = tinyStore({ ...INITIAL, auth: { email: 'ada@example.com' } });
    const keeper = keepPersistedSlices(store);
    store.set({ fastReply: { ...INITIAL.fastReply, folders: ['Billing'] } });
    store.set({ globalSettings: { ...INITIAL.globalSettings, isFetched: true, sound: 3 } });
    expect(setItem).not.toHaveBeenCalled();
    vi.runAllTimers();
    expect(setItem).toHaveBeenCalledTimes(1);
    const kept = JSON.parse(localStorage.getItem(PERSIST_STORAGE_KEY)!);
    expect(Object.keys(kept).sort()).toEqual(['fastReply', 'globalSettings']);
    expect(JSON.parse(kept.fastReply).folders).toEqual(['Billing']);
    expect(JSON.parse(kept.globalSettings).sound).toBe(3);
    expect(JSON.stringify(kept)).not.toContain('ada@example.com');
    // A change elsewhere in the store writes nothing.
    store.set({ auth: { email: 'grace@example.com' } });
    vi.runAllTimers();
    expect(setItem).toHaveBeenCalledTimes(1);
    keeper.stop();
    setItem.mockRestore();
  });

  it('reads back what an earlier visit kept — the format the app has always written — without a stale spinner', () => {
    localStorage.setItem(
      PERSIST_STORAGE_KEY,
      JSON.stringify({
        globalSettings: JSON.stringify({ isFetched: true, sound: 2, loading: true }),
        fastReply: JSON.stringify({ folders: ['Refunds'], submitting: true }),
        _persist: JSON.stringify({ version: -1, rehydrated: true }),
      }),
    );
    expect(readPersistedSlices(INITIAL)).toEqual({
      globalSettings: { isFetched: true, sound: 2, loading: false, submitting: false },
      fastReply: { folders: ['Refunds'], loading: false, submitting: false },
    });
  });

  it('starts fresh from damaged or missing storage, slice by slice', () => {
    expect(readPersistedSlices(INITIAL)).toEqual({});
    localStorage.setItem(PERSIST_STORAGE_KEY, '{not json');
    expect(readPersistedSlices(INITIAL)).toEqual({});
    localStorage.setItem(
      PERSIST_STORAGE_KEY,
      JSON.stringify({ fastReply: '{broken', globalSettings: JSON.stringify({ sound: 4 }) }),
    );
    expect(readPersistedSlices(INITIAL)).toEqual({
      globalSettings: { ...INITIAL.globalSettings, sound: 4 },
    });
  });

  it('writes at once when the page is hidden, and forgets on a reset', () => {
    vi.useFakeTimers();
    const store = tinyStore({ ...INITIAL, auth: { email: '' } });
    const keeper = keepPersistedSlices(store);
    store.set({ fastReply: { ...INITIAL.fastReply, folders: ['VIP'] } });
    window.dispatchEvent(new Event('pagehide'));
    expect(localStorage.getItem(PERSIST_STORAGE_KEY)).toContain('VIP');
    clearPersistedSlices();
    expect(localStorage.getItem(PERSIST_STORAGE_KEY)).toBeNull();
    keeper.stop();
  });

  it('works on when storage refuses to write (full, or a private window)', () => {
    vi.useFakeTimers();
    const refusing = {
      getItem: () => null,
      setItem: () => {
        throw new DOMException('quota', 'QuotaExceededError');
      },
      removeItem: () => undefined,
    };
    const store = tinyStore({ ...INITIAL, auth: { email: '' } });
    const keeper = keepPersistedSlices(store, refusing);
    store.set({ fastReply: { ...INITIAL.fastReply, folders: ['VIP'] } });
    expect(() => vi.runAllTimers()).not.toThrow();
    keeper.stop();
  });
});
