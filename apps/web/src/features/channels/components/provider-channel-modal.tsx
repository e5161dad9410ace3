import { useState } from 'react';
import { Alert, Button, Form, Input, Modal, Segmented, Space, Typography } from 'antd';
import type {
  CallChannelCreateInput,
  ConnectionTestBody,
  ConnectionTestResult,
  GupshupChannelCreateBody,
  SmsChannelCreateBody,
  WhatsappCloudChannelCreateBody,
} from '@parley/contracts';
import { asErrorPayload, GENERIC_ERROR_MESSAGE } from '../../../lib/api-error';
import { applyApiErrorToForm } from '../../../lib/form-errors';
import {
  useCreateProviderChannelMutation,
  useTestChannelConnectionMutation,
  type CreatedProviderChannel,
} from '../api/channels-api';

export type ProviderChannelType = 'sms' | 'call' | 'whatsapp_gupshup_isv';

interface ProviderField {
  name: string;
  label: string;
  placeholder: string;
  extra?: string;
  secret?: boolean;
  optional?: boolean;
  /** Sent with "Test connection" before the channel is saved. */
  credential?: boolean;
}

interface ProviderForm {
  title: string;
  namePlaceholder: string;
  fields: ProviderField[];
}

/** What SMS and calls channels both ask for: the Twilio account and its number. */
function twilioFields(numberExtra: string): ProviderField[] {
  return [
    {
      name: 'account_sid',
      label: 'Account SID',
      placeholder: 'AC…',
      extra: 'On the Twilio Console home page.',
      credential: true,
    },
    { name: 'auth_token', label: 'Auth Token', placeholder: '', secret: true, credential: true },
    {
      name: 'phone_number',
      label: 'Twilio phone number',
      placeholder: '+14155550100',
      extra: numberExtra,
    },
  ];
}

/** The setup form of each provider channel type. */
const PROVIDERS: Record<ProviderChannelType, ProviderForm> = {
  sms: {
    title: 'Add an SMS channel (Twilio)',
    namePlaceholder: 'Support line',
    fields: [
      ...twilioFields('The number customers text; replies are sent from it.'),
      {
        name: 'messaging_service_sid',
        label: 'Messaging Service SID (optional)',
        placeholder: 'MG…',
        extra: 'Send replies through a Messaging Service instead of the number alone.',
        optional: true,
      },
    ],
  },
  call: {
    title: 'Add a calls channel (Twilio Voice)',
    namePlaceholder: 'Phone line',
    fields: [
      ...twilioFields('The number customers call; callbacks come from it.'),
      {
        name: 'greeting',
        label: 'Greeting (optional)',
        placeholder: 'Thank you for calling. Please hold while we connect you.',
        optional: true,
      },
      {
        name: 'forward_to',
        label: 'Forward calls to (optional)',
        placeholder: '+14155550199',
        extra: 'The phone that rings; without one, callers go straight to voicemail.',
        optional: true,
      },
      {
        name: 'ring_seconds',
        label: 'Voicemail after (seconds, optional)',
        placeholder: '20',
        optional: true,
      },
      {
        name: 'voicemail_max_seconds',
        label: 'Longest voicemail (seconds, optional)',
        placeholder: '120',
        optional: true,
      },
    ],
  },
  whatsapp_gupshup_isv: {
    title: 'Add a WhatsApp channel (Gupshup)',
    namePlaceholder: 'WhatsApp',
    fields: [
      {
        name: 'app_name',
        label: 'Gupshup app name',
        placeholder: 'AcmeSupportApp',
        credential: true,
      },
      { name: 'api_key', label: 'API key', placeholder: '', secret: true, credential: true },
      {
        name: 'source_number',
        label: 'WhatsApp number',
        placeholder: '917834811114',
        extra: 'The business number of the app, with its country code.',
      },
    ],
  },
};

/** The same WhatsApp channel type through Meta's Cloud API instead of Gupshup. */
const WHATSAPP_CLOUD_API: ProviderForm = {
  title: 'Add a WhatsApp channel (Cloud API)',
  namePlaceholder: 'WhatsApp',
  fields: [
    {
      name: 'phone_number_id',
      label: 'Phone number ID',
      placeholder: '106540352242922',
      extra: 'In WhatsApp Manager → API setup, under the number.',
      credential: true,
    },
    {
      name: 'business_account_id',
      label: 'WhatsApp Business account ID',
      placeholder: '102290129340398',
      extra: 'Its approved templates are offered once the 24-hour window has closed.',
    },
    {
      name: 'access_token',
      label: 'Permanent access token',
      placeholder: 'EAA…',
      extra: "A system user's token with whatsapp_business_messaging and management.",
      secret: true,
      credential: true,
    },
  ],
};

type WhatsappProvider = 'gupshup' | 'cloud_api';

type Values = Record<string, string | undefined>;

/** Create an SMS, calls or WhatsApp channel, testing its credentials with the provider first. */
export function ProviderChannelModal({
  type,
  onClose,
  onCreated,
}: {
  type: ProviderChannelType | null;
  onClose: () => void;
  onCreated: (channel: CreatedProviderChannel) => void;
}) {
  const [form] = Form.useForm<Values>();
  const [create, creating] = useCreateProviderChannelMutation();
  const [testConnection, testing] = useTestChannelConnectionMutation();
  const [error, setError] = useState<string | null>(null);
  const [tested, setTested] = useState<ConnectionTestResult | null>(null);
  const [whatsappProvider, setWhatsappProvider] = useState<WhatsappProvider>('gupshup');
  const cloudApi = type === 'whatsapp_gupshup_isv' && whatsappProvider === 'cloud_api';
  const provider = type ? (cloudApi ? WHATSAPP_CLOUD_API : PROVIDERS[type]) : null;

  const close = () => {
    setError(null);
    setTested(null);
    setWhatsappProvider('gupshup');
    form.resetFields();
    onClose();
  };

  const text = (values: Values, key: string) => values[key]?.trim() ?? '';

  const testBody = (t: ProviderChannelType, v: Values): ConnectionTestBody =>
    cloudApi
      ? {
          type: 'whatsapp_gupshup_isv',
          provider: 'cloud_api',
          phone_number_id: text(v, 'phone_number_id'),
          access_token: text(v, 'access_token'),
        }
      : t === 'sms' || t === 'call'
        ? { type: t, account_sid: text(v, 'account_sid'), auth_token: text(v, 'auth_token') }
        : { type: t, app_name: text(v, 'app_name'), api_key: text(v, 'api_key') };

  /** An optional number field: left empty, the server's default applies. */
  const seconds = (v: Values, key: string) => (text(v, key) ? Number(text(v, key)) : undefined);

  const createBody = (
    t: ProviderChannelType,
    v: Values,
  ):
    | SmsChannelCreateBody
    | CallChannelCreateInput
    | GupshupChannelCreateBody
    | WhatsappCloudChannelCreateBody =>
    cloudApi
      ? {
          type: 'whatsapp_gupshup_isv',
          provider: 'cloud_api',
          name: text(v, 'name'),
          phone_number_id: text(v, 'phone_number_id'),
          business_account_id: text(v, 'business_account_id'),
          access_token: text(v, 'access_token'),
        }
      : t === 'call'
        ? {
            type: t,
            name: text(v, 'name'),
            account_sid: text(v, 'account_sid'),
            auth_token: text(v, 'auth_token'),
            phone_number: text(v, 'phone_number'),
            forward_to: text(v, 'forward_to') || null,
            ...(text(v, 'greeting') ? { greeting: text(v, 'greeting') } : {}),
            ...(seconds(v, 'ring_seconds') !== undefined
              ? { ring_seconds: seconds(v, 'ring_seconds') }
              : {}),
            ...(seconds(v, 'voicemail_max_seconds') !== undefined
              ? { voicemail_max_seconds: seconds(v, 'voicemail_max_seconds') }
              : {}),
          }
        : t === 'sms'
          ? {
              type: t,
              name: text(v, 'name'),
              account_sid: text(v, 'account_sid'),
              auth_token: text(v, 'auth_token'),
              phone_number: text(v, 'phone_number'),
              messaging_service_sid: text(v, 'messaging_service_sid') || null,
            }
          : {
              type: t,
              name: text(v, 'name'),
              app_name: text(v, 'app_name'),
              api_key: text(v, 'api_key'),
              source_number: text(v, 'source_number'),
            };

  const onTest = async () => {
    if (!type || !provider) return;
    const names = provider.fields.filter((f) => f.credential).map((f) => f.name);
    setTested(null);
    try {
      const values = await form.validateFields(names);
      const result = await testConnection(testBody(type, values)).unwrap();
      setTested(result);
    } catch (failure) {
      // A form validation failure shows under its fields; anything else above the form.
      if (asErrorPayload(failure))
        setTested({
          ok: false,
          message: asErrorPayload(failure)?.message ?? GENERIC_ERROR_MESSAGE,
        });
    }
  };

  const onFinish = async (values: Values) => {
    if (!type || !provider) return;
    setError(null);
    try {
      const created = await create(createBody(type, values)).unwrap();
      close();
      onCreated(created);
    } catch (failure) {
      setError(applyApiErrorToForm(form, failure, ['name', ...provider.fields.map((f) => f.name)]));
    }
  };

  return (
    <Modal
      title={provider?.title}
      open={type !== null}
      onCancel={close}
      okText="Create channel"
      onOk={() => form.submit()}
      confirmLoading={creating.isLoading}
      destroyOnHidden
    >
      {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} />}
      {type === 'whatsapp_gupshup_isv' && (
        <Segmented<WhatsappProvider>
          aria-label="WhatsApp provider"
          style={{ marginBottom: 16 }}
          value={whatsappProvider}
          onChange={(next) => {
            setWhatsappProvider(next);
            setTested(null);
            setError(null);
          }}
          options={[
            { label: 'Gupshup', value: 'gupshup' },
            { label: 'WhatsApp Cloud API (Meta)', value: 'cloud_api' },
          ]}
        />
      )}
      {provider && (
        <Form
          form={form}
          name={`${type}-channel`}
          layout="vertical"
          requiredMark={false}
          onFinish={onFinish}
          onValuesChange={() => setTested(null)}
        >
          <Form.Item
            label="Name"
            name="name"
            rules={[{ required: true, whitespace: true, message: 'Give the channel a name.' }]}
          >
            <Input autoFocus placeholder={provider.namePlaceholder} />
          </Form.Item>
          {provider.fields.map((f) => (
            <Form.Item
              key={f.name}
              label={f.label}
              name={f.name}
              extra={f.extra}
              rules={
                f.optional
                  ? []
                  : [{ required: true, whitespace: true, message: `Enter the ${f.label}.` }]
              }
            >
              {f.secret ? (
                <Input.Password placeholder={f.placeholder} autoComplete="off" />
              ) : (
                <Input placeholder={f.placeholder} autoComplete="off" />
              )}
            </Form.Item>
          ))}
          <Space orientation="vertical" style={{ width: '100%' }}>
            <Button onClick={() => void onTest()} loading={testing.isLoading}>
              Test connection
            </Button>
            {tested && (
              <Alert
                type={tested.ok ? 'success' : 'error'}
                showIcon
                title={tested.message}
                role="status"
              />
            )}
          </Space>
        </Form>
      )}
    </Modal>
  );
}

/** After creation: the URLs to paste into the provider's console, with a copy button each. */
export function CallbackUrls({ urls }: { urls: { label: string; url: string }[] }) {
  return (
    <Space orientation="vertical" size={12} style={{ width: '100%' }}>
      {urls.map((u) => (
        <div key={u.url}>
          <Typography.Text strong>{u.label}</Typography.Text>
          <br />
          <Typography.Text code copyable>
            {u.url}
          </Typography.Text>
        </div>
      ))}
    </Space>
  );
}
