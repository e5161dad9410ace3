import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import { ErrorBoundary } from './error-boundary';

const source = (path: string) =>
  readFileSync(resolve(import.meta.dirname, path), 'utf8').replace(/\/\*[\s\S]*?\*\//g, '');
const moduleCss = source('auth-kit.module.css');
const globalCss = source('../app/global.css');

/** The declarations of `selector { … }` in a stylesheet. */
function declarations(css: string, selector: string): Record<string, string> {
  const escaped = selector.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const match = new RegExp(`(?:^|})\\s*${escaped}\\s*\\{([^}]*)\\}`).exec(css);
  if (!match) throw new Error(`no rule ${selector}`);
  return Object.fromEntries(
    match[1]!
      .split(';')
      .map((d) => d.trim())
      .filter(Boolean)
      .map((d) => [d.slice(0, d.indexOf(':')).trim(), d.slice(d.indexOf(':') + 1).trim()]),
  );
}

const rootVariables = declarations(globalCss, ':root');

/** A value as the page sees it: a var() must be one of the root variables, set for every page. */
function resolved(value: string | undefined): string | undefined {
  const variable = /^var\((--[\w-]+)\)$/.exec(value ?? '');
  return variable ? rootVariables[variable[1]!] : value;
}

/** The rule of the CSS module class an element carries (vitest keeps the local name). */
function moduleRuleOf(element: HTMLElement) {
  const local = /_([A-Za-z]+)_/.exec(element.className)?.[1];
  expect(local).toBeDefined();
  return declarations(moduleCss, `.${local}`);
}

function Broken(): never {
  throw new Error('render failed');
}

afterEach(() => vi.restoreAllMocks());

describe('the error page (a screen that failed to render)', () => {
  it('says what happened and offers a Reload button that is visibly filled with the theme’s primary colour', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    render(
      <ErrorBoundary>
        <Broken />
      </ErrorBoundary>,
    );
    expect(
      screen.getByRole('heading', { level: 1, name: 'This page could not be shown' }),
    ).toBeInTheDocument();
    const reload = screen.getByRole('button', { name: 'Reload' });
    const style = moduleRuleOf(reload);
    // Every colour it uses is defined at the root, not only inside the login page's frame.
    const background = resolved(style['background']);
    const color = resolved(style['color']);
    expect(background).toBe(rootVariables['--parley-color-primary']);
    expect(background).toMatch(/^#[0-9a-f]{6}$/i);
    expect(color).toBe(rootVariables['--parley-color-text-light-solid']);
    expect(color).not.toBe(background);
  });

  it('is drawn with the theme’s type: its title and text use the root scale and colours', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    render(
      <ErrorBoundary>
        <Broken />
      </ErrorBoundary>,
    );
    const title = screen.getByRole('heading', { level: 1 });
    expect(resolved(moduleRuleOf(title)['font-size'])).toBe(
      rootVariables['--parley-font-size-heading-3'],
    );
    const text = screen.getByText(/Reloading usually fixes it/);
    expect(resolved(moduleRuleOf(text)['color'])).toBe(
      rootVariables['--parley-color-text-secondary'],
    );
  });
});
