import { theme, type ThemeConfig } from 'antd';

export const BRAND_COLOR = '#2f5bea';

const FONT_STACK =
  "Inter, -apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif";

/**
 * Grey text that still reads: at least 4.5:1 (WCAG AA) on white, on the layout grey and on the
 * selected menu item's tint. antd's defaults (black at 45% and 25%) give 3.4:1 and 1.8:1.
 */
export const TEXT_TERTIARY = '#646a79';
export const TEXT_PLACEHOLDER = '#6b7180';

/**
 * Status colours dark enough to be read as text: antd's success green, error red and the
 * preset tags' text shade (its 7th) give 2.2–3.4:1 on white or on their own light tint. These
 * reach 4.5:1 on both (WCAG AA).
 */
export const READABLE_STATUS_COLORS = {
  colorSuccess: '#237804',
  colorError: '#cf1322',
  colorWarning: '#a15c00',
  // antd derives the tints from the seed; from these dark seeds it would pick a muddy grey.
  colorSuccessBg: '#f6ffed',
  colorWarningBg: '#fffbe6',
  colorErrorBg: '#fff1f0',
} as const;
export const READABLE_PRESET_TEXT = {
  red7: '#a8071a',
  volcano7: '#ad2102',
  orange7: '#873800',
  gold7: '#874d00',
  yellow7: '#7a6400',
  lime7: '#3f6600',
  green7: '#135200',
  cyan7: '#00474f',
  blue7: '#003eb3',
  geekblue7: '#10239e',
  purple7: '#391085',
  magenta7: '#9e1068',
} as const;

/** A calm, roomy look: one blue, soft greys, rounded corners. */
export const appTheme: ThemeConfig = {
  token: {
    colorPrimary: BRAND_COLOR,
    colorInfo: BRAND_COLOR,
    colorBgLayout: '#f5f6f8',
    colorBorderSecondary: '#eceef2',
    colorText: '#1f2430',
    colorTextSecondary: '#5b6170',
    // Descriptions, captions, statistic titles, help text (antd derives them from tertiary).
    colorTextTertiary: TEXT_TERTIARY,
    colorTextDescription: TEXT_TERTIARY,
    colorTextPlaceholder: TEXT_PLACEHOLDER,
    ...READABLE_STATUS_COLORS,
    ...READABLE_PRESET_TEXT,
    borderRadius: 8,
    fontFamily: FONT_STACK,
    fontSize: 14,
    controlHeight: 36,
  },
  components: {
    Layout: {
      siderBg: '#ffffff',
      headerBg: '#ffffff',
      headerHeight: 56,
      headerPadding: '0 24px',
      bodyBg: '#f5f6f8',
    },
    Menu: {
      itemBorderRadius: 8,
      iconSize: 16,
      itemMarginInline: 8,
      itemSelectedBg: '#eef2fe',
      itemSelectedColor: BRAND_COLOR,
      activeBarBorderWidth: 0,
    },
    Card: { headerFontSize: 15 },
    // An empty table's "No data" is text to read, not a disabled control.
    Table: { colorTextDisabled: TEXT_PLACEHOLDER },
    // WCAG 2.2 target size: a switch at least 24 px tall (antd's is 22).
    Switch: { trackHeight: 24, handleSize: 20, trackMinWidth: 46 },
  },
};

/**
 * The dark look: antd's dark algorithm over the same shapes, with our own greys and text colours
 * so that every text colour still reads at 4.5:1 (WCAG AA) on the dark surfaces.
 */
export const DARK_SURFACES = {
  colorBgLayout: '#12151c',
  colorBgContainer: '#1b1f28',
  colorBgElevated: '#232834',
} as const;
export const DARK_TEXT = {
  colorText: '#e7e9ee',
  colorTextSecondary: '#b6bbc7',
  colorTextTertiary: '#9ca2b0',
  colorTextDescription: '#9ca2b0',
  colorTextPlaceholder: '#959baa',
  // Links and selected items in the brand's blue, lightened to read on dark.
  colorLink: '#8fa9ff',
} as const;
export const DARK_STATUS_COLORS = {
  colorSuccess: '#73d13d',
  colorError: '#ff7875',
  colorWarning: '#ffc53d',
  colorSuccessBg: '#17260f',
  colorWarningBg: '#2b2111',
  colorErrorBg: '#2c1416',
} as const;
/** A tag's text on its dark tint: antd's 4th shade of each preset reads there. */
export const DARK_PRESET_TEXT = {
  red7: '#ff7875',
  volcano7: '#ff9c6e',
  orange7: '#ffc069',
  gold7: '#ffd666',
  yellow7: '#fff566',
  lime7: '#d3f261',
  green7: '#95de64',
  cyan7: '#5cdbd3',
  blue7: '#69b1ff',
  geekblue7: '#85a5ff',
  purple7: '#b37feb',
  magenta7: '#ff85c0',
} as const;

export const darkAppTheme: ThemeConfig = {
  algorithm: theme.darkAlgorithm,
  token: {
    ...appTheme.token,
    ...DARK_SURFACES,
    ...DARK_TEXT,
    ...DARK_STATUS_COLORS,
    ...DARK_PRESET_TEXT,
    colorBorderSecondary: '#2c3240',
  },
  components: {
    ...appTheme.components,
    Layout: {
      ...appTheme.components?.Layout,
      siderBg: DARK_SURFACES.colorBgContainer,
      headerBg: DARK_SURFACES.colorBgContainer,
      bodyBg: DARK_SURFACES.colorBgLayout,
    },
    Menu: {
      ...appTheme.components?.Menu,
      itemSelectedBg: '#24305a',
      itemSelectedColor: DARK_TEXT.colorLink,
    },
    Table: { colorTextDisabled: DARK_TEXT.colorTextPlaceholder },
    // The selected tab's text in the lightened blue: the primary reads at 2.4:1 on dark.
    Tabs: {
      itemSelectedColor: DARK_TEXT.colorLink,
      itemHoverColor: DARK_TEXT.colorLink,
      itemActiveColor: DARK_TEXT.colorLink,
      inkBarColor: DARK_TEXT.colorLink,
    },
  },
};

export type ResolvedTheme = 'light' | 'dark';

export const themeFor = (resolved: ResolvedTheme): ThemeConfig =>
  resolved === 'dark' ? darkAppTheme : appTheme;
