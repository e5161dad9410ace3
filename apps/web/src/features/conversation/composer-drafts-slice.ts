import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { Attachment } from '@parley/contracts';

export type ComposerMode = 'reply' | 'note';

/** What an agent has written in one conversation's composer and has not sent yet. */
export interface ComposerDraft {
  mode: ComposerMode;
  body: string;
  /** Teammates picked from the @mention list (notes only); kept while their @name stays. */
  mentions: Array<{ id: number; name: string }>;
  /** Files an undone send put back (docs/product/scheduled-send.md); the composer takes them. */
  restoredFiles?: Attachment[];
}

/**
 * Unsent drafts by conversation id, so switching conversations keeps what was written. Kept for
 * the session only (not persisted: docs/product/data.md persists only fastReply and globalSettings).
 */
export type ComposerDraftsState = Record<string, ComposerDraft>;

export const EMPTY_DRAFT: ComposerDraft = { mode: 'reply', body: '', mentions: [] };

export const composerDraftsSlice = createSlice({
  name: 'composerDrafts',
  initialState: {} as ComposerDraftsState,
  reducers: {
    draftChanged(
      state,
      action: PayloadAction<{ conversationId: number; draft: Partial<ComposerDraft> }>,
    ) {
      const key = String(action.payload.conversationId);
      const next = { ...EMPTY_DRAFT, ...state[key], ...action.payload.draft };
      const empty = !next.body && next.mentions.length === 0 && !next.restoredFiles?.length;
      if (next.mode === 'reply' && empty) delete state[key];
      else state[key] = next;
    },
    /** Sent: the text goes, the chosen mode stays. */
    draftSent(state, action: PayloadAction<number>) {
      const key = String(action.payload);
      const mode = state[key]?.mode ?? 'reply';
      if (mode === 'reply') delete state[key];
      else state[key] = { ...EMPTY_DRAFT, mode };
    },
  },
});

export const { draftChanged, draftSent } = composerDraftsSlice.actions;

export function selectDraft(
  state: { composerDrafts: ComposerDraftsState },
  conversationId: number,
): ComposerDraft {
  return state.composerDrafts[String(conversationId)] ?? EMPTY_DRAFT;
}
