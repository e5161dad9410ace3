import type { ReactNode } from 'react';
import { Brand } from './brand';
import styles from './auth-kit.module.css';

interface AuthLayoutProps {
  title: ReactNode;
  subtitle?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
}

/** The frame of the public pages: the mark, one centred card, a footer line. No antd inside. */
export function AuthLayout({ title, subtitle, children, footer }: AuthLayoutProps) {
  return (
    <main className={styles.page}>
      <div className={styles.brand}>
        <Brand />
      </div>
      <section className={styles.card}>
        <h1 className={styles.title}>{title}</h1>
        {subtitle && <p className={styles.subtitle}>{subtitle}</p>}
        <div className={styles.body}>{children}</div>
      </section>
      {footer && <p className={styles.footer}>{footer}</p>}
    </main>
  );
}
