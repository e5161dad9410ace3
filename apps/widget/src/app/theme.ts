import type { WidgetPublicSettings } from '@parley/contracts';

/**
 * The store's light or dark theme, or — when the store leaves it to the visitor (the chat
 * settings' `follow_visitor_theme`) — the visitor's device's, followed as it changes. Answers the
 * clean-up.
 */
export function followTheme(
  root: HTMLElement,
  theme: WidgetPublicSettings['theme'] | undefined,
  followVisitor: boolean,
): () => void {
  const device =
    followVisitor && typeof matchMedia === 'function'
      ? matchMedia('(prefers-color-scheme: dark)')
      : null;
  const apply = () => {
    root.dataset['theme'] = device
      ? device.matches
        ? 'dark'
        : 'light'
      : (theme?.messageTheme ?? 'light');
  };
  apply();
  device?.addEventListener('change', apply);
  return () => device?.removeEventListener('change', apply);
}
