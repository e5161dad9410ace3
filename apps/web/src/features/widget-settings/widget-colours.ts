/** Colour helpers of the widget preview: the text colour that reads best on the primary colour. */

const HEX = /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i;

export const isHexColour = (value: unknown): value is string =>
  typeof value === 'string' && HEX.test(value.trim());

/** #rgb or #rrggbb as lowercase #rrggbb (what the server stores). */
export function normalizeHex(value: string): string {
  const digits = value.trim().slice(1).toLowerCase();
  return `#${digits.length === 3 ? [...digits].map((d) => d + d).join('') : digits}`;
}

function luminance(hex: string): number {
  const n = normalizeHex(hex);
  const channel = (i: number) => {
    const c = parseInt(n.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
}

/** The widget's own text colours on the merchant's primary colour (data of the widget's look, not the app's theme). */
// theme-ignore-next-line: the widget's text on the merchant's colour, as the store shows it.
export const DARK_TEXT = '#1f2329';
// theme-ignore-next-line: the widget's text on the merchant's colour, as the store shows it.
export const LIGHT_TEXT = '#ffffff';

/** White or near-black, whichever has the higher WCAG contrast ratio on `background`. */
export function readableTextOn(background: string): string {
  const l = luminance(background);
  const onWhite = 1.05 / (l + 0.05);
  const onDark = (l + 0.05) / (luminance(DARK_TEXT) + 0.05);
  return onWhite >= onDark ? LIGHT_TEXT : DARK_TEXT;
}
