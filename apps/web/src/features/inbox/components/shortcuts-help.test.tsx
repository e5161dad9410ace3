import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import { renderPage } from '../../../test/render';
import {
  COMPOSER_SHORTCUTS,
  CONVERSATION_SHORTCUTS,
  composerShortcutFor,
  conversationShortcutFor,
} from '../../conversation';
import { slashQueryAt } from '../../fast-reply';
import { INBOX_SHORTCUTS, shortcutFor } from '../shortcuts';
import { ShortcutsHelp } from './shortcuts-help';

function renderSheet() {
  renderPage(<ShortcutsHelp open disabled={false} onClose={() => {}} />, { at: '/' });
  return screen.findByRole('dialog', { name: 'Keyboard shortcuts' });
}

/** A section's lines as "keys: description", key caps joined with "+". */
function linesOf(dialog: HTMLElement, section: string): string[] {
  const region = within(dialog).getByRole('region', { name: section });
  return [...region.querySelectorAll('dt')].map(
    (dt) =>
      `${[...dt.querySelectorAll('kbd')].map((kbd) => kbd.textContent).join('+')}: ${dt.nextElementSibling?.textContent ?? ''}`,
  );
}

function keyEvent(init: KeyboardEventInit): KeyboardEvent {
  return new KeyboardEvent('keydown', { bubbles: true, cancelable: true, ...init });
}

afterEach(() => vi.restoreAllMocks());

describe('the keyboard shortcuts sheet (?)', () => {
  it('lists every bound shortcut, grouped Navigation, Conversation and Composer', async () => {
    vi.spyOn(navigator, 'platform', 'get').mockReturnValue('Win32');
    const dialog = await renderSheet();

    // Written out on purpose: a shortcut dropped from the lists the handlers use fails here.
    expect(linesOf(dialog, 'Navigation')).toEqual([
      'j: Open the next conversation',
      'k: Open the previous conversation',
      '/: Search conversations',
      'n: Start a new conversation',
      '?: Show keyboard shortcuts',
      'x: Select the focused or open conversation (for a bulk action)',
      'Esc: Close the open sheet or dialog, or clear the selection',
    ]);
    expect(linesOf(dialog, 'Conversation')).toEqual([
      'r: Reply to the customer',
      'Shift+n: Write an internal note',
      'e: Close (resolve) the conversation',
      'a: Assign the conversation to me',
      'm: Run a macro on the conversation',
    ]);
    expect(linesOf(dialog, 'Composer')).toEqual([
      'Ctrl+Enter: Send the reply, or add the note',
      'Ctrl+Shift+Enter: Schedule the reply or note (choose when it goes out)',
      '/: Insert a fast reply (↑ ↓ to choose, Enter to insert, Esc to close)',
      'Esc: Leave the composer (keeps the draft)',
    ]);
  });

  it('shows ⌘ for the chords on macOS', async () => {
    vi.spyOn(navigator, 'platform', 'get').mockReturnValue('MacIntel');
    const dialog = await renderSheet();
    const composer = linesOf(dialog, 'Composer');
    expect(composer).toContain('⌘+Enter: Send the reply, or add the note');
    expect(composer).toContain(
      '⌘+Shift+Enter: Schedule the reply or note (choose when it goes out)',
    );
  });

  it('says when the workspace turned shortcuts off', async () => {
    renderPage(<ShortcutsHelp open disabled onClose={() => {}} />, { at: '/' });
    expect(
      await screen.findByText(
        'Keyboard shortcuts are turned off for this workspace in Global settings.',
      ),
    ).toBeInTheDocument();
  });
});

describe('each listed shortcut is the key its handler matches', () => {
  it('inbox: the key (and Shift) of every entry of INBOX_SHORTCUTS', () => {
    const matched = INBOX_SHORTCUTS.map(
      (s) => shortcutFor(keyEvent({ key: s.key, shiftKey: Boolean(s.shift) }))?.id,
    );
    expect(matched).toEqual(INBOX_SHORTCUTS.map((s) => s.id));
  });

  it('conversation pane: every entry of CONVERSATION_SHORTCUTS', () => {
    const matched = CONVERSATION_SHORTCUTS.map(
      (s) =>
        conversationShortcutFor(
          keyEvent({ key: s.shift ? s.key.toUpperCase() : s.key, shiftKey: s.shift }),
        )?.action,
    );
    expect(matched).toEqual(CONVERSATION_SHORTCUTS.map((s) => s.action));
  });

  it('composer: its chords with Ctrl or ⌘, and "/" opening fast replies', () => {
    const chords = COMPOSER_SHORTCUTS.filter((s) => !s.typed);
    for (const held of [{ ctrlKey: true }, { metaKey: true }]) {
      const matched = chords.map(
        (s) =>
          composerShortcutFor({
            ctrlKey: false,
            metaKey: false,
            altKey: false,
            ...held,
            key: s.key,
            shiftKey: s.shift,
          })?.action,
      );
      expect(matched).toEqual(chords.map((s) => s.action));
    }
    // What is typed rather than pressed: "/" at the start of the text opens the picker.
    const typed = COMPOSER_SHORTCUTS.filter((s) => s.typed);
    expect(typed.map((s) => slashQueryAt(s.key, 1) !== null)).toEqual(typed.map(() => true));
    // Enter alone is a new line, not Send.
    expect(
      composerShortcutFor({
        key: 'Enter',
        ctrlKey: false,
        metaKey: false,
        altKey: false,
        shiftKey: false,
      }),
    ).toBeNull();
  });
});
