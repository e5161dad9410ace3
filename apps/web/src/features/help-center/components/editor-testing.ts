import type userEvent from '@testing-library/user-event';

/**
 * For the tests that type into the article editor. ProseMirror measures the selection to keep
 * it in view, and jsdom has no layout: a Range measures as an empty box at the origin here
 * (jsdom's own Element methods already do the same).
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

/**
 * Types at the end of the text. user-event puts jsdom's caret after the editor's last block,
 * where no browser puts it; here it goes inside the last block, as a click there would.
 */
export async function typeAtEnd(
  user: ReturnType<typeof userEvent.setup>,
  text: HTMLElement,
  keys: string,
) {
  await user.click(text);
  let node: Node = text;
  while (node.lastChild && !(node.lastChild instanceof HTMLBRElement)) node = node.lastChild;
  const end = node.nodeType === Node.TEXT_NODE ? (node.textContent ?? '').length : 0;
  document.getSelection()!.collapse(node, end);
  document.dispatchEvent(new Event('selectionchange'));
  await user.keyboard(keys);
}

/** Chooses `word` in the text, as a double click would; with `caret`, puts the caret after it. */
export function choose(text: HTMLElement, word: string, caret = false) {
  const walker = document.createTreeWalker(text, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const at = (node.textContent ?? '').indexOf(word);
    if (at < 0) continue;
    const range = document.createRange();
    range.setStart(node, caret ? at + word.length : at);
    range.setEnd(node, at + word.length);
    text.focus();
    document.getSelection()!.removeAllRanges();
    document.getSelection()!.addRange(range);
    document.dispatchEvent(new Event('selectionchange'));
    return;
  }
  throw new Error(`“${word}” is not in the text`);
}
