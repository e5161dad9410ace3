import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ShopifyOrders } from '@parley/contracts';
import { json } from '../../../test/fake-api';
import { CONVERSATION_ID, MAPPING, paneApi, renderWithStore } from '../test/pane-fixtures';
import { ConversationPane } from './conversation-pane';

const ORDERS_ROUTE = `GET /dashboardapi/conversations/${CONVERSATION_ID}/shopify/orders`;
const WITH_STORE = {
  'GET /dashboardapi/conversation/mapping': json(200, {
    ...MAPPING,
    integrations: [{ type: 'shopify', name: 'acme.myshopify.com', brand_id: 3 }],
  }),
};

const ORDERS: ShopifyOrders = {
  shop_domain: 'acme.myshopify.com',
  customer: {
    id: 501,
    name: 'Jane Customer',
    email: 'jane@customer.test',
    admin_url: 'https://acme.myshopify.com/admin/customers/501',
  },
  orders: [
    {
      id: 9002,
      name: '#1042',
      created_at: '2026-11-01T10:00:00Z',
      cancelled_at: null,
      financial_status: 'paid',
      fulfillment_status: 'fulfilled',
      currency: 'USD',
      subtotal_price: '89.90',
      total_tax: '0.00',
      total_price: '89.90',
      line_items: [{ title: 'Rain jacket', variant_title: 'M', quantity: 1, price: '89.90' }],
      fulfillments: [
        {
          status: 'success',
          tracking_company: 'UPS',
          tracking_numbers: ['1Z999'],
          tracking_urls: ['https://track.example/1Z999'],
        },
      ],
      admin_url: 'https://acme.myshopify.com/admin/orders/9002',
    },
  ],
  fetched_at: '2026-11-23T10:00:00Z',
};

describe('contact panel: Shopify orders', { timeout: 60_000 }, () => {
  it('shows the customer’s orders with status, items, total, tracking and admin links', async () => {
    paneApi({ routes: { ...WITH_STORE, [ORDERS_ROUTE]: json(200, ORDERS) } });
    renderWithStore(<ConversationPane conversationId={CONVERSATION_ID} />);
    const order = await screen.findByRole('listitem', { name: 'Order #1042' });
    expect(within(order).getByRole('link', { name: '#1042' })).toHaveAttribute(
      'href',
      'https://acme.myshopify.com/admin/orders/9002',
    );
    expect(order).toHaveTextContent('paid');
    expect(order).toHaveTextContent('fulfilled');
    expect(order).toHaveTextContent('1 × Rain jacket (M)');
    expect(order).toHaveTextContent('$89.90');
    expect(within(order).getByRole('link', { name: '1Z999' })).toHaveAttribute(
      'href',
      'https://track.example/1Z999',
    );
  });

  it('asks nothing of Shopify and shows no section when the account has no connected store', async () => {
    const api = paneApi({ routes: { [ORDERS_ROUTE]: json(200, ORDERS) } });
    renderWithStore(<ConversationPane conversationId={CONVERSATION_ID} />);
    await screen.findByRole('complementary', { name: 'Contact' });
    expect(screen.queryByRole('region', { name: 'Orders' })).toBeNull();
    expect(api.callsTo(ORDERS_ROUTE)).toHaveLength(0);
  });

  it('says Shopify is not answering, and tries again on request', async () => {
    let answers = 0;
    const api = paneApi({
      routes: {
        ...WITH_STORE,
        [ORDERS_ROUTE]: () => {
          answers += 1;
          return answers === 1
            ? json(503, {
                code: 'shopify_unavailable',
                message: 'Shopify is not answering, try again in a moment.',
              })
            : json(200, ORDERS);
        },
      },
    });
    renderWithStore(<ConversationPane conversationId={CONVERSATION_ID} />);
    expect(
      await screen.findByText('Shopify is not answering, try again in a moment.'),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('listitem', { name: 'Order #1042' })).toBeInTheDocument();
    expect(api.callsTo(ORDERS_ROUTE)).toHaveLength(2);
  });
});
