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
import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { asErrorPayload, genericErrorMessage } from '../../../lib/api-error';
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
  /** What a required field says when left empty. */
  requiredMessage?: string;
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
      label: t`Account SID`,
      // i18n-ignore-next-line: the start of Twilio's account identifiers
      placeholder: 'AC…',
      extra: t`On the Twilio Console home page.`,
      requiredMessage: t`Enter the Account SID.`,
      credential: true,
    },
    {
      name: 'auth_token',
      label: t`Auth Token`,
      placeholder: '',
      requiredMessage: t`Enter the Auth Token.`,
      secret: true,
      credential: true,
    },
    {
      name: 'phone_number',
      label: t`Twilio phone number`,
      placeholder: '+14155550100',
      extra: numberExtra,
      requiredMessage: t`Enter the Twilio phone number.`,
    },
  ];
}

/** The setup form of each provider channel type, in the active language. */
function providerForm(type: ProviderChannelType): ProviderForm {
  switch (type) {
    case 'sms':
      return {
        title: t`Add an SMS channel (Twilio)`,
        namePlaceholder: t`Support line`,
        fields: [
          ...twilioFields(t`The number customers text; replies are sent from it.`),
          {
            name: 'messaging_service_sid',
            label: t`Messaging Service SID (optional)`,
            // i18n-ignore-next-line: the start of Twilio's Messaging Service identifiers
            placeholder: 'MG…',
            extra: t`Send replies through a Messaging Service instead of the number alone.`,
            optional: true,
          },
        ],
      };
    case 'call':
      return {
        title: t`Add a calls channel (Twilio Voice)`,
        namePlaceholder: t`Phone line`,
        fields: [
          ...twilioFields(t`The number customers call; callbacks come from it.`),
          {
            name: 'greeting',
            label: t`Greeting (optional)`,
            placeholder: t`Thank you for calling. Please hold while we connect you.`,
            optional: true,
          },
          {
            name: 'forward_to',
            label: t`Forward calls to (optional)`,
            placeholder: '+14155550199',
            extra: t`The phone that rings; without one, callers go straight to voicemail.`,
            optional: true,
          },
          {
            name: 'ring_seconds',
            label: t`Voicemail after (seconds, optional)`,
            placeholder: '20',
            optional: true,
          },
          {
            name: 'voicemail_max_seconds',
            label: t`Longest voicemail (seconds, optional)`,
            placeholder: '120',
            optional: true,
          },
        ],
      };
    case 'whatsapp_gupshup_isv':
      return {
        title: t`Add a WhatsApp channel (Gupshup)`,
        namePlaceholder: WHATSAPP,
        fields: [
          {
            name: 'app_name',
            label: t`Gupshup app name`,
            // i18n-ignore-next-line: an example app name, a code-like identifier
            placeholder: 'AcmeSupportApp',
            requiredMessage: t`Enter the Gupshup app name.`,
            credential: true,
          },
          {
            name: 'api_key',
            label: t`API key`,
            placeholder: '',
            requiredMessage: t`Enter the API key.`,
            secret: true,
            credential: true,
          },
          {
            name: 'source_number',
            label: t`WhatsApp number`,
            placeholder: '917834811114',
            extra: t`The business number of the app, with its country code.`,
            requiredMessage: t`Enter the WhatsApp number.`,
          },
        ],
      };
  }
}

/** The network's own name: the same in every language. */
const WHATSAPP = 'WhatsApp';

/** The same WhatsApp channel type through Meta's Cloud API instead of Gupshup. */
const whatsappCloudApiForm = (): ProviderForm => ({
  title: t`Add a WhatsApp channel (Cloud API)`,
  namePlaceholder: WHATSAPP,
  fields: [
    {
      name: 'phone_number_id',
      label: t`Phone number ID`,
      placeholder: '106540352242922',
      extra: t`In WhatsApp Manager → API setup, under the number.`,
      requiredMessage: t`Enter the Phone number ID.`,
      credential: true,
    },
    {
      name: 'business_account_id',
      label: t`WhatsApp Business account ID`,
      placeholder: '102290129340398',
      extra: t`Its approved templates are offered once the 24-hour window has closed.`,
      requiredMessage: t`Enter the WhatsApp Business account ID.`,
    },
    {
      name: 'access_token',
      label: t`Permanent access token`,
      // i18n-ignore-next-line: the start of Meta's access tokens
      placeholder: 'EAA…',
      extra: t`A system user's token with whatsapp_business_messaging and management.`,
      requiredMessage: t`Enter the Permanent access token.`,
      secret: true,
      credential: true,
    },
  ],
});

type WhatsappProvider = 'gupshup' | 'cloud_api';
/** The providers' own product names, the same in every language. */
const GUPSHUP = 'Gupshup';
const WHATSAPP_CLOUD_API = 'WhatsApp Cloud API (Meta)';

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
  const provider = type ? (cloudApi ? whatsappCloudApiForm() : providerForm(type)) : null;

  const close = () => {
    setError(null);
    setTested(null);
    setWhatsappProvider('gupshup');
    form.resetFields();
    onClose();
  };

  const text = (values: Values, key: string) => values[key]?.trim() ?? '';

  const testBody = (channelType: ProviderChannelType, v: Values): ConnectionTestBody =>
    cloudApi
      ? {
          type: 'whatsapp_gupshup_isv',
          provider: 'cloud_api',
          phone_number_id: text(v, 'phone_number_id'),
          access_token: text(v, 'access_token'),
        }
      : channelType === 'sms' || channelType === 'call'
        ? {
            type: channelType,
            account_sid: text(v, 'account_sid'),
            auth_token: text(v, 'auth_token'),
          }
        : { type: channelType, app_name: text(v, 'app_name'), api_key: text(v, 'api_key') };

  /** An optional number field: left empty, the server's default applies. */
  const seconds = (v: Values, key: string) => (text(v, key) ? Number(text(v, key)) : undefined);

  const createBody = (
    channelType: ProviderChannelType,
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
      : channelType === 'call'
        ? {
            type: channelType,
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
        : channelType === 'sms'
          ? {
              type: channelType,
              name: text(v, 'name'),
              account_sid: text(v, 'account_sid'),
              auth_token: text(v, 'auth_token'),
              phone_number: text(v, 'phone_number'),
              messaging_service_sid: text(v, 'messaging_service_sid') || null,
            }
          : {
              type: channelType,
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
          message: asErrorPayload(failure)?.message ?? genericErrorMessage(),
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
      okText={t`Create channel`}
      onOk={() => form.submit()}
      confirmLoading={creating.isLoading}
      destroyOnHidden
    >
      {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} />}
      {type === 'whatsapp_gupshup_isv' && (
        <Segmented<WhatsappProvider>
          aria-label={t`WhatsApp provider`}
          style={{ marginBottom: 16 }}
          value={whatsappProvider}
          onChange={(next) => {
            setWhatsappProvider(next);
            setTested(null);
            setError(null);
          }}
          options={[
            { label: GUPSHUP, value: 'gupshup' },
            { label: WHATSAPP_CLOUD_API, value: 'cloud_api' },
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
            label={t`Name`}
            name="name"
            rules={[{ required: true, whitespace: true, message: t`Give the channel a name.` }]}
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
                f.optional ? [] : [{ required: true, whitespace: true, message: f.requiredMessage }]
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
              <Trans>Test connection</Trans>
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
