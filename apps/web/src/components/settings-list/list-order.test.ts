import { describe, expect, it } from 'vitest';
import { inIdOrder, movedIds, withoutId, withSaved } from './list-order';

const items = [
  { id: 1, name: 'a' },
  { id: 2, name: 'b' },
  { id: 3, name: 'c' },
];

describe('a settings list’s order', () => {
  it('moves an item one place up or down, the others keeping their order', () => {
    expect(movedIds(items, 0, 1)).toEqual([2, 1, 3]);
    expect(movedIds(items, 2, -1)).toEqual([1, 3, 2]);
  });

  it('leaves the order as it is for a move past either end', () => {
    expect(movedIds(items, 0, -1)).toEqual([1, 2, 3]);
    expect(movedIds(items, 2, 1)).toEqual([1, 2, 3]);
  });

  it('puts the items in the order of the ids, skipping an id it does not hold', () => {
    expect(inIdOrder(items, [3, 9, 1, 2]).map((item) => item.id)).toEqual([3, 1, 2]);
  });
});

describe('a settings list’s items after a save or a delete', () => {
  it('replaces a saved item where it was, and adds a new one at the end', () => {
    expect(withSaved(items, { id: 2, name: 'B' }).map((item) => item.name)).toEqual([
      'a',
      'B',
      'c',
    ]);
    expect(withSaved(items, { id: 4, name: 'd' }).map((item) => item.id)).toEqual([1, 2, 3, 4]);
  });

  it('drops a deleted item', () => {
    expect(withoutId(items, 2).map((item) => item.id)).toEqual([1, 3]);
  });
});
