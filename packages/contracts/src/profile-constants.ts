/** Profile pictures: raster images a browser shows safely (never SVG, which can carry script). */
export const AVATAR_CONTENT_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'] as const;
/** A profile picture may be at most 2 MB (1 MB = 1,000,000 bytes). */
export const AVATAR_MAX_BYTES = 2_000_000;

/** Colours offered on the profile page; any #rrggbb colour is accepted. */
export const PROFILE_COLOR_CHOICES = [
  '#1677ff',
  '#13a8a8',
  '#722ed1',
  '#eb2f96',
  '#fa8c16',
  '#52c41a',
  '#2f54eb',
  '#fa541c',
] as const;
