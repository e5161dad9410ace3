import type { ReactNode } from 'react';
import styles from './auth-kit.module.css';

interface MessagePageProps {
  title: string;
  description: ReactNode;
  action?: ReactNode;
}

/**
 * A plain full-area message (failed to render, failed to load). No antd: it can show in the
 * entry, so it is drawn with the theme's root variables (app/global.css).
 */
export function MessagePage({ title, description, action }: MessagePageProps) {
  return (
    <div className={styles.message}>
      <div>
        <h1 className={styles.messageTitle}>{title}</h1>
        <p className={styles.messageText}>{description}</p>
      </div>
      {action}
    </div>
  );
}
