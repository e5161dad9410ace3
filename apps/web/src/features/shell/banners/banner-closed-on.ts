import { useCallback, useSyncExternalStore } from 'react';
import { LOCAL_KEYS } from '@parley/contracts';
import { todayStamp } from '../shell-rules';

/** docs/product/data.md, docs/product/states.md: the day the payment banner was last closed, under `banner-closed-on`. */
const listeners = new Set<() => void>();

function read(): string | null {
  try {
    return localStorage.getItem(LOCAL_KEYS.bannerClosedOn);
  } catch {
    return null;
  }
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  // Another tab closing the banner closes it here too.
  const onStorage = (event: StorageEvent) => {
    if (event.key === LOCAL_KEYS.bannerClosedOn) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** The saved day (or null) and a function that stores today's date. */
export function useBannerClosedOn(): [string | null, () => void] {
  const closedOn = useSyncExternalStore(subscribe, read, () => null);
  const closeToday = useCallback(() => {
    try {
      localStorage.setItem(LOCAL_KEYS.bannerClosedOn, todayStamp(Date.now()));
    } catch {
      // Storage unavailable: the banner still closes for this page view.
    }
    for (const listener of listeners) listener();
  }, []);
  return [closedOn, closeToday];
}
