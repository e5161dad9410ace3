import type { CSSProperties } from 'react';
import { theme } from 'antd';

/**
 * The theme's colours that app/global.css has no --parley-* variable for, as the custom
 * properties conversation-pane.module.css reads (internal notes in the warning tint, the
 * collision notice, the thread's dividers and bubbles), so they follow light and dark mode.
 */
export function usePaneColors(): CSSProperties {
  const { token } = theme.useToken();
  return {
    '--border-secondary': token.colorBorderSecondary,
    '--note-bg': token.colorWarningBg,
    '--note-border': token.colorWarningBorder,
    '--note-text': token.colorWarningText,
    '--warning-bg': token.colorWarningBg,
    '--warning-border': token.colorWarningBorder,
    '--warning-text': token.colorWarningText,
    '--outgoing-border': token.colorPrimaryBorder,
    '--bubble-shadow': token.boxShadowTertiary,
  } as CSSProperties;
}
