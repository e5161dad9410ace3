import { Mark, Node } from '@tiptap/core';

/**
 * Markup the toolbar cannot make but an article may already hold (pasted into the old editor,
 * or written before it): the editor keeps only what its schema knows, so without these an
 * article opened and saved again would lose its tables and these inline elements. The server
 * allows all of them.
 */

const inlineMark = (tag: string, attributes: string[] = []) =>
  Mark.create({
    name: `kept_${tag}`,
    addAttributes: () =>
      Object.fromEntries(attributes.map((attribute) => [attribute, { default: null }])),
    parseHTML: () => [{ tag }],
    renderHTML: ({ HTMLAttributes }) => [tag, HTMLAttributes, 0],
  });

const cell = (tag: 'td' | 'th') =>
  Node.create({
    name: tag === 'td' ? 'keptTableCell' : 'keptTableHeader',
    // i18n-ignore-next-line: a ProseMirror content expression, not text.
    content: 'block+',
    // The cursor and joins stay inside a cell, as in a table.
    isolating: true,
    addAttributes: () => ({
      colspan: { default: null },
      rowspan: { default: null },
      ...(tag === 'th' ? { scope: { default: null } } : {}),
    }),
    parseHTML: () => [{ tag }],
    renderHTML: ({ HTMLAttributes }) => [tag, HTMLAttributes, 0],
  });

const table = Node.create({
  name: 'keptTable',
  group: 'block',
  // i18n-ignore-next-line: a ProseMirror content expression, not text.
  content: 'keptTableRow+',
  isolating: true,
  // thead, tbody and tfoot are read through: their rows land in the table.
  parseHTML: () => [{ tag: 'table' }],
  renderHTML: () => ['table', ['tbody', 0]],
});

const row = Node.create({
  name: 'keptTableRow',
  // i18n-ignore-next-line: a ProseMirror content expression, not text.
  content: '(keptTableCell | keptTableHeader)+',
  parseHTML: () => [{ tag: 'tr' }],
  renderHTML: () => ['tr', 0],
});

export const keptMarkup = [
  inlineMark('sub'),
  inlineMark('sup'),
  inlineMark('mark'),
  inlineMark('kbd'),
  inlineMark('small'),
  inlineMark('ins'),
  inlineMark('abbr', ['title']),
  table,
  row,
  cell('td'),
  cell('th'),
];
