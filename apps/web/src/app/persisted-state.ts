import { PERSIST_KEY } from '@parley/contracts';

/**
 * The two slices kept across visits (docs/product/data.md: fastReply and globalSettings, under the
 * shared-inbox key), in the browser's localStorage. The key and the format are the ones the
 * persistence layer Parley used before wrote (an object of each slice's JSON), so what a browser
 * kept then is read now. localStorage answers at once, so the slices are in the store from its
 * first state: nothing waits for them, well within the persistence time-out (PERSIST_TIMEOUT_MS,
 * 5000 ms), and no render is held back (docs/adr/0017-persisted-slices.md).
 */
export const PERSIST_STORAGE_KEY = `persist:${PERSIST_KEY}`;
export const PERSISTED_SLICES = ['fastReply', 'globalSettings'] as const;
export type PersistedSlice = (typeof PERSISTED_SLICES)[number];

type Slices = Record<PersistedSlice, object>;

/** The part of localStorage this uses; tests pass their own. */
export type PersistStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** A reload must not resurrect an in-flight spinner: requests do not survive it. */
const settle = (slice: object) => ({ ...slice, loading: false, submitting: false });

/**
 * What a previous visit kept, each slice laid over its initial state (a field added since is
 * there with its initial value). Missing, unreadable or damaged storage reads as nothing kept.
 */
export function readPersistedSlices<S extends Slices>(
  initial: S,
  storage: PersistStorage | undefined = globalThis.localStorage,
): Partial<Pick<S, PersistedSlice>> {
  const restored: Partial<Pick<S, PersistedSlice>> = {};
  let kept: Record<string, unknown>;
  try {
    kept = JSON.parse(storage?.getItem(PERSIST_STORAGE_KEY) ?? 'null') as Record<string, unknown>;
  } catch {
    return restored;
  }
  if (!kept || typeof kept !== 'object') return restored;
  for (const name of PERSISTED_SLICES) {
    const raw = kept[name];
    try {
      const value: unknown = typeof raw === 'string' ? JSON.parse(raw) : raw;
      if (value && typeof value === 'object' && !Array.isArray(value))
        restored[name] = settle({ ...initial[name], ...value }) as S[typeof name];
    } catch {
      // One damaged slice starts fresh; the other is still read.
    }
  }
  return restored;
}

interface Watchable<S> {
  getState(): S;
  subscribe(listener: () => void): () => void;
}

/**
 * Keeps the two slices in storage as they change: written together, once per burst of changes
 * (a timer of 0 ms), and at once when the page is hidden or closed. Returns the means to flush
 * at once and to stop (tests, and a store that is replaced).
 */
export function keepPersistedSlices<S extends Slices>(
  store: Watchable<S>,
  storage: PersistStorage | undefined = globalThis.localStorage,
): { flush(): void; stop(): void } {
  let last = pick(store.getState());
  let timer: ReturnType<typeof setTimeout> | null = null;
  let stopped = false;

  const write = () => {
    timer = null;
    if (stopped) return;
    const current = pick(store.getState());
    if (PERSISTED_SLICES.every((name) => current[name] === last[name])) return;
    last = current;
    const value = Object.fromEntries(
      PERSISTED_SLICES.map((name) => [name, JSON.stringify(current[name])]),
    );
    try {
      storage?.setItem(PERSIST_STORAGE_KEY, JSON.stringify(value));
    } catch {
      // Storage full or refused (private mode): the app works on, it only forgets on reload.
    }
  };
  const unsubscribe = store.subscribe(() => {
    if (timer === null && !stopped) timer = setTimeout(write, 0);
  });
  const flushNow = () => {
    if (timer !== null) clearTimeout(timer);
    write();
  };
  globalThis.addEventListener?.('pagehide', flushNow);
  return {
    flush: flushNow,
    stop() {
      stopped = true;
      if (timer !== null) clearTimeout(timer);
      unsubscribe();
      globalThis.removeEventListener?.('pagehide', flushNow);
    },
  };

  function pick(state: S): Pick<S, PersistedSlice> {
    return { fastReply: state.fastReply, globalSettings: state.globalSettings } as Pick<
      S,
      PersistedSlice
    >;
  }
}

/** Forgets what was kept (a reset of the app's state, a sign-out). */
export function clearPersistedSlices(
  storage: PersistStorage | undefined = globalThis.localStorage,
): void {
  try {
    storage?.removeItem(PERSIST_STORAGE_KEY);
  } catch {
    // Nothing kept that could be read back.
  }
}
