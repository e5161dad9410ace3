import { useState } from 'react';
import { Alert, Form, Input, Modal, Select } from 'antd';
import { applyApiErrorToForm } from '../../../lib/form-errors';
import { toast } from '../../../lib/toast';
import { useInviteMemberMutation, type InviteRequest } from '../api/team-members-api';

const ROLE_OPTIONS = [
  { value: 'agent', label: 'Agent — answers conversations' },
  { value: 'admin', label: 'Admin — also manages settings and the team' },
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
      toast.success('Invitation sent', 'They will get an email with a link to join.');
      close();
    } catch (failure) {
      setError(applyApiErrorToForm(form, failure, ['email', 'permission_level']));
    }
  };

  return (
    <Modal
      title="Invite a teammate"
      open={open}
      onCancel={close}
      okText="Send invitation"
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
          label="Email"
          name="email"
          rules={[
            { required: true, message: 'Enter an email address.' },
            { type: 'email', message: 'Enter a valid email address.' },
          ]}
        >
          <Input type="email" autoFocus placeholder="teammate@company.com" />
        </Form.Item>
        <Form.Item label="Role" name="permission_level">
          <Select options={ROLE_OPTIONS} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
