import { describe, expect, it } from 'vitest';
import { coloursInCss, coloursInSource } from '../../scripts/theme-check.mjs';

describe('the colour check: every colour comes from the theme, so dark mode has it too', () => {
  it('finds hex and rgb() colours in code, and colour names given to colour properties', () => {
    const hits = coloursInSource(`
      const note = { background: '#fff8db', border: '1px solid #f5d66b' };
      export function Row() {
        return <div style={{ color: 'white', boxShadow: '0 1px 2px rgba(0,0,0,0.1)' }} />;
      }`);
    expect(hits.map((hit) => hit.text)).toEqual([
      '#fff8db',
      '1px solid #f5d66b',
      'white',
      '0 1px 2px rgba(0,0,0,0.1)',
    ]);
  });

  it('lets through theme variables, words that are not colours and marked brand colours', () => {
    expect(
      coloursInSource(`
        const a = { color: 'var(--parley-color-text)', title: 'A white lie', href: '#top' };
        const b = token.colorPrimary;
        const anchor = '#section-2';
        const hint = t\`Type a conversation number, like #1234.\`;
        // theme-ignore-next-line: the channel's own brand colour
        const facebook = '#1877f2';
      `),
    ).toEqual([]);
  });

  it('finds colours in stylesheets, outside variables and comments', () => {
    const hits = coloursInCss(`
.card {
  /* was #fff */
  background: #fff;
  color: var(--parley-color-text);
  border: 1px solid rgb(0 0 0 / 10%);
  outline-color: red;
  /* theme-ignore-next-line: the merchant's colour */
  fill: #123456;
}`);
    expect(hits.map((hit) => hit.line)).toEqual([4, 6, 7]);
  });
});
