/**
 * The live-chat widget's settings page (/settings/widgets and /settings/widgets/shopify/edit/):
 * the data the widget public settings serve, edited by owners and admins.
 */
export const WIDGET_SETTINGS_PATH = '/dashboardapi/widget/settings';

/** Where the widget's loader script is served; the installation snippet points at it. */
export const WIDGET_LOADER_PATH = '/widget/loader.js';

/** The highest z-index browsers honour (a signed 32-bit integer). */
export const WIDGET_Z_INDEX_MIN = 1;
export const WIDGET_Z_INDEX_MAX = 2_147_483_647;
export const WIDGET_CTA_MAX_LENGTH = 40;

export const WIDGET_SETTINGS_MESSAGES = {
  primary: 'Choose the primary colour as a hex code, such as #3b5bdb.',
  messageTheme: 'Choose the dark or the light theme.',
  zIndex: `The z-index must be a whole number from ${WIDGET_Z_INDEX_MIN} to ${WIDGET_Z_INDEX_MAX}.`,
  ctaEmpty: 'Enter the text of the call-to-action button.',
  ctaTooLong: `Keep the call-to-action to ${WIDGET_CTA_MAX_LENGTH} characters or fewer.`,
  enabled: 'Say whether the widget is on (true) or off (false).',
  nothing: 'Send at least one setting to change.',
} as const;

/** The one snippet a store pastes into its pages: the loader, told which store it is on. */
export function widgetInstallationSnippet(publicUrl: string, myshopifyDomain: string): string {
  const src = `${publicUrl.replace(/\/+$/, '')}${WIDGET_LOADER_PATH}`;
  const attr = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;');
  return `<script async src="${attr(src)}" data-myshopify-domain="${attr(myshopifyDomain)}"></script>`;
}
