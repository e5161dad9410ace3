import { useState } from 'react';
import { Link } from 'react-router';
import { Alert, Button, Card, Form, Input, Radio, Space, Tag, Typography } from 'antd';
import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import type { ConnectionTestResult, MetaChannelType } from '@parley/contracts';
import { useAppSelector } from '../../../app/hooks';
import { PageHeader } from '../../../components/page-header';
import { asErrorPayload, genericErrorMessage } from '../../../lib/api-error';
import { applyApiErrorToForm } from '../../../lib/form-errors';
import { toast } from '../../../lib/toast';
import {
  useCreateProviderChannelMutation,
  useGetSupportChannelsQuery,
  useTestChannelConnectionMutation,
  useUpdateProviderSettingsMutation,
  type ChannelListItem,
  type CreatedProviderChannel,
} from '../api/channels-api';
import { CallbackUrls } from './provider-channel-modal';

const META_TYPES: readonly MetaChannelType[] = ['facebook', 'instagram_dm', 'instagram'];
/** The Meta channel types in words, in the active language. */
const metaTypeOptions = (): { value: MetaChannelType; label: string }[] => [
  { value: 'facebook', label: t`Facebook page: Messenger and page comments` },
  { value: 'instagram_dm', label: t`Instagram direct messages` },
  { value: 'instagram', label: t`Instagram comments` },
];
const isMeta = (c: ChannelListItem): c is ChannelListItem & { type: MetaChannelType } =>
  (META_TYPES as readonly string[]).includes(c.type);

const tokenRules = () => [
  { required: true, whitespace: true, message: t`Paste the Page access token.` },
];

/** The start of Meta's access tokens: a hint, the same in every language. */
const TOKEN_PLACEHOLDER = 'EAA…';

/** Reconnect one channel with a new token of its page (clears "needs reconnecting"). */
function ReconnectCard({ channel }: { channel: ChannelListItem & { type: MetaChannelType } }) {
  const [form] = Form.useForm<{ page_access_token: string }>();
  const [update, updating] = useUpdateProviderSettingsMutation();
  const [error, setError] = useState<string | null>(null);
  const channelName = channel.name;
  const onFinish = async ({ page_access_token }: { page_access_token: string }) => {
    setError(null);
    try {
      await update({
        id: channel.id,
        provider: { type: channel.type, page_access_token: page_access_token.trim() },
      }).unwrap();
      form.resetFields();
      toast.success(t`${channelName} is reconnected.`);
    } catch (failure) {
      setError(applyApiErrorToForm(form, failure, ['page_access_token']));
    }
  };
  return (
    <Card
      size="small"
      title={
        <Space>
          <span dir="auto">{channelName}</span>
          {channel.needs_reauthorization ? (
            <Tag color="error">
              <Trans>Needs reconnecting</Trans>
            </Tag>
          ) : (
            <Tag color="success">
              <Trans>Connected</Trans>
            </Tag>
          )}
        </Space>
      }
    >
      {channel.details && <Typography.Paragraph>{channel.details}</Typography.Paragraph>}
      {channel.needs_reauthorization && channel.last_error && (
        <Typography.Paragraph type="danger">{channel.last_error}</Typography.Paragraph>
      )}
      {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 12 }} />}
      <Form
        form={form}
        name={`reconnect-${channel.id}`}
        layout="inline"
        requiredMark={false}
        onFinish={onFinish}
      >
        <Form.Item
          name="page_access_token"
          label={t`New Page access token for ${channelName}`}
          rules={tokenRules()}
          style={{ flex: 1, minWidth: 280 }}
        >
          <Input.Password placeholder={TOKEN_PLACEHOLDER} autoComplete="off" />
        </Form.Item>
        <Button htmlType="submit" type="primary" loading={updating.isLoading}>
          <Trans>Reconnect</Trans>
        </Button>
      </Form>
    </Card>
  );
}

interface ConnectValues {
  type: MetaChannelType;
  name: string;
  page_access_token: string;
}

/** Connect a new page or Instagram account with a Page access token. */
function ConnectCard() {
  const [form] = Form.useForm<ConnectValues>();
  const [create, creating] = useCreateProviderChannelMutation();
  const [testConnection, testing] = useTestChannelConnectionMutation();
  const [error, setError] = useState<string | null>(null);
  const [tested, setTested] = useState<ConnectionTestResult | null>(null);
  const [created, setCreated] = useState<CreatedProviderChannel | null>(null);

  const onTest = async () => {
    setTested(null);
    try {
      const v = await form.validateFields(['type', 'page_access_token']);
      setTested(
        await testConnection({
          type: v.type,
          page_access_token: v.page_access_token.trim(),
        }).unwrap(),
      );
    } catch (failure) {
      const payload = asErrorPayload(failure);
      if (payload) setTested({ ok: false, message: payload.message ?? genericErrorMessage() });
    }
  };

  const onFinish = async (v: ConnectValues) => {
    setError(null);
    try {
      const channel = await create({
        type: v.type,
        name: v.name.trim(),
        page_access_token: v.page_access_token.trim(),
      }).unwrap();
      form.resetFields();
      setTested(null);
      setCreated(channel);
    } catch (failure) {
      setError(applyApiErrorToForm(form, failure, ['name', 'page_access_token']));
    }
  };

  const createdName = created?.name ?? '';
  return (
    <Card title={t`Connect a page or an Instagram account`}>
      {created && (
        <Alert
          type="success"
          showIcon
          style={{ marginBottom: 16 }}
          title={t`${createdName} is connected. In your Meta app's Webhooks settings, subscribe to:`}
          description={<CallbackUrls urls={created.callback_urls} />}
        />
      )}
      {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} />}
      <Form
        form={form}
        name="meta-connect"
        layout="vertical"
        requiredMark={false}
        initialValues={{ type: 'facebook' }}
        onFinish={onFinish}
        onValuesChange={() => setTested(null)}
      >
        <Form.Item name="type" label={t`What to connect`}>
          <Radio.Group options={metaTypeOptions()} />
        </Form.Item>
        <Form.Item
          name="name"
          label={t`Name`}
          rules={[{ required: true, whitespace: true, message: t`Give the channel a name.` }]}
        >
          <Input dir="auto" placeholder={t`Acme on Facebook`} />
        </Form.Item>
        <Form.Item
          name="page_access_token"
          label={t`Page access token`}
          extra={t`Instagram channels use the token of the Facebook page the Instagram account is linked to.`}
          rules={tokenRules()}
        >
          <Input.Password placeholder={TOKEN_PLACEHOLDER} autoComplete="off" />
        </Form.Item>
        <Space orientation="vertical" style={{ width: '100%' }}>
          <Space>
            <Button onClick={() => void onTest()} loading={testing.isLoading}>
              <Trans>Test connection</Trans>
            </Button>
            <Button type="primary" htmlType="submit" loading={creating.isLoading}>
              <Trans>Connect</Trans>
            </Button>
          </Space>
          {tested && (
            <Alert
              type={tested.ok ? 'success' : 'error'}
              showIcon
              title={tested.message}
              role="status"
            />
          )}
        </Space>
      </Form>
    </Card>
  );
}

/**
 * /settings/supportchannels/addchannel/fb ("reconnect Facebook", docs/product/screens.md): where the
 * re-authorization modal leads. Connects pages / Instagram accounts and reconnects channels whose
 * token Meta stopped accepting.
 */
export function MetaConnectPage() {
  const me = useAppSelector((s) => s.auth.me);
  const canManage = me ? me.permission_level !== 'agent' : true;
  const { data: channels = [], isLoading } = useGetSupportChannelsQuery();
  const meta = channels
    .filter(isMeta)
    .sort((a, b) => Number(b.needs_reauthorization) - Number(a.needs_reauthorization));

  return (
    <div style={{ maxWidth: 960 }}>
      <PageHeader
        title={t`Facebook and Instagram`}
        description={
          <>
            <Trans>Messenger, page comments, Instagram comments and direct messages.</Trans>{' '}
            <Link to="/settings/supportchannels">
              <Trans>All support channels</Trans>
            </Link>
          </>
        }
      />
      <Alert
        type="info"
        showIcon
        style={{ marginBottom: 16 }}
        title={t`Meta's login dialog cannot open in this installation: paste a Page access token (from Meta's Graph API Explorer or Business settings) instead.`}
      />
      {!canManage ? (
        <Alert
          type="info"
          showIcon
          title={t`Only owners and admins can connect or reconnect channels.`}
        />
      ) : (
        <Space orientation="vertical" size={16} style={{ width: '100%' }}>
          {!isLoading && meta.length > 0 && (
            <Space orientation="vertical" size={12} style={{ width: '100%' }}>
              <Typography.Title level={5} style={{ margin: 0 }}>
                <Trans>Connected channels</Trans>
              </Typography.Title>
              {meta.map((c) => (
                <ReconnectCard key={c.id} channel={c} />
              ))}
            </Space>
          )}
          <ConnectCard />
        </Space>
      )}
    </div>
  );
}
