import { useMemo, useState } from 'react';
import { Alert, Form, Input, Modal, Select } from 'antd';
import type { ConversationDetail, ConversationMapping } from '@parley/contracts';
import { applyApiErrorToForm } from '../../../lib/form-errors';
import { useCreateConversationMutation, type NewConversationRequest } from '../api/inbox-api';
import { ChannelIcon } from './channel-icon';

/** Channels that reach people by phone number; email channels by address; others take either. */
const PHONE_CHANNELS = new Set(['sms', 'call', 'whatsapp_gupshup_isv']);

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
  const channelId = Form.useWatch('channel', form);
  const channelType = channels.find((c) => c.id === channelId)?.type;
  const isEmail = channelType === 'email';
  const isPhone = channelType !== undefined && PHONE_CHANNELS.has(channelType);

  const options = useMemo(
    () =>
      channels.map((channel) => ({
        value: channel.id,
        label: (
          <span style={{ display: 'inline-flex', alignItems: 'center', gap: 8 }}>
            <ChannelIcon type={channel.type} />
            {channel.name}
          </span>
        ),
        title: channel.name,
      })),
    [channels],
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
      title="New conversation"
      okText="Send"
      onOk={() => form.submit()}
      confirmLoading={isLoading}
      onCancel={onClose}
      destroyOnHidden
      width={560}
    >
      {problem && <Alert type="error" showIcon title={problem} style={{ marginBottom: 16 }} />}
      <Form
        form={form}
        layout="vertical"
        requiredMark="optional"
        initialValues={{ channel: channels[0]?.id }}
        onFinish={(values) => void submit(values)}
      >
        <Form.Item
          name="channel"
          label="Channel"
          rules={[{ required: true, message: 'Choose the channel to write on.' }]}
        >
          <Select options={options} placeholder="Choose a channel" optionLabelProp="label" />
        </Form.Item>
        <Form.Item name="name" label="Contact name">
          <Input autoComplete="off" maxLength={200} />
        </Form.Item>
        <Form.Item
          name="email"
          label="Contact email"
          dependencies={['phone', 'channel']}
          rules={[
            { type: 'email', message: 'Enter a valid email address.' },
            ({ getFieldValue }) => ({
              validator: (_, value?: string) => {
                if (value?.trim() || isPhone) return Promise.resolve();
                if (isEmail) {
                  return Promise.reject(new Error('Enter the email address to write to.'));
                }
                if ((getFieldValue('phone') as string | undefined)?.trim()) {
                  return Promise.resolve();
                }
                return Promise.reject(new Error('Enter an email address or a phone number.'));
              },
            }),
          ]}
        >
          <Input type="email" autoComplete="off" maxLength={254} />
        </Form.Item>
        <Form.Item
          name="phone"
          label="Contact phone"
          dependencies={['email', 'channel']}
          rules={[
            {
              validator: (_, value?: string) =>
                value?.trim() || !isPhone
                  ? Promise.resolve()
                  : Promise.reject(
                      new Error('Enter the phone number to write to, with the country code.'),
                    ),
            },
          ]}
        >
          <Input type="tel" autoComplete="off" maxLength={40} placeholder="+1 555 010 0100" />
        </Form.Item>
        {(isEmail || channelType === undefined) && (
          <Form.Item name="subject" label="Subject">
            <Input maxLength={300} />
          </Form.Item>
        )}
        <Form.Item
          name="body"
          label="Message"
          rules={[{ required: true, whitespace: true, message: 'Write a message first.' }]}
        >
          <Input.TextArea autoSize={{ minRows: 4, maxRows: 12 }} maxLength={20_000} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
