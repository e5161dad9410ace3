import { Fragment } from 'react';
import { Alert, Modal } from 'antd';
import { INBOX_SHORTCUTS, type Shortcut } from '../shortcuts';
import styles from './inbox.module.css';

const GROUPS: Array<{ where: Shortcut['where']; title: string }> = [
  { where: 'inbox', title: 'Inbox' },
  { where: 'conversation', title: 'Open conversation' },
];

interface ShortcutsHelpProps {
  open: boolean;
  disabled: boolean;
  onClose: () => void;
}

/** The help sheet (`?`): every shortcut of INBOX_SHORTCUTS, the one list the handlers use. */
export function ShortcutsHelp({ open, disabled, onClose }: ShortcutsHelpProps) {
  return (
    <Modal open={open} title="Keyboard shortcuts" footer={null} onCancel={onClose} width={480}>
      {disabled && (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 16 }}
          title="Keyboard shortcuts are turned off for this workspace in Global settings."
        />
      )}
      {GROUPS.map(({ where, title }) => (
        <section key={where} aria-label={title} style={{ marginBottom: 16 }}>
          <h3 style={{ fontSize: 13, fontWeight: 600, margin: '0 0 8px', color: '#5b6170' }}>
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
