import { useId, useState } from 'react';
import { Alert, Button, Input, Modal, Select, Space, Typography } from 'antd';
import type { WhatsappTemplate } from '@parley/contracts';
import {
  useGetWhatsappTemplatesQuery,
  useSendWhatsappTemplateMutation,
} from '../api/whatsapp-templates-api';
import { refusalText } from '../hooks/use-conversation-actions';

/** The template text with {{1}}..{{n}} replaced by what the agent typed so far. */
export function previewTemplate(body: string, values: string[]): string {
  return body.replace(/\{\{\s*(\d{1,2})\s*\}\}/g, (whole, n: string) => {
    const value = values[Number(n) - 1]?.trim();
    return value ? value : whole;
  });
}

interface WhatsappTemplatePickerProps {
  conversationId: number;
  disabled?: boolean;
}

/**
 * On a WhatsApp conversation whose 24-hour window has closed, free-form replies are refused:
 * this offers "Send a template" instead — pick an approved template, fill its variables while
 * seeing the message as the customer will, and send it.
 */
export function WhatsappTemplatePicker({ conversationId, disabled }: WhatsappTemplatePickerProps) {
  const {
    data,
    error: loadError,
    refetch,
    isFetching,
  } = useGetWhatsappTemplatesQuery(conversationId);
  const [send, { isLoading: sending }] = useSendWhatsappTemplateMutation();
  const [open, setOpen] = useState(false);
  const [templateId, setTemplateId] = useState<string | null>(null);
  const [values, setValues] = useState<string[]>([]);
  const [error, setError] = useState<string | null>(null);
  const previewId = useId();

  // Templates are asked for only once the window has closed: a provider that cannot be reached
  // then leaves the agent with no way to write, so say so and offer to try again.
  if (loadError && !data) {
    return (
      <Alert
        type="warning"
        showIcon
        style={{ marginBottom: 8 }}
        title="WhatsApp templates could not be loaded"
        description={refusalText(loadError)}
        action={
          <Button size="small" loading={isFetching} onClick={() => void refetch()}>
            Try again
          </Button>
        }
      />
    );
  }
  if (!data || data.window_open) return null;
  const template: WhatsappTemplate | undefined = data.templates.find((t) => t.id === templateId);
  const complete =
    template !== undefined &&
    Array.from({ length: template.variable_count }, (_, i) => values[i]?.trim()).every(Boolean);

  const close = () => {
    setOpen(false);
    setTemplateId(null);
    setValues([]);
    setError(null);
  };

  const submit = async () => {
    if (!template) return;
    setError(null);
    try {
      await send({
        conversationId,
        template_id: template.id,
        params: values.slice(0, template.variable_count).map((v) => v.trim()),
      }).unwrap();
      close();
    } catch (err) {
      setError(refusalText(err));
    }
  };

  return (
    <>
      <Alert
        type="info"
        showIcon
        style={{ marginBottom: 8 }}
        title="The customer last wrote more than 24 hours ago: WhatsApp accepts only an approved template until they write again."
        action={
          <Button size="small" disabled={disabled} onClick={() => setOpen(true)}>
            Send a template
          </Button>
        }
      />
      <Modal
        open={open}
        title="Send a WhatsApp template"
        okText="Send template"
        onOk={() => void submit()}
        onCancel={close}
        okButtonProps={{ disabled: !complete || sending, loading: sending }}
        destroyOnHidden
      >
        {data.templates.length === 0 ? (
          <Typography.Paragraph>
            This WhatsApp number has no approved templates yet. Create one in the provider&apos;s
            console and wait for Meta&apos;s approval.
          </Typography.Paragraph>
        ) : (
          <Space orientation="vertical" style={{ width: '100%' }}>
            <Select<string>
              aria-label="Template"
              placeholder="Choose a template"
              style={{ width: '100%' }}
              value={templateId ?? undefined}
              onChange={(id) => {
                setTemplateId(id);
                setValues([]);
                setError(null);
              }}
              options={data.templates.map((t) => ({
                value: t.id,
                label: `${t.name}${t.language ? ` (${t.language})` : ''}`,
              }))}
            />
            {template &&
              Array.from({ length: template.variable_count }, (_, i) => (
                <Input
                  key={`${template.id}-${i}`}
                  aria-label={`Variable {{${i + 1}}}`}
                  placeholder={`Value of {{${i + 1}}}`}
                  value={values[i] ?? ''}
                  maxLength={1024}
                  onChange={(event) => {
                    const next = [...values];
                    next[i] = event.target.value;
                    setValues(next);
                  }}
                />
              ))}
            {template && (
              <div>
                <Typography.Text type="secondary" id={previewId}>
                  Preview
                </Typography.Text>
                <div
                  role="note"
                  aria-labelledby={previewId}
                  style={{
                    whiteSpace: 'pre-wrap',
                    background: '#f0fdf4',
                    border: '1px solid #bbf7d0',
                    borderRadius: 8,
                    padding: 8,
                  }}
                >
                  {previewTemplate(template.body, values)}
                </div>
              </div>
            )}
            {error && (
              <div role="alert" style={{ color: '#cf1322' }}>
                {error}
              </div>
            )}
          </Space>
        )}
      </Modal>
    </>
  );
}
