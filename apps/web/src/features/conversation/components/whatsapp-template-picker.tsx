import { useId, useState } from 'react';
import { Alert, Button, Input, Modal, Select, Space, Typography, theme } from 'antd';
import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
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
  const { token } = theme.useToken();

  // Templates are asked for only once the window has closed: a provider that cannot be reached
  // then leaves the agent with no way to write, so say so and offer to try again.
  if (loadError && !data) {
    return (
      <Alert
        type="warning"
        showIcon
        style={{ marginBottom: 8 }}
        title={t`WhatsApp templates could not be loaded`}
        description={refusalText(loadError)}
        action={
          <Button size="small" loading={isFetching} onClick={() => void refetch()}>
            <Trans>Try again</Trans>
          </Button>
        }
      />
    );
  }
  if (!data || data.window_open) return null;
  const template: WhatsappTemplate | undefined = data.templates.find(
    (candidate) => candidate.id === templateId,
  );
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
        title={t`The customer last wrote more than 24 hours ago: WhatsApp accepts only an approved template until they write again.`}
        action={
          <Button size="small" disabled={disabled} onClick={() => setOpen(true)}>
            <Trans>Send a template</Trans>
          </Button>
        }
      />
      <Modal
        open={open}
        title={t`Send a WhatsApp template`}
        okText={t`Send template`}
        onOk={() => void submit()}
        onCancel={close}
        okButtonProps={{ disabled: !complete || sending, loading: sending }}
        destroyOnHidden
      >
        {data.templates.length === 0 ? (
          <Typography.Paragraph>
            <Trans>
              This WhatsApp number has no approved templates yet. Create one in the provider&apos;s
              console and wait for Meta&apos;s approval.
            </Trans>
          </Typography.Paragraph>
        ) : (
          <Space orientation="vertical" style={{ width: '100%' }}>
            <Select<string>
              aria-label={t`Template`}
              placeholder={t`Choose a template`}
              style={{ width: '100%' }}
              value={templateId ?? undefined}
              onChange={(id) => {
                setTemplateId(id);
                setValues([]);
                setError(null);
              }}
              options={data.templates.map((option) => ({
                value: option.id,
                label: `${option.name}${option.language ? ` (${option.language})` : ''}`,
              }))}
            />
            {template &&
              Array.from({ length: template.variable_count }, (_, i) => {
                // WhatsApp's own notation of a template variable, {{1}}, {{2}}…
                const variable = `{{${i + 1}}}`;
                return (
                  <Input
                    key={`${template.id}-${i}`}
                    aria-label={t`Variable ${variable}`}
                    placeholder={t`Value of ${variable}`}
                    value={values[i] ?? ''}
                    maxLength={1024}
                    onChange={(event) => {
                      const next = [...values];
                      next[i] = event.target.value;
                      setValues(next);
                    }}
                  />
                );
              })}
            {template && (
              <div>
                <Typography.Text type="secondary" id={previewId}>
                  <Trans>Preview</Trans>
                </Typography.Text>
                <div
                  role="note"
                  aria-labelledby={previewId}
                  dir="auto"
                  style={{
                    whiteSpace: 'pre-wrap',
                    background: token.colorSuccessBg,
                    border: `1px solid ${token.colorSuccessBorder}`,
                    borderRadius: token.borderRadius,
                    padding: 8,
                  }}
                >
                  {previewTemplate(template.body, values)}
                </div>
              </div>
            )}
            {error && (
              <div role="alert" style={{ color: token.colorError }}>
                {error}
              </div>
            )}
          </Space>
        )}
      </Modal>
    </>
  );
}
