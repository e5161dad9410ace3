import { useEffect, useState } from 'react';
import { Alert, Button, Form, Input, Result, Typography } from 'antd';
import { useNavigate, useParams } from 'react-router';
import { MIN_PASSWORD_LENGTH, type InvitationInfo, type PermissionLevel } from '@parley/contracts';
import { AuthLayout } from '../../../components/auth-layout';
import { PageSpin } from '../../../components/page-spin';
import { StandaloneLink } from '../../../components/standalone-link';
import { asErrorPayload } from '../../../lib/api-error';
import { applyApiErrorToForm } from '../../../lib/form-errors';
import { isCanceledRequest, resetClientState } from '../../../lib/request';
import { invitationApi } from '../api/team-members-api';
import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';

/** "Erin invited jo@example.com to join as an admin.": one sentence per role. */
function InvitedAs({
  invitedBy,
  email,
  level,
}: {
  invitedBy: string;
  email: string;
  level: PermissionLevel;
}) {
  const invitee = <strong dir="auto">{email}</strong>;
  switch (level) {
    case 'owner':
      return (
        <Trans>
          <bdi>{invitedBy}</bdi> invited {invitee} to join as an owner.
        </Trans>
      );
    case 'admin':
      return (
        <Trans>
          <bdi>{invitedBy}</bdi> invited {invitee} to join as an admin.
        </Trans>
      );
    case 'agent':
      return (
        <Trans>
          <bdi>{invitedBy}</bdi> invited {invitee} to join as an agent.
        </Trans>
      );
  }
}

type LoadState =
  | { status: 'loading' }
  | { status: 'ready'; invitation: InvitationInfo }
  | { status: 'failed'; message: string; invalid: boolean };

interface AcceptValues {
  name?: string;
  password: string;
}

/** /settings/teammembers/invite/confirm/:token — public: the invitee has no session yet. */
export function InvitationConfirmPage() {
  const { token = '' } = useParams();
  const navigate = useNavigate();
  const [form] = Form.useForm<AcceptValues>();
  const [state, setState] = useState<LoadState>({ status: 'loading' });
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  useEffect(() => {
    const controller = new AbortController();
    invitationApi.get(token, controller.signal).then(
      (result) => {
        if (!isCanceledRequest(result)) setState({ status: 'ready', invitation: result });
      },
      (failure: unknown) => {
        const payload = asErrorPayload(failure);
        setState({
          status: 'failed',
          message: payload?.message ?? t`The invitation could not be loaded.`,
          invalid: payload?.status === 404 || payload?.status === 400,
        });
      },
    );
    return () => controller.abort();
  }, [token]);

  if (state.status === 'loading') return <PageSpin fullScreen />;

  if (state.status === 'failed') {
    return (
      <AuthLayout
        title={state.invalid ? t`This invitation is no longer valid` : t`Something went wrong`}
      >
        <Result
          status={state.invalid ? 'warning' : 'error'}
          style={{ padding: 0 }}
          subTitle={
            state.invalid
              ? t`The link may have expired or been used already. Ask a workspace admin to invite you again.`
              : state.message
          }
          extra={
            <StandaloneLink to="/login">
              <Trans>Go to sign in</Trans>
            </StandaloneLink>
          }
        />
      </AuthLayout>
    );
  }

  const { invitation } = state;
  const existing = invitation.existing_user;
  const accountName = invitation.account_name;

  const onFinish = async (values: AcceptValues) => {
    setSubmitting(true);
    setError(null);
    try {
      const body = existing
        ? { password: values.password }
        : { name: values.name ?? '', password: values.password };
      const result = await invitationApi.accept(token, body);
      if (isCanceledRequest(result)) return;
      resetClientState();
      navigate('/inboxes', { replace: true });
    } catch (failure) {
      setError(applyApiErrorToForm(form, failure, existing ? ['password'] : ['name', 'password']));
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <AuthLayout
      title={t`Join ${accountName}`}
      subtitle={
        <InvitedAs
          invitedBy={invitation.invited_by}
          email={invitation.email}
          level={invitation.permission_level}
        />
      }
    >
      {existing && (
        <Typography.Paragraph type="secondary">
          <Trans>You already have an account with this email. Enter your password to join.</Trans>
        </Typography.Paragraph>
      )}
      {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 20 }} />}
      <Form
        form={form}
        name="accept-invitation"
        layout="vertical"
        requiredMark={false}
        onFinish={onFinish}
        disabled={submitting}
      >
        {!existing && (
          <Form.Item
            label={t`Name`}
            name="name"
            rules={[{ required: true, whitespace: true, message: t`Enter your name.` }]}
          >
            <Input dir="auto" autoComplete="name" autoFocus placeholder={t`Jane Doe`} />
          </Form.Item>
        )}
        <Form.Item
          label={t`Password`}
          name="password"
          rules={[
            { required: true, message: existing ? t`Enter your password.` : t`Choose a password.` },
            ...(existing
              ? []
              : [
                  {
                    min: MIN_PASSWORD_LENGTH,
                    message: t`Use at least ${MIN_PASSWORD_LENGTH} characters.`,
                  },
                ]),
          ]}
          extra={existing ? undefined : t`At least ${MIN_PASSWORD_LENGTH} characters.`}
        >
          <Input.Password
            autoComplete={existing ? 'current-password' : 'new-password'}
            autoFocus={existing}
          />
        </Form.Item>
        <Button type="primary" htmlType="submit" block size="large" loading={submitting}>
          <Trans>Accept and join</Trans>
        </Button>
      </Form>
    </AuthLayout>
  );
}
