import { useState } from 'react';
import { Alert, Button, Card, Flex, Form, Input, Popconfirm, Tag, theme, Typography } from 'antd';
import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
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

export const shopifyConnectedMessage = () => t`Shopify store connected.`;
export const shopifyDisconnectedMessage = () => t`Shopify store disconnected.`;

type Store = NonNullable<WidgetSettings['store']>;

/**
 * Connect the store's Shopify Admin API (a custom app's access token), so agents
 * see the customer's orders beside each conversation. Owners and admins only.
 */
export function ShopifyConnectionCard({ store, canManage }: { store: Store; canManage: boolean }) {
  const { token } = theme.useToken();
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
      toast.success(shopifyConnectedMessage());
      void refetch();
    } catch (failure) {
      setError(applyApiErrorToForm(form, failure, FIELDS));
    }
  };

  const onDisconnect = async () => {
    if (!connection) return;
    try {
      await disconnect(connection.id).unwrap();
      toast.success(shopifyDisconnectedMessage());
      void refetch();
    } catch (failure) {
      setError(asErrorPayload(failure)?.message ?? t`The store could not be disconnected.`);
    }
  };

  return (
    // i18n-ignore-next-line: the platform's name, the same in every language.
    <Card title="Shopify" variant="borderless">
      <Typography.Paragraph type="secondary">
        <Trans>
          Connect the store’s Shopify admin to show each customer’s orders beside their
          conversations and use the latest order in fast replies.
        </Trans>
      </Typography.Paragraph>
      {connection && (
        <Flex gap={token.marginXS} align="center" wrap style={{ marginBottom: token.marginMD }}>
          <Tag color={live ? 'success' : 'error'}>
            {live
              ? t`Connected`
              : connection.status === 'broken'
                ? t`Needs reconnecting`
                : t`Disconnected`}
          </Tag>
          <Typography.Text>
            {/* The shop's name, as its owner wrote it: in its own direction. */}
            <span dir="auto">
              {connection.shop_name ?? connection.shop_domain} ({connection.shop_domain})
            </span>
          </Typography.Text>
          {canManage && (
            <Popconfirm
              title={t`Disconnect this store from Shopify?`}
              okText={t`Disconnect`}
              cancelText={t`Cancel`}
              onConfirm={() => void onDisconnect()}
            >
              <Button size="small" danger loading={disconnecting}>
                <Trans>Disconnect</Trans>
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
          style={{ marginBottom: token.marginMD }}
        />
      )}
      {error && (
        <Alert type="error" showIcon title={error} style={{ marginBottom: token.marginMD }} />
      )}
      {canManage && !live && (
        <Form<ConnectValues>
          form={form}
          name="connect-shopify"
          aria-label={t`Connect Shopify`}
          layout="vertical"
          requiredMark={false}
          initialValues={{ myshopify_domain: suggested, admin_api_token: '' }}
          onFinish={onFinish}
        >
          <Form.Item
            label={t`Store domain`}
            name="myshopify_domain"
            rules={[
              {
                pattern: MYSHOPIFY_DOMAIN_PATTERN,
                message: t`Enter the store’s myshopify.com domain, like acme.myshopify.com.`,
              },
              { required: true, message: t`Enter the store’s myshopify.com domain.` },
            ]}
          >
            {/* i18n-ignore-next-line: an example domain, the same in every language. */}
            <Input placeholder="acme.myshopify.com" autoComplete="off" dir="ltr" />
          </Form.Item>
          <Form.Item
            label={t`Admin API access token`}
            name="admin_api_token"
            extra={t`From a custom app in the Shopify admin (Settings → Apps → Develop apps) with read access to customers and orders.`}
            rules={[{ required: true, whitespace: true, message: t`Paste the access token.` }]}
          >
            {/* i18n-ignore-next-line: the start of every Shopify access token, the same in every language. */}
            <Input.Password placeholder="shpat_…" autoComplete="off" dir="ltr" />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={connecting}>
            <Trans>Connect Shopify</Trans>
          </Button>
        </Form>
      )}
    </Card>
  );
}
