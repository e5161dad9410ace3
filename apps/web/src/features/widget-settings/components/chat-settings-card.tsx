import { useMemo, useState } from 'react';
import { Alert, Button, Card, Flex, Form, Input, Radio, Select, Switch, Typography } from 'antd';
import {
  PRE_CHAT_FIELD_KEYS,
  type PreChatFieldKey,
  type WidgetChatSettings,
  type WidgetSettings,
} from '@parley/contracts';
import { applyApiErrorToForm } from '../../../lib/form-errors';
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

/** 0 = Sunday … 6 = Saturday (the contract's numbering), shown Monday first. */
export const WEEKDAYS = [
  'Sunday',
  'Monday',
  'Tuesday',
  'Wednesday',
  'Thursday',
  'Friday',
  'Saturday',
] as const;
const WEEK_ORDER = [1, 2, 3, 4, 5, 6, 0] as const;

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;
const CLOSING_TIME = /^(([01]\d|2[0-3]):[0-5]\d|24:00)$/;
export const CHAT_MESSAGES = {
  time: 'Use 24-hour time, like 09:00.',
  closing: 'Use 24-hour time, like 17:30 (24:00 for midnight).',
  closeAfterOpen: 'Close after the opening time.',
  noOpenDay: 'Open on at least one day, or choose “Always open”.',
  timeZone: 'Choose the time zone of your opening hours.',
} as const;

type FieldMode = 'off' | 'optional' | 'required';
interface DayValues {
  open: boolean;
  from: string;
  to: string;
}
interface ChatFormValues {
  greeting: string;
  pre_chat_enabled: boolean;
  fields: Record<PreChatFieldKey, FieldMode>;
  hours: 'always' | 'set';
  time_zone: string;
  days: DayValues[];
  away_message: string;
}

const FORM_FIELDS = ['greeting', 'away_message', 'time_zone'] as const;
const API_PATHS = {
  'chat.greeting': 'greeting',
  'chat.away_message': 'away_message',
  'chat.business_hours.time_zone': 'time_zone',
};

const browserTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

function toForm(chat: WidgetChatSettings): ChatFormValues {
  const fields = Object.fromEntries(PRE_CHAT_FIELD_KEYS.map((k) => [k, 'off'])) as Record<
    PreChatFieldKey,
    FieldMode
  >;
  for (const f of chat.pre_chat.fields) fields[f.key] = f.required ? 'required' : 'optional';
  const hours = chat.business_hours;
  return {
    greeting: chat.greeting,
    pre_chat_enabled: chat.pre_chat.enabled,
    fields,
    hours: hours ? 'set' : 'always',
    time_zone: hours?.time_zone ?? browserTimeZone(),
    days: WEEKDAYS.map((_, day) => {
      const range = hours?.days.find((d) => d.day === day);
      return range
        ? { open: true, from: range.open, to: range.close }
        : { open: false, from: '09:00', to: '17:00' };
    }),
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
    business_hours:
      v.hours === 'always'
        ? null
        : {
            time_zone: v.time_zone,
            days: v.days.flatMap((d, day) => (d.open ? [{ day, open: d.from, close: d.to }] : [])),
          },
    away_message: v.away_message.trim(),
  };
}

/** Every IANA zone the browser knows (UTC first). */
function timeZoneOptions() {
  const zones =
    typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return ['UTC', ...zones.filter((z) => z !== 'UTC')].map((z) => ({ value: z, label: z }));
}

/** One weekday: open or closed, and its opening and closing times. */
function DayRow({ day }: { day: number }) {
  const name = WEEKDAYS[day];
  const form = Form.useFormInstance<ChatFormValues>();
  const open = Form.useWatch(['days', day, 'open'], form) as boolean | undefined;
  return (
    <Flex gap={8} align="flex-start" role="group" aria-label={name}>
      <span style={{ width: 96, paddingTop: 5 }}>{name}</span>
      <Form.Item name={['days', day, 'open']} valuePropName="checked" noStyle>
        <Switch
          aria-label={`Open on ${name}`}
          checkedChildren="Open"
          unCheckedChildren="Closed"
          style={{ marginTop: 5 }}
        />
      </Form.Item>
      {open && (
        <>
          <Form.Item
            name={['days', day, 'from']}
            rules={[{ pattern: TIME, message: CHAT_MESSAGES.time }]}
            style={{ marginBottom: 8 }}
          >
            <Input aria-label={`${name} opens at`} placeholder="09:00" style={{ width: 88 }} />
          </Form.Item>
          <span style={{ paddingTop: 5 }}>to</span>
          <Form.Item
            name={['days', day, 'to']}
            dependencies={[['days', day, 'from']]}
            rules={[
              { pattern: CLOSING_TIME, message: CHAT_MESSAGES.closing },
              ({ getFieldValue }) => ({
                validator: async (_, value: string) => {
                  const from = getFieldValue(['days', day, 'from']) as string;
                  if (TIME.test(from) && CLOSING_TIME.test(value) && value <= from)
                    throw new Error(CHAT_MESSAGES.closeAfterOpen);
                },
              }),
            ]}
            style={{ marginBottom: 8 }}
          >
            <Input aria-label={`${name} closes at`} placeholder="17:00" style={{ width: 88 }} />
          </Form.Item>
        </>
      )}
    </Flex>
  );
}

/**
 * What the chat app shows (issue 6): the greeting, the pre-chat form and its fields, the opening
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
  const zones = useMemo(() => timeZoneOptions(), []);
  const preChatEnabled = Form.useWatch('pre_chat_enabled', form) as boolean | undefined;
  const hours = Form.useWatch('hours', form) as ChatFormValues['hours'] | undefined;

  const onFinish = async () => {
    setError(null);
    // Every value, also of the parts hidden now (the fields while the form is off, the days while always open).
    const chat = fromForm(form.getFieldsValue(true) as ChatFormValues);
    if (chat.business_hours && chat.business_hours.days.length === 0) {
      setError(CHAT_MESSAGES.noOpenDay);
      return;
    }
    try {
      await update({ brandId: settings.store?.id, body: { chat } }).unwrap();
      toast.success(CHAT_SAVED_MESSAGE);
    } catch (failure) {
      setError(applyApiErrorToForm(form, failure, FORM_FIELDS, API_PATHS));
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

        <Form.Item label="Business hours" name="hours">
          <Radio.Group
            options={[
              { value: 'always', label: 'Always open' },
              { value: 'set', label: 'Open at set hours' },
            ]}
          />
        </Form.Item>
        {hours === 'set' && (
          <>
            <Form.Item
              label="Time zone"
              name="time_zone"
              rules={[{ required: true, message: CHAT_MESSAGES.timeZone }]}
            >
              <Select showSearch aria-label="Time zone" options={zones} style={{ maxWidth: 320 }} />
            </Form.Item>
            <div style={{ marginBottom: 16 }}>
              {WEEK_ORDER.map((day) => (
                <DayRow key={day} day={day} />
              ))}
            </div>
          </>
        )}
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
