import { t } from '@lingui/core/macro';

/**
 * The inbox's keyboard shortcuts (moving through the list, search, selection, sheets), in one
 * list: the help sheet shows it, and the handlers use the same definitions. The open
 * conversation's and the composer's are conversation/conversation-shortcuts.ts's, shown in the
 * same sheet. All are off when the global setting `are_keyboard_shortcuts_disabled` is on.
 */
export type ShortcutId =
  'next' | 'previous' | 'search' | 'new-conversation' | 'help' | 'select' | 'close-sheet';

export interface Shortcut {
  id: ShortcutId;
  /** `KeyboardEvent.key` to match. */
  key: string;
  shift?: boolean;
  /** What the help sheet shows, key by key. */
  keys: string[];
  /** Read when shown (a getter), so it is in the active language. */
  readonly description: string;
}

export const INBOX_SHORTCUTS: readonly Shortcut[] = [
  {
    id: 'next',
    key: 'j',
    keys: ['j'],
    get description() {
      return t`Open the next conversation`;
    },
  },
  {
    id: 'previous',
    key: 'k',
    keys: ['k'],
    get description() {
      return t`Open the previous conversation`;
    },
  },
  {
    id: 'search',
    key: '/',
    keys: ['/'],
    get description() {
      return t`Search conversations`;
    },
  },
  {
    id: 'new-conversation',
    key: 'n',
    keys: ['n'],
    get description() {
      return t`Start a new conversation`;
    },
  },
  {
    id: 'help',
    key: '?',
    shift: true,
    keys: ['?'],
    get description() {
      return t`Show keyboard shortcuts`;
    },
  },
  {
    id: 'select',
    key: 'x',
    keys: ['x'],
    get description() {
      return t`Select the focused or open conversation (for a bulk action)`;
    },
  },
  {
    id: 'close-sheet',
    key: 'Escape',
    keys: ['Esc'],
    get description() {
      return t`Close the open sheet or dialog, or clear the selection`;
    },
  },
];

export function shortcutById(id: ShortcutId): Shortcut {
  const found = INBOX_SHORTCUTS.find((s) => s.id === id);
  if (!found) throw new Error(`Unknown shortcut ${id}`);
  return found;
}

/** Typing in a field (input, textarea, select, contenteditable) is never a shortcut. */
export function isTypingTarget(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  const editable = target.closest(
    'input, textarea, select, [contenteditable=""], [contenteditable="true"]',
  );
  return editable !== null;
}

/** The shortcut a key press means, or null (modifier chords and typing never match). */
export function shortcutFor(event: KeyboardEvent): Shortcut | null {
  if (event.ctrlKey || event.metaKey || event.altKey || event.isComposing) return null;
  if (event.key !== 'Escape' && isTypingTarget(event.target)) return null;
  const letter = /^[a-z]$/i.test(event.key);
  return (
    INBOX_SHORTCUTS.find((s) => {
      // Letters: Shift must match exactly (n vs Shift+n), whatever Caps Lock says.
      if (letter)
        return (
          s.key.toLowerCase() === event.key.toLowerCase() && Boolean(s.shift) === event.shiftKey
        );
      // Symbols need Shift on some layouts ('?' everywhere, '/' on some): ignore it.
      return s.key === event.key;
    }) ?? null
  );
}
