import { useState } from 'react';
import { Alert, Form, Input, Modal } from 'antd';
import { TAG_NAME_MAX_LENGTH, TAG_PALETTE, type TagWithUsage } from '@parley/contracts';
import { asErrorPayload } from '../../../lib/api-error';
import { applyApiErrorToForm } from '../../../lib/form-errors';
import { toast } from '../../../lib/toast';
import { useCreateTagMutation, useUpdateTagMutation } from '../api/tags-api';
import { ColorField } from '../../../components/color-field';
import { t } from '@lingui/core/macro';

interface TagForm {
  name: string;
  color: string;
}

interface TagFormModalProps {
  /** The tag to rename or recolour; null to create one. */
  editing: TagWithUsage | null;
  /** How many tags exist, to suggest the next colour of the palette. */
  tagCount: number;
  onClose: () => void;
}

/** Create a tag, or change one's name and colour. Mounted only while open. */
export function TagFormModal({ editing, tagCount, onClose }: TagFormModalProps) {
  const [form] = Form.useForm<TagForm>();
  const [create, creating] = useCreateTagMutation();
  const [update, updating] = useUpdateTagMutation();
  const [error, setError] = useState<string | null>(null);

  const onFinish = async ({ name, color }: TagForm) => {
    setError(null);
    const body = { name: name.trim(), color };
    try {
      if (editing) {
        const saved = await update({ id: editing.id, ...body }).unwrap();
        const tagName = saved.name;
        toast.success(t`Tag saved`, t`“${tagName}” shows with its new look in the inbox.`);
      } else {
        const created = await create(body).unwrap();
        const tagName = created.name;
        toast.success(t`Tag created`, t`Agents can now tag conversations with “${tagName}”.`);
      }
      onClose();
    } catch (failure) {
      // A name already taken belongs under the name field.
      const payload = asErrorPayload(failure);
      if (payload?.code === 'conflict') {
        form.setFields([{ name: 'name', errors: [payload.message] }]);
        return;
      }
      setError(applyApiErrorToForm(form, failure, ['name', 'color']));
    }
  };

  const editedName = editing?.name ?? '';
  const maxNameLength = TAG_NAME_MAX_LENGTH + 1;
  return (
    <Modal
      open
      title={editing ? t`Edit “${editedName}”` : t`Create a tag`}
      okText={editing ? t`Save` : t`Create tag`}
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={creating.isLoading || updating.isLoading}
      destroyOnHidden
    >
      {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} />}
      <Form
        form={form}
        name="tag"
        layout="vertical"
        requiredMark={false}
        initialValues={{
          name: editing?.name ?? '',
          color: editing?.color ?? TAG_PALETTE[tagCount % TAG_PALETTE.length],
        }}
        onFinish={onFinish}
      >
        <Form.Item
          label={t`Name`}
          name="name"
          rules={[
            { required: true, whitespace: true, message: t`Give the tag a name.` },
            {
              max: TAG_NAME_MAX_LENGTH,
              message: t`Keep the tag name under ${maxNameLength} characters.`,
            },
          ]}
        >
          <Input
            dir="auto"
            autoFocus
            placeholder={t`refund`}
            maxLength={TAG_NAME_MAX_LENGTH + 20}
          />
        </Form.Item>
        <Form.Item label={t`Colour`} name="color">
          <ColorField palette={TAG_PALETTE} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
