import type { ReactNode } from 'react';
import { Button, theme } from 'antd';
import { ArrowLeftOutlined } from '@ant-design/icons';
import styles from './conversation-pane.module.css';

/** The name of the step from a conversation back to the inbox list (a phone's stacked screens). */
export const BACK_TO_LIST = 'Back to conversations';

/** A stacked screen's step back (a phone): an arrow, named for where it goes. */
export function BackButton({ label, onClick }: { label: string; onClick: () => void }) {
  return (
    <Button
      type="text"
      icon={<ArrowLeftOutlined />}
      aria-label={label}
      title={label}
      className={styles.backButton}
      onClick={onClick}
    />
  );
}

/** The top bar of a stacked screen that has no header of its own: its back step and title. */
export function ScreenBar({ children }: { children: ReactNode }) {
  const { token } = theme.useToken();
  return (
    <div
      className={styles.screenBar}
      style={{
        background: token.colorBgContainer,
        borderBottom: `1px solid ${token.colorBorderSecondary}`,
      }}
    >
      {children}
    </div>
  );
}
