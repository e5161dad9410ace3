import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { AuthLayout } from '../../../components/auth-layout';
import { InlineAlert, PasswordField, SubmitButton, TextField } from '../../../components/auth-kit';
import { StandaloneLink } from '../../../components/standalone-link';
import { isApiError } from '../../../lib/api-error';
import { splitApiError } from '../../../lib/form-errors';
import { productName } from '../../../lib/product';
import { isCanceledRequest, resetClientState } from '../../../lib/request';
import { authApi } from '../api/auth-api';

type Field = 'email' | 'password';
type FieldErrors = Partial<Record<Field, string>>;

// The same pattern antd's `type: 'email'` rule uses, so every public form agrees.
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function validate(email: string, password: string): FieldErrors {
  const errors: FieldErrors = {};
  if (!email) errors.email = t`Enter your email address.`;
  else if (!EMAIL_PATTERN.test(email)) errors.email = t`Enter a valid email address.`;
  if (!password) errors.password = t`Enter your password.`;
  return errors;
}

/**
 * /login. Built from the light auth kit rather than antd: this page is the entry chunk, and its
 * budget is 150 KB gzip JS (docs/benchmarks.md).
 */
export function LoginPage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const email = String(data.get('email') ?? '').trim();
    const password = String(data.get('password') ?? '');
    const invalid = validate(email, password);
    setFieldErrors(invalid);
    setError(null);
    if (Object.keys(invalid).length > 0) return;

    setSubmitting(true);
    try {
      const result = await authApi.login({ email, password });
      if (isCanceledRequest(result)) return;
      // A new session starts from a clean slate (another person may have used this browser).
      resetClientState();
      navigate('/inboxes', { replace: true });
    } catch (failure) {
      // The request wrapper already sent an expired password to the reset page.
      if (isApiError(failure) && failure.code === 'password_change_required') return;
      const split = splitApiError(failure, ['email', 'password']);
      setFieldErrors({
        email: split.fieldErrors.email?.[0],
        password: split.fieldErrors.password?.[0],
      });
      setError(split.message);
    } finally {
      setSubmitting(false);
    }
  };

  const clearError = (field: Field) => () =>
    setFieldErrors((current) => (current[field] ? { ...current, [field]: undefined } : current));

  return (
    <AuthLayout
      title={t`Sign in`}
      subtitle={t`Welcome back. Sign in to your shared inbox.`}
      footer={
        <Trans>
          New to {productName}? <Link to="/signup">Create an account</Link>
        </Trans>
      }
    >
      {params.get('reset') === 'done' && !error && (
        <InlineAlert kind="success">
          {t`Your password has been reset. Sign in with your new password.`}
        </InlineAlert>
      )}
      {error && <InlineAlert kind="error">{error}</InlineAlert>}
      <form noValidate onSubmit={onSubmit} aria-label={t`Sign in`}>
        <TextField
          label={t`Email`}
          name="email"
          type="email"
          autoComplete="email"
          placeholder={t`you@company.com`}
          autoFocus
          disabled={submitting}
          error={fieldErrors.email}
          onInput={clearError('email')}
        />
        <PasswordField
          label={t`Password`}
          name="password"
          autoComplete="current-password"
          disabled={submitting}
          error={fieldErrors.password}
          onInput={clearError('password')}
          labelExtra={
            <StandaloneLink to="/login/forgotpassword">{t`Forgot password?`}</StandaloneLink>
          }
        />
        <SubmitButton busy={submitting}>{submitting ? t`Signing in…` : t`Sign in`}</SubmitButton>
      </form>
    </AuthLayout>
  );
}
