import { useSyncExternalStore } from 'react';

/**
 * One timer for every SLA clock on screen: it ticks at each whole minute while something
 * listens, and stops when nothing does. A list of 100 rows with a badge each still has one timer.
 */
const listeners = new Set<() => void>();
let now = Date.now();
let timer: ReturnType<typeof setTimeout> | undefined;

function schedule() {
  timer = setTimeout(
    () => {
      now = Date.now();
      schedule();
      listeners.forEach((listener) => listener());
    },
    60_000 - (Date.now() % 60_000),
  );
}

function subscribe(listener: () => void) {
  if (listeners.size === 0) {
    now = Date.now();
    schedule();
  }
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) clearTimeout(timer);
  };
}

const snapshot = () => now;

/** The time, in milliseconds, updated once a minute: what counting-down clocks render from. */
export const useMinuteNow = (): number => useSyncExternalStore(subscribe, snapshot, snapshot);
