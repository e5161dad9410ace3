import { useState } from 'react';
import { Alert, Form, Input, Modal } from 'antd';
import {
  FEATURE_REQUEST_DESCRIPTION_MAX,
  FEATURE_REQUEST_TITLE_MAX,
  type FeatureRequestDetail,
} from '@parley/contracts';
import { applyApiErrorToForm } from '../../../lib/form-errors';
import { productName } from '../../../lib/product';
import { toast } from '../../../lib/toast';
import { useCreateFeatureRequestMutation } from '../api/feature-requests-api';

interface RequestForm {
  title: string;
  description: string;
}

/** "New request": a title and a plain-text description. Mounted only while open. */
export function NewRequestModal({
  onClose,
  onCreated,
}: {
  onClose: () => void;
  onCreated: (created: FeatureRequestDetail) => void;
}) {
  const [form] = Form.useForm<RequestForm>();
  const [create, { isLoading }] = useCreateFeatureRequestMutation();
  const [error, setError] = useState<string | null>(null);

  const onFinish = async ({ title, description }: RequestForm) => {
    setError(null);
    try {
      const created = await create({
        title: title.trim(),
        description: (description ?? '').trim(),
      }).unwrap();
      toast.success('Request posted', 'Your vote is on it. Others can now vote and comment.');
      onCreated(created);
    } catch (failure) {
      setError(applyApiErrorToForm(form, failure, ['title', 'description']));
    }
  };

  return (
    <Modal
      open
      title="New feature request"
      okText="Post request"
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={isLoading}
      destroyOnHidden
    >
      {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} />}
      <Form
        form={form}
        name="feature-request"
        layout="vertical"
        requiredMark={false}
        initialValues={{ title: '', description: '' }}
        onFinish={onFinish}
      >
        <Form.Item
          label="Title"
          name="title"
          rules={[
            { required: true, whitespace: true, message: 'Give the request a title.' },
            {
              max: FEATURE_REQUEST_TITLE_MAX,
              message: `Keep the title under ${FEATURE_REQUEST_TITLE_MAX + 1} characters.`,
            },
          ]}
        >
          <Input
            autoFocus
            placeholder={`What would you like ${productName} to do?`}
            showCount
            maxLength={FEATURE_REQUEST_TITLE_MAX}
          />
        </Form.Item>
        <Form.Item
          label="Description"
          name="description"
          rules={[
            {
              max: FEATURE_REQUEST_DESCRIPTION_MAX,
              message: `Keep the description under ${FEATURE_REQUEST_DESCRIPTION_MAX + 1} characters.`,
            },
          ]}
        >
          <Input.TextArea
            rows={6}
            placeholder="What problem would it solve for you and your customers?"
            showCount
            maxLength={FEATURE_REQUEST_DESCRIPTION_MAX}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
