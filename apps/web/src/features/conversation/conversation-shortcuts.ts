import { t } from '@lingui/core/macro';

/**
 * The conversation pane's and the composer's keyboard shortcuts, for the inbox help sheet
 * (inbox/components/shortcuts-help.tsx shows every entry of CONVERSATION_SHORTCUTS and
 * COMPOSER_SHORTCUTS). The pane handles CONVERSATION_SHORTCUTS itself
 * (hooks/use-conversation-shortcuts); all are off when the global setting
 * `are_keyboard_shortcuts_disabled` is on, and letters do nothing while typing in a field.
 * The composer's field handles COMPOSER_SHORTCUTS (components/composer-field.tsx through
 * composerShortcutFor, the fast-reply picker in components/use-slash-picker.ts); they work in
 * the field, whatever the setting, like any text box's keys.
 */
export type ConversationShortcutAction =
  'reply' | 'note' | 'resolve' | 'assign-to-me' | 'macros' | 'blur';

/** Where the help sheet lists a shortcut. */
export type ShortcutGroup = 'conversation' | 'composer';

/** True on Apple devices, whose chords use ⌘ where others use Ctrl. */
export function isApplePlatform(): boolean {
  return typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform);
}

/** The chord key as the person's keyboard names it: ⌘ on macOS, Ctrl elsewhere. */
export function modKeyLabel(): string {
  return isApplePlatform() ? '⌘' : 'Ctrl';
}

export interface ConversationShortcut {
  /** What the help sheet shows, key cap by key cap, e.g. ['Shift', 'n']. */
  keys: readonly string[];
  description: string;
  action: ConversationShortcutAction;
  group: ShortcutGroup;
  /** `KeyboardEvent.key` to match (letters case-insensitively). */
  key: string;
  shift: boolean;
}

// The descriptions are getters: read when the help sheet shows them, in the active language.
export const CONVERSATION_SHORTCUTS: readonly ConversationShortcut[] = [
  {
    keys: ['r'],
    get description() {
      return t`Reply to the customer`;
    },
    action: 'reply',
    group: 'conversation',
    key: 'r',
    shift: false,
  },
  {
    keys: ['Shift', 'n'],
    get description() {
      return t`Write an internal note`;
    },
    action: 'note',
    group: 'conversation',
    key: 'n',
    shift: true,
  },
  {
    keys: ['e'],
    get description() {
      return t`Close (resolve) the conversation`;
    },
    action: 'resolve',
    group: 'conversation',
    key: 'e',
    shift: false,
  },
  {
    keys: ['a'],
    get description() {
      return t`Assign the conversation to me`;
    },
    action: 'assign-to-me',
    group: 'conversation',
    key: 'a',
    shift: false,
  },
  {
    keys: ['m'],
    get description() {
      return t`Run a macro on the conversation`;
    },
    action: 'macros',
    group: 'conversation',
    key: 'm',
    shift: false,
  },
  {
    keys: ['Esc'],
    get description() {
      return t`Leave the composer (keeps the draft)`;
    },
    action: 'blur',
    group: 'composer',
    key: 'Escape',
    shift: false,
  },
];

export type ComposerShortcutAction = 'send' | 'schedule' | 'fast-reply';

export interface ComposerShortcut {
  /** What the help sheet shows, key cap by key cap (read when shown: ⌘ or Ctrl). */
  readonly keys: readonly string[];
  readonly description: string;
  action: ComposerShortcutAction;
  /** `KeyboardEvent.key` to match. */
  key: string;
  /** With Ctrl or ⌘ held (either, on every platform). */
  mod: boolean;
  shift: boolean;
  /**
   * A character typed into the text rather than a key press the field handles: `/` opens the
   * fast-reply picker (use-slash-picker.ts, at the start or after a space).
   */
  typed?: boolean;
}

export const COMPOSER_SHORTCUTS: readonly ComposerShortcut[] = [
  {
    get keys() {
      return [modKeyLabel(), 'Enter'];
    },
    get description() {
      return t`Send the reply, or add the note`;
    },
    action: 'send',
    key: 'Enter',
    mod: true,
    shift: false,
  },
  {
    get keys() {
      return [modKeyLabel(), 'Shift', 'Enter'];
    },
    get description() {
      return t`Schedule the reply or note (choose when it goes out)`;
    },
    action: 'schedule',
    key: 'Enter',
    mod: true,
    shift: true,
  },
  {
    keys: ['/'],
    get description() {
      return t`Insert a fast reply (↑ ↓ to choose, Enter to insert, Esc to close)`;
    },
    action: 'fast-reply',
    key: '/',
    mod: false,
    shift: false,
    typed: true,
  },
];

/** The composer chord a key press in its field means (Ctrl/⌘+Enter…), or null. */
export function composerShortcutFor(event: {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
  shiftKey: boolean;
}): ComposerShortcut | null {
  if (event.altKey) return null;
  const mod = event.ctrlKey || event.metaKey;
  return (
    COMPOSER_SHORTCUTS.find(
      (s) => !s.typed && s.key === event.key && s.mod === mod && s.shift === event.shiftKey,
    ) ?? null
  );
}

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
