import { Component, type ErrorInfo, type ReactNode } from 'react';
import { productName } from '../lib/product';
import { MessagePage } from './message-page';
import styles from './auth-kit.module.css';
import { t } from '@lingui/core/macro';

interface ErrorBoundaryProps {
  children: ReactNode;
}

interface ErrorBoundaryState {
  failed: boolean;
}

/**
 * Catches a screen that throws while rendering or whose code cannot be loaded (a stale tab after
 * a deploy), so the rest of the app keeps working. Remount it (key) to try again. Plain markup:
 * it wraps the entry chunk too.
 */
export class ErrorBoundary extends Component<ErrorBoundaryProps, ErrorBoundaryState> {
  override state: ErrorBoundaryState = { failed: false };

  static getDerivedStateFromError(): ErrorBoundaryState {
    return { failed: true };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error('A screen failed to render', error, info.componentStack);
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <MessagePage
        title={t`This page could not be shown`}
        description={t`${productName} may have been updated since this tab was opened. Reloading usually fixes it.`}
        action={
          <button type="button" className={styles.button} onClick={() => window.location.reload()}>
            {t`Reload`}
          </button>
        }
      />
    );
  }
}
