import { Avatar } from 'antd';
import { plural, t } from '@lingui/core/macro';
import { EditOutlined, EyeOutlined } from '@ant-design/icons';
import type { Colleague } from '../hooks/use-conversation-presence';
import styles from './conversation-pane.module.css';

/** "Alex", "Alex and Sam", "Alex, Sam and 2 others". */
export function joinNames(names: string[]): string {
  const [first = '', second = '', third = ''] = names;
  if (names.length <= 1) return first;
  if (names.length === 2) return t`${first} and ${second}`;
  if (names.length === 3) return t`${first}, ${second} and ${third}`;
  const others = names.length - 2;
  return plural(others, {
    one: `${first}, ${second} and # other`,
    other: `${first}, ${second} and # others`,
  });
}

/** 'Alex is typing…' / 'Alex and Sam are typing…'. */
export function typingText(names: string[]): string {
  const people = joinNames(names);
  const count = names.length;
  return plural(count, { one: `${people} is typing…`, other: `${people} are typing…` });
}

/** 'Alex is also viewing' / 'Alex and Sam are also viewing'. */
export function viewingText(names: string[]): string {
  const people = joinNames(names);
  const count = names.length;
  return plural(count, {
    one: `${people} is also viewing`,
    other: `${people} are also viewing`,
  });
}

/**
 * The collision notice: teammates who have this conversation open, and who is typing; and the
 * live-chat visitor typing (`typingContact`: their name while they type, else null).
 */
export function PresenceNotice({
  colleagues,
  typingContact = null,
}: {
  colleagues: Colleague[];
  typingContact?: string | null;
}) {
  const typing = colleagues.filter((c) => c.typing);
  const viewing = colleagues.filter((c) => !c.typing);
  return (
    <div role="status" aria-live="polite">
      {(colleagues.length > 0 || typingContact !== null) && (
        <div className={styles.presence}>
          {typingContact !== null && (
            <div className={styles.presenceLine} data-testid="visitor-typing">
              <EditOutlined aria-hidden />
              <span>{typingText([typingContact])}</span>
            </div>
          )}
          {typing.length > 0 && (
            <div className={styles.presenceLine}>
              <EditOutlined aria-hidden />
              <Avatars people={typing} />
              <span>{typingText(typing.map((c) => c.name))}</span>
            </div>
          )}
          {viewing.length > 0 && (
            <div className={styles.presenceLine}>
              <EyeOutlined aria-hidden />
              <Avatars people={viewing} />
              <span>{viewingText(viewing.map((c) => c.name))}</span>
            </div>
          )}
        </div>
      )}
    </div>
  );
}

function Avatars({ people }: { people: Colleague[] }) {
  return (
    <Avatar.Group max={{ count: 3 }} size={20}>
      {people.map((person) => (
        <Avatar
          key={person.id}
          size={20}
          style={{ background: person.profile_color, fontSize: 10 }}
          aria-hidden
        >
          {person.initials}
        </Avatar>
      ))}
    </Avatar.Group>
  );
}
