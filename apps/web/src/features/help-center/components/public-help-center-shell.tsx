import type { CSSProperties, ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Button, Result, Spin, theme } from 'antd';
import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { BookOutlined } from '@ant-design/icons';
import { HELP_CENTER_DEFAULT, HELP_CENTER_LANG_PARAM, helpCenterPagePath } from '@parley/contracts';
import { withLang } from './page-language';
import styles from './public-help-center.module.css';

/** The frame of every public help-center page: the centre's name, linking home. */
export function Shell({
  name,
  center,
  children,
}: {
  name?: string;
  center: string;
  children: ReactNode;
}) {
  const { token } = theme.useToken();
  const [params] = useSearchParams();
  // The light borders of the cards: global.css has no variable for them yet, so the theme's.
  const surfaces = { '--help-center-border': token.colorBorderSecondary } as CSSProperties;
  return (
    <div className={styles.page} style={surfaces}>
      <header className={styles.header}>
        <div className={styles.inner}>
          <Link
            to={withLang(helpCenterPagePath(center), params.get(HELP_CENTER_LANG_PARAM))}
            className={styles.brand}
            dir="auto"
          >
            <BookOutlined aria-hidden /> {name ? t`${name} Help Center` : t`Help Center`}
          </Link>
        </div>
      </header>
      <main className={styles.inner}>{children}</main>
    </div>
  );
}

export function Loading({ center }: { center: string }) {
  return (
    <Shell center={center}>
      <div className={styles.loading}>
        <Spin aria-label={t`Loading`} />
      </div>
    </Shell>
  );
}

export function Failed({
  center,
  message,
  missing,
}: {
  center: string;
  message: string;
  missing: boolean;
}) {
  return (
    <Shell center={center}>
      <Result
        status={missing ? '404' : 'error'}
        title={missing ? t`Nothing here` : t`Something went wrong`}
        subTitle={message}
        extra={
          missing && center !== HELP_CENTER_DEFAULT ? undefined : (
            <Button onClick={() => window.location.reload()}>
              <Trans>Try again</Trans>
            </Button>
          )
        }
      />
    </Shell>
  );
}
