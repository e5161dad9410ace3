import { useState } from 'react';
import { Alert, Button, Form, Input } from 'antd';
import { Link, useNavigate } from 'react-router';
import { MIN_PASSWORD_LENGTH, type SignupBody } from '@parley/contracts';
import { applyApiErrorToForm } from '../../../lib/form-errors';
import { isCanceledRequest, resetClientState } from '../../../lib/request';
import { authApi } from '../api/auth-api';
import { AuthLayout } from '../../../components/auth-layout';
import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';

const FIELDS = ['name', 'email', 'password', 'account_name'] as const;

export function SignupPage() {
  const [form] = Form.useForm<SignupBody>();
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  const onFinish = async (values: SignupBody) => {
    setSubmitting(true);
    setError(null);
    try {
      const result = await authApi.signup(values);
      if (isCanceledRequest(result)) return;
      resetClientState();
      // A new workspace has no channels yet: the setup checklist is where its inbox gets filled.
      navigate('/setup', { replace: true });
    } catch (failure) {
      setError(applyApiErrorToForm(form, failure, FIELDS));
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <AuthLayout
      title={t`Create your account`}
      subtitle={t`Start a shared inbox for your team. It takes a minute.`}
      footer={
        <Trans>
          Already have an account? <Link to="/login">Sign in</Link>
        </Trans>
      }
    >
      {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 20 }} />}
      <Form
        form={form}
        name="signup"
        layout="vertical"
        requiredMark={false}
        onFinish={onFinish}
        disabled={submitting}
      >
        <Form.Item
          label={t`Name`}
          name="name"
          rules={[{ required: true, whitespace: true, message: t`Enter your name.` }]}
        >
          <Input autoComplete="name" autoFocus placeholder={t`Jane Doe`} />
        </Form.Item>
        <Form.Item
          label={t`Email`}
          name="email"
          rules={[
            { required: true, message: t`Enter your email address.` },
            { type: 'email', message: t`Enter a valid email address.` },
          ]}
        >
          <Input type="email" autoComplete="email" placeholder={t`you@company.com`} />
        </Form.Item>
        <Form.Item
          label={t`Password`}
          name="password"
          rules={[
            { required: true, message: t`Choose a password.` },
            {
              min: MIN_PASSWORD_LENGTH,
              message: t`Use at least ${MIN_PASSWORD_LENGTH} characters.`,
            },
          ]}
          extra={t`At least ${MIN_PASSWORD_LENGTH} characters.`}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Form.Item
          label={t`Workspace name`}
          name="account_name"
          rules={[{ required: true, whitespace: true, message: t`Enter a workspace name.` }]}
          extra={t`Usually your company or team name. You can add more workspaces later.`}
        >
          <Input autoComplete="organization" placeholder={t`Acme Support`} />
        </Form.Item>
        <Button type="primary" htmlType="submit" block size="large" loading={submitting}>
          {t`Create account`}
        </Button>
      </Form>
    </AuthLayout>
  );
}
