import { useId, useState, type InputHTMLAttributes, type ReactNode } from 'react';
import styles from './auth-kit.module.css';
import { t } from '@lingui/core/macro';

// Light form controls for the login route (see auth-kit.module.css for why not antd).

interface FieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'className' | 'id'> {
  label: string;
  name: string;
  error?: string | undefined;
  /** Shown at the right of the label, e.g. a "Forgot password?" link. */
  labelExtra?: ReactNode;
}

function FieldFrame({
  id,
  label,
  error,
  labelExtra,
  children,
}: {
  id: string;
  label: string;
  error?: string | undefined;
  labelExtra?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className={styles.field}>
      <div className={styles.labelRow}>
        <label htmlFor={id} className={styles.label}>
          {label}
        </label>
        {labelExtra}
      </div>
      <div className={styles.control}>{children}</div>
      {error && (
        <div id={`${id}-error`} className={styles.error} role="alert">
          {error}
        </div>
      )}
    </div>
  );
}

export function TextField({ label, name, error, labelExtra, ...input }: FieldProps) {
  const id = `${useId()}-${name}`;
  return (
    <FieldFrame id={id} label={label} error={error} labelExtra={labelExtra}>
      <input
        {...input}
        id={id}
        name={name}
        className={styles.input}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
      />
    </FieldFrame>
  );
}

export function PasswordField({ label, name, error, labelExtra, ...input }: FieldProps) {
  const id = `${useId()}-${name}`;
  const [visible, setVisible] = useState(false);
  return (
    <FieldFrame id={id} label={label} error={error} labelExtra={labelExtra}>
      <input
        {...input}
        id={id}
        name={name}
        type={visible ? 'text' : 'password'}
        className={`${styles.input} ${styles.withToggle}`}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
      />
      <button
        type="button"
        className={styles.toggle}
        aria-pressed={visible}
        aria-controls={id}
        onClick={() => setVisible((v) => !v)}
      >
        {visible ? t`Hide` : t`Show`}
      </button>
    </FieldFrame>
  );
}

export function SubmitButton({ children, busy }: { children: ReactNode; busy: boolean }) {
  return (
    <button type="submit" className={styles.submit} disabled={busy} aria-busy={busy}>
      {children}
    </button>
  );
}

export function InlineAlert({
  kind,
  children,
}: {
  kind: 'error' | 'success';
  children: ReactNode;
}) {
  return (
    <div
      role={kind === 'error' ? 'alert' : 'status'}
      className={`${styles.alert} ${kind === 'error' ? styles.alertError : styles.alertSuccess}`}
    >
      <span className={styles.alertIcon} aria-hidden="true">
        {kind === 'error' ? '!' : '✓'}
      </span>
      <span>{children}</span>
    </div>
  );
}

/** The first-paint spinner, before any page code (or antd) has arrived. */
export function BootSpinner() {
  return (
    <div className={styles.center} aria-busy="true" aria-label={t`Loading`}>
      <div className={styles.spinner} />
    </div>
  );
}
