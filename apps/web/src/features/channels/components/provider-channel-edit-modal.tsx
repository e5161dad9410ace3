import { useMemo, useState } from 'react';
import {
  Alert,
  Button,
  Descriptions,
  Divider,
  Flex,
  Form,
  Input,
  Modal,
  Popconfirm,
  Spin,
  Typography,
} from 'antd';
import type {
  CallChannelSettings,
  GupshupChannelSettings,
  ProviderChannelSettingsResponse,
  WhatsappCloudChannelSettings,
} from '@parley/contracts';
import {
  applyApiErrorWithBusinessHours,
  BUSINESS_HOURS_MESSAGES,
  BusinessHoursEditor,
  businessHoursFromForm,
  businessHoursToForm,
  hasNoOpenDay,
  type BusinessHoursValues,
} from '../../../components/business-hours-editor';
import { asErrorPayload, GENERIC_ERROR_MESSAGE } from '../../../lib/api-error';
import { applyApiErrorToForm } from '../../../lib/form-errors';
import { productName } from '../../../lib/product';
import { toast } from '../../../lib/toast';
import {
  useGetProviderChannelSettingsQuery,
  useRotateGupshupCallbackSecretMutation,
  useUpdateProviderSettingsMutation,
  type ChannelListItem,
} from '../api/channels-api';
import { SecretOnce } from './secret-once';

export const CHANNEL_SAVED_MESSAGE = 'Channel saved';
/** The channel types whose settings can be changed after creation. */
export const EDITABLE_PROVIDER_TYPES = new Set(['call', 'whatsapp_gupshup_isv']);

const SECONDS = /^\d{1,4}$/;
const nameRules = [{ required: true, whitespace: true, message: 'Give the channel a name.' }];

/** Save and cancel at the foot of each form (the modal has no footer of its own). */
function FormFooter({ saving, onCancel }: { saving: boolean; onCancel: () => void }) {
  return (
    <Flex gap={8} justify="flex-end">
      <Button htmlType="button" onClick={onCancel}>
        Cancel
      </Button>
      <Button type="primary" htmlType="submit" loading={saving}>
        Save
      </Button>
    </Flex>
  );
}

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
const providerPaths = (fields: readonly string[]) =>
  Object.fromEntries(fields.map((f) => [`provider.${f}`, f]));

/** A call channel: the Twilio number, how calls are answered, and the business hours. */
function CallSettingsForm({
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
      toast.success(CHANNEL_SAVED_MESSAGE);
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
      aria-label="Call channel settings"
      layout="vertical"
      requiredMark={false}
      initialValues={initial}
      onFinish={onFinish}
    >
      {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} />}
      <Form.Item label="Name" name="name" rules={nameRules}>
        <Input />
      </Form.Item>
      <Divider titlePlacement="start">Twilio</Divider>
      <Form.Item
        label="Account SID"
        name="account_sid"
        rules={[{ required: true, whitespace: true, message: 'Enter the Account SID.' }]}
      >
        <Input placeholder="AC…" autoComplete="off" />
      </Form.Item>
      <Form.Item
        label="Auth Token"
        name="auth_token"
        extra={tokenSaved ? 'Leave empty to keep the saved token.' : undefined}
        rules={
          tokenSaved ? [] : [{ required: true, whitespace: true, message: 'Enter the Auth Token.' }]
        }
      >
        <Input.Password autoComplete="off" placeholder={tokenSaved ? '••••••••' : ''} />
      </Form.Item>
      <Form.Item
        label="Twilio phone number"
        name="phone_number"
        rules={[{ required: true, whitespace: true, message: 'Enter the Twilio phone number.' }]}
      >
        <Input placeholder="+14155550100" autoComplete="off" />
      </Form.Item>
      <Divider titlePlacement="start">Answering</Divider>
      <Form.Item
        label="Greeting"
        name="greeting"
        extra="What callers hear first."
        rules={[
          { required: true, whitespace: true, message: 'Write what callers hear first.' },
          { max: 500, message: 'Keep the greeting under 500 characters.' },
        ]}
      >
        <Input.TextArea rows={2} showCount maxLength={500} />
      </Form.Item>
      <Form.Item
        label="Forward calls to (optional)"
        name="forward_to"
        extra="The phone that rings; without one, callers go straight to voicemail."
      >
        <Input placeholder="+14155550199" autoComplete="off" />
      </Form.Item>
      <Flex gap={16} wrap>
        <Form.Item
          label="Voicemail after (seconds)"
          name="ring_seconds"
          rules={[{ pattern: SECONDS, message: 'Write a number of seconds, like 20.' }]}
        >
          <Input inputMode="numeric" style={{ width: 120 }} />
        </Form.Item>
        <Form.Item
          label="Longest voicemail (seconds)"
          name="voicemail_max_seconds"
          rules={[{ pattern: SECONDS, message: 'Write a number of seconds, like 120.' }]}
        >
          <Input inputMode="numeric" style={{ width: 120 }} />
        </Form.Item>
      </Flex>
      <BusinessHoursEditor extra="Outside these hours callers hear the closed message and may leave a voicemail." />
      <Form.Item
        label="Closed message (optional)"
        name="closed_message"
        extra="What callers hear outside business hours, before the voicemail."
        rules={[{ max: 500, message: 'Keep the closed message under 500 characters.' }]}
      >
        <Input.TextArea rows={2} showCount maxLength={500} placeholder="We are closed right now." />
      </Form.Item>
      <FormFooter saving={updating.isLoading} onCancel={onDone} />
    </Form>
  );
}

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
      setError(asErrorPayload(failure)?.message ?? GENERIC_ERROR_MESSAGE);
    }
  };
  return (
    <div style={{ marginBottom: 16 }}>
      <Typography.Paragraph type="secondary">
        Gupshup posts customers' messages to a callback URL that carries a secret. If it may have
        leaked, rotate it: the current URL stops working at once.
      </Typography.Paragraph>
      {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 8 }} />}
      {url ? (
        <>
          <SecretOnce label="New callback URL" value={url} />
          <Alert
            type="info"
            showIcon
            style={{ marginTop: 8 }}
            title="Paste it in the Gupshup app's Webhooks settings (payload v2) now: the old URL is refused from now on."
          />
        </>
      ) : (
        <Popconfirm
          title="Rotate the callback secret?"
          description={`The current callback URL stops working at once; messages reach ${productName} again once Gupshup has the new one.`}
          okText="Rotate"
          okButtonProps={{ danger: true }}
          onConfirm={onRotate}
        >
          <Button loading={rotating.isLoading}>Rotate callback secret</Button>
        </Popconfirm>
      )}
    </div>
  );
}

/** A Gupshup WhatsApp channel: its app, API key and number; the callback secret's rotation. */
function GupshupSettingsForm({
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
      toast.success(CHANNEL_SAVED_MESSAGE);
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
        aria-label="WhatsApp channel settings"
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
        <Form.Item label="Name" name="name" rules={nameRules}>
          <Input />
        </Form.Item>
        <Form.Item
          label="Gupshup app name"
          name="app_name"
          rules={[{ required: true, whitespace: true, message: 'Enter the Gupshup app name.' }]}
        >
          <Input autoComplete="off" />
        </Form.Item>
        <Form.Item label="API key" name="api_key" extra="Leave empty to keep the saved key.">
          <Input.Password autoComplete="off" placeholder="••••••••" />
        </Form.Item>
        <Form.Item
          label="WhatsApp number"
          name="source_number"
          extra="The business number of the app, with its country code."
          rules={[{ required: true, whitespace: true, message: 'Enter the WhatsApp number.' }]}
        >
          <Input autoComplete="off" />
        </Form.Item>
        <FormFooter saving={updating.isLoading} onCancel={onDone} />
      </Form>
      <Divider titlePlacement="start">Callback URL</Divider>
      <CallbackSecretRotation channelId={channel.id} />
    </>
  );
}

interface CloudFormValues {
  name: string;
  access_token?: string;
}

/** A Cloud API WhatsApp channel: its name, and a new permanent access token (checked with Meta). */
function CloudApiSettingsForm({
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
        CHANNEL_SAVED_MESSAGE,
        token ? 'Meta accepted the new access token.' : undefined,
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

  return (
    <Form<CloudFormValues>
      form={form}
      name="whatsapp-cloud-channel-settings"
      aria-label="WhatsApp channel settings"
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
          title="Meta no longer accepts this channel's access token: replies are not sent. Paste a new permanent token below."
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
            label: 'Number',
            children: `${settings.display_phone_number || settings.phone_number_id} (${settings.verified_name || 'unverified name'})`,
          },
          { key: 'id', label: 'Phone number ID', children: settings.phone_number_id },
          {
            key: 'waba',
            label: 'WhatsApp Business account ID',
            children: settings.business_account_id,
          },
        ]}
      />
      <Form.Item label="Name" name="name" rules={nameRules}>
        <Input />
      </Form.Item>
      <Form.Item
        label="New permanent access token"
        name="access_token"
        extra="Checked with Meta before it is saved; never shown again. Leave empty to keep the saved token."
        rules={
          channel.needs_reauthorization
            ? [{ required: true, whitespace: true, message: 'Paste the new access token.' }]
            : []
        }
      >
        <Input.Password autoComplete="off" placeholder="EAA…" />
      </Form.Item>
      <FormFooter saving={updating.isLoading} onCancel={onDone} />
    </Form>
  );
}

/** A call or WhatsApp channel's settings, loaded from the server and changed in place. */
export function ProviderChannelEditModal({
  channel,
  onClose,
}: {
  channel: ChannelListItem | null;
  onClose: () => void;
}) {
  const { data, error, isFetching, refetch } = useGetProviderChannelSettingsQuery(
    channel?.id ?? 0,
    { skip: channel === null },
  );
  const loaded = data && data.id === channel?.id ? data : null;
  return (
    <Modal
      title={channel ? `Edit ${channel.name}` : ''}
      open={channel !== null}
      onCancel={onClose}
      footer={null}
      destroyOnHidden
      width={640}
    >
      {error && !isFetching ? (
        <Alert
          type="error"
          showIcon
          title={asErrorPayload(error)?.message ?? 'The channel settings could not be loaded.'}
          action={
            <Button size="small" onClick={() => void refetch()}>
              Try again
            </Button>
          }
        />
      ) : !loaded ? (
        <Flex justify="center" style={{ padding: 32 }}>
          <Spin aria-label="Loading the channel settings" />
        </Flex>
      ) : loaded.settings.kind === 'call' ? (
        <CallSettingsForm channel={loaded} settings={loaded.settings} onDone={onClose} />
      ) : loaded.settings.kind === 'gupshup' ? (
        <GupshupSettingsForm channel={loaded} settings={loaded.settings} onDone={onClose} />
      ) : (
        <CloudApiSettingsForm channel={loaded} settings={loaded.settings} onDone={onClose} />
      )}
    </Modal>
  );
}
