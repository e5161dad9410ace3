import { describe, expect, it } from 'vitest';
import { csvCell, csvLine } from './csv';

describe('CSV cells of the exports (docs/product/audit-log.md, "CSV export")', () => {
  it('quotes a cell with a comma, a quote, a line break or a semicolon, which some locales split on', () => {
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell("Bob;=cmd|' /C calc'!A0")).toBe('"Bob;=cmd|\' /C calc\'!A0"');
  });

  it('keeps a spreadsheet from running a cell as a formula', () => {
    expect(csvCell('=SUM(A1:A2)')).toBe("'=SUM(A1:A2)");
    expect(csvCell('+1')).toBe("'+1");
    expect(csvCell('@here')).toBe("'@here");
    expect(csvCell(12)).toBe('12');
    expect(csvCell(null)).toBe('');
    expect(csvLine(['a', 1, null])).toBe('a,1,\r\n');
  });
});
