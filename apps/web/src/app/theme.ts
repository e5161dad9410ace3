import type { ThemeConfig } from 'antd';

export const BRAND_COLOR = '#2f5bea';

const FONT_STACK =
  "Inter, -apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif";

/** A calm, roomy look: one blue, soft greys, rounded corners. */
export const appTheme: ThemeConfig = {
  token: {
    colorPrimary: BRAND_COLOR,
    colorInfo: BRAND_COLOR,
    colorBgLayout: '#f5f6f8',
    colorBorderSecondary: '#eceef2',
    colorText: '#1f2430',
    colorTextSecondary: '#5b6170',
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
  },
};
