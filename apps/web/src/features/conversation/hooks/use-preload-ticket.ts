import { useEffect, useMemo, useRef } from 'react';
import { useAppDispatch } from '../../../app/hooks';
import {
  preloadTicket,
  ticketKey,
  ticketStoreOf,
  type PreloadTarget,
} from '../ticket-preload-slice';

/** A pointer resting this long on a row means interest; skimming past does not load anything. */
export const PRELOAD_HOVER_DELAY_MS = 150;

/**
 * Each takes the conversation itself, so its store (brand) always goes into the cache key and
 * the request.
 */
export interface PreloadTicket {
  /** Loads the ticket into the preload cache now (nothing happens while a valid copy exists). */
  preload: (conversation: PreloadTarget) => void;
  /** Stops a pending or running preload of that ticket (an abort is not an error). */
  cancel: (conversation: PreloadTarget) => void;
  /** Props for a list row: preloads after a short hover, or at once on keyboard focus. */
  hoverProps: (conversation: PreloadTarget) => {
    onMouseEnter: () => void;
    onMouseLeave: () => void;
    onFocus: () => void;
  };
}

/**
 * Preloading a conversation before it is opened (docs/product/data.md, docs/product/states.md, docs/product/limits.md: the ticket preload cache, valid
 * 5 minutes). The inbox list calls it with the row's conversation, e.g. `<a {...hoverProps(item)}>`;
 * the conversation pane shows the cached copy at once while its own data loads. Preloads still
 * running when the component unmounts are aborted.
 */
export function usePreloadTicket(): PreloadTicket {
  const dispatch = useAppDispatch();
  const running = useRef(new Map<string, { abort: () => void }>());
  const waiting = useRef(new Map<string, ReturnType<typeof setTimeout>>());

  useEffect(() => {
    const runningNow = running.current;
    const waitingNow = waiting.current;
    return () => {
      for (const timer of waitingNow.values()) clearTimeout(timer);
      waitingNow.clear();
      for (const request of runningNow.values()) request.abort();
      runningNow.clear();
    };
  }, []);

  return useMemo<PreloadTicket>(() => {
    const preload = (conversation: PreloadTarget) => {
      const { id } = conversation;
      const store = ticketStoreOf(conversation);
      const key = ticketKey(id, store);
      clearTimeout(waiting.current.get(key));
      waiting.current.delete(key);
      if (running.current.has(key)) return;
      const request = dispatch(preloadTicket({ id, store }));
      running.current.set(key, request);
      void request.finally(() => {
        if (running.current.get(key) === request) running.current.delete(key);
      });
    };
    const cancel = (conversation: PreloadTarget) => {
      const key = ticketKey(conversation.id, ticketStoreOf(conversation));
      clearTimeout(waiting.current.get(key));
      waiting.current.delete(key);
      running.current.get(key)?.abort();
      running.current.delete(key);
    };
    const hoverProps = (conversation: PreloadTarget) => {
      const key = ticketKey(conversation.id, ticketStoreOf(conversation));
      return {
        onMouseEnter: () => {
          if (waiting.current.has(key) || running.current.has(key)) return;
          waiting.current.set(
            key,
            setTimeout(() => preload(conversation), PRELOAD_HOVER_DELAY_MS),
          );
        },
        // Leaving before the delay: no load. A load already running is let finish (it is useful).
        onMouseLeave: () => {
          clearTimeout(waiting.current.get(key));
          waiting.current.delete(key);
        },
        onFocus: () => preload(conversation),
      };
    };
    return { preload, cancel, hoverProps };
  }, [dispatch]);
}
