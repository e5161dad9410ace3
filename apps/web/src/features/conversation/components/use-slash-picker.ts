import { useRef, useState, type KeyboardEvent, type RefObject } from 'react';
import { t } from '@lingui/core/macro';
import type { Attachment } from '@parley/contracts';
import { formatList } from '../../../lib/format';
import { isCanceledRequest } from '../../../lib/request';
import { fastReplyApi, pickerMatches, slashQueryAt, useFastReplyTemplates } from '../../fast-reply';
import type { FastReply } from '../../fast-reply';

type SlashQuery = NonNullable<ReturnType<typeof slashQueryAt>>;

/** A fast reply resolved for the conversation, ready to go into the text. */
export interface PickedFastReply {
  /** The whole text with the template's in it. */
  body: string;
  /** Where the caret goes: the end of the template's text. */
  caret: number;
  attachments: Attachment[];
  /** What the agent should check (variables left unfilled), or null. */
  notice: string | null;
}

interface SlashPickerOptions {
  conversationId: number;
  /** The text as it is when a template's answer arrives (the person may type meanwhile). */
  latestBody: RefObject<string>;
  onPicked: (picked: PickedFastReply) => void;
  onFailed: (failure: unknown) => void;
}

export type SlashPicker = ReturnType<typeof useSlashPicker>;

/**
 * The fast-reply picker of the composer: typing `/` at the start or after a space opens it,
 * arrows move through the matching templates, Enter picks one (resolved for this conversation;
 * its text replaces the `/query`, or joins the end when the text changed meanwhile), and Escape
 * closes it until another `/` is typed.
 */
export function useSlashPicker({
  conversationId,
  latestBody,
  onPicked,
  onFailed,
}: SlashPickerOptions) {
  const [slash, setSlash] = useState<SlashQuery | null>(null);
  const [activeIndex, setActiveIndex] = useState(0);
  const [resolving, setResolving] = useState(false);
  /** The `/` the person closed with Escape: it does not reopen the picker. */
  const dismissedSlash = useRef<number | null>(null);
  const { templates, loading } = useFastReplyTemplates(slash !== null);
  const matches = slash ? pickerMatches(templates, slash.query) : [];
  const active = matches.length > 0 ? Math.min(activeIndex, matches.length - 1) : -1;

  /** Follows the text as it is typed: opens, narrows or closes the picker. */
  const update = (text: string, caret: number) => {
    const found = slashQueryAt(text, caret);
    if (dismissedSlash.current !== null && text[dismissedSlash.current] !== '/') {
      dismissedSlash.current = null;
    }
    const next = found && found.start !== dismissedSlash.current ? found : null;
    if (next?.start !== slash?.start || next?.query !== slash?.query) setActiveIndex(0);
    setSlash(next);
  };

  const dismiss = () => {
    if (slash) dismissedSlash.current = slash.start;
    setSlash(null);
  };

  const close = () => setSlash(null);

  const pick = async (item: FastReply) => {
    if (!slash || resolving) return;
    const at = slash;
    setResolving(true);
    try {
      const resolved = await fastReplyApi.resolve(item.id, conversationId);
      if (isCanceledRequest(resolved)) return;
      const current = latestBody.current;
      // The `/query` is replaced when it is still there; otherwise the text goes at the end.
      const inPlace = current.slice(at.start, at.end) === `/${at.query}`;
      const body = inPlace
        ? current.slice(0, at.start) + resolved.content + current.slice(at.end)
        : current + (current && !/\s$/.test(current) ? ' ' : '') + resolved.content;
      const unfilled = formatList(resolved.missing_variables, 'unit');
      onPicked({
        body,
        caret: inPlace ? at.start + resolved.content.length : body.length,
        attachments: resolved.attachments,
        notice:
          resolved.missing_variables.length > 0
            ? t`Not filled in, check the text: ${unfilled}.`
            : null,
      });
      setSlash(null);
    } catch (failure) {
      onFailed(failure);
    } finally {
      setResolving(false);
    }
  };

  /** The picker's keys while it is open; true when the key was its own. */
  const handleKey = (event: KeyboardEvent<HTMLTextAreaElement>): boolean => {
    if (!slash || event.nativeEvent.isComposing) return false;
    const plain = !event.ctrlKey && !event.metaKey && !event.altKey && !event.shiftKey;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (matches.length === 0) return true;
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActiveIndex((active + step + matches.length) % matches.length);
      return true;
    }
    if (event.key === 'Enter' && plain && active >= 0 && matches[active]) {
      event.preventDefault();
      void pick(matches[active]);
      return true;
    }
    if (event.key === 'Escape') {
      // The picker closes; the pane's Escape (leave the field) waits for the next one.
      event.preventDefault();
      dismiss();
      return true;
    }
    return false;
  };

  return {
    slash,
    matches,
    active,
    loading,
    resolving,
    setActiveIndex,
    update,
    close,
    pick,
    handleKey,
  };
}
