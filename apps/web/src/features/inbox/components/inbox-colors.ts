import type { CSSProperties } from 'react';
import { theme } from 'antd';

/**
 * The inbox's colours that app/global.css has no `--parley-*` variable for (fills, the light
 * divider, the priority chips), taken from the antd theme so dark mode has them too. Set on the
 * element that holds the inbox (and on sheets drawn outside it); inbox.module.css reads them.
 */
export function useInboxColors(): CSSProperties {
  const { token } = theme.useToken();
  return {
    '--inbox-divider': token.colorBorderSecondary,
    '--inbox-surface-alt': token.colorFillAlter,
    '--inbox-hover': token.colorFillTertiary,
    '--inbox-hover-soft': token.colorFillQuaternary,
    '--inbox-pressed': token.colorFillSecondary,
    '--inbox-chip': token.colorFillSecondary,
    '--inbox-skeleton': token.colorFillTertiary,
    '--inbox-skeleton-shine': token.colorFillSecondary,
    '--inbox-medium-bg': token.colorWarningBg,
    '--inbox-medium-text': token.colorWarningText,
    '--inbox-high-bg': token.orange1,
    '--inbox-high-text': token.orange7,
    '--inbox-urgent-bg': token.colorErrorBg,
    '--inbox-urgent-text': token.colorErrorText,
  } as CSSProperties;
}
