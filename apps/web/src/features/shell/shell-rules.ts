import dayjs from 'dayjs';
import {
  DAY_MS,
  PASSWORD_MAX_AGE_DAYS,
  PASSWORD_REMINDER_FROM_DAYS,
  PAYMENT_GRACE_DAYS,
  type Me,
} from '@parley/contracts';

/**
 * The shell's display rules (docs/product/screens.md, states.md and limits.md) as plain functions of the user, the path and
 * the clock, so each rule is stated (and tested) once.
 */

/** Whole days from an ISO instant to `now` (24-hour periods; never negative). */
export function daysSince(iso: string, now: number): number {
  const at = Date.parse(iso);
  if (Number.isNaN(at)) return 0;
  return Math.max(0, Math.floor((now - at) / DAY_MS));
}

/** The value saved under `banner-closed-on`: the user's local calendar day. */
export function todayStamp(now: number): string {
  return dayjs(now).format('YYYY-MM-DD');
}

export type PaymentBanner =
  { kind: 'none' } | { kind: 'warning'; daysLeft: number } | { kind: 'error'; daysElapsed: number };

/**
 * Payment failure banner (docs/product/states.md): shown once payment_failure_triggered_at is set, unless closed
 * today; under 14 days a warning counting down 14 − days elapsed (minimum 1); 14+ an error.
 */
export function paymentBanner(
  me: Pick<Me, 'payment_failure_triggered_at'>,
  now: number,
  closedOn: string | null,
): PaymentBanner {
  const failedAt = me.payment_failure_triggered_at;
  if (!failedAt || closedOn === todayStamp(now)) return { kind: 'none' };
  const elapsed = daysSince(failedAt, now);
  if (elapsed >= PAYMENT_GRACE_DAYS) return { kind: 'error', daysElapsed: elapsed };
  return { kind: 'warning', daysLeft: Math.max(1, PAYMENT_GRACE_DAYS - elapsed) };
}

/**
 * docs/product/states.md: the blocking payment modal shows when the banner is shown — so only on the banner's
 * paths — and either the failure age or the action-required age is 14
 * days or more.
 */
export function paymentModalDue(
  me: Pick<Me, 'payment_failure_triggered_at' | 'payment_action_required_triggered_at'>,
  now: number,
  closedOn: string | null,
  pathname: string,
): boolean {
  if (!showsTopBanner(pathname)) return false;
  if (paymentBanner(me, now, closedOn).kind === 'none') return false;
  const ages = [me.payment_failure_triggered_at, me.payment_action_required_triggered_at]
    .filter((at): at is string => Boolean(at))
    .map((at) => daysSince(at, now));
  return ages.some((age) => age >= PAYMENT_GRACE_DAYS);
}

/**
 * What a dismissal of the payment modal is remembered by: the failure it was shown for, so a
 * later failure (or action request) shows the modal again.
 */
export function paymentModalStamp(
  me: Pick<Me, 'payment_failure_triggered_at' | 'payment_action_required_triggered_at'>,
): string {
  return `${me.payment_failure_triggered_at ?? ''}|${me.payment_action_required_triggered_at ?? ''}`;
}

/** Pages where the password reminder never shows (docs/product/states.md). */
const NO_PASSWORD_REMINDER_PATHS = ['/login', '/signup', '/settings/profile/changepassword'];

/** docs/product/states.md, docs/product/limits.md: the password reminder shows when the password is 83 to 90 days old. */
export function passwordReminderDue(
  me: Pick<Me, 'last_password_updated'>,
  now: number,
  pathname: string,
): boolean {
  if (NO_PASSWORD_REMINDER_PATHS.some((path) => pathname.startsWith(path))) return false;
  const age = daysSince(me.last_password_updated, now);
  return age >= PASSWORD_REMINDER_FROM_DAYS && age <= PASSWORD_MAX_AGE_DAYS;
}

/** docs/product/screens.md: a top banner shows only on paths containing /inboxes or /setings (sic). */
export function showsTopBanner(pathname: string): boolean {
  return pathname.includes('/inboxes') || pathname.includes('/setings');
}

/** docs/product/screens.md: the floating buttons never show on the Shopify widget edit page. */
const FLOATING_BUTTON_EXCLUDED = '/settings/widgets/shopify/edit/';

/** docs/product/screens.md: the floating feedback button's paths. */
export function showsFeedbackButton(pathname: string): boolean {
  if (pathname.includes(FLOATING_BUTTON_EXCLUDED)) return false;
  return ['/inboxes', '/reporting', '/settings', '/setup'].some((p) => pathname.includes(p));
}

/** docs/product/screens.md: the help widget button's paths. */
export function showsHelpWidget(pathname: string): boolean {
  if (pathname.includes(FLOATING_BUTTON_EXCLUDED)) return false;
  return ['/inboxes', '/settings', '/setup'].some((p) => pathname.includes(p));
}
