import { useState } from 'react';
import { Alert, Descriptions, Form, Input } from 'antd';
import { t } from '@lingui/core/macro';
import type {
  ProviderChannelSettingsResponse,
  WhatsappCloudChannelSettings,
} from '@parley/contracts';
import { applyApiErrorToForm } from '../../../lib/form-errors';
import { toast } from '../../../lib/toast';
import { useUpdateProviderSettingsMutation } from '../api/channels-api';
import { channelSavedMessage, FormFooter, nameRules } from './provider-settings-form-parts';

interface CloudFormValues {
  name: string;
  access_token?: string;
}

/** A Cloud API WhatsApp channel: its name, and a new permanent access token (checked with Meta). */
export function CloudApiSettingsForm({
  channel,
  settings,
  onDone,
}: {
  channel: ProviderChannelSettingsResponse;
  settings: WhatsappCloudChannelSettings;
  onDone: () => void;
}) {
  const [form] = Form.useForm<CloudFormValues>();
  const [update, updating] = useUpdateProviderSettingsMutation();
  const [error, setError] = useState<string | null>(null);

  const onFinish = async (v: CloudFormValues) => {
    setError(null);
    const token = v.access_token?.trim();
    try {
      await update({
        id: channel.id,
        name: v.name.trim(),
        ...(token ? { provider: { type: 'whatsapp_gupshup_isv', access_token: token } } : {}),
      }).unwrap();
      toast.success(
        channelSavedMessage(),
        token ? t`Meta accepted the new access token.` : undefined,
      );
      onDone();
    } catch (failure) {
      setError(
        applyApiErrorToForm(form, failure, ['name', 'access_token'], {
          'provider.access_token': 'access_token',
        }),
      );
    }
  };

  const phoneNumber = settings.display_phone_number || settings.phone_number_id;
  const verifiedName = settings.verified_name || t`unverified name`;

  return (
    <Form<CloudFormValues>
      form={form}
      name="whatsapp-cloud-channel-settings"
      aria-label={t`WhatsApp channel settings`}
      layout="vertical"
      requiredMark={false}
      initialValues={{ name: channel.name }}
      onFinish={onFinish}
    >
      {channel.needs_reauthorization && (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 16 }}
          title={t`Meta no longer accepts this channel's access token: replies are not sent. Paste a new permanent token below.`}
        />
      )}
      {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} />}
      <Descriptions
        size="small"
        column={1}
        style={{ marginBottom: 16 }}
        items={[
          {
            key: 'number',
            label: t`Number`,
            children: <span dir="auto">{`${phoneNumber} (${verifiedName})`}</span>,
          },
          { key: 'id', label: t`Phone number ID`, children: settings.phone_number_id },
          {
            key: 'waba',
            label: t`WhatsApp Business account ID`,
            children: settings.business_account_id,
          },
        ]}
      />
      <Form.Item label={t`Name`} name="name" rules={nameRules()}>
        <Input dir="auto" />
      </Form.Item>
      <Form.Item
        label={t`New permanent access token`}
        name="access_token"
        extra={t`Checked with Meta before it is saved; never shown again. Leave empty to keep the saved token.`}
        rules={
          channel.needs_reauthorization
            ? [{ required: true, whitespace: true, message: t`Paste the new access token.` }]
            : []
        }
      >
        {/* i18n-ignore-next-line: the start of Meta's access tokens */}
        <Input.Password autoComplete="off" placeholder="EAA…" />
      </Form.Item>
      <FormFooter saving={updating.isLoading} onCancel={onDone} />
    </Form>
  );
}
