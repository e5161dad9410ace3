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
import { ApiOutlined, PlusOutlined } from '@ant-design/icons';
import { useAppSelector } from '../../../app/hooks';
import { PageHeader } from '../../../components/page-header';
import { asErrorPayload, GENERIC_ERROR_MESSAGE } from '../../../lib/api-error';
import { applyApiErrorToForm } from '../../../lib/form-errors';
import { toast } from '../../../lib/toast';
import {
  useCreateApiChannelMutation,
  useDeleteChannelMutation,
  useGetSupportChannelsQuery,
  useUpdateChannelMutation,
  type ChannelListItem,
  type CreatedApiChannel,
} from '../api/channels-api';
import { SecretOnce } from './secret-once';

/** Spec §1 channel names, as a person reads them. */
const CHANNEL_LABELS: Record<string, string> = {
  api: 'API',
  email: 'Email',
  facebook: 'Facebook',
  instagram: 'Instagram comments',
  instagram_dm: 'Instagram DMs',
  whatsapp_gupshup_isv: 'WhatsApp',
  sms: 'SMS',
  call: 'Calls',
  live_chat: 'Live chat',
  widget_livechat: 'Live chat widget',
};

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
          extra="Agents' replies are POSTed here, signed with the channel's secret. Leave empty to keep replies in Parley only."
          rules={[{ type: 'url', message: 'Enter a full http(s) address.' }]}
        >
          <Input placeholder="https://example.com/parley/webhook" />
        </Form.Item>
      </Form>
    </Modal>
  );
}

export function SupportChannelsPage() {
  const { data, isLoading, error, refetch } = useGetSupportChannelsQuery();
  const me = useAppSelector((state) => state.auth.me);
  const canManage = me ? me.permission_level !== 'agent' : true;
  const [modal, setModal] = useState<{ editing: ChannelListItem | null } | null>(null);
  const [created, setCreated] = useState<CreatedApiChannel | null>(null);
  const [remove] = useDeleteChannelMutation();

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
        </div>
      ),
    },
    {
      title: 'Type',
      dataIndex: 'type',
      width: 170,
      render: (type: string, c) => (
        <Space size={4} wrap>
          <Tag>{CHANNEL_LABELS[type] ?? type}</Tag>
          {c.needs_reauthorization && <Tag color="error">Needs reconnecting</Tag>}
        </Space>
      ),
    },
    {
      title: 'Replies go to',
      dataIndex: 'webhook_url',
      render: (url: string | null, c) =>
        c.type !== 'api' ? (
          <Typography.Text type="secondary">The customer, on {c.name}</Typography.Text>
        ) : url ? (
          <Typography.Text ellipsis style={{ maxWidth: 260 }}>
            {url}
          </Typography.Text>
        ) : (
          <Typography.Text type="secondary">No webhook: replies stay in Parley</Typography.Text>
        ),
    },
    ...(canManage
      ? [
          {
            title: '',
            key: 'actions',
            width: 150,
            render: (_: unknown, c: ChannelListItem) => (
              <Space size={4}>
                {c.type === 'api' && (
                  <Button size="small" type="link" onClick={() => setModal({ editing: c })}>
                    Edit
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
            <Button
              type="primary"
              icon={<PlusOutlined />}
              onClick={() => setModal({ editing: null })}
            >
              Add API channel
            </Button>
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
        <Table<ChannelListItem>
          rowKey="id"
          columns={columns}
          dataSource={data ?? []}
          loading={isLoading}
          pagination={false}
          locale={{
            emptyText:
              'No channels yet. Add an API channel to post messages from your own systems.',
          }}
        />
      </Card>
      <ApiChannelModal
        key={modal?.editing?.id ?? 'new'}
        open={modal !== null}
        editing={modal?.editing ?? null}
        onClose={() => setModal(null)}
        onCreated={setCreated}
      />
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
