import { Avatar, theme } from 'antd';

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

const WHITE_TEXT_MAX_LUMINANCE = 1.05 / 4.5 - 0.05;

/** WCAG relative luminance of one 0–255 channel set. */
function luminance([r, g, b]: number[]): number {
  const linear = (c: number) => {
    const v = c / 255;
    return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * linear(r!) + 0.7152 * linear(g!) + 0.0722 * linear(b!);
}

/**
 * A profile colour (any the person picked) as the background of white initials: the colour
 * itself when white reads on it at 4.5:1 (WCAG AA), otherwise its shade darkened just enough.
 */
export function initialsBackground(color: string): string {
  const hex = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(color)?.[1];
  if (!hex) return color;
  const full = hex.length === 3 ? [...hex].map((c) => c + c).join('') : hex;
  const rgb = [0, 2, 4].map((i) => parseInt(full.slice(i, i + 2), 16));
  let shade = rgb;
  for (let factor = 1; luminance(shade) > WHITE_TEXT_MAX_LUMINANCE; factor -= 0.04) {
    shade = rgb.map((c) => Math.round(c * factor));
  }
  return `#${shade.map((c) => c.toString(16).padStart(2, '0')).join('')}`;
}

/** A teammate's picture, or their initials on their profile colour. */
export function PersonAvatar({ person, size = 32 }: { person: AvatarPerson; size?: number }) {
  const { token } = theme.useToken();
  if (person.avatar) return <Avatar src={person.avatar} size={size} alt={person.name} />;
  return (
    <Avatar
      size={size}
      aria-label={person.name}
      style={{
        background: initialsBackground(person.profile_color),
        color: token.colorTextLightSolid,
        fontWeight: 600,
      }}
    >
      {initialsOf(person.name)}
    </Avatar>
  );
}
