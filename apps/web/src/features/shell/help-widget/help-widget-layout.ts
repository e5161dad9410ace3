/** docs/product/limits.md: the help widget panel is 376px wide, up to 704px high (its padding included). */
export const PANEL_WIDTH = 376;
export const PANEL_MAX_HEIGHT = 704;
/** The floating buttons' column at the bottom right (shell-provider stacks them). */
export const FLOAT_RIGHT = 24;
export const FLOAT_SIZE = 40;
/** Between the floating buttons and what sits beside them. */
export const FLOAT_GAP = 16;
/** Beside the column of floating buttons, never over them. */
export const BESIDE_BUTTONS = FLOAT_RIGHT + FLOAT_SIZE + FLOAT_GAP;
/** The shell's top bar on a phone (antd Layout.Header at the theme's headerHeight). */
export const PHONE_TOP_BAR_HEIGHT = 56;
/** The least room left between the panel or a callout and the viewport's edges (a phone). */
export const VIEWPORT_MARGIN = 12;

/**
 * The panel and callouts sit just under antd's popup layer (zIndexPopupBase: modals, their
 * backdrops, drawers, dropdowns), not on it as a "very large" default would put them:
 * a modal always covers them.
 */
export const helpWidgetZIndex = (token: { zIndexPopupBase: number }) => token.zIndexPopupBase - 1;
