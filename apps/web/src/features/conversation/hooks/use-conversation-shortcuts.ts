import { useEffect, useRef } from 'react';
import { useAppSelector } from '../../../app/hooks';
import {
  conversationShortcutFor,
  type ConversationShortcutAction,
} from '../conversation-shortcuts';

export type ShortcutHandlers = Record<ConversationShortcutAction, () => void>;

/**
 * The pane's keys on the document while it is open: r, Shift+N, e, a, m, Esc. Nothing happens when
 * the global setting are_keyboard_shortcuts_disabled is on.
 */
export function useConversationShortcuts(handlers: ShortcutHandlers): void {
  const disabled = useAppSelector((state) => state.globalSettings.are_keyboard_shortcuts_disabled);
  const latest = useRef(handlers);
  useEffect(() => {
    latest.current = handlers;
  });

  useEffect(() => {
    if (disabled) return;
    const onKeyDown = (event: KeyboardEvent) => {
      const shortcut = conversationShortcutFor(event);
      if (!shortcut) return;
      // Esc only matters when it leaves our composer; elsewhere it belongs to others (sheets).
      if (shortcut.action === 'blur') {
        const target = event.target;
        if (!(target instanceof HTMLElement) || !target.closest('[data-composer]')) return;
      }
      event.preventDefault();
      latest.current[shortcut.action]();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [disabled]);
}
