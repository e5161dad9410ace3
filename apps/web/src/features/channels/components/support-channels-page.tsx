import { useState } from 'react';
import {
  Alert,
  Button,
  Card,
  Form,
  Input,
  Modal,
  Popconfirm,
  Space,
  Table,
  Tag,
  Typography,
} from 'antd';
import type { TableColumnsType } from 'antd';
import {
  ApiOutlined,
  FacebookOutlined,
  MailOutlined,
  MessageOutlined,
  PhoneOutlined,
  PlusOutlined,
  WhatsAppOutlined,
} from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { plural, t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { useAppSelector } from '../../../app/hooks';
import { PageHeader } from '../../../components/page-header';
import { asErrorPayload, genericErrorMessage } from '../../../lib/api-error';
import { formatDateTime } from '../../../lib/format';
import { applyApiErrorToForm } from '../../../lib/form-errors';
import { productName } from '../../../lib/product';
import { toast } from '../../../lib/toast';
import { channelLabel } from '../../conversation';
import {
  useCreateApiChannelMutation,
  useDeleteChannelMutation,
  useGetSupportChannelsQuery,
  useTestChannelConnectionMutation,
  useUpdateChannelMutation,
  type ChannelListItem,
  type CreatedApiChannel,
  type CreatedProviderChannel,
} from '../api/channels-api';
import { EDITABLE_PROVIDER_TYPES, ProviderChannelEditModal } from './provider-channel-edit-modal';
import {
  CallbackUrls,
  ProviderChannelModal,
  type ProviderChannelType,
} from './provider-channel-modal';
import { SecretOnce } from './secret-once';
import { ScrollRegion } from '../../../components/scroll-region';
import { LoadErrorAlert } from '../../../components/load-error-alert';

/** Email channels are set up (address, sending server, DNS) where Settings → Email setup does it. */
const EMAIL_SETUP_PATH = '/settings/emailsetup';

/** The two networks' own names, the same in every language. */
const META_NETWORKS = 'Facebook / Instagram';

const PROVIDER_TYPES = new Set([
  'sms',
  'call',
  'whatsapp_gupshup_isv',
  'facebook',
  'instagram',
  'instagram_dm',
]);

/** Channel health: when the last customer message came in, and the provider's last error. */
function ChannelHealth({ channel }: { channel: ChannelListItem }) {
  if (!PROVIDER_TYPES.has(channel.type)) return null;
  const lastInboundAt = channel.last_inbound_at ? formatDateTime(channel.last_inbound_at) : null;
  const lastErrorAt = channel.last_error_at ? formatDateTime(channel.last_error_at) : null;
  const lastError = channel.last_error;
  return (
    <div style={{ fontSize: 12 }}>
      <Typography.Text type="secondary">
        {lastInboundAt ? t`Last message in: ${lastInboundAt}` : t`No message received yet`}
      </Typography.Text>
      {lastError && (
        <div>
          <Typography.Text type="danger">
            {lastErrorAt
              ? t`Last error (${lastErrorAt}): ${lastError}`
              : t`Last error: ${lastError}`}
          </Typography.Text>
        </div>
      )}
    </div>
  );
}

interface ChannelForm {
  name: string;
  webhook_url: string;
}

const inboundPath = (id: number) => `/api/v1/channels/${id}/messages`;
const inboundEndpoint = (id: number) => `${window.location.origin}${inboundPath(id)}`;
/** The request an API channel takes, as code: the same in every language. */
const inboundRequest = (id: number) => `POST ${inboundPath(id)}`;

/** Create an API channel, or change one's name and webhook URL. */
function ApiChannelModal({
  editing,
  open,
  onClose,
  onCreated,
}: {
  editing: ChannelListItem | null;
  open: boolean;
  onClose: () => void;
  onCreated: (channel: CreatedApiChannel) => void;
}) {
  const [form] = Form.useForm<ChannelForm>();
  const [create, creating] = useCreateApiChannelMutation();
  const [update, updating] = useUpdateChannelMutation();
  const [error, setError] = useState<string | null>(null);

  const close = () => {
    setError(null);
    form.resetFields();
    onClose();
  };

  const onFinish = async (values: ChannelForm) => {
    setError(null);
    const body = { name: values.name.trim(), webhook_url: values.webhook_url?.trim() || null };
    try {
      if (editing) {
        await update({ id: editing.id, ...body }).unwrap();
        toast.success(t`Channel saved`);
        close();
      } else {
        const created = await create(body).unwrap();
        close();
        onCreated(created);
      }
    } catch (failure) {
      setError(applyApiErrorToForm(form, failure, ['name', 'webhook_url']));
    }
  };

  const channelName = editing?.name ?? '';
  return (
    <Modal
      title={editing ? t`Edit ${channelName}` : t`Add an API channel`}
      open={open}
      onCancel={close}
      okText={editing ? t`Save` : t`Create channel`}
      onOk={() => form.submit()}
      confirmLoading={creating.isLoading || updating.isLoading}
      destroyOnHidden
    >
      {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} />}
      <Form
        form={form}
        name="api-channel"
        layout="vertical"
        requiredMark={false}
        initialValues={{ name: editing?.name ?? '', webhook_url: editing?.webhook_url ?? '' }}
        onFinish={onFinish}
      >
        <Form.Item
          label={t`Name`}
          name="name"
          rules={[{ required: true, whitespace: true, message: t`Give the channel a name.` }]}
        >
          <Input autoFocus placeholder={t`Shop backend`} />
        </Form.Item>
        <Form.Item
          label={t`Webhook URL`}
          name="webhook_url"
          extra={t`Agents' replies are POSTed here, signed with the channel's secret. Leave empty to keep replies in ${productName} only.`}
          rules={[{ type: 'url', message: t`Enter a full http(s) address.` }]}
        >
          <Input placeholder={t`https://example.com/parley/webhook`} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

export function SupportChannelsPage() {
  const navigate = useNavigate();
  const { data, isLoading, error, refetch } = useGetSupportChannelsQuery();
  const me = useAppSelector((state) => state.auth.me);
  const canManage = me ? me.permission_level !== 'agent' : true;
  const [modal, setModal] = useState<{ editing: ChannelListItem | null } | null>(null);
  const [created, setCreated] = useState<CreatedApiChannel | null>(null);
  const [providerModal, setProviderModal] = useState<ProviderChannelType | null>(null);
  const [createdProvider, setCreatedProvider] = useState<CreatedProviderChannel | null>(null);
  const [editingProvider, setEditingProvider] = useState<ChannelListItem | null>(null);
  const [remove] = useDeleteChannelMutation();
  const [testConnection] = useTestChannelConnectionMutation();

  const onTest = async (channel: ChannelListItem) => {
    try {
      const result = await testConnection({ id: channel.id }).unwrap();
      const channelName = channel.name;
      if (result.ok) toast.success(t`${channelName}: connected`, result.message);
      else toast.error(t`${channelName}: the connection failed`, result.message);
    } catch (failure) {
      toast.error(
        t`The connection could not be tested`,
        asErrorPayload(failure)?.message ?? genericErrorMessage(),
      );
    }
  };

  const onDelete = async (channel: ChannelListItem) => {
    try {
      await remove(channel.id).unwrap();
      toast.success(t`Channel removed`);
    } catch (failure) {
      toast.error(
        t`The channel could not be removed`,
        asErrorPayload(failure)?.message ?? genericErrorMessage(),
      );
    }
  };

  const columns: TableColumnsType<ChannelListItem> = [
    {
      title: t`Channel`,
      key: 'name',
      render: (_, c) => (
        <div>
          <div dir="auto" style={{ fontWeight: 500 }}>
            {c.name}
          </div>
          {c.type === 'api' && (
            <Typography.Text type="secondary" copyable={{ text: inboundEndpoint(c.id) }}>
              {inboundRequest(c.id)}
            </Typography.Text>
          )}
          {c.details && (
            <div>
              <Typography.Text type="secondary">{c.details}</Typography.Text>
            </div>
          )}
          <ChannelHealth channel={c} />
        </div>
      ),
    },
    {
      title: t`Type`,
      dataIndex: 'type',
      width: 170,
      render: (type: string, c) => (
        <Space size={4} wrap>
          <Tag>{channelLabel(type)}</Tag>
          {c.needs_reauthorization && (
            <Tag color="error">
              <Trans>Needs reconnecting</Trans>
            </Tag>
          )}
        </Space>
      ),
    },
    {
      title: t`Replies go to`,
      dataIndex: 'webhook_url',
      render: (url: string | null, c) => {
        const channelName = c.name;
        return c.type === 'email' ? (
          <Typography.Text type="secondary">
            <Trans>The customer, by email from {channelName}</Trans>
          </Typography.Text>
        ) : c.type !== 'api' ? (
          <Typography.Text type="secondary">
            <Trans>The customer, on {channelName}</Trans>
          </Typography.Text>
        ) : url ? (
          <Typography.Text ellipsis style={{ maxWidth: 260 }}>
            {url}
          </Typography.Text>
        ) : (
          <Typography.Text type="secondary">
            <Trans>No webhook: replies stay in {productName}</Trans>
          </Typography.Text>
        );
      },
    },
    ...(canManage
      ? [
          {
            title: '',
            key: 'actions',
            width: 190,
            render: (_: unknown, c: ChannelListItem) => {
              const channelName = c.name;
              return (
                <Space size={4}>
                  {c.type === 'api' && (
                    <Button size="small" type="link" onClick={() => setModal({ editing: c })}>
                      <Trans>Edit</Trans>
                    </Button>
                  )}
                  {c.type === 'email' && (
                    <Button
                      size="small"
                      type="link"
                      aria-label={t`Edit ${channelName}`}
                      onClick={() => void navigate(EMAIL_SETUP_PATH)}
                    >
                      <Trans>Edit</Trans>
                    </Button>
                  )}
                  {EDITABLE_PROVIDER_TYPES.has(c.type) && (
                    <Button
                      size="small"
                      type="link"
                      aria-label={t`Edit ${channelName}`}
                      onClick={() => setEditingProvider(c)}
                    >
                      <Trans>Edit</Trans>
                    </Button>
                  )}
                  {PROVIDER_TYPES.has(c.type) && (
                    <Button size="small" type="link" onClick={() => void onTest(c)}>
                      <Trans>Test</Trans>
                    </Button>
                  )}
                  <Popconfirm
                    title={t`Remove ${channelName}?`}
                    description={t`Its conversations are removed with it.`}
                    okText={t`Remove`}
                    okButtonProps={{ danger: true }}
                    onConfirm={() => onDelete(c)}
                  >
                    <Button size="small" type="link" danger>
                      <Trans>Remove</Trans>
                    </Button>
                  </Popconfirm>
                </Space>
              );
            },
          },
        ]
      : []),
  ];

  const createdProviderName = createdProvider?.name ?? '';
  const callbackUrlCount = createdProvider?.callback_urls.length ?? 0;
  const createdName = created?.name ?? '';
  const createdEndpoint = created ? inboundEndpoint(created.id) : '';

  return (
    <div style={{ maxWidth: 960 }}>
      <PageHeader
        title={t`Support channels`}
        description={t`Where your customers' messages come from, and where your replies go.`}
        extra={
          canManage && (
            <Space wrap>
              {/* A button that navigates: a button inside a link is neither, to a screen reader. */}
              <Button icon={<MailOutlined />} onClick={() => void navigate(EMAIL_SETUP_PATH)}>
                <Trans>Add email address</Trans>
              </Button>
              <Button
                icon={<FacebookOutlined />}
                onClick={() => void navigate('/settings/supportchannels/addchannel/fb')}
              >
                {META_NETWORKS}
              </Button>
              <Button icon={<MessageOutlined />} onClick={() => setProviderModal('sms')}>
                <Trans>Add SMS channel</Trans>
              </Button>
              <Button icon={<PhoneOutlined />} onClick={() => setProviderModal('call')}>
                <Trans>Add calls channel</Trans>
              </Button>
              <Button
                icon={<WhatsAppOutlined />}
                onClick={() => setProviderModal('whatsapp_gupshup_isv')}
              >
                <Trans>Add WhatsApp channel</Trans>
              </Button>
              <Button
                type="primary"
                icon={<PlusOutlined />}
                onClick={() => setModal({ editing: null })}
              >
                <Trans>Add API channel</Trans>
              </Button>
            </Space>
          )
        }
      />
      {!canManage && (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 16 }}
          title={t`Only owners and admins can add or change channels.`}
        />
      )}
      {error && (
        <LoadErrorAlert
          error={error}
          fallback={t`The channels could not be loaded.`}
          onRetry={refetch}
        />
      )}
      <Card variant="borderless" styles={{ body: { padding: 0 } }}>
        <ScrollRegion label={t`Support channels`} minWidth={760}>
          <Table<ChannelListItem>
            rowKey="id"
            columns={columns}
            dataSource={data ?? []}
            loading={isLoading}
            pagination={false}
            locale={{
              emptyText: t`No channels yet. Add an email address, a chat or phone channel, or an API channel to post messages from your own systems.`,
            }}
          />
        </ScrollRegion>
      </Card>
      <ApiChannelModal
        key={modal?.editing?.id ?? 'new'}
        open={modal !== null}
        editing={modal?.editing ?? null}
        onClose={() => setModal(null)}
        onCreated={setCreated}
      />
      <ProviderChannelModal
        type={providerModal}
        onClose={() => setProviderModal(null)}
        onCreated={setCreatedProvider}
      />
      <ProviderChannelEditModal
        channel={editingProvider}
        onClose={() => setEditingProvider(null)}
      />
      <Modal
        title={createdProvider ? t`${createdProviderName} is ready` : ''}
        open={createdProvider !== null}
        onCancel={() => setCreatedProvider(null)}
        footer={
          <Button type="primary" onClick={() => setCreatedProvider(null)}>
            <Trans>Done</Trans>
          </Button>
        }
      >
        {createdProvider && (
          <Space orientation="vertical" size={16} style={{ width: '100%' }}>
            <Typography.Paragraph style={{ margin: 0 }}>
              {plural(callbackUrlCount, {
                one: `Paste this URL into the provider's console so customers' messages reach ${createdProviderName}.`,
                other: `Paste these URLs into the provider's console so customers' messages reach ${createdProviderName}.`,
              })}
            </Typography.Paragraph>
            <CallbackUrls urls={createdProvider.callback_urls} />
            {/* Gupshup's URL carries a secret; the Cloud API's is Meta's shared webhook. */}
            {createdProvider.callback_urls.some((u) =>
              u.url.includes('/dashboardapi/gupshup/'),
            ) && (
              <Alert
                type="warning"
                showIcon
                title={t`The callback URL contains a secret: store it now, it will not be shown again.`}
              />
            )}
          </Space>
        )}
      </Modal>
      <Modal
        title={
          <Space>
            <ApiOutlined />
            {created ? t`${createdName} is ready` : ''}
          </Space>
        }
        open={created !== null}
        onCancel={() => setCreated(null)}
        footer={
          <Button type="primary" onClick={() => setCreated(null)}>
            <Trans>Done</Trans>
          </Button>
        }
      >
        {created && (
          <Space orientation="vertical" size={16} style={{ width: '100%' }}>
            <Typography.Paragraph style={{ margin: 0 }}>
              <Trans>
                Post customer messages to{' '}
                <Typography.Text code copyable>
                  {createdEndpoint}
                </Typography.Text>{' '}
                with an API key (Settings → API keys).
              </Trans>
            </Typography.Paragraph>
            <SecretOnce label={t`Webhook secret`} value={created.webhook_secret} />
          </Space>
        )}
      </Modal>
    </div>
  );
}
