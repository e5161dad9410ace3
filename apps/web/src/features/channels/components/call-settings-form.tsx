import { useMemo, useState } from 'react';
import { Alert, Divider, Flex, Form, Input } from 'antd';
import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import type { CallChannelSettings, ProviderChannelSettingsResponse } from '@parley/contracts';
import {
  applyApiErrorWithBusinessHours,
  BUSINESS_HOURS_MESSAGES,
  BusinessHoursEditor,
  businessHoursFromForm,
  businessHoursToForm,
  hasNoOpenDay,
  type BusinessHoursValues,
} from '../../../components/business-hours-editor';
import { toast } from '../../../lib/toast';
import { useUpdateProviderSettingsMutation } from '../api/channels-api';
import {
  channelSavedMessage,
  FormFooter,
  nameRules,
  providerPaths,
} from './provider-settings-form-parts';

const SECONDS = /^\d{1,4}$/;
/** The provider's own name, the same in every language. */
const TWILIO = 'Twilio';

interface CallFormValues extends BusinessHoursValues {
  name: string;
  account_sid: string;
  auth_token?: string;
  phone_number: string;
  greeting: string;
  forward_to?: string;
  ring_seconds: string;
  voicemail_max_seconds: string;
  closed_message?: string;
}

const CALL_FIELDS = [
  'name',
  'account_sid',
  'auth_token',
  'phone_number',
  'greeting',
  'forward_to',
  'ring_seconds',
  'voicemail_max_seconds',
  'closed_message',
] as const;

/** A call channel: the Twilio number, how calls are answered, and the business hours. */
export function CallSettingsForm({
  channel,
  settings,
  onDone,
}: {
  channel: ProviderChannelSettingsResponse;
  settings: CallChannelSettings;
  onDone: () => void;
}) {
  const [form] = Form.useForm<CallFormValues>();
  const [update, updating] = useUpdateProviderSettingsMutation();
  const [error, setError] = useState<string | null>(null);
  const initial = useMemo<CallFormValues>(
    () => ({
      name: channel.name,
      account_sid: settings.account_sid,
      phone_number: settings.phone_number,
      greeting: settings.greeting,
      forward_to: settings.forward_to ?? '',
      ring_seconds: String(settings.ring_seconds),
      voicemail_max_seconds: String(settings.voicemail_max_seconds),
      closed_message: settings.closed_message ?? '',
      ...businessHoursToForm(settings.business_hours),
    }),
    [channel.name, settings],
  );
  // A call channel not yet connected to Twilio (a callback-request line) needs a token to save.
  const tokenSaved = settings.account_sid !== '';

  const onFinish = async () => {
    setError(null);
    const v = form.getFieldsValue(true) as CallFormValues;
    const businessHours = businessHoursFromForm(v);
    if (hasNoOpenDay(businessHours)) {
      setError(BUSINESS_HOURS_MESSAGES.noOpenDay);
      return;
    }
    const token = v.auth_token?.trim();
    try {
      await update({
        id: channel.id,
        name: v.name.trim(),
        provider: {
          type: 'call',
          account_sid: v.account_sid.trim(),
          ...(token ? { auth_token: token } : {}),
          phone_number: v.phone_number.trim(),
          greeting: v.greeting.trim(),
          forward_to: v.forward_to?.trim() || null,
          ring_seconds: Number(v.ring_seconds),
          voicemail_max_seconds: Number(v.voicemail_max_seconds),
          business_hours: businessHours,
          closed_message: v.closed_message?.trim() || null,
        },
      }).unwrap();
      toast.success(channelSavedMessage());
      onDone();
    } catch (failure) {
      setError(
        applyApiErrorWithBusinessHours(
          form,
          failure,
          CALL_FIELDS,
          providerPaths(CALL_FIELDS),
          'provider.business_hours',
          businessHours,
        ),
      );
    }
  };

  return (
    <Form<CallFormValues>
      form={form}
      name="call-channel-settings"
      aria-label={t`Call channel settings`}
      layout="vertical"
      requiredMark={false}
      initialValues={initial}
      onFinish={onFinish}
    >
      {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} />}
      <Form.Item label={t`Name`} name="name" rules={nameRules()}>
        <Input dir="auto" />
      </Form.Item>
      <Divider titlePlacement="start">{TWILIO}</Divider>
      <Form.Item
        label={t`Account SID`}
        name="account_sid"
        rules={[{ required: true, whitespace: true, message: t`Enter the Account SID.` }]}
      >
        {/* i18n-ignore-next-line: the start of Twilio's account identifiers */}
        <Input placeholder="AC…" autoComplete="off" />
      </Form.Item>
      <Form.Item
        label={t`Auth Token`}
        name="auth_token"
        extra={tokenSaved ? t`Leave empty to keep the saved token.` : undefined}
        rules={
          tokenSaved
            ? []
            : [{ required: true, whitespace: true, message: t`Enter the Auth Token.` }]
        }
      >
        <Input.Password autoComplete="off" placeholder={tokenSaved ? '••••••••' : ''} />
      </Form.Item>
      <Form.Item
        label={t`Twilio phone number`}
        name="phone_number"
        rules={[{ required: true, whitespace: true, message: t`Enter the Twilio phone number.` }]}
      >
        <Input placeholder="+14155550100" autoComplete="off" />
      </Form.Item>
      <Divider titlePlacement="start">
        <Trans>Answering</Trans>
      </Divider>
      <Form.Item
        label={t`Greeting`}
        name="greeting"
        extra={t`What callers hear first.`}
        rules={[
          { required: true, whitespace: true, message: t`Write what callers hear first.` },
          { max: 500, message: t`Keep the greeting under 500 characters.` },
        ]}
      >
        <Input.TextArea dir="auto" rows={2} showCount maxLength={500} />
      </Form.Item>
      <Form.Item
        label={t`Forward calls to (optional)`}
        name="forward_to"
        extra={t`The phone that rings; without one, callers go straight to voicemail.`}
      >
        <Input placeholder="+14155550199" autoComplete="off" />
      </Form.Item>
      <Flex gap={16} wrap>
        <Form.Item
          label={t`Voicemail after (seconds)`}
          name="ring_seconds"
          rules={[{ pattern: SECONDS, message: t`Write a number of seconds, like 20.` }]}
        >
          <Input inputMode="numeric" style={{ width: 120 }} />
        </Form.Item>
        <Form.Item
          label={t`Longest voicemail (seconds)`}
          name="voicemail_max_seconds"
          rules={[{ pattern: SECONDS, message: t`Write a number of seconds, like 120.` }]}
        >
          <Input inputMode="numeric" style={{ width: 120 }} />
        </Form.Item>
      </Flex>
      <BusinessHoursEditor
        extra={t`Outside these hours callers hear the closed message and may leave a voicemail.`}
      />
      <Form.Item
        label={t`Closed message (optional)`}
        name="closed_message"
        extra={t`What callers hear outside business hours, before the voicemail.`}
        rules={[{ max: 500, message: t`Keep the closed message under 500 characters.` }]}
      >
        <Input.TextArea
          dir="auto"
          rows={2}
          showCount
          maxLength={500}
          placeholder={t`We are closed right now.`}
        />
      </Form.Item>
      <FormFooter saving={updating.isLoading} onCancel={onDone} />
    </Form>
  );
}
