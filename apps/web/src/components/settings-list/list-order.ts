/** What every settings list holds: items the server knows by id. */
export interface ListItem {
  id: number;
}

/** The ids in their new order after the item at `index` moves one place up (-1) or down (1). */
export function movedIds(items: readonly ListItem[], index: number, by: -1 | 1): number[] {
  const ids = items.map((item) => item.id);
  const to = index + by;
  if (index < 0 || index >= ids.length || to < 0 || to >= ids.length) return ids;
  const [id] = ids.splice(index, 1);
  ids.splice(to, 0, id!);
  return ids;
}

/** The list with a saved item in its place: replaced where it was, or added at the end. */
export function withSaved<Item extends ListItem>(items: Item[], saved: Item): Item[] {
  const at = items.findIndex((item) => item.id === saved.id);
  return at === -1 ? [...items, saved] : items.map((item, i) => (i === at ? saved : item));
}

export function withoutId<Item extends ListItem>(items: Item[], id: number): Item[] {
  return items.filter((item) => item.id !== id);
}

/** The items in the order of `ids`; an id the list does not hold is skipped. */
export function inIdOrder<Item extends ListItem>(items: Item[], ids: readonly number[]): Item[] {
  const byId = new Map(items.map((item) => [item.id, item]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}
