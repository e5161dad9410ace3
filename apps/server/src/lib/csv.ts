/**
 * RFC 4180 CSV: a cell is quoted when it holds a comma, a quote or a line break (quotes doubled),
 * or a semicolon, which spreadsheets in many locales split on;
 * text a spreadsheet would run as a formula (=, +, -, @, tab, CR first) gets a leading apostrophe
 * so opening the export runs nothing (OWASP CSV injection). Lines end with CRLF.
 */
export function csvCell(value: string | number | null): string {
  if (value === null) return '';
  if (typeof value === 'number') return String(value);
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",;\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

export const csvLine = (cells: (string | number | null)[]) => `${cells.map(csvCell).join(',')}\r\n`;
