import { useState } from 'react';
import { Alert, Button, Card, Form, Input } from 'antd';
import { useSearchParams } from 'react-router';
import { MIN_PASSWORD_LENGTH, PASSWORD_MAX_AGE_DAYS } from '@parley/contracts';
import { PageHeader } from '../../../components/page-header';
import { applyApiErrorToForm } from '../../../lib/form-errors';
import { isCanceledRequest } from '../../../lib/request';
import { toast } from '../../../lib/toast';
import { authApi } from '../api/auth-api';
import { t } from '@lingui/core/macro';

interface ChangePasswordValues {
  current_password: string;
  new_password: string;
  confirm: string;
}

export const passwordChangedMessage = () => t`Your password has been changed`;
export const EXPIRY_SHORTLY_MESSAGE = `Passwords expire after ${PASSWORD_MAX_AGE_DAYS} days. Choose a new one now to keep access to your account.`;

export function ChangePasswordPage() {
  const [form] = Form.useForm<ChangePasswordValues>();
  const [params] = useSearchParams();
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const expiresSoon = params.get('alert') === 'expiry_shortly';

  const onFinish = async (values: ChangePasswordValues) => {
    setSubmitting(true);
    setError(null);
    try {
      // The server answers with a new session and sets the new cookies itself.
      const result = await authApi.changePassword(values.current_password, values.new_password);
      if (isCanceledRequest(result)) return;
      form.resetFields();
      toast.success(passwordChangedMessage(), t`Your other sessions have been signed out.`);
    } catch (failure) {
      setError(applyApiErrorToForm(form, failure, ['current_password', 'new_password']));
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <div style={{ maxWidth: 560 }}>
      <PageHeader
        title={t`Change password`}
        description={t`Changing your password signs you out everywhere else.`}
      />
      {expiresSoon && (
        <Alert
          type="warning"
          showIcon
          title={t`Your password expires soon`}
          description={EXPIRY_SHORTLY_MESSAGE}
          style={{ marginBottom: 20 }}
        />
      )}
      {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 20 }} />}
      <Card variant="borderless">
        <Form
          form={form}
          name="change-password"
          layout="vertical"
          requiredMark={false}
          onFinish={onFinish}
          disabled={submitting}
        >
          <Form.Item
            label={t`Current password`}
            name="current_password"
            rules={[{ required: true, message: t`Enter your current password.` }]}
          >
            <Input.Password autoComplete="current-password" />
          </Form.Item>
          <Form.Item
            label={t`New password`}
            name="new_password"
            rules={[
              { required: true, message: t`Choose a new password.` },
              {
                min: MIN_PASSWORD_LENGTH,
                message: t`Use at least ${MIN_PASSWORD_LENGTH} characters.`,
              },
            ]}
            extra={t`At least ${MIN_PASSWORD_LENGTH} characters, different from the current one.`}
          >
            <Input.Password autoComplete="new-password" />
          </Form.Item>
          <Form.Item
            label={t`Confirm new password`}
            name="confirm"
            dependencies={['new_password']}
            rules={[
              { required: true, message: t`Type the new password again.` },
              ({ getFieldValue }) => ({
                validator: (_, value) =>
                  !value || value === getFieldValue('new_password')
                    ? Promise.resolve()
                    : Promise.reject(new Error('The two passwords do not match.')),
              }),
            ]}
          >
            <Input.Password autoComplete="new-password" />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={submitting}>
            {t`Change password`}
          </Button>
        </Form>
      </Card>
    </div>
  );
}
