import { t } from '@lingui/core/macro';

/**
 * The inbox's keyboard shortcuts, in one list: the help sheet shows it, and the handlers use
 * the same definitions. `where: 'conversation'` ones are handled by the conversation pane.
 * All are off when the global setting `are_keyboard_shortcuts_disabled` is on.
 */
export type ShortcutId =
  | 'next'
  | 'previous'
  | 'search'
  | 'new-conversation'
  | 'help'
  | 'select'
  | 'close-sheet'
  | 'reply'
  | 'note'
  | 'resolve'
  | 'assign-to-me'
  | 'macros';

export interface Shortcut {
  id: ShortcutId;
  /** `KeyboardEvent.key` to match. */
  key: string;
  shift?: boolean;
  /** What the help sheet shows, key by key. */
  keys: string[];
  /** Read when shown (a getter), so it is in the active language. */
  readonly description: string;
  where: 'inbox' | 'conversation';
}

export const INBOX_SHORTCUTS: readonly Shortcut[] = [
  {
    id: 'next',
    key: 'j',
    keys: ['j'],
    get description() {
      return t`Open the next conversation`;
    },
    where: 'inbox',
  },
  {
    id: 'previous',
    key: 'k',
    keys: ['k'],
    get description() {
      return t`Open the previous conversation`;
    },
    where: 'inbox',
  },
  {
    id: 'search',
    key: '/',
    keys: ['/'],
    get description() {
      return t`Search conversations`;
    },
    where: 'inbox',
  },
  {
    id: 'new-conversation',
    key: 'n',
    keys: ['n'],
    get description() {
      return t`Start a new conversation`;
    },
    where: 'inbox',
  },
  {
    id: 'help',
    key: '?',
    shift: true,
    keys: ['?'],
    get description() {
      return t`Show keyboard shortcuts`;
    },
    where: 'inbox',
  },
  {
    id: 'select',
    key: 'x',
    keys: ['x'],
    get description() {
      return t`Select the focused or open conversation (for a bulk action)`;
    },
    where: 'inbox',
  },
  {
    id: 'close-sheet',
    key: 'Escape',
    keys: ['Esc'],
    get description() {
      return t`Close the open sheet or dialog, or clear the selection`;
    },
    where: 'inbox',
  },
  {
    id: 'reply',
    key: 'r',
    keys: ['r'],
    get description() {
      return t`Reply to the customer`;
    },
    where: 'conversation',
  },
  {
    id: 'note',
    key: 'N',
    shift: true,
    keys: ['Shift', 'n'],
    get description() {
      return t`Add an internal note`;
    },
    where: 'conversation',
  },
  {
    id: 'resolve',
    key: 'e',
    keys: ['e'],
    get description() {
      return t`Close (resolve) the conversation`;
    },
    where: 'conversation',
  },
  {
    id: 'assign-to-me',
    key: 'a',
    keys: ['a'],
    get description() {
      return t`Assign the conversation to me`;
    },
    where: 'conversation',
  },
  {
    id: 'macros',
    key: 'm',
    keys: ['m'],
    get description() {
      return t`Run a macro on the conversation`;
    },
    where: 'conversation',
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
