import { Avatar } from 'antd';

export interface AvatarPerson {
  name: string;
  avatar: string | null;
  profile_color: string;
}

/** Same rule as the server's Me.initials: first and last name, or the first two letters. */
export function initialsOf(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  const letters =
    parts.length > 1 ? [parts[0]![0], parts.at(-1)![0]] : [parts[0]?.[0], parts[0]?.[1]];
  return letters.filter(Boolean).join('').toUpperCase();
}

/** A teammate's picture, or their initials on their profile colour. */
export function PersonAvatar({ person, size = 32 }: { person: AvatarPerson; size?: number }) {
  if (person.avatar) return <Avatar src={person.avatar} size={size} alt={person.name} />;
  return (
    <Avatar
      size={size}
      aria-label={person.name}
      style={{ background: person.profile_color, color: '#fff', fontWeight: 600 }}
    >
      {initialsOf(person.name)}
    </Avatar>
  );
}
