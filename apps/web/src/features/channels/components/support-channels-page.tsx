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
import { useAppSelector } from '../../../app/hooks';
import { PageHeader } from '../../../components/page-header';
import { asErrorPayload, GENERIC_ERROR_MESSAGE } from '../../../lib/api-error';
import { applyApiErrorToForm } from '../../../lib/form-errors';
import { productName } from '../../../lib/product';
import { toast } from '../../../lib/toast';
import { channelLabel } from '../../conversation/conversation-labels';
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

/** Email channels are set up (address, sending server, DNS) where Settings → Email setup does it. */
const EMAIL_SETUP_PATH = '/settings/emailsetup';

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
  return (
    <div style={{ fontSize: 12 }}>
      <Typography.Text type="secondary">
        {channel.last_inbound_at
          ? `Last message in: ${new Date(channel.last_inbound_at).toLocaleString()}`
          : 'No message received yet'}
      </Typography.Text>
      {channel.last_error && (
        <div>
          <Typography.Text type="danger">
            Last error
            {channel.last_error_at
              ? ` (${new Date(channel.last_error_at).toLocaleString()})`
              : ''}: {channel.last_error}
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

const inboundEndpoint = (id: number) => `${window.location.origin}/api/v1/channels/${id}/messages`;

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
        toast.success('Channel saved');
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

  return (
    <Modal
      title={editing ? `Edit ${editing.name}` : 'Add an API channel'}
      open={open}
      onCancel={close}
      okText={editing ? 'Save' : 'Create channel'}
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
          label="Name"
          name="name"
          rules={[{ required: true, whitespace: true, message: 'Give the channel a name.' }]}
        >
          <Input autoFocus placeholder="Shop backend" />
        </Form.Item>
        <Form.Item
          label="Webhook URL"
          name="webhook_url"
          extra={`Agents' replies are POSTed here, signed with the channel's secret. Leave empty to keep replies in ${productName} only.`}
          rules={[{ type: 'url', message: 'Enter a full http(s) address.' }]}
        >
          <Input placeholder="https://example.com/parley/webhook" />
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
      if (result.ok) toast.success(`${channel.name}: connected`, result.message);
      else toast.error(`${channel.name}: the connection failed`, result.message);
    } catch (failure) {
      toast.error(
        'The connection could not be tested',
        asErrorPayload(failure)?.message ?? GENERIC_ERROR_MESSAGE,
      );
    }
  };

  const onDelete = async (channel: ChannelListItem) => {
    try {
      await remove(channel.id).unwrap();
      toast.success('Channel removed');
    } catch (failure) {
      toast.error(
        'The channel could not be removed',
        asErrorPayload(failure)?.message ?? GENERIC_ERROR_MESSAGE,
      );
    }
  };

  const columns: TableColumnsType<ChannelListItem> = [
    {
      title: 'Channel',
      key: 'name',
      render: (_, c) => (
        <div>
          <div style={{ fontWeight: 500 }}>{c.name}</div>
          {c.type === 'api' && (
            <Typography.Text type="secondary" copyable={{ text: inboundEndpoint(c.id) }}>
              POST /api/v1/channels/{c.id}/messages
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
      title: 'Type',
      dataIndex: 'type',
      width: 170,
      render: (type: string, c) => (
        <Space size={4} wrap>
          <Tag>{channelLabel(type)}</Tag>
          {c.needs_reauthorization && <Tag color="error">Needs reconnecting</Tag>}
        </Space>
      ),
    },
    {
      title: 'Replies go to',
      dataIndex: 'webhook_url',
      render: (url: string | null, c) =>
        c.type === 'email' ? (
          <Typography.Text type="secondary">The customer, by email from {c.name}</Typography.Text>
        ) : c.type !== 'api' ? (
          <Typography.Text type="secondary">The customer, on {c.name}</Typography.Text>
        ) : url ? (
          <Typography.Text ellipsis style={{ maxWidth: 260 }}>
            {url}
          </Typography.Text>
        ) : (
          <Typography.Text type="secondary">
            No webhook: replies stay in {productName}
          </Typography.Text>
        ),
    },
    ...(canManage
      ? [
          {
            title: '',
            key: 'actions',
            width: 190,
            render: (_: unknown, c: ChannelListItem) => (
              <Space size={4}>
                {c.type === 'api' && (
                  <Button size="small" type="link" onClick={() => setModal({ editing: c })}>
                    Edit
                  </Button>
                )}
                {c.type === 'email' && (
                  <Button
                    size="small"
                    type="link"
                    aria-label={`Edit ${c.name}`}
                    onClick={() => void navigate(EMAIL_SETUP_PATH)}
                  >
                    Edit
                  </Button>
                )}
                {EDITABLE_PROVIDER_TYPES.has(c.type) && (
                  <Button
                    size="small"
                    type="link"
                    aria-label={`Edit ${c.name}`}
                    onClick={() => setEditingProvider(c)}
                  >
                    Edit
                  </Button>
                )}
                {PROVIDER_TYPES.has(c.type) && (
                  <Button size="small" type="link" onClick={() => void onTest(c)}>
                    Test
                  </Button>
                )}
                <Popconfirm
                  title={`Remove ${c.name}?`}
                  description="Its conversations are removed with it."
                  okText="Remove"
                  okButtonProps={{ danger: true }}
                  onConfirm={() => onDelete(c)}
                >
                  <Button size="small" type="link" danger>
                    Remove
                  </Button>
                </Popconfirm>
              </Space>
            ),
          },
        ]
      : []),
  ];

  return (
    <div style={{ maxWidth: 960 }}>
      <PageHeader
        title="Support channels"
        description="Where your customers' messages come from, and where your replies go."
        extra={
          canManage && (
            <Space wrap>
              {/* A button that navigates: a button inside a link is neither, to a screen reader. */}
              <Button icon={<MailOutlined />} onClick={() => void navigate(EMAIL_SETUP_PATH)}>
                Add email address
              </Button>
              <Button
                icon={<FacebookOutlined />}
                onClick={() => void navigate('/settings/supportchannels/addchannel/fb')}
              >
                Facebook / Instagram
              </Button>
              <Button icon={<MessageOutlined />} onClick={() => setProviderModal('sms')}>
                Add SMS channel
              </Button>
              <Button icon={<PhoneOutlined />} onClick={() => setProviderModal('call')}>
                Add calls channel
              </Button>
              <Button
                icon={<WhatsAppOutlined />}
                onClick={() => setProviderModal('whatsapp_gupshup_isv')}
              >
                Add WhatsApp channel
              </Button>
              <Button
                type="primary"
                icon={<PlusOutlined />}
                onClick={() => setModal({ editing: null })}
              >
                Add API channel
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
          title="Only owners and admins can add or change channels."
        />
      )}
      {error && (
        <Alert
          type="error"
          showIcon
          title={'message' in error ? error.message : 'The channels could not be loaded.'}
          action={
            <Button size="small" onClick={() => void refetch()}>
              Try again
            </Button>
          }
          style={{ marginBottom: 16 }}
        />
      )}
      <Card variant="borderless" styles={{ body: { padding: 0 } }}>
        <ScrollRegion label="Support channels" minWidth={760}>
          <Table<ChannelListItem>
            rowKey="id"
            columns={columns}
            dataSource={data ?? []}
            loading={isLoading}
            pagination={false}
            locale={{
              emptyText:
                'No channels yet. Add an email address, a chat or phone channel, or an API channel to post messages from your own systems.',
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
        title={createdProvider ? `${createdProvider.name} is ready` : ''}
        open={createdProvider !== null}
        onCancel={() => setCreatedProvider(null)}
        footer={
          <Button type="primary" onClick={() => setCreatedProvider(null)}>
            Done
          </Button>
        }
      >
        {createdProvider && (
          <Space orientation="vertical" size={16} style={{ width: '100%' }}>
            <Typography.Paragraph style={{ margin: 0 }}>
              Paste {createdProvider.callback_urls.length > 1 ? 'these URLs' : 'this URL'} into the
              provider's console so customers' messages reach {createdProvider.name}.
            </Typography.Paragraph>
            <CallbackUrls urls={createdProvider.callback_urls} />
            {/* Gupshup's URL carries a secret; the Cloud API's is Meta's shared webhook. */}
            {createdProvider.callback_urls.some((u) =>
              u.url.includes('/dashboardapi/gupshup/'),
            ) && (
              <Alert
                type="warning"
                showIcon
                title="The callback URL contains a secret: store it now, it will not be shown again."
              />
            )}
          </Space>
        )}
      </Modal>
      <Modal
        title={
          <Space>
            <ApiOutlined />
            {created ? `${created.name} is ready` : ''}
          </Space>
        }
        open={created !== null}
        onCancel={() => setCreated(null)}
        footer={
          <Button type="primary" onClick={() => setCreated(null)}>
            Done
          </Button>
        }
      >
        {created && (
          <Space orientation="vertical" size={16} style={{ width: '100%' }}>
            <Typography.Paragraph style={{ margin: 0 }}>
              Post customer messages to{' '}
              <Typography.Text code copyable>
                {inboundEndpoint(created.id)}
              </Typography.Text>{' '}
              with an API key (Settings → API keys).
            </Typography.Paragraph>
            <SecretOnce label="Webhook secret" value={created.webhook_secret} />
          </Space>
        )}
      </Modal>
    </div>
  );
}
