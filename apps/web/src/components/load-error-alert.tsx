import type { CSSProperties } from 'react';
import { Alert, Button, theme } from 'antd';
import { Trans } from '@lingui/react/macro';
import { asErrorPayload } from '../lib/api-error';

interface LoadErrorAlertProps {
  /** The failed query's error: its words are shown when the API gave some. */
  error: unknown;
  /** What could not load, in words, when the error has none (e.g. "The teams could not be loaded."). */
  fallback: string;
  onRetry: () => unknown;
  style?: CSSProperties;
}

/** A page or list that could not load: why, in words, and "Try again". */
export function LoadErrorAlert({ error, fallback, onRetry, style }: LoadErrorAlertProps) {
  const { token } = theme.useToken();
  return (
    <Alert
      type="error"
      showIcon
      title={asErrorPayload(error)?.message ?? fallback}
      action={
        <Button size="small" onClick={() => void onRetry()}>
          <Trans>Try again</Trans>
        </Button>
      }
      style={{ marginBottom: token.marginMD, ...style }}
    />
  );
}
