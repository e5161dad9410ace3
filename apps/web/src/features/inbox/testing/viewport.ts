import { act } from '@testing-library/react';
import { vi } from 'vitest';

type Listener = (event: MediaQueryListEvent) => void;

/** Whether every `(min-width: Npx)` / `(max-width: Npx)` of a media query holds at `width`. */
function holds(query: string, width: number): boolean {
  const conditions = [...query.matchAll(/\((min|max)-width:\s*([\d.]+)px\)/g)];
  return (
    conditions.length > 0 &&
    conditions.every(([, kind, px]) => (kind === 'min' ? width >= Number(px) : width <= Number(px)))
  );
}

function setInnerWidth(width: number) {
  Object.defineProperty(window, 'innerWidth', { configurable: true, value: width });
}

/**
 * A viewport `width` px wide for jsdom, which has no layout: `innerWidth`, and a matchMedia that
 * answers width queries (usePhoneLayout, antd's breakpoints) and tells its listeners when
 * `resize` changes the answer. The test setup restores matchMedia after each test; call
 * `restore` (or `resize` back) for innerWidth.
 */
export function emulateViewport(width: number) {
  const original = window.innerWidth;
  let current = width;
  const lists: Array<{ query: string; matches: boolean; listeners: Set<Listener> }> = [];
  vi.stubGlobal('matchMedia', (query: string) => {
    const entry = { query, matches: holds(query, current), listeners: new Set<Listener>() };
    lists.push(entry);
    return {
      media: query,
      get matches() {
        return holds(query, current);
      },
      onchange: null,
      addEventListener: (_: string, listener: Listener) => entry.listeners.add(listener),
      removeEventListener: (_: string, listener: Listener) => entry.listeners.delete(listener),
      addListener: (listener: Listener) => entry.listeners.add(listener),
      removeListener: (listener: Listener) => entry.listeners.delete(listener),
      dispatchEvent: () => false,
    } as unknown as MediaQueryList;
  });
  setInnerWidth(width);
  return {
    /** The window becomes `next` px wide (a resize, or the phone turning). */
    resize(next: number) {
      act(() => {
        current = next;
        setInnerWidth(next);
        for (const entry of lists) {
          const matches = holds(entry.query, next);
          if (matches === entry.matches) continue;
          entry.matches = matches;
          const event = { matches, media: entry.query } as MediaQueryListEvent;
          for (const listener of entry.listeners) listener(event);
        }
        window.dispatchEvent(new Event('resize'));
      });
    },
    restore: () => setInnerWidth(original),
  };
}
