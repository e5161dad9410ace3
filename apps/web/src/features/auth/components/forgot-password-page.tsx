import { useState } from 'react';
import { Alert, Button, Form, Input, Result } from 'antd';
import { Link, useSearchParams } from 'react-router';
import { PASSWORD_MAX_AGE_DAYS } from '@parley/contracts';
import { applyApiErrorToForm } from '../../../lib/form-errors';
import { isCanceledRequest } from '../../../lib/request';
import { authApi } from '../api/auth-api';
import { AuthLayout } from '../../../components/auth-layout';
import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';

/** docs/product/screens.md, docs/product/states.md: where a forced password reset lands, with ?alert=expiry_surpassed. */
export const EXPIRY_SURPASSED_MESSAGE = `Your password is more than ${PASSWORD_MAX_AGE_DAYS} days old. Reset it to continue.`;

export function ForgotPasswordPage() {
  const [form] = Form.useForm<{ email: string }>();
  const [params] = useSearchParams();
  const [error, setError] = useState<string | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const expired = params.get('alert') === 'expiry_surpassed';

  const onFinish = async ({ email }: { email: string }) => {
    setSubmitting(true);
    setError(null);
    try {
      const result = await authApi.forgotPassword(email);
      if (isCanceledRequest(result)) return;
      setSentTo(email.trim());
    } catch (failure) {
      setError(applyApiErrorToForm(form, failure, ['email']));
    } finally {
      setSubmitting(false);
    }
  };

  if (sentTo) {
    return (
      <AuthLayout title={t`Check your email`}>
        <Result
          status="success"
          style={{ padding: 0 }}
          subTitle={t`If an account exists for ${sentTo}, we've sent it a link to reset the password. The link works for one hour.`}
          extra={<Link to="/login">{t`Back to sign in`}</Link>}
        />
      </AuthLayout>
    );
  }

  return (
    <AuthLayout
      title={expired ? t`Reset your password` : t`Forgot your password?`}
      subtitle={t`Enter the email you sign in with and we'll send you a link to choose a new password.`}
      footer={
        <Trans>
          Remembered it? <Link to="/login">Back to sign in</Link>
        </Trans>
      }
    >
      {expired && (
        <Alert
          type="warning"
          showIcon
          title={t`Your password has expired`}
          description={EXPIRY_SURPASSED_MESSAGE}
          style={{ marginBottom: 20 }}
        />
      )}
      {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 20 }} />}
      <Form
        form={form}
        name="forgot-password"
        layout="vertical"
        requiredMark={false}
        onFinish={onFinish}
        disabled={submitting}
      >
        <Form.Item
          label={t`Email`}
          name="email"
          rules={[
            { required: true, message: t`Enter your email address.` },
            { type: 'email', message: t`Enter a valid email address.` },
          ]}
        >
          <Input type="email" autoComplete="email" autoFocus placeholder={t`you@company.com`} />
        </Form.Item>
        <Button type="primary" htmlType="submit" block size="large" loading={submitting}>
          {t`Send reset link`}
        </Button>
      </Form>
    </AuthLayout>
  );
}
