import { useState } from 'react';
import { Alert, Button, Card, Col, Flex, Result, Row, Spin, Tag, Typography } from 'antd';
import { CreditCardOutlined } from '@ant-design/icons';
import { useSearchParams } from 'react-router';
import type { BillingPlan, BillingState } from '@parley/contracts';
import { useAppSelector } from '../../../app/hooks';
import { PageHeader } from '../../../components/page-header';
import { asErrorPayload } from '../../../lib/api-error';
import { formatCurrency, formatDate } from '../../../lib/format';
import { plural, t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import {
  useGetBillingQuery,
  useOpenBillingPortalMutation,
  useStartCheckoutMutation,
} from '../api/billing-api';

const day = (iso: string) => formatDate(iso, { dateStyle: 'long' });

/** Stripe's billing interval ("day", "week", "month", "year") after a price. */
function pricePerInterval(amount: string, interval: string): string {
  switch (interval) {
    case 'day':
      return t`${amount} / day`;
    case 'week':
      return t`${amount} / week`;
    case 'month':
      return t`${amount} / month`;
    case 'year':
      return t`${amount} / year`;
    default:
      // i18n-ignore-next-line: an interval Stripe may add later, shown as Stripe names it
      return `${amount} / ${interval}`;
  }
}

/** 2900 usd month → "$29.00 / month"; null when Stripe's price is unknown. */
export function formatPrice(plan: BillingPlan): string | null {
  if (plan.unit_amount === null || !plan.currency) return null;
  const amount = formatCurrency(plan.unit_amount / 100, plan.currency.toUpperCase());
  return plan.interval ? pricePerInterval(amount, plan.interval) : amount;
}

/** The account's billing state in one sentence, with the alert type that fits it. */
function StateAlert({ state }: { state: BillingState }) {
  const current = state.plans.find((p) => p.is_current);
  const planName = current?.name;
  switch (state.access) {
    case 'suppressed':
      return (
        <Alert
          type="info"
          showIcon
          title={t`Billing is turned off for this account`}
          description={t`The operator has suppressed billing: there is nothing to pay.`}
        />
      );
    case 'subscribed':
      return (
        <Alert
          type="success"
          showIcon
          title={
            planName ? t`Your ${planName} subscription is active` : t`Your subscription is active`
          }
          description={
            state.subscription_status === 'past_due'
              ? t`The last payment is overdue. Update your card in Manage billing.`
              : t`Change plans, cards and download invoices in Manage billing.`
          }
        />
      );
    case 'trial': {
      const trialEnd = state.trial_end_date ? day(state.trial_end_date) : null;
      const daysLeft = state.trial_days_left;
      return (
        <Alert
          type="info"
          showIcon
          title={plural(daysLeft, {
            one: 'Free trial: # day left',
            other: 'Free trial: # days left',
          })}
          description={
            trialEnd
              ? t`Your trial ends on ${trialEnd}. Subscribe to keep replying after that.`
              : undefined
          }
        />
      );
    }
    case 'read_only':
      return (
        <Alert
          type="error"
          showIcon
          title={t`Your free trial has ended`}
          description={t`The inbox is read-only: you can read conversations but not reply or change them until an admin subscribes to a plan.`}
        />
      );
    case 'not_configured':
      // No Stripe key on this server: nothing is sold, nothing counts down, nothing is locked.
      return (
        <Alert
          type="info"
          showIcon
          title={t`Billing is off`}
          description={t`Billing is not configured on this installation (it has no Stripe key): there is nothing to pay, and nothing is restricted.`}
        />
      );
  }
}

function PaymentAlerts({ state }: { state: BillingState }) {
  const failedOn = state.payment_failure_triggered_at
    ? day(state.payment_failure_triggered_at)
    : '';
  return (
    <>
      {state.payment_failure_triggered_at && (
        <Alert
          type="error"
          showIcon
          title={t`A payment failed`}
          description={t`Your payment failed on ${failedOn}. Update your card in Manage billing.`}
        />
      )}
      {state.payment_action_required_triggered_at && (
        <Alert
          type="warning"
          showIcon
          title={t`Your bank asks you to confirm a payment`}
          description={t`Open Manage billing to complete the payment.`}
        />
      )}
    </>
  );
}

interface PricingPageProps {
  /** Leaves the app for a Stripe page (Checkout, customer portal). */
  redirect?: (url: string) => void;
}

/** /settings/pricing: plans, the account's billing state, Stripe Checkout and the customer portal. */
export function PricingPage({ redirect = (url) => window.location.assign(url) }: PricingPageProps) {
  const {
    data: state,
    isLoading,
    error,
    refetch,
  } = useGetBillingQuery(undefined, {
    refetchOnMountOrArgChange: true,
  });
  const me = useAppSelector((s) => s.auth.me);
  const isAdmin = me ? me.permission_level !== 'agent' : false;
  const [checkout, checkingOut] = useStartCheckoutMutation();
  const [portal, openingPortal] = useOpenBillingPortalMutation();
  const [failure, setFailure] = useState<string | null>(null);
  const [pending, setPending] = useState<string | null>(null);
  const [params] = useSearchParams();
  const outcome = params.get('checkout');

  const go = async (run: () => Promise<{ url: string }>) => {
    setFailure(null);
    try {
      redirect((await run()).url);
    } catch (e) {
      setFailure(asErrorPayload(e)?.message ?? t`Stripe could not be reached. Try again.`);
    }
  };

  if (isLoading) return <Spin style={{ display: 'block', margin: 48 }} />;
  if (!state)
    return (
      <Result
        status="error"
        title={t`The billing page could not be loaded`}
        subTitle={asErrorPayload(error)?.message}
        extra={
          <Button onClick={() => void refetch()}>
            <Trans>Try again</Trans>
          </Button>
        }
      />
    );

  const canBuy = isAdmin && state.configured && !state.is_subscription_active;
  return (
    <div style={{ maxWidth: 960 }}>
      <PageHeader
        title={t`Pricing`}
        description={
          state.configured
            ? t`Plans and billing for this account. Payments are handled by Stripe.`
            : t`Plans and billing for this account.`
        }
        extra={
          isAdmin &&
          state.configured &&
          state.has_customer && (
            <Button
              icon={<CreditCardOutlined />}
              loading={openingPortal.isLoading}
              onClick={() => void go(() => portal().unwrap())}
            >
              <Trans>Manage billing</Trans>
            </Button>
          )
        }
      />
      <Flex vertical gap={12} style={{ marginBottom: 24 }}>
        {outcome === 'success' && (
          <Alert
            type="success"
            showIcon
            closable
            title={t`Thank you! Your subscription shows here as soon as Stripe confirms the payment.`}
          />
        )}
        {outcome === 'canceled' && (
          <Alert
            type="info"
            showIcon
            closable
            title={t`Checkout was canceled. Nothing was charged.`}
          />
        )}
        <StateAlert state={state} />
        <PaymentAlerts state={state} />
        {failure && <Alert type="error" showIcon title={failure} />}
        {!isAdmin && state.configured && (
          <Typography.Text type="secondary">
            <Trans>Only owners and admins can subscribe or manage billing.</Trans>
          </Typography.Text>
        )}
      </Flex>
      {/* Without Stripe no plan can be bought: none are shown. */}
      {!state.configured ? null : state.plans.length === 0 ? (
        <Typography.Text type="secondary">
          <Trans>No plans are offered yet.</Trans>
        </Typography.Text>
      ) : (
        <Row gutter={[16, 16]}>
          {state.plans.map((plan) => {
            const planName = plan.name;
            return (
              <Col key={plan.price_id} xs={24} md={12} lg={8}>
                <Card
                  title={plan.name}
                  extra={
                    plan.is_current && (
                      // theme-ignore-next-line: antd's preset tag colour, which follows dark mode
                      <Tag color="green">
                        <Trans>Current plan</Trans>
                      </Tag>
                    )
                  }
                  aria-label={t`${planName} plan`}
                >
                  <Typography.Title level={3} style={{ marginTop: 0 }}>
                    {formatPrice(plan) ?? t`Price shown at checkout`}
                  </Typography.Title>
                  {!state.is_subscription_active && (
                    <Button
                      type="primary"
                      block
                      disabled={!canBuy || (checkingOut.isLoading && pending !== plan.price_id)}
                      loading={checkingOut.isLoading && pending === plan.price_id}
                      onClick={() => {
                        setPending(plan.price_id);
                        void go(() => checkout({ price_id: plan.price_id }).unwrap());
                      }}
                    >
                      <Trans>Subscribe to {planName}</Trans>
                    </Button>
                  )}
                </Card>
              </Col>
            );
          })}
        </Row>
      )}
    </div>
  );
}
