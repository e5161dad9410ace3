import { useState } from 'react';
import { Alert, Button, Card, Form, Input, Modal, Popconfirm, Table, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { KeyOutlined } from '@ant-design/icons';
import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { useAppSelector } from '../../../app/hooks';
import { PageHeader } from '../../../components/page-header';
import { asErrorPayload, genericErrorMessage } from '../../../lib/api-error';
import { formatDateTime } from '../../../lib/format';
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
import { LoadErrorAlert } from '../../../components/load-error-alert';

const formatDate = (iso: string | null) => (iso ? formatDateTime(iso) : '—');

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
      const keyName = key.name;
      toast.success(t`API key revoked`, t`Calls with “${keyName}” are refused from now on.`);
    } catch (failure) {
      toast.error(
        t`The key could not be revoked`,
        asErrorPayload(failure)?.message ?? genericErrorMessage(),
      );
    }
  };

  const columns: TableColumnsType<ApiKey> = [
    {
      title: t`Name`,
      dataIndex: 'name',
      render: (name: string) => <span dir="auto">{name}</span>,
    },
    {
      title: t`Key`,
      dataIndex: 'prefix',
      width: 180,
      render: (prefix: string) => <Typography.Text code>{prefix}…</Typography.Text>,
    },
    { title: t`Last used`, dataIndex: 'last_used_at', width: 170, render: formatDate },
    { title: t`Created`, dataIndex: 'created_at', width: 170, render: formatDate },
    ...(canManage
      ? [
          {
            title: '',
            key: 'actions',
            width: 100,
            render: (_: unknown, key: ApiKey) => {
              const keyName = key.name;
              return (
                <Popconfirm
                  title={t`Revoke ${keyName}?`}
                  description={t`Systems using it stop working at once.`}
                  okText={t`Revoke`}
                  okButtonProps={{ danger: true }}
                  onConfirm={() => onRevoke(key)}
                >
                  <Button size="small" type="link" danger>
                    <Trans>Revoke</Trans>
                  </Button>
                </Popconfirm>
              );
            },
          },
        ]
      : []),
  ];

  return (
    <div style={{ maxWidth: 880 }}>
      <PageHeader
        title={t`API keys`}
        description={t`Keys let your own systems post messages into API channels.`}
        extra={
          canManage && (
            <Button type="primary" icon={<KeyOutlined />} onClick={() => setCreating(true)}>
              <Trans>Create API key</Trans>
            </Button>
          )
        }
      />
      {!canManage && (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 16 }}
          title={t`Only owners and admins can create or revoke keys.`}
        />
      )}
      {error && (
        <LoadErrorAlert
          error={error}
          fallback={t`The keys could not be loaded.`}
          onRetry={refetch}
        />
      )}
      <Card variant="borderless" styles={{ body: { padding: 0 } }}>
        <ScrollRegion label={t`API keys`} minWidth={780}>
          <Table<ApiKey>
            rowKey="id"
            columns={columns}
            dataSource={data?.keys ?? []}
            loading={isLoading}
            pagination={false}
            locale={{ emptyText: t`No API keys yet.` }}
          />
        </ScrollRegion>
      </Card>
      <Modal
        title={t`Create an API key`}
        open={creating}
        onCancel={closeCreate}
        okText={t`Create key`}
        onOk={() => form.submit()}
        confirmLoading={createState.isLoading}
        destroyOnHidden
      >
        {formError && (
          <Alert type="error" showIcon title={formError} style={{ marginBottom: 16 }} />
        )}
        <Form form={form} name="api-key" layout="vertical" requiredMark={false} onFinish={onCreate}>
          <Form.Item
            label={t`Name`}
            name="name"
            rules={[{ required: true, whitespace: true, message: t`Give the key a name.` }]}
          >
            <Input autoFocus placeholder={t`Shop backend`} />
          </Form.Item>
        </Form>
      </Modal>
      <Modal
        title={t`Your new API key`}
        open={createdKey !== null}
        onCancel={() => setCreatedKey(null)}
        footer={
          <Button type="primary" onClick={() => setCreatedKey(null)}>
            <Trans>Done</Trans>
          </Button>
        }
      >
        {createdKey && <SecretOnce label={t`API key`} value={createdKey} />}
      </Modal>
    </div>
  );
}
