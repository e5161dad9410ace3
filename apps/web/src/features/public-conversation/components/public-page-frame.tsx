import type { ReactNode } from 'react';
import { Result } from 'antd';
import { PageSpin } from '../../../components/page-spin';
import type { SignedLinkLoad } from './use-signed-link';
import styles from './public-conversation.module.css';
import { t } from '@lingui/core/macro';

/** The frame of the customer's public pages: the store's name, then one column. */
export function PublicPageFrame({
  brandName,
  actions,
  children,
}: {
  brandName?: string | undefined;
  actions?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className={styles.page}>
      <header className={styles.header}>
        <div className={styles.headerInner}>
          <p className={styles.brand}>{brandName ?? ''}</p>
          {actions}
        </div>
      </header>
      <main className={styles.main}>{children}</main>
    </div>
  );
}

/** Loading, or a clear word on a broken, expired or unknown link. Null once ready. */
export function SignedLinkStatus<T>({
  state,
  invalidTitle,
}: {
  state: SignedLinkLoad<T>;
  invalidTitle: string;
}) {
  if (state.status === 'loading') return <PageSpin fullScreen />;
  if (state.status === 'ready') return null;
  return (
    <PublicPageFrame>
      <div className={styles.card}>
        <Result
          status={state.invalid ? 'warning' : 'error'}
          title={state.invalid ? invalidTitle : t`Something went wrong`}
          subTitle={state.message}
        />
      </div>
    </PublicPageFrame>
  );
}
