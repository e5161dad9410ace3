import { useEffect, useRef } from 'react';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { fetchFastReplies, filterFastReplies, type FastReply } from '../fast-reply-slice';

/**
 * The account's templates for the composer's `/` picker: the persisted copy at once, refreshed
 * from the server the first time the picker opens in this composer.
 */
export function useFastReplyTemplates(open: boolean): { templates: FastReply[]; loading: boolean } {
  const dispatch = useAppDispatch();
  const templates = useAppSelector((state) => state.fastReply.data);
  const loading = useAppSelector((state) => state.fastReply.loading);
  const fetched = useRef(false);
  useEffect(() => {
    if (!open || fetched.current) return;
    fetched.current = true;
    void dispatch(fetchFastReplies());
  }, [open, dispatch]);
  return { templates, loading };
}

/** The picker searches by name and folder. */
export function pickerMatches(templates: FastReply[], query: string): FastReply[] {
  return filterFastReplies(templates, query, ['name', 'folder']).slice(0, 50);
}

/**
 * The `/query` being typed at the caret: a `/` at the start of the text or after a space (or a
 * line break), up to the caret, on one line. Null when there is none.
 */
export function slashQueryAt(
  text: string,
  caret: number,
): { start: number; end: number; query: string } | null {
  const before = text.slice(0, caret);
  const start = before.lastIndexOf('/');
  if (start < 0) return null;
  if (start > 0 && !/\s/.test(before[start - 1] ?? '')) return null;
  const query = before.slice(start + 1);
  if (query.includes('\n') || query.length > 60 || query.startsWith(' ')) return null;
  return { start, end: caret, query };
}
