import { useState } from 'react';
import { Alert, Button, Divider, Form, Input, Popconfirm, Typography } from 'antd';
import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import type { GupshupChannelSettings, ProviderChannelSettingsResponse } from '@parley/contracts';
import { asErrorPayload, genericErrorMessage } from '../../../lib/api-error';
import { applyApiErrorToForm } from '../../../lib/form-errors';
import { productName } from '../../../lib/product';
import { toast } from '../../../lib/toast';
import {
  useRotateGupshupCallbackSecretMutation,
  useUpdateProviderSettingsMutation,
} from '../api/channels-api';
import {
  channelSavedMessage,
  FormFooter,
  nameRules,
  providerPaths,
} from './provider-settings-form-parts';
import { SecretOnce } from './secret-once';

interface GupshupFormValues {
  name: string;
  app_name: string;
  api_key?: string;
  source_number: string;
}
const GUPSHUP_FIELDS = ['name', 'app_name', 'api_key', 'source_number'] as const;

/** The Gupshup callback URL's secret: a new one on request, its URL shown once. */
function CallbackSecretRotation({ channelId }: { channelId: number }) {
  const [rotate, rotating] = useRotateGupshupCallbackSecretMutation();
  const [url, setUrl] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const onRotate = async () => {
    setError(null);
    try {
      const result = await rotate(channelId).unwrap();
      setUrl(result.callback_url.url);
    } catch (failure) {
      setError(asErrorPayload(failure)?.message ?? genericErrorMessage());
    }
  };
  return (
    <div style={{ marginBottom: 16 }}>
      <Typography.Paragraph type="secondary">
        <Trans>
          Gupshup posts customers' messages to a callback URL that carries a secret. If it may have
          leaked, rotate it: the current URL stops working at once.
        </Trans>
      </Typography.Paragraph>
      {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 8 }} />}
      {url ? (
        <>
          <SecretOnce label={t`New callback URL`} value={url} />
          <Alert
            type="info"
            showIcon
            style={{ marginTop: 8 }}
            title={t`Paste it in the Gupshup app's Webhooks settings (payload v2) now: the old URL is refused from now on.`}
          />
        </>
      ) : (
        <Popconfirm
          title={t`Rotate the callback secret?`}
          description={t`The current callback URL stops working at once; messages reach ${productName} again once Gupshup has the new one.`}
          okText={t`Rotate`}
          okButtonProps={{ danger: true }}
          onConfirm={onRotate}
        >
          <Button loading={rotating.isLoading}>
            <Trans>Rotate callback secret</Trans>
          </Button>
        </Popconfirm>
      )}
    </div>
  );
}

/** A Gupshup WhatsApp channel: its app, API key and number; the callback secret's rotation. */
export function GupshupSettingsForm({
  channel,
  settings,
  onDone,
}: {
  channel: ProviderChannelSettingsResponse;
  settings: GupshupChannelSettings;
  onDone: () => void;
}) {
  const [form] = Form.useForm<GupshupFormValues>();
  const [update, updating] = useUpdateProviderSettingsMutation();
  const [error, setError] = useState<string | null>(null);

  const onFinish = async (v: GupshupFormValues) => {
    setError(null);
    const apiKey = v.api_key?.trim();
    try {
      await update({
        id: channel.id,
        name: v.name.trim(),
        provider: {
          type: 'whatsapp_gupshup_isv',
          app_name: v.app_name.trim(),
          source_number: v.source_number.trim(),
          ...(apiKey ? { api_key: apiKey } : {}),
        },
      }).unwrap();
      toast.success(channelSavedMessage());
      onDone();
    } catch (failure) {
      setError(applyApiErrorToForm(form, failure, GUPSHUP_FIELDS, providerPaths(GUPSHUP_FIELDS)));
    }
  };

  return (
    <>
      <Form<GupshupFormValues>
        form={form}
        name="gupshup-channel-settings"
        aria-label={t`WhatsApp channel settings`}
        layout="vertical"
        requiredMark={false}
        initialValues={{
          name: channel.name,
          app_name: settings.app_name,
          source_number: settings.source_number,
        }}
        onFinish={onFinish}
      >
        {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} />}
        <Form.Item label={t`Name`} name="name" rules={nameRules()}>
          <Input dir="auto" />
        </Form.Item>
        <Form.Item
          label={t`Gupshup app name`}
          name="app_name"
          rules={[{ required: true, whitespace: true, message: t`Enter the Gupshup app name.` }]}
        >
          <Input autoComplete="off" />
        </Form.Item>
        <Form.Item label={t`API key`} name="api_key" extra={t`Leave empty to keep the saved key.`}>
          <Input.Password autoComplete="off" placeholder="••••••••" />
        </Form.Item>
        <Form.Item
          label={t`WhatsApp number`}
          name="source_number"
          extra={t`The business number of the app, with its country code.`}
          rules={[{ required: true, whitespace: true, message: t`Enter the WhatsApp number.` }]}
        >
          <Input autoComplete="off" />
        </Form.Item>
        <FormFooter saving={updating.isLoading} onCancel={onDone} />
      </Form>
      <Divider titlePlacement="start">
        <Trans>Callback URL</Trans>
      </Divider>
      <CallbackSecretRotation channelId={channel.id} />
    </>
  );
}
