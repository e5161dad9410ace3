import { useState } from 'react';
import { Alert, Button, Card, Flex, Form, Input, Popconfirm, Tag, Typography } from 'antd';
import { MYSHOPIFY_DOMAIN_PATTERN, type WidgetSettings } from '@parley/contracts';
import { asErrorPayload } from '../../../lib/api-error';
import { applyApiErrorToForm } from '../../../lib/form-errors';
import { toast } from '../../../lib/toast';
import {
  useConnectShopifyMutation,
  useDisconnectShopifyMutation,
  useListShopifyConnectionsQuery,
} from '../api/shopify-connection-api';

interface ConnectValues {
  myshopify_domain: string;
  admin_api_token: string;
}
const FIELDS = ['myshopify_domain', 'admin_api_token'] as const;

export const SHOPIFY_CONNECTED_MESSAGE = 'Shopify store connected.';
export const SHOPIFY_DISCONNECTED_MESSAGE = 'Shopify store disconnected.';

type Store = NonNullable<WidgetSettings['store']>;

/**
 * Connect the store's Shopify Admin API (a custom app's access token), so agents
 * see the customer's orders beside each conversation. Owners and admins only.
 */
export function ShopifyConnectionCard({ store, canManage }: { store: Store; canManage: boolean }) {
  const [form] = Form.useForm<ConnectValues>();
  const { data, refetch } = useListShopifyConnectionsQuery();
  const [connect, { isLoading: connecting }] = useConnectShopifyMutation();
  const [disconnect, { isLoading: disconnecting }] = useDisconnectShopifyMutation();
  const [error, setError] = useState<string | null>(null);
  const connection = data?.connections.find((c) => c.brand_id === store.id) ?? null;
  const live = connection?.status === 'connected';
  const suggested =
    store.myshopify_domain && MYSHOPIFY_DOMAIN_PATTERN.test(store.myshopify_domain)
      ? store.myshopify_domain
      : (connection?.shop_domain ?? '');

  const onFinish = async (v: ConnectValues) => {
    setError(null);
    try {
      await connect({
        brand_id: store.id,
        myshopify_domain: v.myshopify_domain.trim().toLowerCase(),
        admin_api_token: v.admin_api_token.trim(),
      }).unwrap();
      form.resetFields(['admin_api_token']);
      toast.success(SHOPIFY_CONNECTED_MESSAGE);
      void refetch();
    } catch (failure) {
      setError(applyApiErrorToForm(form, failure, FIELDS));
    }
  };

  const onDisconnect = async () => {
    if (!connection) return;
    try {
      await disconnect(connection.id).unwrap();
      toast.success(SHOPIFY_DISCONNECTED_MESSAGE);
      void refetch();
    } catch (failure) {
      setError(asErrorPayload(failure)?.message ?? 'The store could not be disconnected.');
    }
  };

  return (
    <Card title="Shopify" variant="borderless">
      <Typography.Paragraph type="secondary">
        Connect the store’s Shopify admin to show each customer’s orders beside their conversations
        and use the latest order in fast replies.
      </Typography.Paragraph>
      {connection && (
        <Flex gap={8} align="center" wrap style={{ marginBottom: 16 }}>
          <Tag color={live ? 'green' : 'red'}>
            {live
              ? 'Connected'
              : connection.status === 'broken'
                ? 'Needs reconnecting'
                : 'Disconnected'}
          </Tag>
          <Typography.Text>
            {connection.shop_name ?? connection.shop_domain} ({connection.shop_domain})
          </Typography.Text>
          {canManage && (
            <Popconfirm
              title="Disconnect this store from Shopify?"
              okText="Disconnect"
              onConfirm={() => void onDisconnect()}
            >
              <Button size="small" danger loading={disconnecting}>
                Disconnect
              </Button>
            </Popconfirm>
          )}
        </Flex>
      )}
      {connection && !live && connection.status_message && (
        <Alert
          type="warning"
          showIcon
          title={connection.status_message}
          style={{ marginBottom: 16 }}
        />
      )}
      {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} />}
      {canManage && !live && (
        <Form<ConnectValues>
          form={form}
          name="connect-shopify"
          aria-label="Connect Shopify"
          layout="vertical"
          requiredMark={false}
          initialValues={{ myshopify_domain: suggested, admin_api_token: '' }}
          onFinish={onFinish}
        >
          <Form.Item
            label="Store domain"
            name="myshopify_domain"
            rules={[
              {
                pattern: MYSHOPIFY_DOMAIN_PATTERN,
                message: 'Enter the store’s myshopify.com domain, like acme.myshopify.com.',
              },
              { required: true, message: 'Enter the store’s myshopify.com domain.' },
            ]}
          >
            <Input placeholder="acme.myshopify.com" autoComplete="off" />
          </Form.Item>
          <Form.Item
            label="Admin API access token"
            name="admin_api_token"
            extra="From a custom app in the Shopify admin (Settings → Apps → Develop apps) with read access to customers and orders."
            rules={[{ required: true, whitespace: true, message: 'Paste the access token.' }]}
          >
            <Input.Password placeholder="shpat_…" autoComplete="off" />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={connecting}>
            Connect Shopify
          </Button>
        </Form>
      )}
    </Card>
  );
}
