import { useId, type Ref } from 'react';
import { Avatar, Mentions, theme } from 'antd';
import type { MentionsRef } from 'antd/es/mentions';
import { t } from '@lingui/core/macro';
import type { ConversationMapping } from '@parley/contracts';
import { FastReplyPicker, pickerOptionId } from '../../fast-reply';
import { composerShortcutFor } from '../conversation-shortcuts';
import type { SlashPicker } from './use-slash-picker';

export type DcUser = ConversationMapping['dc_users'][number];

interface ComposerFieldProps {
  inputRef: Ref<MentionsRef>;
  value: string;
  isNote: boolean;
  /** Teammates a note can mention (the author is left out). */
  users: DcUser[];
  meId: number | null;
  placeholder: string;
  disabled: boolean;
  touch: boolean;
  /** The id of the refusal shown under the field, while there is one. */
  errorId: string | undefined;
  picker: SlashPicker;
  onChange: (text: string) => void;
  onMention: (user: DcUser) => void;
  onBlur: () => void;
  /** Ctrl/Cmd+Enter. */
  onSend: () => void;
  /** Ctrl/Cmd+Shift+Enter: choose when it goes out (the Schedule menu). */
  onSchedule: () => void;
}

/**
 * The composer's text: @mentions of teammates in a note (a reply's "@" is just text), and the
 * fast-reply picker above it while a `/query` is typed.
 */
export function ComposerField({
  inputRef,
  value,
  isNote,
  users,
  meId,
  placeholder,
  disabled,
  touch,
  errorId,
  picker,
  onChange,
  onMention,
  onBlur,
  onSend,
  onSchedule,
}: ComposerFieldProps) {
  const { token } = theme.useToken();
  const pickerId = useId();
  const { slash, matches, active } = picker;
  const options = users
    .filter((user) => user.id !== meId)
    .map((user) => ({
      key: String(user.id),
      value: user.name,
      label: (
        <span style={{ display: 'inline-flex', alignItems: 'center', gap: 8 }}>
          <Avatar size={20} style={{ background: user.profile_color, fontSize: 10 }}>
            {user.initials}
          </Avatar>
          <span>{user.name}</span>
          <span style={{ color: token.colorTextSecondary }}>{user.email}</span>
        </span>
      ),
    }));

  return (
    <div style={{ position: 'relative' }}>
      {slash && (
        <FastReplyPicker
          id={pickerId}
          query={slash.query}
          items={matches}
          activeIndex={active}
          loading={picker.loading}
          resolving={picker.resolving}
          onHover={picker.setActiveIndex}
          onPick={(item) => void picker.pick(item)}
        />
      )}
      <Mentions
        ref={inputRef}
        aria-label={isNote ? t`Internal note text` : t`Reply text`}
        aria-invalid={errorId ? true : undefined}
        aria-describedby={errorId}
        // A text box may not carry aria-expanded (axe aria-allowed-attr); the picker it
        // controls and its active option are named below, which screen readers follow.
        aria-autocomplete="list"
        aria-controls={slash && matches.length > 0 ? pickerId : undefined}
        aria-activedescendant={
          slash && active >= 0 && matches[active]
            ? pickerOptionId(pickerId, matches[active].id)
            : undefined
        }
        value={value}
        placeholder={placeholder}
        autoSize={touch ? { minRows: 2, maxRows: 6 } : { minRows: 3, maxRows: 10 }}
        disabled={disabled}
        // Only notes mention teammates; in a reply "@" is just text.
        prefix={isNote ? '@' : []}
        options={isNote ? options : []}
        placement="top"
        filterOption={(search, option) =>
          String(option.value ?? '')
            .toLowerCase()
            .includes(search.toLowerCase())
        }
        onSelect={(option) => {
          // The option comes back with the key rc-mentions made of ours: `${user.id}-${its id}`.
          const id = Number.parseInt(option.key ?? '', 10);
          const user = users.find((u) => u.id === id);
          if (user) onMention(user);
        }}
        onChange={onChange}
        onBlur={onBlur}
        onKeyDown={(event) => {
          if (picker.handleKey(event)) return;
          // The chords of COMPOSER_SHORTCUTS, the list the help sheet shows.
          const shortcut = composerShortcutFor(event);
          if (shortcut?.action === 'send') {
            event.preventDefault();
            onSend();
          } else if (shortcut?.action === 'schedule') {
            event.preventDefault();
            onSchedule();
          }
        }}
        style={isNote ? { background: token.colorWarningBg } : undefined}
      />
    </div>
  );
}
