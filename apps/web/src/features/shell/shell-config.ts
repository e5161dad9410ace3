import { productName, supportEmail } from '../../lib/product';

/**
 * Where the shell's modals and help menu point. The spec leaves these values open; a deployment
 * sets them at build time (Vite `VITE_*` variables), the defaults suit a local install. The
 * product name and support email are the server's, at run time (lib/product.ts).
 */
const env = import.meta.env as Record<string, string | undefined>;

export const PRODUCT_NAME = productName;
export const SUPPORT_EMAIL = supportEmail;
export const IOS_APP_URL =
  env['VITE_IOS_APP_URL'] || 'https://apps.apple.com/us/search?term=Parley%20help%20desk';
export const ANDROID_APP_URL =
  env['VITE_ANDROID_APP_URL'] ||
  'https://play.google.com/store/search?q=Parley%20help%20desk&c=apps';
/** docs/product/screens.md: the Help Center lives at /help-center/helpcenter. */
export const HELP_CENTER_URL = env['VITE_HELP_CENTER_URL'] || '/help-center/helpcenter';
/** The onboarding videos the operator publishes (ONBOARDING_VIDEOS), listed on /setup. */
export const ONBOARDING_VIDEOS_ROUTE = '/setup#onboarding-videos';

/** Route targets of the shell's actions (docs/product/screens.md). */
export const SHELL_ROUTES = {
  pricing: '/settings/pricing',
  dnsRecords: '/settings/dnsrecords',
  reconnectFacebook: '/settings/supportchannels/addchannel/fb',
  changePasswordSoon: '/settings/profile/changepassword?alert=expiry_shortly',
  home: '/',
} as const;
