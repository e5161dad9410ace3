import { Alert, Button, Spin, Tag, Typography } from 'antd';
import type { ShopifyOrder } from '@parley/contracts';
import { asErrorPayload } from '../../../lib/api-error';
import { formatTimestamp } from '../../../lib/format-timestamp';
import { useGetConversationMappingQuery } from '../api/conversation-api';
import { useGetShopifyOrdersQuery } from '../api/shopify-orders-api';
import styles from './conversation-pane.module.css';

/** "89.90 USD" as the agent's locale writes money; Shopify's own text if it is not a number. */
export function formatMoney(amount: string, currency: string): string {
  const value = Number(amount);
  if (!currency || !Number.isFinite(value)) return `${amount} ${currency}`.trim();
  try {
    return new Intl.NumberFormat(undefined, { style: 'currency', currency }).format(value);
  } catch {
    return `${amount} ${currency}`;
  }
}

const humanize = (status: string) => status.replace(/_/g, ' ');

function OrderStatus({ order }: { order: ShopifyOrder }) {
  if (order.cancelled_at) return <Tag color="red">cancelled</Tag>;
  return (
    <>
      {order.financial_status && (
        <Tag color={order.financial_status === 'paid' ? 'green' : 'gold'}>
          {humanize(order.financial_status)}
        </Tag>
      )}
      <Tag color={order.fulfillment_status === 'fulfilled' ? 'blue' : 'default'}>
        {humanize(order.fulfillment_status ?? 'unfulfilled')}
      </Tag>
    </>
  );
}

function OrderItem({ order }: { order: ShopifyOrder }) {
  const tracking = order.fulfillments.flatMap((f) =>
    f.tracking_numbers.map((number, i) => ({
      number,
      company: f.tracking_company,
      url: f.tracking_urls[i] ?? null,
    })),
  );
  return (
    <li aria-label={`Order ${order.name}`} style={{ marginBottom: 12 }}>
      <div>
        <a href={order.admin_url} target="_blank" rel="noreferrer">
          <strong>{order.name}</strong>
        </a>{' '}
        <span style={{ color: '#5b6170', fontSize: 12 }}>{formatTimestamp(order.created_at)}</span>
      </div>
      <div style={{ margin: '4px 0' }}>
        <OrderStatus order={order} />
      </div>
      <ul style={{ margin: 0, paddingLeft: 16, fontSize: 13 }}>
        {order.line_items.map((item, i) => (
          <li key={i}>
            {item.quantity} × {item.title}
            {item.variant_title ? ` (${item.variant_title})` : ''} —{' '}
            {formatMoney(item.price, order.currency)}
          </li>
        ))}
      </ul>
      <div style={{ fontSize: 13, marginTop: 4 }}>
        Total <strong>{formatMoney(order.total_price, order.currency)}</strong>
      </div>
      {tracking.map((t) => (
        <div key={t.number} style={{ fontSize: 13 }}>
          Tracking {t.company ? `${t.company} ` : ''}
          {t.url ? (
            <a href={t.url} target="_blank" rel="noreferrer">
              {t.number}
            </a>
          ) : (
            t.number
          )}
        </div>
      ))}
    </li>
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

  return (
    <section className={styles.contactSection} aria-label="Orders">
      <h3>Orders</h3>
      {isFetching && !data && !failure && <Spin size="small" aria-label="Loading orders" />}
      {error && (
        <Alert
          type="warning"
          showIcon
          title={failure?.message ?? 'The orders could not be loaded.'}
          action={
            failure?.code === 'shopify_connection_broken' ? undefined : (
              <Button size="small" onClick={() => void refetch()}>
                Try again
              </Button>
            )
          }
        />
      )}
      {data && !error && !data.customer && (
        <Typography.Text type="secondary">
          No customer with this email or phone in {data.shop_domain}.
        </Typography.Text>
      )}
      {data?.customer && !error && (
        <>
          <Typography.Text style={{ display: 'block', marginBottom: 8, fontSize: 13 }}>
            <a href={data.customer.admin_url} target="_blank" rel="noreferrer">
              {data.customer.name ?? data.customer.email ?? 'Customer'}
            </a>{' '}
            in {data.shop_domain}
          </Typography.Text>
          {data.orders.length === 0 ? (
            <Typography.Text type="secondary">No orders yet.</Typography.Text>
          ) : (
            <ul aria-label="Shopify orders" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
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
