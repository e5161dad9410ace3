import { Fragment } from 'react';
import { t } from '@lingui/core/macro';
import { Alert, Modal, theme } from 'antd';
import { COMPOSER_SHORTCUTS, CONVERSATION_SHORTCUTS } from '../../conversation';
import { INBOX_SHORTCUTS } from '../shortcuts';
import { useInboxColors } from './inbox-colors';
import styles from './inbox.module.css';

/** One line of the sheet: its key caps and what it does. */
export interface ShortcutsHelpEntry {
  keys: readonly string[];
  description: string;
}

export interface ShortcutsHelpSection {
  id: 'navigation' | 'conversation' | 'composer';
  title: string;
  entries: ShortcutsHelpEntry[];
}

/**
 * The sheet's sections, read when shown (titles and descriptions in the active language, ⌘ or
 * Ctrl as on this device), straight from the lists the key handlers use: INBOX_SHORTCUTS
 * (inbox), CONVERSATION_SHORTCUTS (the open conversation's pane) and COMPOSER_SHORTCUTS (its
 * composer's field).
 */
export function shortcutsHelpSections(): ShortcutsHelpSection[] {
  const entry = (s: ShortcutsHelpEntry): ShortcutsHelpEntry => ({
    keys: s.keys,
    description: s.description,
  });
  return [
    { id: 'navigation', title: t`Navigation`, entries: INBOX_SHORTCUTS.map(entry) },
    {
      id: 'conversation',
      title: t`Conversation`,
      entries: CONVERSATION_SHORTCUTS.filter((s) => s.group === 'conversation').map(entry),
    },
    {
      id: 'composer',
      title: t`Composer`,
      entries: [
        ...COMPOSER_SHORTCUTS.map(entry),
        ...CONVERSATION_SHORTCUTS.filter((s) => s.group === 'composer').map(entry),
      ],
    },
  ];
}

interface ShortcutsHelpProps {
  open: boolean;
  disabled: boolean;
  onClose: () => void;
}

/** The help sheet (`?`): every shortcut of the lists the handlers use, by section. */
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
      {shortcutsHelpSections().map(({ id, title, entries }) => (
        <section key={id} aria-label={title} style={{ marginBottom: token.margin }}>
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
            {entries.map((shortcut) => (
              <Fragment key={shortcut.keys.join('+')}>
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
