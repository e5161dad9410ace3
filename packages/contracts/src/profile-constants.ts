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

/**
 * The languages the agent app speaks; an agent picks one in Profile (null follows the browser).
 * Here, apart from the schemas, so the sign-in page can read them without the validator.
 */
export const UI_LOCALES = ['en', 'es', 'pt-BR', 'fr', 'de', 'hi', 'ar'] as const;

/**
 * The supported language nearest to a list of wanted ones (a browser's, or an Accept-Language
 * header's, best first): an exact match, else the same language in another region (pt-PT reads
 * pt-BR), else null.
 */
export function nearestUiLocale(wanted: readonly string[]): (typeof UI_LOCALES)[number] | null {
  for (const tag of wanted) {
    const exact = UI_LOCALES.find((locale) => locale.toLowerCase() === tag.toLowerCase());
    if (exact) return exact;
    const language = tag.split('-')[0]!.toLowerCase();
    const near = UI_LOCALES.find((locale) => locale.split('-')[0]!.toLowerCase() === language);
    if (near) return near;
  }
  return null;
}

/** Light, dark, or whatever the device is set to. */
export const THEME_PREFERENCES = ['light', 'dark', 'system'] as const;
