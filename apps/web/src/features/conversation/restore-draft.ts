import type { ScheduledMessage } from '@parley/contracts';
import type { ComposerDraft } from './composer-drafts-slice';
import { takeUndoable } from './scheduled-send';

/**
 * The composer's draft after Undo (docs/product/scheduled-send.md), or after taking a failed
 * message back: the text comes back, before anything written since, with its mode, mentions
 * and files. Without the copy kept in this tab (after a reload), the server's text and kind.
 */
export function restoredDraft(message: ScheduledMessage, current: ComposerDraft): ComposerDraft {
  const sent = takeUndoable(message.id);
  const back = sent?.draft ?? { mode: message.kind, body: message.body, mentions: [] };
  const files = sent?.files ?? [];
  const mentions = [
    ...back.mentions,
    ...current.mentions.filter((m) => !back.mentions.some((b) => b.id === m.id)),
  ];
  return {
    mode: back.mode,
    body: current.body.trim() ? `${back.body}\n\n${current.body}` : back.body,
    mentions,
    ...(files.length > 0 ? { restoredFiles: files } : {}),
  };
}
