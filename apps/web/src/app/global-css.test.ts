import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { theme } from 'antd';
import { appTheme, darkAppTheme } from './theme';

const css = readFileSync(resolve(import.meta.dirname, 'global.css'), 'utf8').replace(
  /\/\*[\s\S]*?\*\//g,
  '',
);

/** The declarations of one rule of global.css, by its exact selector list. */
function rule(selector: string): Record<string, string> {
  const escaped = selector.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/,\s*/g, ',\\s*');
  const match = new RegExp(`(?:^|})\\s*${escaped}\\s*\\{([^}]*)\\}`).exec(css);
  if (!match) throw new Error(`global.css has no rule for ${selector}`);
  return Object.fromEntries(
    match[1]!
      .split(';')
      .map((d) => d.trim())
      .filter(Boolean)
      .map((d) => {
        const at = d.indexOf(':');
        return [
          d.slice(0, at).trim(),
          d
            .slice(at + 1)
            .replace(/\s+/g, ' ')
            .trim(),
        ];
      }),
  );
}

const root = rule(':root');
const token = theme.getDesignToken(appTheme);
const px = (n: number | string) => `${n}px`;
const flat = (stack: string) => stack.replace(/\s+/g, '');

describe('global.css: one font, type scale and link style for every page', () => {
  it('the root font, sizes and colours are the antd theme’s (app/theme.ts), not a second palette', () => {
    expect(flat(root['--parley-font-family']!)).toBe(flat(token.fontFamily));
    expect(root['--parley-font-size']).toBe(px(token.fontSize));
    expect(root['--parley-font-size-sm']).toBe(px(token.fontSizeSM));
    expect(root['--parley-font-size-lg']).toBe(px(token.fontSizeLG));
    const headings = [
      token.fontSizeHeading1,
      token.fontSizeHeading2,
      token.fontSizeHeading3,
      token.fontSizeHeading4,
      token.fontSizeHeading5,
    ];
    headings.forEach((size, at) =>
      expect(root[`--parley-font-size-heading-${at + 1}`]).toBe(px(size)),
    );
    expect(Number(root['--parley-line-height'])).toBeCloseTo(token.lineHeight, 3);
    const colours = {
      '--parley-color-primary': token.colorPrimary,
      '--parley-color-primary-hover': token.colorPrimaryHover,
      '--parley-color-primary-bg': token.colorPrimaryBg,
      '--parley-color-link': token.colorLink,
      '--parley-color-link-hover': token.colorLinkHover,
      '--parley-color-link-active': token.colorLinkActive,
      '--parley-color-text': token.colorText,
      '--parley-color-text-secondary': token.colorTextSecondary,
      '--parley-color-text-tertiary': token.colorTextTertiary,
      '--parley-color-text-light-solid': token.colorTextLightSolid,
      '--parley-color-bg-layout': token.colorBgLayout,
      '--parley-color-bg-container': token.colorBgContainer,
      '--parley-color-border': token.colorBorder,
      '--parley-color-error': token.colorError,
    };
    for (const [name, value] of Object.entries(colours))
      expect({ name, value: root[name]?.toLowerCase() }).toEqual({
        name,
        value: value.toLowerCase(),
      });
    expect(root['--parley-border-radius']).toBe(px(token.borderRadius));
    expect(root['--parley-control-height']).toBe(px(token.controlHeight));
  });

  it('the root element carries the font stack and scale, so no surface falls back to the serif default', () => {
    const html = rule('html');
    expect(html['font-family']).toBe('var(--parley-font-family)');
    expect(html['color']).toBe('var(--parley-color-text)');
    expect(rule('body')['font-size']).toBe('var(--parley-font-size)');
    expect(rule('button, input, select, textarea')['font-family']).toBe('inherit');
  });

  it('links take the theme’s link colours, without the default underline', () => {
    expect(rule('a')).toMatchObject({
      color: 'var(--parley-color-link)',
      'text-decoration': 'none',
    });
    expect(rule('a:hover').color).toBe('var(--parley-color-link-hover)');
  });

  it('a link inside running text is underlined, not told apart by colour alone', () => {
    expect(
      rule(
        'p a:not(.ant-btn), .ant-typography a:not(.ant-btn), .ant-empty-description a, .ant-alert-description a',
      ),
    ).toMatchObject({
      'text-decoration': 'underline',
    });
  });

  it('is the stylesheet index.html loads first, before any script or antd style', () => {
    const html = readFileSync(resolve(import.meta.dirname, '../../index.html'), 'utf8');
    const link = html.indexOf('href="/src/app/global.css"');
    expect(link).toBeGreaterThan(-1);
    expect(link).toBeLessThan(html.indexOf('<script'));
  });
});

describe('global.css: the dark look is the dark theme’s (app/theme.ts, darkAppTheme)', () => {
  const darkToken = theme.getDesignToken(darkAppTheme);
  const chosen = rule(":root[data-theme='dark']");

  it('text, surfaces and links on plain-CSS pages match the dark antd theme', () => {
    expect(chosen['--parley-color-text']).toBe(darkToken.colorText);
    expect(chosen['--parley-color-text-secondary']).toBe(darkToken.colorTextSecondary);
    expect(chosen['--parley-color-text-tertiary']).toBe(darkToken.colorTextTertiary);
    expect(chosen['--parley-color-bg-layout']).toBe(darkToken.colorBgLayout);
    expect(chosen['--parley-color-bg-container']).toBe(darkToken.colorBgContainer);
    expect(chosen['--parley-color-link']).toBe(darkToken.colorLink);
    expect(chosen['--parley-color-error']).toBe(darkToken.colorError);
  });

  it('a device set to dark gets the same values when the person chose no theme', () => {
    const system =
      /@media \(prefers-color-scheme: dark\)\s*\{\s*:root:not\(\[data-theme='light'\]\)\s*\{([^}]*)\}/.exec(
        css,
      );
    expect(system).not.toBeNull();
    const declarations = (block: string) => block.replace(/\s+/g, ' ').trim();
    const chosenBlock = /:root\[data-theme='dark'\]\s*\{([^}]*)\}/.exec(css)!;
    expect(declarations(system![1]!)).toBe(declarations(chosenBlock[1]!));
  });
});

describe('global.css: surfaces, fills and states for plain CSS follow the theme in both looks', () => {
  const STATE_TOKENS = [
    'colorBorderSecondary',
    'colorFillSecondary',
    'colorFillTertiary',
    'colorFillQuaternary',
    'colorTextDisabled',
    'colorBgContainerDisabled',
    'colorSuccess',
    'colorSuccessBg',
    'colorSuccessBorder',
    'colorErrorBg',
    'colorErrorBorder',
    'colorWarning',
    'colorWarningBg',
    'colorWarningBorder',
    'colorWarningText',
    'colorInfoBg',
    'colorInfoBorder',
    'colorBgElevated',
    'colorBgMask',
    'colorErrorOutline',
    'colorPrimaryBorder',
    'colorFillAlter',
  ] as const;
  const variable = (tokenName: string) =>
    `--parley-${tokenName.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`)}`;
  const looks = [
    ['light', rule(':root'), theme.getDesignToken(appTheme)],
    ['dark', rule(":root[data-theme='dark']"), theme.getDesignToken(darkAppTheme)],
  ] as const;

  it.each(looks)('each variable is its antd token in the %s look', (_look, declared, tokens) => {
    for (const name of STATE_TOKENS)
      expect({ name, value: declared[variable(name)]?.replace(/\s+/g, '') }).toEqual({
        name,
        value: String(tokens[name]).replace(/\s+/g, ''),
      });
    expect(declared['--parley-color-orange-bg']).toBe(tokens.orange1);
    expect(declared['--parley-color-orange-text']).toBe(tokens.orange7);
  });
});
