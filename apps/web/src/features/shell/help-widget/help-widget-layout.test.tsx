import { describe, expect, it } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { theme } from 'antd';
import { LOCAL_KEYS } from '@parley/contracts';
import { appTheme } from '../../../app/theme';
import { emulateViewport } from '../../inbox/testing';
import { meLoaded, renderShell } from '../testing/render-shell';

/** antd's popup layer: modals, their backdrops, drawers (app/theme.ts). */
const MODAL_LAYER = theme.getDesignToken(appTheme).zIndexPopupBase;

const px = (value: string) => Number.parseFloat(value);

describe('help widget layout', { timeout: 90_000 }, () => {
  it('the panel is 376 px wide and at most 704 px high, padding included, and under the modal layer', async () => {
    renderShell({ at: '/inboxes' });
    fireEvent.click(await screen.findByTestId('help-float-button'));
    const panel = await screen.findByTestId('help-widget-panel');
    const style = panel.style;
    // Its padding inside the 376 px, not added to it (408 px before).
    expect(style.boxSizing).toBe('border-box');
    expect(style.width).toBe('376px');
    expect(style.maxHeight).toMatch(/^min\(704px, /);
    expect(Number(style.zIndex)).toBeLessThan(MODAL_LAYER);
  });

  it('on a phone the panel narrows and shortens to the viewport, beside the floating buttons', async () => {
    renderShell({ at: '/inboxes' });
    fireEvent.click(await screen.findByTestId('help-float-button'));
    const panel = await screen.findByTestId('help-widget-panel');
    const button = screen.getByTestId('help-float-button');
    // Right of the panel: the buttons' column (24 px from the edge, 40 px wide) and a gap.
    const beside = px(panel.style.insetInlineEnd);
    expect(beside).toBeGreaterThanOrEqual(px(button.style.insetInlineEnd) + 40);
    // What is left of a 390 px viewport: the panel's maxWidth leaves a margin on the left too.
    expect(panel.style.maxWidth).toMatch(new RegExp(`^calc\\(100vw - ${beside + 12}px\\)$`));
    expect(panel.style.maxHeight).toMatch(/100dvh/);
  });

  it('the demo callout stands clear of the bottom row (where Send is) and under the modal layer', async () => {
    localStorage.removeItem(LOCAL_KEYS.showDemoAndChatCallout);
    renderShell({ at: '/inboxes' });
    await meLoaded();
    const callout = await screen.findByTestId('help-demo-callout', undefined, { timeout: 9000 });
    const button = screen.getByTestId('help-float-button');
    // Above the top of the help button, the lowest of the floating buttons (40 px high).
    expect(px(callout.style.bottom)).toBeGreaterThan(px(button.style.bottom) + 40);
    expect(Number(callout.style.zIndex)).toBeLessThan(MODAL_LAYER);
    expect(callout.style.boxSizing).toBe('border-box');
  });

  it('on a phone the demo callout sits under the top bar, off the composer at the bottom', async () => {
    const viewport = emulateViewport(390);
    try {
      localStorage.removeItem(LOCAL_KEYS.showDemoAndChatCallout);
      renderShell({ at: '/inboxes' });
      await meLoaded();
      const callout = await screen.findByTestId('help-demo-callout', undefined, { timeout: 9000 });
      expect(callout.style.bottom).toBe('');
      expect(px(callout.style.top)).toBeGreaterThanOrEqual(56);
      expect(Number(callout.style.zIndex)).toBeLessThan(MODAL_LAYER);
    } finally {
      viewport.restore();
    }
  });
});
