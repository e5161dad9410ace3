import { useMemo, useState } from 'react';
import {
  Alert,
  Button,
  Card,
  Flex,
  Form,
  Input,
  Radio,
  Select,
  Switch,
  theme,
  Typography,
} from 'antd';
import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import {
  PRE_CHAT_FIELD_KEYS,
  UI_LOCALES,
  type PreChatFieldKey,
  type UiLocale,
  type WidgetChatSettings,
  type WidgetSettings,
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
import { formatNumber } from '../../../lib/format';
import { LOCALE_NAMES } from '../../../lib/i18n';
import { toast } from '../../../lib/toast';
import { useUpdateWidgetSettingsMutation } from '../api/widget-settings-api';

export const chatSavedMessage = () => t`Chat settings saved`;

/** Read when shown, so each is in the active language. */
export const PRE_CHAT_FIELD_LABELS: Record<PreChatFieldKey, string> = {
  get name() {
    return t`Name`;
  },
  get email() {
    return t`Email`;
  },
  get phone() {
    return t`Phone`;
  },
  get order_number() {
    return t`Order number`;
  },
  get message() {
    return t`Message`;
  },
};

const GREETING_MAX_LENGTH = 200;
const AWAY_MESSAGE_MAX_LENGTH = 500;

/** The business-hours messages, shared with the call channel's form. */
export const CHAT_MESSAGES = BUSINESS_HOURS_MESSAGES;

function greetingTooLongMessage() {
  const limit = formatNumber(GREETING_MAX_LENGTH);
  return t`Keep the greeting to ${limit} characters or fewer.`;
}

function awayMessageTooLongMessage() {
  const limit = formatNumber(AWAY_MESSAGE_MAX_LENGTH);
  return t`Keep the away message to ${limit} characters or fewer.`;
}

/** The language select's value for "each visitor's browser language" (null on the wire). */
const VISITOR_LOCALE = 'visitor';

type FieldMode = 'off' | 'optional' | 'required';
interface ChatFormValues extends BusinessHoursValues {
  greeting: string;
  pre_chat_enabled: boolean;
  fields: Record<PreChatFieldKey, FieldMode>;
  away_message: string;
  locale: UiLocale | typeof VISITOR_LOCALE;
}

const FORM_FIELDS = ['greeting', 'away_message'] as const;
const API_PATHS = {
  'chat.greeting': 'greeting',
  'chat.away_message': 'away_message',
};

function toForm(chat: WidgetChatSettings): ChatFormValues {
  const fields = Object.fromEntries(PRE_CHAT_FIELD_KEYS.map((k) => [k, 'off'])) as Record<
    PreChatFieldKey,
    FieldMode
  >;
  for (const f of chat.pre_chat.fields) fields[f.key] = f.required ? 'required' : 'optional';
  return {
    greeting: chat.greeting,
    pre_chat_enabled: chat.pre_chat.enabled,
    fields,
    ...businessHoursToForm(chat.business_hours),
    away_message: chat.away_message,
    locale: chat.locale ?? VISITOR_LOCALE,
  };
}

/** The card's part of the chat settings (the theme's is the appearance form's). */
function fromForm(v: ChatFormValues): Omit<WidgetChatSettings, 'follow_visitor_theme'> {
  return {
    greeting: v.greeting.trim(),
    pre_chat: {
      enabled: v.pre_chat_enabled,
      fields: PRE_CHAT_FIELD_KEYS.filter((k) => v.fields[k] !== 'off').map((key) => ({
        key,
        required: v.fields[key] === 'required',
      })),
    },
    business_hours: businessHoursFromForm(v),
    away_message: v.away_message.trim(),
    locale: v.locale === VISITOR_LOCALE ? null : v.locale,
  };
}

/**
 * What the chat app shows: the greeting, the pre-chat form and its fields, the opening
 * hours with the away message. Saved on its own, apart from the appearance.
 */
export function ChatSettingsCard({
  settings,
  canManage,
}: {
  settings: WidgetSettings;
  canManage: boolean;
}) {
  const { token } = theme.useToken();
  const [form] = Form.useForm<ChatFormValues>();
  const [update, { isLoading: saving }] = useUpdateWidgetSettingsMutation();
  const [error, setError] = useState<string | null>(null);
  const initial = useMemo(() => toForm(settings.chat), [settings.chat]);
  const preChatEnabled = Form.useWatch('pre_chat_enabled', form) as boolean | undefined;

  const onFinish = async () => {
    setError(null);
    // Every value, also of the parts hidden now (the fields while the form is off, the days while always open).
    const chat = fromForm(form.getFieldsValue(true) as ChatFormValues);
    if (hasNoOpenDay(chat.business_hours)) {
      setError(CHAT_MESSAGES.noOpenDay);
      return;
    }
    try {
      await update({ brandId: settings.store?.id, body: { chat } }).unwrap();
      toast.success(chatSavedMessage());
    } catch (failure) {
      setError(
        applyApiErrorWithBusinessHours(
          form,
          failure,
          FORM_FIELDS,
          API_PATHS,
          'chat.business_hours',
          chat.business_hours,
        ),
      );
    }
  };

  return (
    <Card title={t`Chat`} variant="borderless">
      {error && (
        <Alert type="error" showIcon title={error} style={{ marginBottom: token.marginMD }} />
      )}
      <Form<ChatFormValues>
        form={form}
        name="widget-chat"
        aria-label={t`Chat settings`}
        layout="vertical"
        requiredMark={false}
        initialValues={initial}
        disabled={!canManage}
        onFinish={onFinish}
      >
        <Form.Item
          label={t`Greeting`}
          name="greeting"
          extra={t`The first line visitors read when they open the chat.`}
          rules={[{ max: GREETING_MAX_LENGTH, message: greetingTooLongMessage() }]}
        >
          <Input
            showCount
            maxLength={GREETING_MAX_LENGTH}
            placeholder={t`Hi there! How can we help?`}
          />
        </Form.Item>

        <Form.Item
          label={t`Ask visitors a few questions before they chat`}
          name="pre_chat_enabled"
          valuePropName="checked"
          extra={t`When off, visitors write straight away.`}
        >
          <Switch />
        </Form.Item>
        {preChatEnabled && (
          <fieldset
            aria-label={t`Pre-chat form fields`}
            style={{ border: 0, margin: 0, marginBlockEnd: token.marginMD, padding: 0 }}
          >
            <Typography.Text type="secondary">
              <Trans>Fields of the pre-chat form</Trans>
            </Typography.Text>
            {PRE_CHAT_FIELD_KEYS.map((key) => {
              const fieldName = PRE_CHAT_FIELD_LABELS[key];
              return (
                <Flex
                  key={key}
                  gap={token.marginXS}
                  align="center"
                  style={{ marginTop: token.marginXS }}
                >
                  <span style={{ width: 120 }}>{fieldName}</span>
                  <Form.Item name={['fields', key]} noStyle>
                    <Radio.Group
                      aria-label={t`${fieldName} field`}
                      optionType="button"
                      size="small"
                      options={[
                        { value: 'off', label: t`Not asked` },
                        { value: 'optional', label: t`Optional` },
                        { value: 'required', label: t`Required` },
                      ]}
                    />
                  </Form.Item>
                </Flex>
              );
            })}
          </fieldset>
        )}

        <Form.Item
          label={t`Chat language`}
          name="locale"
          extra={t`Visitors see the chat in this language.`}
        >
          <Select
            style={{ maxWidth: 280 }}
            options={[
              { value: VISITOR_LOCALE, label: t`Each visitor’s browser language` },
              ...UI_LOCALES.map((locale) => ({
                value: locale,
                label: LOCALE_NAMES[locale],
                lang: locale,
              })),
            ]}
          />
        </Form.Item>

        <BusinessHoursEditor />
        <Form.Item
          label={t`Away message`}
          name="away_message"
          extra={t`Shown outside business hours; the chat then asks for an email and goes on by email.`}
          rules={[{ max: AWAY_MESSAGE_MAX_LENGTH, message: awayMessageTooLongMessage() }]}
        >
          <Input.TextArea rows={2} showCount maxLength={AWAY_MESSAGE_MAX_LENGTH} />
        </Form.Item>
        {canManage && (
          <Flex gap={token.marginXS}>
            <Button type="primary" htmlType="submit" loading={saving}>
              <Trans>Save chat settings</Trans>
            </Button>
            <Button
              htmlType="button"
              onClick={() => {
                setError(null);
                form.resetFields();
              }}
            >
              <Trans>Discard chat changes</Trans>
            </Button>
          </Flex>
        )}
      </Form>
    </Card>
  );
}
