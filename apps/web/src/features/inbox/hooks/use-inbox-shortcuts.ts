import { useEffect, useRef } from 'react';
import { useAppSelector } from '../../../app/hooks';
import { shortcutFor, type ShortcutId } from '../shortcuts';

export type ShortcutHandlers = Partial<Record<ShortcutId, () => void>>;

/** False when the global setting `are_keyboard_shortcuts_disabled` is on. */
export function useShortcutsEnabled(): boolean {
  return !useAppSelector((state) => state.globalSettings.are_keyboard_shortcuts_disabled);
}

/**
 * Calls the handler of each shortcut of INBOX_SHORTCUTS pressed (the open conversation's keys are
 * the pane's own: conversation/hooks/use-conversation-shortcuts). Keys typed into fields are
 * ignored, and nothing happens while the global setting turns shortcuts off.
 */
export function useInboxShortcuts(handlers: ShortcutHandlers): void {
  const enabled = useShortcutsEnabled();
  const latest = useRef(handlers);
  useEffect(() => {
    latest.current = handlers;
  });
  useEffect(() => {
    if (!enabled) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented) return;
      const shortcut = shortcutFor(event);
      const handler = shortcut ? latest.current[shortcut.id] : undefined;
      if (!handler) return;
      event.preventDefault();
      handler();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [enabled]);
}
