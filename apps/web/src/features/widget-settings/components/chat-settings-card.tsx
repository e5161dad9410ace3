import { useMemo, useState } from 'react';
import { Alert, Button, Card, Flex, Form, Input, Radio, Switch, Typography } from 'antd';
import {
  PRE_CHAT_FIELD_KEYS,
  type PreChatFieldKey,
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
import { toast } from '../../../lib/toast';
import { useUpdateWidgetSettingsMutation } from '../api/widget-settings-api';

export const CHAT_SAVED_MESSAGE = 'Chat settings saved';

export const PRE_CHAT_FIELD_LABELS: Record<PreChatFieldKey, string> = {
  name: 'Name',
  email: 'Email',
  phone: 'Phone',
  order_number: 'Order number',
  message: 'Message',
};

/** The business-hours messages, shared with the call channel's form. */
export const CHAT_MESSAGES = BUSINESS_HOURS_MESSAGES;

type FieldMode = 'off' | 'optional' | 'required';
interface ChatFormValues extends BusinessHoursValues {
  greeting: string;
  pre_chat_enabled: boolean;
  fields: Record<PreChatFieldKey, FieldMode>;
  away_message: string;
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
  };
}

function fromForm(v: ChatFormValues): WidgetChatSettings {
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
      toast.success(CHAT_SAVED_MESSAGE);
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
    <Card title="Chat" variant="borderless">
      {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} />}
      <Form<ChatFormValues>
        form={form}
        name="widget-chat"
        aria-label="Chat settings"
        layout="vertical"
        requiredMark={false}
        initialValues={initial}
        disabled={!canManage}
        onFinish={onFinish}
      >
        <Form.Item
          label="Greeting"
          name="greeting"
          extra="The first line visitors read when they open the chat."
          rules={[{ max: 200, message: 'Keep the greeting to 200 characters or fewer.' }]}
        >
          <Input showCount maxLength={200} placeholder="Hi there! How can we help?" />
        </Form.Item>

        <Form.Item
          label="Ask visitors a few questions before they chat"
          name="pre_chat_enabled"
          valuePropName="checked"
          extra="When off, visitors write straight away."
        >
          <Switch />
        </Form.Item>
        {preChatEnabled && (
          <fieldset
            aria-label="Pre-chat form fields"
            style={{ border: 0, margin: '0 0 16px', padding: 0 }}
          >
            <Typography.Text type="secondary">Fields of the pre-chat form</Typography.Text>
            {PRE_CHAT_FIELD_KEYS.map((key) => (
              <Flex key={key} gap={8} align="center" style={{ marginTop: 8 }}>
                <span style={{ width: 120 }}>{PRE_CHAT_FIELD_LABELS[key]}</span>
                <Form.Item name={['fields', key]} noStyle>
                  <Radio.Group
                    aria-label={`${PRE_CHAT_FIELD_LABELS[key]} field`}
                    optionType="button"
                    size="small"
                    options={[
                      { value: 'off', label: 'Not asked' },
                      { value: 'optional', label: 'Optional' },
                      { value: 'required', label: 'Required' },
                    ]}
                  />
                </Form.Item>
              </Flex>
            ))}
          </fieldset>
        )}

        <BusinessHoursEditor />
        <Form.Item
          label="Away message"
          name="away_message"
          extra="Shown outside business hours; the chat then asks for an email and goes on by email."
          rules={[{ max: 500, message: 'Keep the away message to 500 characters or fewer.' }]}
        >
          <Input.TextArea rows={2} showCount maxLength={500} />
        </Form.Item>
        {canManage && (
          <Flex gap={8}>
            <Button type="primary" htmlType="submit" loading={saving}>
              Save chat settings
            </Button>
            <Button
              htmlType="button"
              onClick={() => {
                setError(null);
                form.resetFields();
              }}
            >
              Discard chat changes
            </Button>
          </Flex>
        )}
      </Form>
    </Card>
  );
}
