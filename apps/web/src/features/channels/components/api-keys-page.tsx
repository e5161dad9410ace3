import { useState } from 'react';
import { Alert, Button, Card, Form, Input, Modal, Popconfirm, Table, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { KeyOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import { useAppSelector } from '../../../app/hooks';
import { PageHeader } from '../../../components/page-header';
import { asErrorPayload, GENERIC_ERROR_MESSAGE } from '../../../lib/api-error';
import { applyApiErrorToForm } from '../../../lib/form-errors';
import { toast } from '../../../lib/toast';
import {
  useCreateApiKeyMutation,
  useGetApiKeysQuery,
  useRevokeApiKeyMutation,
  type ApiKey,
} from '../api/channels-api';
import { SecretOnce } from './secret-once';
import { ScrollRegion } from '../../../components/scroll-region';

const formatDate = (iso: string | null) => (iso ? dayjs(iso).format('MMM D, YYYY HH:mm') : '—');

export function ApiKeysPage() {
  const { data, isLoading, error, refetch } = useGetApiKeysQuery();
  const me = useAppSelector((state) => state.auth.me);
  const canManage = me ? me.permission_level !== 'agent' : true;
  const [creating, setCreating] = useState(false);
  const [createdKey, setCreatedKey] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [form] = Form.useForm<{ name: string }>();
  const [create, createState] = useCreateApiKeyMutation();
  const [revoke] = useRevokeApiKeyMutation();

  const closeCreate = () => {
    setCreating(false);
    setFormError(null);
    form.resetFields();
  };

  const onCreate = async ({ name }: { name: string }) => {
    setFormError(null);
    try {
      const created = await create({ name: name.trim() }).unwrap();
      closeCreate();
      setCreatedKey(created.key);
    } catch (failure) {
      setFormError(applyApiErrorToForm(form, failure, ['name']));
    }
  };

  const onRevoke = async (key: ApiKey) => {
    try {
      await revoke(key.id).unwrap();
      toast.success('API key revoked', `Calls with “${key.name}” are refused from now on.`);
    } catch (failure) {
      toast.error(
        'The key could not be revoked',
        asErrorPayload(failure)?.message ?? GENERIC_ERROR_MESSAGE,
      );
    }
  };

  const columns: TableColumnsType<ApiKey> = [
    { title: 'Name', dataIndex: 'name' },
    {
      title: 'Key',
      dataIndex: 'prefix',
      width: 180,
      render: (prefix: string) => <Typography.Text code>{prefix}…</Typography.Text>,
    },
    { title: 'Last used', dataIndex: 'last_used_at', width: 170, render: formatDate },
    { title: 'Created', dataIndex: 'created_at', width: 170, render: formatDate },
    ...(canManage
      ? [
          {
            title: '',
            key: 'actions',
            width: 100,
            render: (_: unknown, key: ApiKey) => (
              <Popconfirm
                title={`Revoke ${key.name}?`}
                description="Systems using it stop working at once."
                okText="Revoke"
                okButtonProps={{ danger: true }}
                onConfirm={() => onRevoke(key)}
              >
                <Button size="small" type="link" danger>
                  Revoke
                </Button>
              </Popconfirm>
            ),
          },
        ]
      : []),
  ];

  return (
    <div style={{ maxWidth: 880 }}>
      <PageHeader
        title="API keys"
        description="Keys let your own systems post messages into API channels."
        extra={
          canManage && (
            <Button type="primary" icon={<KeyOutlined />} onClick={() => setCreating(true)}>
              Create API key
            </Button>
          )
        }
      />
      {!canManage && (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 16 }}
          title="Only owners and admins can create or revoke keys."
        />
      )}
      {error && (
        <Alert
          type="error"
          showIcon
          title={'message' in error ? error.message : 'The keys could not be loaded.'}
          action={
            <Button size="small" onClick={() => void refetch()}>
              Try again
            </Button>
          }
          style={{ marginBottom: 16 }}
        />
      )}
      <Card variant="borderless" styles={{ body: { padding: 0 } }}>
        <ScrollRegion label="API keys" minWidth={780}>
          <Table<ApiKey>
            rowKey="id"
            columns={columns}
            dataSource={data?.keys ?? []}
            loading={isLoading}
            pagination={false}
            locale={{ emptyText: 'No API keys yet.' }}
          />
        </ScrollRegion>
      </Card>
      <Modal
        title="Create an API key"
        open={creating}
        onCancel={closeCreate}
        okText="Create key"
        onOk={() => form.submit()}
        confirmLoading={createState.isLoading}
        destroyOnHidden
      >
        {formError && (
          <Alert type="error" showIcon title={formError} style={{ marginBottom: 16 }} />
        )}
        <Form form={form} name="api-key" layout="vertical" requiredMark={false} onFinish={onCreate}>
          <Form.Item
            label="Name"
            name="name"
            rules={[{ required: true, whitespace: true, message: 'Give the key a name.' }]}
          >
            <Input autoFocus placeholder="Shop backend" />
          </Form.Item>
        </Form>
      </Modal>
      <Modal
        title="Your new API key"
        open={createdKey !== null}
        onCancel={() => setCreatedKey(null)}
        footer={
          <Button type="primary" onClick={() => setCreatedKey(null)}>
            Done
          </Button>
        }
      >
        {createdKey && <SecretOnce label="API key" value={createdKey} />}
      </Modal>
    </div>
  );
}
