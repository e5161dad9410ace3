import { useState } from 'react';
import { Alert, Button, Form, Input, Result } from 'antd';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { MIN_PASSWORD_LENGTH } from '@parley/contracts';
import { isApiError } from '../../../lib/api-error';
import { applyApiErrorToForm } from '../../../lib/form-errors';
import { isCanceledRequest } from '../../../lib/request';
import { authApi } from '../api/auth-api';
import { AuthLayout } from '../../../components/auth-layout';
import { StandaloneLink } from '../../../components/standalone-link';
import { t } from '@lingui/core/macro';

interface ResetValues {
  password: string;
  confirm: string;
}

export function ResetPasswordPage() {
  const [form] = Form.useForm<ResetValues>();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [error, setError] = useState<{ message: string; expiredLink: boolean } | null>(null);
  const [submitting, setSubmitting] = useState(false);

  if (!token) {
    return (
      <AuthLayout title={t`Reset your password`}>
        <Result
          status="warning"
          style={{ padding: 0 }}
          subTitle={t`This reset link is incomplete. Open the link from the email again, or ask for a new one.`}
          extra={
            <StandaloneLink to="/login/forgotpassword">{t`Ask for a new link`}</StandaloneLink>
          }
        />
      </AuthLayout>
    );
  }

  const onFinish = async ({ password }: ResetValues) => {
    setSubmitting(true);
    setError(null);
    try {
      const result = await authApi.resetPassword(token, password);
      if (isCanceledRequest(result)) return;
      navigate('/login?reset=done', { replace: true });
    } catch (failure) {
      const message = applyApiErrorToForm(form, failure, ['password']);
      if (message) {
        setError({
          message,
          expiredLink: isApiError(failure) && failure.code === 'invalid_token',
        });
      }
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <AuthLayout
      title={t`Choose a new password`}
      subtitle={t`You will sign in with it from now on. Every other session is signed out.`}
      footer={<StandaloneLink to="/login">{t`Back to sign in`}</StandaloneLink>}
    >
      {error && (
        <Alert
          type="error"
          showIcon
          title={error.message}
          description={
            error.expiredLink ? (
              <Link to="/login/forgotpassword">{t`Ask for a new reset link`}</Link>
            ) : undefined
          }
          style={{ marginBottom: 20 }}
        />
      )}
      <Form
        form={form}
        name="reset-password"
        layout="vertical"
        requiredMark={false}
        onFinish={onFinish}
        disabled={submitting}
      >
        <Form.Item
          label={t`New password`}
          name="password"
          rules={[
            { required: true, message: t`Choose a new password.` },
            {
              min: MIN_PASSWORD_LENGTH,
              message: t`Use at least ${MIN_PASSWORD_LENGTH} characters.`,
            },
          ]}
          extra={t`At least ${MIN_PASSWORD_LENGTH} characters.`}
        >
          <Input.Password autoComplete="new-password" autoFocus />
        </Form.Item>
        <Form.Item
          label={t`Confirm new password`}
          name="confirm"
          dependencies={['password']}
          rules={[
            { required: true, message: t`Type the new password again.` },
            ({ getFieldValue }) => ({
              validator: (_, value) =>
                !value || value === getFieldValue('password')
                  ? Promise.resolve()
                  : Promise.reject(new Error('The two passwords do not match.')),
            }),
          ]}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Button type="primary" htmlType="submit" block size="large" loading={submitting}>
          {t`Reset password`}
        </Button>
      </Form>
    </AuthLayout>
  );
}
