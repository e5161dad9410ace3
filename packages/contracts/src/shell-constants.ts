import type { WidgetPublicSettings } from './shell';

/** docs/product/limits.md: callback time slots (IST) and reasons, verbatim. */
export const CALLBACK_TIME_SLOTS = ['9am-12pm', '12pm-3pm', '3pm-6pm'] as const;
export const CALLBACK_REASONS = [
  'New WhatsApp API',
  'Porting existing WhatsApp API',
  'Pricing',
  'Support',
  'Others',
] as const;

/** Callback form messages (docs/product/validation.md), verbatim. */
export const CALLBACK_MESSAGES = {
  name: 'Please input your full name!',
  contactNumber: 'Please input your contact number!',
  email: 'Please input your email address!',
  bestTime: 'Please select type of query!',
  reason: 'Please select type of query!',
  attachmentsTooLarge:
    'Maximum attachment size limit of 18MB exceeded. Please remove some attachments.',
  stillUploading: 'Some attachments are still uploading',
  success: 'Our team has received your request. We will call you back to you at the earliest.',
  failure: 'Something went wrong, please try again!',
} as const;

export const CALLBACK_FORM_PATH = '/dashboardapi/widget/form/';

export const RELEASE_NOTES_PATH = '/dashboardapi/release-notes';

/** Schedule a demo: a real request for the operator, with the chosen slot. */
export const DEMO_REQUESTS_PATH = '/dashboardapi/demo-requests';

/** The help widget panel's configuration: the operator's live-chat widget page, if any. */
export const HELP_WIDGET_CONFIG_PATH = '/dashboardapi/shell/help-widget';
/** docs/product/data.md widget public settings. */
export const WIDGET_PUBLIC_SETTINGS_PATH = '/dashboardapi/widget/public_settings/';
export const WIDGET_THEME_DEFAULTS: WidgetPublicSettings['theme'] = {
  primary: '#3b5bdb',
  messageTheme: 'light',
  z_index: 2_147_483_000,
  cta: 'Chat with us',
};
