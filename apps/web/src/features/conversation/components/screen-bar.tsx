import { t } from '@lingui/core/macro';
import { useContext, type ReactNode } from 'react';
import { Button, ConfigProvider, theme } from 'antd';
import { ArrowLeftOutlined, ArrowRightOutlined } from '@ant-design/icons';
import styles from './conversation-pane.module.css';

/** The name of the step from a conversation back to the inbox list (a phone's stacked screens). */
export const backToListLabel = () => t`Back to conversations`;

/** A stacked screen's step back (a phone): an arrow, named for where it goes. */
export function BackButton({ label, onClick }: { label: string; onClick: () => void }) {
  // Back points to where a line starts: the right in a right-to-left language.
  const { direction } = useContext(ConfigProvider.ConfigContext);
  return (
    <Button
      type="text"
      icon={direction === 'rtl' ? <ArrowRightOutlined /> : <ArrowLeftOutlined />}
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
