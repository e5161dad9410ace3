import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ScrollRegion } from './scroll-region';

/** jsdom lays nothing out: a fake ResizeObserver and element widths stand in for the browser. */
function fakeLayout(scrollWidth: number, clientWidth: number) {
  let notify = () => {};
  vi.stubGlobal(
    'ResizeObserver',
    class {
      constructor(cb: () => void) {
        notify = cb;
      }
      observe() {}
      disconnect() {}
    },
  );
  vi.spyOn(HTMLElement.prototype, 'scrollWidth', 'get').mockImplementation(() => scrollWidth);
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockImplementation(() => clientWidth);
  return () => notify();
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('ScrollRegion: wide content scrolls in its box, reachable by keyboard (WCAG 2.1.1)', () => {
  it('is a named region in the tab order while its content is wider than the box', () => {
    fakeLayout(600, 358);
    render(
      <ScrollRegion label="Team members" minWidth={600}>
        <table />
      </ScrollRegion>,
    );
    const region = screen.getByRole('region', { name: 'Team members' });
    expect(region).toHaveAttribute('tabindex', '0');
  });

  it('is a plain box, no extra tab stop, where the content fits', () => {
    const relayout = fakeLayout(600, 1000);
    render(
      <ScrollRegion label="Team members" minWidth={600}>
        <table />
      </ScrollRegion>,
    );
    act(() => relayout());
    expect(screen.queryByRole('region')).toBeNull();
  });
});
