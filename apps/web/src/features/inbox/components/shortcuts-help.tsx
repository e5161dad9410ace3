import { Fragment } from 'react';
import { t } from '@lingui/core/macro';
import { Alert, Modal, theme } from 'antd';
import { INBOX_SHORTCUTS, type Shortcut } from '../shortcuts';
import { useInboxColors } from './inbox-colors';
import styles from './inbox.module.css';

/** The sheet's sections, named when shown (in the active language). */
const groups = (): Array<{ where: Shortcut['where']; title: string }> => [
  { where: 'inbox', title: t`Inbox` },
  { where: 'conversation', title: t`Open conversation` },
];

interface ShortcutsHelpProps {
  open: boolean;
  disabled: boolean;
  onClose: () => void;
}

/** The help sheet (`?`): every shortcut of INBOX_SHORTCUTS, the one list the handlers use. */
export function ShortcutsHelp({ open, disabled, onClose }: ShortcutsHelpProps) {
  const { token } = theme.useToken();
  // The sheet is drawn outside the inbox's panels: its key caps take the colours here.
  const colors = useInboxColors();
  return (
    <Modal
      open={open}
      title={t`Keyboard shortcuts`}
      footer={null}
      onCancel={onClose}
      width={480}
      styles={{ body: colors }}
    >
      {disabled && (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: token.margin }}
          title={t`Keyboard shortcuts are turned off for this workspace in Global settings.`}
        />
      )}
      {groups().map(({ where, title }) => (
        <section key={where} aria-label={title} style={{ marginBottom: token.margin }}>
          <h3
            style={{
              fontSize: 13,
              fontWeight: 600,
              margin: '0 0 8px',
              color: token.colorTextSecondary,
            }}
          >
            {title}
          </h3>
          <dl
            style={{
              display: 'grid',
              gridTemplateColumns: 'max-content 1fr',
              gap: '8px 16px',
              margin: 0,
            }}
          >
            {INBOX_SHORTCUTS.filter((s) => s.where === where).map((shortcut) => (
              <Fragment key={shortcut.id}>
                <dt style={{ whiteSpace: 'nowrap' }}>
                  {shortcut.keys.map((key, i) => (
                    <Fragment key={key}>
                      {i > 0 && ' + '}
                      <kbd className={styles.kbd}>{key}</kbd>
                    </Fragment>
                  ))}
                </dt>
                <dd style={{ margin: 0 }}>{shortcut.description}</dd>
              </Fragment>
            ))}
          </dl>
        </section>
      ))}
    </Modal>
  );
}
