import { Alert, Button } from 'antd';
import { Link, useLocation } from 'react-router';
import { PAYMENT_GRACE_DAYS } from '@parley/contracts';
import { hasSession } from '../../../lib/session';
import { useGetMeQuery } from '../../auth';
import { PRODUCT_NAME, SHELL_ROUTES } from '../shell-config';
import { paymentBanner, showsTopBanner } from '../shell-rules';
import { useNow } from '../use-now';
import { useBannerClosedOn } from './banner-closed-on';
import { useStaleTab } from './use-stale-tab';
import { plural, t } from '@lingui/core/macro';

export const staleTabText = () =>
  t`${PRODUCT_NAME} has been updated while this tab was open. Refresh the page to get the latest version.`;

export function paymentWarningText(daysLeft: number): string {
  return plural(daysLeft, {
    one: 'Your last payment failed. Update your payment method within # day to keep your account running.',
    other:
      'Your last payment failed. Update your payment method within # days to keep your account running.',
  });
}

export const paymentErrorText = () =>
  t`More than ${PAYMENT_GRACE_DAYS} days have passed since your payment failed. Update your payment method to keep using ${PRODUCT_NAME}.`;

/**
 * The one top banner of the shell (docs/product/screens.md, docs/product/states.md): the stale-tab refresh banner replaces any
 * other; otherwise the payment failure banner. Only on paths containing /inboxes or /setings.
 */
export function ShellBanner() {
  const { pathname } = useLocation();
  const { data: me } = useGetMeQuery(undefined, { skip: !hasSession() });
  const stale = useStaleTab();
  const [closedOn, closeToday] = useBannerClosedOn();
  const now = useNow();

  if (!showsTopBanner(pathname)) return null;

  if (stale) {
    return (
      <Alert
        banner
        type="info"
        data-testid="stale-tab-banner"
        title={staleTabText()}
        action={
          <Button size="small" type="primary" onClick={() => window.location.reload()}>
            {t`Refresh`}
          </Button>
        }
      />
    );
  }

  if (!me) return null;
  const payment = paymentBanner(me, now, closedOn);
  if (payment.kind === 'none') return null;
  return (
    <Alert
      banner
      type={payment.kind}
      data-testid="payment-banner"
      title={payment.kind === 'warning' ? paymentWarningText(payment.daysLeft) : paymentErrorText()}
      action={
        <Link to={SHELL_ROUTES.pricing}>
          <Button size="small" type={payment.kind === 'error' ? 'primary' : 'default'}>
            {t`Update payment method`}
          </Button>
        </Link>
      }
      closable={{ onClose: closeToday, 'aria-label': t`Close banner` }}
    />
  );
}
