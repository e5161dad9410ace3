import { Alert, Button, Spin, Tag, Typography, theme } from 'antd';
import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import type { ShopifyOrder } from '@parley/contracts';
import { asErrorPayload } from '../../../lib/api-error';
import { formatCurrency, formatNumber } from '../../../lib/format';
import { formatTimestamp } from '../../../lib/format-timestamp';
import { useGetConversationMappingQuery } from '../api/conversation-api';
import { useGetShopifyOrdersQuery } from '../api/shopify-orders-api';
import styles from './conversation-pane.module.css';

/** "89.90 USD" as the app's language writes money; Shopify's own text if it is not a number. */
export function formatMoney(amount: string, currency: string): string {
  const value = Number(amount);
  if (!currency || !Number.isFinite(value)) return `${amount} ${currency}`.trim();
  try {
    return formatCurrency(value, currency);
  } catch {
    return `${amount} ${currency}`;
  }
}

/**
 * Shopify's payment and fulfilment statuses in the active language; one Shopify adds later
 * shows as Shopify writes it.
 */
function orderStatusLabel(status: string): string {
  switch (status) {
    case 'pending':
      return t`pending`;
    case 'authorized':
      return t`authorized`;
    case 'partially_paid':
      return t`partially paid`;
    case 'paid':
      return t`paid`;
    case 'partially_refunded':
      return t`partially refunded`;
    case 'refunded':
      return t`refunded`;
    case 'voided':
      return t`voided`;
    case 'fulfilled':
      return t`fulfilled`;
    case 'unfulfilled':
      return t`unfulfilled`;
    case 'partial':
      return t`partially fulfilled`;
    case 'restocked':
      return t`restocked`;
    default:
      return status.replace(/_/g, ' ');
  }
}

function OrderStatus({ order }: { order: ShopifyOrder }) {
  if (order.cancelled_at) {
    return (
      <Tag color="error">
        <Trans>cancelled</Trans>
      </Tag>
    );
  }
  return (
    <>
      {order.financial_status && (
        <Tag color={order.financial_status === 'paid' ? 'green' : 'gold'}>
          {orderStatusLabel(order.financial_status)}
        </Tag>
      )}
      <Tag color={order.fulfillment_status === 'fulfilled' ? 'blue' : 'default'}>
        {orderStatusLabel(order.fulfillment_status ?? 'unfulfilled')}
      </Tag>
    </>
  );
}

function OrderItem({ order }: { order: ShopifyOrder }) {
  const { token } = theme.useToken();
  const orderName = order.name;
  const total = formatMoney(order.total_price, order.currency);
  const tracking = order.fulfillments.flatMap((f) =>
    f.tracking_numbers.map((number, i) => ({
      number,
      company: f.tracking_company,
      url: f.tracking_urls[i] ?? null,
    })),
  );
  return (
    <li aria-label={t`Order ${orderName}`} style={{ marginBottom: 12 }}>
      <div>
        <a href={order.admin_url} target="_blank" rel="noreferrer">
          <strong>{order.name}</strong>
        </a>{' '}
        <span style={{ color: token.colorTextSecondary, fontSize: 12 }}>
          {formatTimestamp(order.created_at)}
        </span>
      </div>
      <div style={{ margin: '4px 0' }}>
        <OrderStatus order={order} />
      </div>
      <ul style={{ margin: 0, paddingInlineStart: 16, fontSize: 13 }}>
        {order.line_items.map((item, i) => (
          <li key={i}>
            {formatNumber(item.quantity)} × <span dir="auto">{item.title}</span>
            {item.variant_title ? (
              <>
                {' ('}
                <span dir="auto">{item.variant_title}</span>)
              </>
            ) : (
              ''
            )}{' '}
            — {formatMoney(item.price, order.currency)}
          </li>
        ))}
      </ul>
      <div style={{ fontSize: 13, marginTop: 4 }}>
        <Trans>
          Total <strong>{total}</strong>
        </Trans>
      </div>
      {tracking.map(({ number, company, url }) => (
        <div key={number} style={{ fontSize: 13 }}>
          {company ? (
            <Trans>
              Tracking {company} <TrackingNumber number={number} url={url} />
            </Trans>
          ) : (
            <Trans>
              Tracking <TrackingNumber number={number} url={url} />
            </Trans>
          )}
        </div>
      ))}
    </li>
  );
}

function TrackingNumber({ number, url }: { number: string; url: string | null }) {
  if (!url) return <>{number}</>;
  return (
    <a href={url} target="_blank" rel="noreferrer">
      {number}
    </a>
  );
}

/**
 * The customer's latest Shopify orders, beside the conversation. Shown only when
 * the account has a connected store (mapping integrations); nothing when this conversation's store
 * is not connected.
 */
export function ShopifyOrdersSection({ conversationId }: { conversationId: number }) {
  const { data: mapping } = useGetConversationMappingQuery();
  const hasStore = mapping?.integrations.some((i) => i.type === 'shopify') ?? false;
  const { data, error, isFetching, refetch } = useGetShopifyOrdersQuery(conversationId, {
    skip: !hasStore,
  });
  if (!hasStore) return null;
  const failure = error ? asErrorPayload(error) : null;
  if (failure?.code === 'shopify_not_connected') return null;
  const shopDomain = data?.shop_domain;
  const customerName = data?.customer?.name ?? data?.customer?.email ?? t`Customer`;

  return (
    <section className={styles.contactSection} aria-label={t`Orders`}>
      <h3>
        <Trans>Orders</Trans>
      </h3>
      {isFetching && !data && !failure && <Spin size="small" aria-label={t`Loading orders`} />}
      {error && (
        <Alert
          type="warning"
          showIcon
          title={failure?.message ?? t`The orders could not be loaded.`}
          action={
            failure?.code === 'shopify_connection_broken' ? undefined : (
              <Button size="small" onClick={() => void refetch()}>
                <Trans>Try again</Trans>
              </Button>
            )
          }
        />
      )}
      {data && !error && !data.customer && (
        <Typography.Text type="secondary">
          <Trans>No customer with this email or phone in {shopDomain}.</Trans>
        </Typography.Text>
      )}
      {data?.customer && !error && (
        <>
          <Typography.Text style={{ display: 'block', marginBottom: 8, fontSize: 13 }}>
            <Trans>
              <a href={data.customer.admin_url} target="_blank" rel="noreferrer" dir="auto">
                {customerName}
              </a>{' '}
              in {shopDomain}
            </Trans>
          </Typography.Text>
          {data.orders.length === 0 ? (
            <Typography.Text type="secondary">
              <Trans>No orders yet.</Trans>
            </Typography.Text>
          ) : (
            <ul aria-label={t`Shopify orders`} style={{ listStyle: 'none', margin: 0, padding: 0 }}>
              {data.orders.map((order) => (
                <OrderItem key={order.id} order={order} />
              ))}
            </ul>
          )}
        </>
      )}
    </section>
  );
}
