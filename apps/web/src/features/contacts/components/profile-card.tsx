import { useState } from 'react';
import { Alert, Button, Card, Flex, Form, Input, Typography } from 'antd';
import { EditOutlined } from '@ant-design/icons';
import { t } from '@lingui/core/macro';
import { CONTACT_FIELD_MAX, isValidEmail, type ContactDetail } from '@parley/contracts';
import { asErrorPayload } from '../../../lib/api-error';
import { applyApiErrorToForm } from '../../../lib/form-errors';
import { formatDate } from '../../../lib/format';
import { toast } from '../../../lib/toast';
import { useUpdateContactMutation } from '../api/contacts-api';

interface ProfileValues {
  name: string;
  email: string;
  phone: string;
}

const FIELDS = ['name', 'email', 'phone'] as const;

/** The contact's name, email and phone, shown, and edited in place. */
export function ProfileCard({ contact }: { contact: ContactDetail }) {
  const [editing, setEditing] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [form] = Form.useForm<ProfileValues>();
  const [update, { isLoading }] = useUpdateContactMutation();
  const added = formatDate(contact.created_at);

  const save = async (values: ProfileValues) => {
    setFailure(null);
    try {
      await update({
        id: contact.id,
        edit: { name: values.name, email: values.email, phone: values.phone },
      }).unwrap();
      toast.success(t`Contact saved`);
      setEditing(false);
    } catch (error) {
      if (asErrorPayload(error)?.code === 'email_taken') {
        form.setFields([
          {
            name: 'email',
            errors: [t`Another contact already has this email address. Merge the two instead.`],
          },
        ]);
        return;
      }
      setFailure(applyApiErrorToForm(form, error, FIELDS));
    }
  };

  const detail = (label: string, value: string | null) => (
    <Flex gap={8} wrap>
      <Typography.Text type="secondary" style={{ minWidth: 64 }}>
        {label}
      </Typography.Text>
      {value ? (
        <Typography.Text copyable dir="auto" style={{ overflowWrap: 'anywhere' }}>
          {value}
        </Typography.Text>
      ) : (
        <Typography.Text type="secondary">—</Typography.Text>
      )}
    </Flex>
  );

  return (
    <Card
      title={t`Profile`}
      extra={
        !editing && (
          <Button
            icon={<EditOutlined />}
            onClick={() => {
              form.setFieldsValue({
                name: contact.name ?? '',
                email: contact.email ?? '',
                phone: contact.phone ?? '',
              });
              setEditing(true);
            }}
          >
            {t`Edit`}
          </Button>
        )
      }
    >
      {editing ? (
        <Form<ProfileValues> form={form} layout="vertical" onFinish={(v) => void save(v)}>
          <Form.Item name="name" label={t`Name`}>
            <Input maxLength={CONTACT_FIELD_MAX} autoComplete="off" />
          </Form.Item>
          <Form.Item
            name="email"
            label={t`Email`}
            rules={[
              {
                validator: (_, value: string) =>
                  !value?.trim() || isValidEmail(value)
                    ? Promise.resolve()
                    : Promise.reject(new Error(t`Enter a valid email address.`)),
              },
            ]}
          >
            <Input type="email" autoComplete="off" />
          </Form.Item>
          <Form.Item name="phone" label={t`Phone`}>
            <Input type="tel" autoComplete="off" />
          </Form.Item>
          {failure && <Alert type="error" showIcon title={failure} style={{ marginBottom: 16 }} />}
          <Flex gap={8} wrap>
            <Button type="primary" htmlType="submit" loading={isLoading}>
              {t`Save`}
            </Button>
            <Button onClick={() => setEditing(false)}>{t`Cancel`}</Button>
          </Flex>
        </Form>
      ) : (
        <Flex vertical gap={8}>
          {detail(t`Name`, contact.name)}
          {detail(t`Email`, contact.email)}
          {detail(t`Phone`, contact.phone)}
          <Typography.Text type="secondary">{t`Added ${added}`}</Typography.Text>
        </Flex>
      )}
    </Card>
  );
}
