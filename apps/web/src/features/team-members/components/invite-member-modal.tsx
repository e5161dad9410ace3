import { useState } from 'react';
import { Alert, Form, Input, Modal, Select } from 'antd';
import { applyApiErrorToForm } from '../../../lib/form-errors';
import { toast } from '../../../lib/toast';
import { useInviteMemberMutation, type InviteRequest } from '../api/team-members-api';
import { t } from '@lingui/core/macro';

const roleOptions = () => [
  { value: 'agent', label: t`Agent — answers conversations` },
  { value: 'admin', label: t`Admin — also manages settings and the team` },
];

interface InviteMemberModalProps {
  open: boolean;
  onClose: () => void;
}

export function InviteMemberModal({ open, onClose }: InviteMemberModalProps) {
  const [form] = Form.useForm<InviteRequest>();
  const [invite, { isLoading }] = useInviteMemberMutation();
  const [error, setError] = useState<string | null>(null);

  const close = () => {
    setError(null);
    form.resetFields();
    onClose();
  };

  const onFinish = async (values: InviteRequest) => {
    setError(null);
    try {
      await invite(values).unwrap();
      // No address in the toast: the list below already shows who was invited.
      toast.success(t`Invitation sent`, t`They will get an email with a link to join.`);
      close();
    } catch (failure) {
      setError(applyApiErrorToForm(form, failure, ['email', 'permission_level']));
    }
  };

  return (
    <Modal
      title={t`Invite a teammate`}
      open={open}
      onCancel={close}
      okText={t`Send invitation`}
      onOk={() => form.submit()}
      confirmLoading={isLoading}
      destroyOnHidden
    >
      {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} />}
      <Form
        form={form}
        name="invite-member"
        layout="vertical"
        requiredMark={false}
        initialValues={{ permission_level: 'agent' }}
        onFinish={onFinish}
      >
        <Form.Item
          label={t`Email`}
          name="email"
          rules={[
            { required: true, message: t`Enter an email address.` },
            { type: 'email', message: t`Enter a valid email address.` },
          ]}
        >
          <Input type="email" autoFocus placeholder={t`teammate@company.com`} />
        </Form.Item>
        <Form.Item label={t`Role`} name="permission_level">
          <Select options={roleOptions()} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
