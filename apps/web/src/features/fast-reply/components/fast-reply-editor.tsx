import { useRef, useState } from 'react';
import {
  Alert,
  Button,
  Card,
  Flex,
  Form,
  Input,
  Popconfirm,
  Select,
  Tooltip,
  Typography,
} from 'antd';
import type { TextAreaRef } from 'antd/es/input/TextArea';
import { CopyOutlined, DeleteOutlined } from '@ant-design/icons';
import { AttachFilesButton, AttachmentList } from '../../../components/attachment-list';
import { stillUploadingMessage } from '../../../lib/attachment-upload';
import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { useAttachmentUploads } from '../../../lib/use-attachment-uploads';
import { useGetFastReplyVariablesQuery } from '../api/fast-reply-api';
import type { FastReply } from '../fast-reply-slice';
import { formatNumber } from '../../../lib/format';
import { variableLabel } from '../variable-labels';

export interface FastReplyFormValues {
  name: string;
  folder: string | null;
  template_content: string;
}

export interface FastReplySubmission extends FastReplyFormValues {
  attachment_ids: number[];
}

interface FastReplyEditorProps {
  /** The template being edited, or null when writing a new one. */
  template: FastReply | null;
  folders: string[];
  submitting: boolean;
  onSubmit: (values: FastReplySubmission) => Promise<boolean>;
  onDelete: () => void;
  onCopy: (text: string) => void;
  onCancelCreate?: () => void;
}

/** Where a variable goes: at the caret of the template text, else at its end. */
function insertAt(text: string, insert: string, start: number | null, end: number | null) {
  const from = start ?? text.length;
  const to = end ?? from;
  return { text: text.slice(0, from) + insert + text.slice(to), caret: from + insert.length };
}

/** The variables a template can use ({{key}} or {{key | fallback}}), inserted on click. */
function VariablesHelper({ onInsert }: { onInsert: (token: string) => void }) {
  const { data, isError } = useGetFastReplyVariablesQuery();
  if (isError) {
    return (
      <Typography.Text type="secondary">
        <Trans>The list of variables could not be loaded.</Trans>
      </Typography.Text>
    );
  }
  if (!data) return null;
  const syntax = data.syntax;
  return (
    <div role="group" aria-label={t`Variables`}>
      <Typography.Text type="secondary" style={{ display: 'block', marginBottom: 6 }}>
        <Trans>
          Insert a variable, filled in for each conversation. Write <bdi>{syntax}</bdi>.
        </Trans>
      </Typography.Text>
      <Flex wrap gap={6}>
        {data.variables.map((variable) => {
          const example = variable.example;
          return (
            <Tooltip key={variable.key} title={t`e.g. ${example}`}>
              <Button size="small" onClick={() => onInsert(`{{${variable.key}}}`)}>
                {variableLabel(variable.key, variable.label)}
              </Button>
            </Tooltip>
          );
        })}
      </Flex>
    </div>
  );
}

/** A template's identity for the editor: a different template or a newer copy starts afresh. */
export const editorKey = (template: FastReply | null) =>
  template ? `${template.id}:${template.updated_at ?? ''}` : 'new';

/**
 * Name, folder, text (with variables) and files of one template; create or save, copy, delete.
 * Mount it with `key={editorKey(template)}`: it starts from the template it was given.
 */
export function FastReplyEditor({
  template,
  folders,
  submitting,
  onSubmit,
  onDelete,
  onCopy,
  onCancelCreate,
}: FastReplyEditorProps) {
  const [form] = Form.useForm<FastReplyFormValues>();
  const uploads = useAttachmentUploads({ initial: template?.attachments ?? [] });
  const [problem, setProblem] = useState<string | null>(null);
  const textArea = useRef<TextAreaRef>(null);
  const creating = template === null;
  const maxTemplateLength = formatNumber(20_000);
  const templateTooLong = t`Templates have at most ${maxTemplateLength} characters.`;
  // The example variable of the placeholder, with a fallback word in the active language.
  const greetingFallback = t({
    message: 'there',
    comment:
      'The fallback of the customer_first_name variable in "Hi {{customer_first_name | there}}, …"',
  });
  const firstNameVariable = `{{customer_first_name | ${greetingFallback}}}`;

  const insertVariable = (token: string) => {
    const element = textArea.current?.resizableTextArea?.textArea;
    const current = form.getFieldValue('template_content') ?? '';
    const next = insertAt(
      String(current),
      token,
      element?.selectionStart ?? null,
      element?.selectionEnd ?? null,
    );
    form.setFieldsValue({ template_content: next.text });
    requestAnimationFrame(() => {
      element?.focus();
      element?.setSelectionRange(next.caret, next.caret);
    });
  };

  const finish = async (values: FastReplyFormValues) => {
    if (uploads.uploading) {
      setProblem(stillUploadingMessage());
      return;
    }
    setProblem(null);
    await onSubmit({
      name: values.name.trim(),
      folder: values.folder ?? null,
      template_content: values.template_content,
      attachment_ids: uploads.ids,
    });
  };

  return (
    <Card
      variant="borderless"
      title={creating ? t`New template` : <span dir="auto">{template.name}</span>}
      extra={
        !creating && (
          <Flex gap={8}>
            <Button
              icon={<CopyOutlined />}
              onClick={() => onCopy(String(form.getFieldValue('template_content') ?? ''))}
            >
              <Trans>Copy</Trans>
            </Button>
            <Popconfirm
              title={t`Delete this template?`}
              description={t`Agents will no longer be able to use it.`}
              okText={t`Delete template`}
              okButtonProps={{ danger: true }}
              onConfirm={onDelete}
            >
              <Button danger icon={<DeleteOutlined />} disabled={submitting}>
                <Trans>Delete</Trans>
              </Button>
            </Popconfirm>
          </Flex>
        )
      }
    >
      <Form<FastReplyFormValues>
        form={form}
        name="fast-reply"
        layout="vertical"
        onFinish={finish}
        disabled={submitting}
        initialValues={{
          name: template?.name ?? '',
          folder: template?.folder ?? null,
          template_content: template?.template_content ?? '',
        }}
      >
        <Form.Item
          label={t`Name`}
          name="name"
          rules={[
            { required: true, whitespace: true, message: t`Give the template a name.` },
            { max: 100, message: t`Names have at most 100 characters.` },
          ]}
        >
          <Input dir="auto" placeholder={t`e.g. Refund issued`} maxLength={100} />
        </Form.Item>
        <Form.Item label={t`Folder`} name="folder">
          <Select
            allowClear
            placeholder={t`No folder`}
            options={folders.map((folder) => ({ value: folder, label: folder }))}
            aria-label={t`Folder`}
          />
        </Form.Item>
        <Form.Item
          label={t`Template`}
          name="template_content"
          rules={[
            { required: true, whitespace: true, message: t`Write the template text.` },
            { max: 20_000, message: templateTooLong },
          ]}
        >
          <Input.TextArea
            ref={textArea}
            dir="auto"
            autoSize={{ minRows: 6, maxRows: 16 }}
            placeholder={t`Hi ${firstNameVariable}, …`}
          />
        </Form.Item>
        <VariablesHelper onInsert={insertVariable} />
        <div style={{ marginTop: 16 }}>
          <AttachFilesButton
            disabled={submitting}
            onFiles={(files) => setProblem(uploads.add(files))}
          />
          <AttachmentList items={uploads.items} onRemove={uploads.remove} disabled={submitting} />
        </div>
        {problem && (
          <Alert type="error" showIcon title={problem} role="alert" style={{ marginTop: 12 }} />
        )}
        <Flex justify="flex-end" gap={8} style={{ marginTop: 20 }}>
          {creating && onCancelCreate && (
            <Button onClick={onCancelCreate}>
              <Trans>Cancel</Trans>
            </Button>
          )}
          <Button type="primary" htmlType="submit" loading={submitting}>
            {creating ? t`Create template` : t`Save`}
          </Button>
        </Flex>
      </Form>
    </Card>
  );
}
