import { describe, expect, it } from 'vitest';
import { DAY_MS } from '@parley/contracts';
import {
  daysSince,
  passwordReminderDue,
  paymentBanner,
  paymentModalDue,
  paymentModalStamp,
  showsFeedbackButton,
  showsHelpWidget,
  showsTopBanner,
} from './shell-rules';

const NOW = Date.parse('2026-06-15T12:00:00.000Z');
const ago = (days: number) => new Date(NOW - days * DAY_MS).toISOString();
const me = (failure: number | null, action: number | null = null) => ({
  payment_failure_triggered_at: failure === null ? null : ago(failure),
  payment_action_required_triggered_at: action === null ? null : ago(action),
});

describe('shell rules', () => {
  it('daysSince counts whole days elapsed', () => {
    expect(daysSince(ago(0), NOW)).toBe(0);
    expect(daysSince(new Date(NOW - DAY_MS + 1).toISOString(), NOW)).toBe(0);
    expect(daysSince(ago(14), NOW)).toBe(14);
  });

  it('payment banner (docs/product/states.md): 14 − days elapsed (minimum 1) under 14 days; error from 14 days', () => {
    expect(paymentBanner(me(null), NOW, null)).toEqual({ kind: 'none' });
    expect(paymentBanner(me(0), NOW, null)).toEqual({ kind: 'warning', daysLeft: 14 });
    expect(paymentBanner(me(10), NOW, null)).toEqual({ kind: 'warning', daysLeft: 4 });
    expect(paymentBanner(me(13), NOW, null)).toEqual({ kind: 'warning', daysLeft: 1 });
    expect(paymentBanner(me(14), NOW, null)).toEqual({ kind: 'error', daysElapsed: 14 });
    expect(paymentBanner(me(40), NOW, null)).toEqual({ kind: 'error', daysElapsed: 40 });
  });

  it('payment banner (docs/product/states.md): closed today hides it; closed another day does not', () => {
    expect(paymentBanner(me(3), NOW, '2026-06-15')).toEqual({ kind: 'none' });
    expect(paymentBanner(me(3), NOW, '2026-06-14').kind).toBe('warning');
  });

  it('payment modal (docs/product/states.md): banner shown and the failure or action-required age ≥ 14 days', () => {
    const at = '/inboxes/all/open/newest';
    expect(paymentModalDue(me(13), NOW, null, at)).toBe(false);
    expect(paymentModalDue(me(14), NOW, null, at)).toBe(true);
    expect(paymentModalDue(me(2, 14), NOW, null, at)).toBe(true);
    expect(paymentModalDue(me(2, 13), NOW, null, at)).toBe(false);
    // No banner (closed today, or no failure): no modal.
    expect(paymentModalDue(me(20), NOW, '2026-06-15', at)).toBe(false);
    expect(paymentModalDue(me(null, 20), NOW, null, at)).toBe(false);
  });

  it('the payment modal: only on the paths where its banner may show (/inboxes, /setings)', () => {
    expect(paymentModalDue(me(20), NOW, null, '/setings')).toBe(true);
    for (const path of ['/', '/reporting', '/setup', '/settings/global', '/settings/pricing']) {
      expect(paymentModalDue(me(20), NOW, null, path)).toBe(false);
    }
  });

  it('a payment modal dismissal is remembered for the failure it was shown for', () => {
    expect(paymentModalStamp(me(20))).toBe(paymentModalStamp(me(20)));
    expect(paymentModalStamp(me(20))).not.toBe(paymentModalStamp(me(20, 15)));
    expect(paymentModalStamp(me(20))).not.toBe(paymentModalStamp(me(2)));
  });

  it('password reminder (docs/product/states.md, docs/product/limits.md): 83 to 90 days, never on login, signup or change password', () => {
    const aged = (days: number) => ({ last_password_updated: ago(days) });
    expect(passwordReminderDue(aged(82), NOW, '/inboxes')).toBe(false);
    expect(passwordReminderDue(aged(83), NOW, '/inboxes')).toBe(true);
    expect(passwordReminderDue(aged(90), NOW, '/inboxes')).toBe(true);
    expect(passwordReminderDue(aged(91), NOW, '/inboxes')).toBe(false);
    for (const path of ['/login', '/signup', '/settings/profile/changepassword']) {
      expect(passwordReminderDue(aged(85), NOW, path)).toBe(false);
    }
  });

  it('top banner paths (docs/product/screens.md): /inboxes or /setings (sic) only', () => {
    expect(showsTopBanner('/inboxes/all/open')).toBe(true);
    expect(showsTopBanner('/setings')).toBe(true);
    expect(showsTopBanner('/settings/global')).toBe(false);
    expect(showsTopBanner('/reporting')).toBe(false);
  });

  it('floating buttons (docs/product/screens.md): their areas, never the Shopify widget edit page', () => {
    for (const path of ['/inboxes/all', '/reporting', '/settings/tags', '/setup']) {
      expect(showsFeedbackButton(path)).toBe(true);
    }
    expect(showsFeedbackButton('/settings/widgets/shopify/edit/12')).toBe(false);
    expect(showsFeedbackButton('/')).toBe(false);

    for (const path of ['/inboxes/all', '/settings/tags', '/setup']) {
      expect(showsHelpWidget(path)).toBe(true);
    }
    expect(showsHelpWidget('/reporting')).toBe(false);
    expect(showsHelpWidget('/settings/widgets/shopify/edit/12')).toBe(false);
  });
});
