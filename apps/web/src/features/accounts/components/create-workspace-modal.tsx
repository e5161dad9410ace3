import { useState } from 'react';
import { Alert, Form, Input, Modal } from 'antd';
import type { AccountSummary } from '@parley/contracts';
import { applyApiErrorToForm } from '../../../lib/form-errors';
import { useCreateAccountMutation } from '../api/accounts-api';
import { t } from '@lingui/core/macro';

interface CreateWorkspaceModalProps {
  open: boolean;
  onClose: () => void;
  onCreated: (account: AccountSummary) => void;
}

export function CreateWorkspaceModal({ open, onClose, onCreated }: CreateWorkspaceModalProps) {
  const [form] = Form.useForm<{ name: string }>();
  const [createAccount, { isLoading }] = useCreateAccountMutation();
  const [error, setError] = useState<string | null>(null);

  const onFinish = async ({ name }: { name: string }) => {
    setError(null);
    try {
      const account = await createAccount({ name }).unwrap();
      form.resetFields();
      onCreated(account);
    } catch (failure) {
      setError(applyApiErrorToForm(form, failure, ['name']));
    }
  };

  return (
    <Modal
      title={t`Create a workspace`}
      open={open}
      onCancel={onClose}
      okText={t`Create workspace`}
      onOk={() => form.submit()}
      confirmLoading={isLoading}
      destroyOnHidden
    >
      <p style={{ marginTop: 0, color: 'var(--parley-color-text-secondary)' }}>
        {t`A workspace has its own inboxes, team and settings. You will be its owner.`}
      </p>
      {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} />}
      <Form form={form} name="create-workspace" layout="vertical" onFinish={onFinish}>
        <Form.Item
          label={t`Workspace name`}
          name="name"
          rules={[{ required: true, whitespace: true, message: t`Enter a workspace name.` }]}
        >
          <Input autoFocus placeholder={t`Acme Support`} maxLength={120} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
