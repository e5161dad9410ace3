import { useCallback, useEffect, useMemo, useRef, useState } from 'react';

interface SelectionState {
  /** The list the selection belongs to: another view, status, sort or search starts afresh. */
  key: string;
  ids: ReadonlySet<number>;
  /** Where the last click was, for a shift-click range. */
  anchor: number | null;
  /** Every conversation the view matches, not only the loaded rows. */
  allMatching: boolean;
}

const empty = (key: string): SelectionState => ({
  key,
  ids: new Set(),
  anchor: null,
  allMatching: false,
});

export interface InboxSelection {
  ids: ReadonlySet<number>;
  allMatching: boolean;
  /** Flips one row; with `range`, every row from the last clicked one takes its new state. */
  toggle: (id: number, range: boolean) => void;
  /** Selects (or clears) every loaded row. */
  selectPage: (on: boolean) => void;
  selectAllMatching: () => void;
  clear: () => void;
}

/** The rows picked for a bulk action, in the order the list shows them. */
export function useSelection(key: string, rowIds: readonly number[]): InboxSelection {
  const [state, setState] = useState<SelectionState>(() => empty(key));
  const current = state.key === key ? state : empty(key);
  if (state.key !== key) setState(current);
  // Read when a row is clicked: the handlers stay the same as rows change, so rows stay memoised.
  const order = useRef(rowIds);
  useEffect(() => {
    order.current = rowIds;
  }, [rowIds]);

  const toggle = useCallback((id: number, range: boolean) => {
    const rows = order.current;
    setState((s) => {
      const ids = new Set(s.ids);
      const on = !ids.has(id);
      const from = range && s.anchor !== null ? rows.indexOf(s.anchor) : -1;
      const to = rows.indexOf(id);
      if (from !== -1 && to !== -1) {
        for (const rowId of rows.slice(Math.min(from, to), Math.max(from, to) + 1))
          if (on) ids.add(rowId);
          else ids.delete(rowId);
      } else if (on) ids.add(id);
      else ids.delete(id);
      return { ...s, ids, anchor: id, allMatching: false };
    });
  }, []);
  const selectPage = useCallback(
    (on: boolean) =>
      setState((s) => ({ ...s, ids: new Set(on ? rowIds : []), anchor: null, allMatching: false })),
    [rowIds],
  );
  const selectAllMatching = useCallback(
    () => setState((s) => ({ ...s, ids: new Set(rowIds), allMatching: true })),
    [rowIds],
  );
  const clear = useCallback(() => setState((s) => empty(s.key)), []);

  return useMemo(
    () => ({
      ids: current.ids,
      allMatching: current.allMatching,
      toggle,
      selectPage,
      selectAllMatching,
      clear,
    }),
    [current.ids, current.allMatching, toggle, selectPage, selectAllMatching, clear],
  );
}
