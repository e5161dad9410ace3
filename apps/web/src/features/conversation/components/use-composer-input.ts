import { useEffect, useImperativeHandle, useRef, type Ref } from 'react';
import type { MentionsRef } from 'antd/es/mentions';
import type { ComposerDraft, ComposerMode } from '../composer-drafts-slice';

export interface ComposerHandle {
  /** Switches to reply or note and puts the caret in the text. */
  focus: (mode: ComposerMode) => void;
  blur: () => void;
}

interface ComposerInputOptions {
  ref: Ref<ComposerHandle> | undefined;
  body: string;
  mode: ComposerMode;
  sending: boolean;
  setDraft: (change: Partial<ComposerDraft>) => void;
}

/**
 * The composer's text field as the pane and the composer steer it: focus on request (the pane's
 * shortcuts) and again once a send re-enables it, and the caret after inserted text.
 */
export function useComposerInput({ ref, body, mode, sending, setDraft }: ComposerInputOptions) {
  const input = useRef<MentionsRef>(null);
  const focusPending = useRef(false);
  const caretPending = useRef<number | null>(null);
  // The text as it is when an answer arrives (the person may type meanwhile).
  const latestBody = useRef(body);
  useEffect(() => {
    latestBody.current = body;
  });

  useImperativeHandle(
    ref,
    () => ({
      focus: (next) => {
        if (next !== mode) setDraft({ mode: next });
        focusPending.current = true;
        input.current?.focus();
      },
      blur: () => input.current?.blur(),
    }),
    [mode, setDraft],
  );

  // Focus asked while the mode changed, or restored after a send re-enabled the field.
  useEffect(() => {
    if (!focusPending.current || sending) return;
    focusPending.current = false;
    input.current?.focus();
  });

  // After a template or a link went in, the caret goes to its end.
  useEffect(() => {
    const caret = caretPending.current;
    const textarea = input.current?.textarea;
    if (caret === null || !textarea || textarea.value.length < caret) return;
    caretPending.current = null;
    textarea.focus();
    textarea.setSelectionRange(caret, caret);
  });

  return {
    input,
    latestBody,
    /** Where the caret is in the text now, if the field has one. */
    caret: (): number | null => input.current?.textarea?.selectionStart ?? null,
    /** Puts the caret here once the new text has rendered. */
    placeCaretAfterRender: (caret: number) => {
      caretPending.current = caret;
    },
    /** Focuses the field once it is enabled again. */
    focusAfterRender: () => {
      focusPending.current = true;
    },
  };
}

/** A link put in the text at `at`, set apart by spaces; and where the caret goes after it. */
export function withLinkAt(text: string, at: number, url: string) {
  const before = text.slice(0, at);
  const after = text.slice(at);
  const lead = before && !/\s$/.test(before) ? ' ' : '';
  const trail = after && !/^\s/.test(after) ? ' ' : '';
  return { body: before + lead + url + trail + after, caret: (before + lead + url).length };
}
