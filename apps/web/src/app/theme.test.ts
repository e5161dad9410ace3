import { theme } from 'antd';
import { describe, expect, it } from 'vitest';
import { appTheme, darkAppTheme, DARK_PRESET_TEXT, READABLE_PRESET_TEXT } from './theme';

/** WCAG 2.x relative luminance and contrast ratio of two #rrggbb colours. */
function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}
function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
}

const tokens = theme.getDesignToken(appTheme) as unknown as Record<string, string>;

describe('theme colours read as text (WCAG AA, 4.5:1)', () => {
  it.each(['Success', 'Error', 'Warning'])('%s text on white and on its own tint', (status) => {
    const text = tokens[`color${status}`]!;
    expect(contrast(text, '#ffffff')).toBeGreaterThanOrEqual(4.5);
    expect(contrast(text, tokens[`color${status}Bg`]!)).toBeGreaterThanOrEqual(4.5);
  });

  it.each(Object.keys(READABLE_PRESET_TEXT))('a %s tag’s text on its light tint', (key) => {
    const color = key.slice(0, -1);
    expect(contrast(tokens[key]!, tokens[`${color}1`]!)).toBeGreaterThanOrEqual(4.5);
  });

  it('secondary, tertiary and placeholder text on white and on the layout grey', () => {
    for (const text of ['colorTextSecondary', 'colorTextTertiary', 'colorTextPlaceholder']) {
      expect(contrast(tokens[text]!, '#ffffff')).toBeGreaterThanOrEqual(4.5);
      expect(contrast(tokens[text]!, tokens.colorBgLayout!)).toBeGreaterThanOrEqual(4.5);
    }
  });
});

const dark = theme.getDesignToken(darkAppTheme) as unknown as Record<string, string>;

describe('the dark theme reads as well (WCAG AA, 4.5:1)', () => {
  const surfaces = ['colorBgLayout', 'colorBgContainer', 'colorBgElevated'];

  it('body, secondary, tertiary, placeholder and link text on every dark surface', () => {
    for (const text of [
      'colorText',
      'colorTextSecondary',
      'colorTextTertiary',
      'colorTextPlaceholder',
      'colorLink',
    ]) {
      for (const surface of surfaces) {
        expect(
          contrast(dark[text]!, dark[surface]!),
          `${text} on ${surface}`,
        ).toBeGreaterThanOrEqual(4.5);
      }
    }
  });

  it.each(['Success', 'Error', 'Warning'])(
    '%s text on the dark surface and on its own tint',
    (status) => {
      const text = dark[`color${status}`]!;
      expect(contrast(text, dark.colorBgContainer!)).toBeGreaterThanOrEqual(4.5);
      expect(contrast(text, dark[`color${status}Bg`]!)).toBeGreaterThanOrEqual(4.5);
    },
  );

  it.each(Object.keys(DARK_PRESET_TEXT))('a %s tag’s text on its dark tint', (key) => {
    const color = key.slice(0, -1);
    expect(contrast(dark[key]!, dark[`${color}1`]!)).toBeGreaterThanOrEqual(4.5);
  });

  it('the primary button’s text on the primary colour, and the selected menu item', () => {
    expect(contrast('#ffffff', dark.colorPrimary!)).toBeGreaterThanOrEqual(4.5);
    const menu = darkAppTheme.components!.Menu!;
    expect(
      contrast(menu.itemSelectedColor as string, menu.itemSelectedBg as string),
    ).toBeGreaterThanOrEqual(4.5);
  });
});
