import { t } from '@lingui/core/macro';

/**
 * The conversation pane's keyboard shortcuts, for the inbox help sheet. The pane handles them
 * itself (hooks/use-conversation-shortcuts); all are off when the global setting
 * `are_keyboard_shortcuts_disabled` is on, and letters do nothing while typing in a field.
 */
export type ConversationShortcutAction =
  'reply' | 'note' | 'resolve' | 'assign-to-me' | 'macros' | 'blur';

export interface ConversationShortcut {
  /** What the help sheet shows, e.g. 'Shift + N'. */
  keys: string;
  description: string;
  action: ConversationShortcutAction;
  /** `KeyboardEvent.key` to match (letters case-insensitively). */
  key: string;
  shift: boolean;
}

// The descriptions are getters: read when the help sheet shows them, in the active language.
export const CONVERSATION_SHORTCUTS: readonly ConversationShortcut[] = [
  {
    keys: 'R',
    get description() {
      return t`Reply to the customer`;
    },
    action: 'reply',
    key: 'r',
    shift: false,
  },
  {
    keys: 'Shift + N',
    get description() {
      return t`Write an internal note`;
    },
    action: 'note',
    key: 'n',
    shift: true,
  },
  {
    keys: 'E',
    get description() {
      return t`Close (resolve) the conversation`;
    },
    action: 'resolve',
    key: 'e',
    shift: false,
  },
  {
    keys: 'A',
    get description() {
      return t`Assign the conversation to me`;
    },
    action: 'assign-to-me',
    key: 'a',
    shift: false,
  },
  {
    keys: 'M',
    get description() {
      return t`Run a macro on the conversation`;
    },
    action: 'macros',
    key: 'm',
    shift: false,
  },
  {
    keys: 'Esc',
    get description() {
      return t`Leave the composer (keeps the draft)`;
    },
    action: 'blur',
    key: 'Escape',
    shift: false,
  },
];

/** Fields where a letter is text, not a shortcut. */
export function isEditableTarget(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  return (
    target.closest('input, textarea, select, [contenteditable="true"], [contenteditable=""]') !==
    null
  );
}

/** Inside an open dialog, menu or option list the keys belong to it. */
function insidePopup(target: EventTarget | null): boolean {
  return (
    target instanceof HTMLElement &&
    target.closest('[role="dialog"], [role="menu"], [role="listbox"]') !== null
  );
}

/** The pane shortcut a key press means, or null. Escape counts inside fields (it leaves them). */
export function conversationShortcutFor(event: KeyboardEvent): ConversationShortcut | null {
  if (event.defaultPrevented || event.repeat || event.isComposing) return null;
  if (event.ctrlKey || event.metaKey || event.altKey) return null;
  if (event.key === 'Escape') {
    return CONVERSATION_SHORTCUTS.find((s) => s.action === 'blur') ?? null;
  }
  if (isEditableTarget(event.target) || insidePopup(event.target)) return null;
  const key = event.key.toLowerCase();
  return (
    CONVERSATION_SHORTCUTS.find(
      (s) => s.key !== 'Escape' && s.key === key && s.shift === event.shiftKey,
    ) ?? null
  );
}
