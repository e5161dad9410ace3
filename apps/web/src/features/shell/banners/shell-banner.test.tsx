import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { BUILD_META_NAME, DAY_MS, LOCAL_KEYS, STALE_TAB_AFTER_MS } from '@parley/contracts';
import { json } from '../../../test/fake-api';
import { meLoaded, meWith, renderShell } from '../testing/render-shell';
import { paymentErrorText, staleTabText, paymentWarningText } from './shell-banner';

const NOW = new Date('2026-06-15T12:00:00.000Z');
const daysAgo = (days: number, extraMs = 0) =>
  new Date(NOW.getTime() - days * DAY_MS - extraMs).toISOString();

/** A fixed clock (Date only: timers stay real so the page can load). */
function fixClock() {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
}

const failedDaysAgo = (days: number, extraMs = 0) =>
  meWith({ payment_failure_triggered_at: daysAgo(days, extraMs) });

describe(
  'payment failure banner (docs/product/states.md, docs/product/limits.md: 14-day grace)',
  { timeout: 60_000 },
  () => {
    it('docs/product/states.md: under 14 days it warns with 14 − days elapsed left (3 days elapsed → 11 days)', async () => {
      fixClock();
      renderShell({ at: '/inboxes/all', me: failedDaysAgo(3) });
      const banner = await screen.findByTestId('payment-banner');
      expect(banner).toHaveTextContent(paymentWarningText(11));
      expect(banner).toHaveClass('ant-alert-warning');
      expect(screen.getByRole('link', { name: 'Update payment method' })).toHaveAttribute(
        'href',
        '/settings/pricing',
      );
    });

    it('docs/product/states.md: 13 days and 23 hours elapsed still count as 13 days → the minimum of 1 day left', async () => {
      fixClock();
      renderShell({ at: '/inboxes/all', me: failedDaysAgo(13, 23 * 60 * 60 * 1000) });
      expect(await screen.findByTestId('payment-banner')).toHaveTextContent(paymentWarningText(1));
      expect(paymentWarningText(1)).toContain('within 1 day ');
    });

    it('docs/product/states.md: at 14 days or more it is an error saying more than 14 days have passed', async () => {
      fixClock();
      renderShell({ at: '/inboxes/all', me: failedDaysAgo(14) });
      const banner = await screen.findByTestId('payment-banner');
      expect(banner).toHaveTextContent(paymentErrorText());
      expect(paymentErrorText()).toContain('More than 14 days have passed');
      expect(banner).toHaveClass('ant-alert-error');
    });

    it('docs/product/states.md: no banner while payment_failure_triggered_at is unset', async () => {
      fixClock();
      renderShell({ at: '/inboxes/all' });
      await meLoaded();
      expect(screen.queryByTestId('payment-banner')).not.toBeInTheDocument();
    });

    it('docs/product/data.md, docs/product/states.md: closing stores today’s date under banner-closed-on and hides it for the day', async () => {
      fixClock();
      const first = renderShell({ at: '/inboxes/all', me: failedDaysAgo(3) });
      await screen.findByTestId('payment-banner');
      await userEvent.click(screen.getByRole('button', { name: 'Close banner' }));
      expect(localStorage.getItem(LOCAL_KEYS.bannerClosedOn)).toBe('2026-06-15');
      await waitFor(() => expect(screen.queryByTestId('payment-banner')).not.toBeInTheDocument());

      // Reloaded the same day: still closed.
      first.view.unmount();
      renderShell({ at: '/inboxes/all', me: failedDaysAgo(3) });
      await meLoaded();
      expect(screen.queryByTestId('payment-banner')).not.toBeInTheDocument();
    });

    it('docs/product/states.md: closed on an earlier day, it shows again', async () => {
      fixClock();
      localStorage.setItem(LOCAL_KEYS.bannerClosedOn, '2026-06-14');
      renderShell({ at: '/inboxes/all', me: failedDaysAgo(3) });
      expect(await screen.findByTestId('payment-banner')).toBeInTheDocument();
    });
  },
);

describe(
  'docs/product/screens.md: a top banner shows only on paths containing /inboxes or /setings (sic)',
  { timeout: 60_000 },
  () => {
    for (const [path, shown] of [
      ['/inboxes/all', true],
      ['/setings/billing', true],
      ['/settings/global', false],
      ['/reporting', false],
      ['/setup', false],
    ] as const) {
      it(`${shown ? 'shows' : 'hides'} the payment banner on ${path}`, async () => {
        fixClock();
        renderShell({ at: path, me: failedDaysAgo(3) });
        await meLoaded();
        expect(screen.queryByTestId('payment-banner') !== null).toBe(shown);
      });
    }
  },
);

describe(
  'stale tab (docs/product/states.md, docs/product/limits.md: 30 minutes)',
  { timeout: 60_000 },
  () => {
    it('after 1,800,000 ms, with a newer build served, the refresh banner replaces the payment banner', async () => {
      vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'], shouldAdvanceTime: true });
      vi.setSystemTime(NOW);
      const tabBuild = Object.assign(document.createElement('meta'), {
        name: BUILD_META_NAME,
        content: 'tab-build',
      });
      document.head.append(tabBuild);
      onTestFinished(() => tabBuild.remove());
      renderShell({
        at: '/inboxes/all',
        me: failedDaysAgo(3),
        routes: { 'GET /build.json': json(200, { build: 'newer-build' }) },
      });
      await screen.findByTestId('payment-banner');

      act(() => vi.advanceTimersByTime(STALE_TAB_AFTER_MS - 1_000));
      expect(screen.queryByTestId('stale-tab-banner')).not.toBeInTheDocument();

      act(() => vi.advanceTimersByTime(1_000));
      const stale = await screen.findByTestId('stale-tab-banner');
      expect(stale).toHaveTextContent(staleTabText());
      expect(screen.getByRole('button', { name: 'Refresh' })).toBeInTheDocument();
      expect(screen.queryByTestId('payment-banner')).not.toBeInTheDocument();
    });

    it('the refresh banner follows the top-banner path rule too (none on /settings)', async () => {
      vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'], shouldAdvanceTime: true });
      renderShell({ at: '/settings/global' });
      await meLoaded();
      act(() => vi.advanceTimersByTime(STALE_TAB_AFTER_MS));
      expect(screen.queryByTestId('stale-tab-banner')).not.toBeInTheDocument();
    });
  },
);
