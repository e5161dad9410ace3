/**
 * For tests only: ProseMirror measures the selection to keep it in view, and jsdom has no
 * layout. A Range measures as an empty box at the origin here; jsdom's own Element methods
 * already do the same. Imported by the tests that type into the article editor.
 */
const empty = () => new DOMRect(0, 0, 0, 0);
const emptyList = () => ({ length: 0, item: () => null, [Symbol.iterator]: [][Symbol.iterator] });

if (!('getClientRects' in Range.prototype)) {
  Object.assign(Range.prototype, {
    getClientRects: emptyList,
    getBoundingClientRect: empty,
  });
}
if (!document.elementFromPoint) document.elementFromPoint = () => null;
