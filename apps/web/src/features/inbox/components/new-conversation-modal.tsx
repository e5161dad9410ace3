import { useMemo, useState } from 'react';
import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { Alert, Form, Input, Modal, Select, theme } from 'antd';
import { Link } from 'react-router';
import type { ConversationDetail, ConversationMapping } from '@parley/contracts';
import { applyApiErrorToForm } from '../../../lib/form-errors';
import { useCreateConversationMutation, type NewConversationRequest } from '../api/inbox-api';
import { ChannelIcon } from './channel-icon';

/** Channels that reach people by phone number; email channels by address; others take either. */
const PHONE_CHANNELS = new Set(['sms', 'call', 'whatsapp_gupshup_isv']);

/**
 * The channel types whose delivery can reach a customer who never wrote: email by address, SMS
 * by number, the API channel through the account's webhook. Live chat needs a visitor in the
 * widget, Messenger and Instagram someone who wrote first, WhatsApp a template outside the
 * 24-hour window, and calls carry no messages: a first message there ends "Not delivered".
 * Email comes first, the default when there is one.
 */
const STARTING_CHANNEL_TYPES = ['email', 'sms', 'api'];

/** The channels offered here, email first; a channel waiting to be reconnected cannot send. */
export function channelsThatStart(
  channels: ConversationMapping['support_channels'],
): ConversationMapping['support_channels'] {
  return channels
    .filter((c) => STARTING_CHANNEL_TYPES.includes(c.type) && !c.needs_reauthorization)
    .sort(
      (a, b) => STARTING_CHANNEL_TYPES.indexOf(a.type) - STARTING_CHANNEL_TYPES.indexOf(b.type),
    );
}

interface FormValues {
  channel: number;
  name?: string;
  email?: string;
  phone?: string;
  subject?: string;
  body: string;
}

const FIELDS = ['channel', 'name', 'email', 'phone', 'subject', 'body'] as const;
const API_FIELD_NAMES = {
  support_channel_id: 'channel',
  contact: 'email',
  'contact.name': 'name',
  'contact.email': 'email',
  'contact.phone': 'phone',
};

interface NewConversationModalProps {
  open: boolean;
  channels: ConversationMapping['support_channels'];
  onClose: () => void;
  onCreated: (conversation: ConversationDetail) => void;
}

function blankToUndefined(value: string | undefined): string | undefined {
  const trimmed = value?.trim();
  return trimmed ? trimmed : undefined;
}

/** Starts a conversation with a customer (POST /dashboardapi/conversations). */
export function NewConversationModal({
  open,
  channels,
  onClose,
  onCreated,
}: NewConversationModalProps) {
  const [form] = Form.useForm<FormValues>();
  const [create, { isLoading }] = useCreateConversationMutation();
  const [problem, setProblem] = useState<string | null>(null);
  const { token } = theme.useToken();
  const channelId = Form.useWatch('channel', form);
  const offered = useMemo(() => channelsThatStart(channels), [channels]);
  const channelType = offered.find((c) => c.id === channelId)?.type;
  const isEmail = channelType === 'email';
  const isPhone = channelType !== undefined && PHONE_CHANNELS.has(channelType);

  const options = useMemo(
    () =>
      offered.map((channel) => ({
        value: channel.id,
        label: (
          <span style={{ display: 'inline-flex', alignItems: 'center', gap: token.marginXS }}>
            <ChannelIcon type={channel.type} />
            <span dir="auto">{channel.name}</span>
          </span>
        ),
        title: channel.name,
      })),
    [offered, token.marginXS],
  );

  const submit = async (values: FormValues) => {
    setProblem(null);
    const contact = {
      name: blankToUndefined(values.name),
      email: blankToUndefined(values.email),
      phone: blankToUndefined(values.phone),
    };
    const request: NewConversationRequest = {
      support_channel_id: values.channel,
      contact: Object.fromEntries(Object.entries(contact).filter(([, v]) => v !== undefined)),
      body: values.body.trim(),
    };
    const subject = blankToUndefined(values.subject);
    if (subject) request.subject = subject;
    try {
      const created = await create(request).unwrap();
      form.resetFields();
      onCreated(created);
    } catch (error) {
      setProblem(applyApiErrorToForm(form, error, FIELDS, API_FIELD_NAMES));
    }
  };

  return (
    <Modal
      open={open}
      title={t`New conversation`}
      okText={t`Send`}
      onOk={() => form.submit()}
      okButtonProps={{ disabled: offered.length === 0 }}
      confirmLoading={isLoading}
      onCancel={onClose}
      destroyOnHidden
      width={560}
    >
      {problem && (
        <Alert type="error" showIcon title={problem} style={{ marginBottom: token.margin }} />
      )}
      {offered.length === 0 && (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: token.margin }}
          title={t`None of your channels can start a conversation`}
          description={
            <Trans>
              Live chat, Messenger, Instagram and WhatsApp answer customers who wrote first. To
              write first, <Link to="/settings/emailsetup">set up an email address</Link> or add an
              SMS or API channel in <Link to="/setup">Setup</Link>.
            </Trans>
          }
        />
      )}
      <Form
        form={form}
        layout="vertical"
        requiredMark="optional"
        initialValues={{ channel: offered[0]?.id }}
        onFinish={(values) => void submit(values)}
      >
        <Form.Item
          name="channel"
          label={t`Channel`}
          rules={[{ required: true, message: t`Choose the channel to write on.` }]}
        >
          <Select options={options} placeholder={t`Choose a channel`} optionLabelProp="label" />
        </Form.Item>
        <Form.Item name="name" label={t`Contact name`}>
          <Input autoComplete="off" maxLength={200} dir="auto" />
        </Form.Item>
        <Form.Item
          name="email"
          label={t`Contact email`}
          dependencies={['phone', 'channel']}
          rules={[
            { type: 'email', message: t`Enter a valid email address.` },
            ({ getFieldValue }) => ({
              validator: (_, value?: string) => {
                if (value?.trim() || isPhone) return Promise.resolve();
                if (isEmail) {
                  return Promise.reject(new Error(t`Enter the email address to write to.`));
                }
                if ((getFieldValue('phone') as string | undefined)?.trim()) {
                  return Promise.resolve();
                }
                return Promise.reject(new Error(t`Enter an email address or a phone number.`));
              },
            }),
          ]}
        >
          <Input type="email" dir="ltr" autoComplete="off" maxLength={254} />
        </Form.Item>
        <Form.Item
          name="phone"
          label={t`Contact phone`}
          dependencies={['email', 'channel']}
          rules={[
            {
              validator: (_, value?: string) =>
                value?.trim() || !isPhone
                  ? Promise.resolve()
                  : Promise.reject(
                      new Error(t`Enter the phone number to write to, with the country code.`),
                    ),
            },
          ]}
        >
          <Input
            type="tel"
            dir="ltr"
            autoComplete="off"
            maxLength={40}
            placeholder="+1 555 010 0100"
          />
        </Form.Item>
        {(isEmail || channelType === undefined) && (
          <Form.Item name="subject" label={t`Subject`}>
            <Input maxLength={300} dir="auto" />
          </Form.Item>
        )}
        <Form.Item
          name="body"
          label={t`Message`}
          rules={[{ required: true, whitespace: true, message: t`Write a message first.` }]}
        >
          <Input.TextArea autoSize={{ minRows: 4, maxRows: 12 }} maxLength={20_000} dir="auto" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
