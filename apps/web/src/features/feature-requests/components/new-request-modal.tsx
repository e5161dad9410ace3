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
import { t } from '@lingui/core/macro';

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
      toast.success(t`Request posted`, t`Your vote is on it. Others can now vote and comment.`);
      onCreated(created);
    } catch (failure) {
      setError(applyApiErrorToForm(form, failure, ['title', 'description']));
    }
  };

  const titleLimit = FEATURE_REQUEST_TITLE_MAX + 1;
  const descriptionLimit = FEATURE_REQUEST_DESCRIPTION_MAX + 1;
  return (
    <Modal
      open
      title={t`New feature request`}
      okText={t`Post request`}
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
          label={t`Title`}
          name="title"
          rules={[
            { required: true, whitespace: true, message: t`Give the request a title.` },
            {
              max: FEATURE_REQUEST_TITLE_MAX,
              message: t`Keep the title under ${titleLimit} characters.`,
            },
          ]}
        >
          <Input
            dir="auto"
            autoFocus
            placeholder={t`What would you like ${productName} to do?`}
            showCount
            maxLength={FEATURE_REQUEST_TITLE_MAX}
          />
        </Form.Item>
        <Form.Item
          label={t`Description`}
          name="description"
          rules={[
            {
              max: FEATURE_REQUEST_DESCRIPTION_MAX,
              message: t`Keep the description under ${descriptionLimit} characters.`,
            },
          ]}
        >
          <Input.TextArea
            dir="auto"
            rows={6}
            placeholder={t`What problem would it solve for you and your customers?`}
            showCount
            maxLength={FEATURE_REQUEST_DESCRIPTION_MAX}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
