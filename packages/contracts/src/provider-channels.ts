import { z } from 'zod';
import { schemaText } from './errors';
import { supportChannelSummary } from './inbox';
import { widgetChatSettingsSchema } from './widget-chat';

/**
 * Support channels connected through a provider: what the settings page sends to
 * create one (POST /dashboardapi/supportchannel, a union discriminated on `type`), to change one
 * (PATCH) and to test its credentials; and what it shows back (callback URLs, health).
 */

const channelName = z.string().trim().min(1, 'Give the channel a name.').max(120);
const brandId = z.number().int().positive().nullable().optional();

/** Twilio's ids: AC + 32 hex (account), MG + 32 hex (messaging service). */
export const twilioAccountSid = z
  .string()
  .trim()
  .regex(/^AC[0-9a-fA-F]{32}$/, 'An Account SID starts with AC followed by 32 hex characters.');
export const twilioAuthToken = z
  .string()
  .trim()
  .regex(/^[0-9a-zA-Z]{16,64}$/, 'The Auth Token is the 32-character secret next to the SID.');
const messagingServiceSid = z
  .string()
  .trim()
  .regex(
    /^MG[0-9a-fA-F]{32}$/,
    'A Messaging Service SID starts with MG followed by 32 hex characters.',
  );
/** E.164: + and 8 to 15 digits. */
export const e164Phone = z
  .string()
  .trim()
  .regex(/^\+[1-9]\d{7,14}$/, 'Write the number in international form, like +14155550100.');

export const smsChannelCreateBody = z.strictObject({
  type: z.literal('sms'),
  name: channelName,
  brand_id: brandId,
  account_sid: twilioAccountSid,
  auth_token: twilioAuthToken,
  /** The Twilio number replies are sent from, and that customers text. */
  phone_number: e164Phone,
  /** Optional: send through a Messaging Service instead of the number alone. */
  messaging_service_sid: messagingServiceSid.nullable().optional(),
});

/**
 * Calls through Twilio Voice (`call`): the number customers call, what Parley answers (greeting,
 * business hours), where the call rings (forwarded to a phone) and when voicemail takes over.
 */
export const callChannelSettingsFields = {
  greeting: z
    .string()
    .trim()
    .min(1, 'Write what callers hear first.')
    .max(500, 'Keep the greeting under 500 characters.'),
  /** The phone Parley forwards calls to; without one, callers go straight to voicemail. */
  forward_to: e164Phone.nullable(),
  /** Seconds the forwarded call rings before voicemail takes over (Twilio Dial timeout). */
  ring_seconds: z
    .number()
    .int()
    .min(5, 'Ring at least 5 seconds.')
    .max(120, 'Ring at most 120 seconds.'),
  /** The longest voicemail, in seconds (Twilio Record maxLength). */
  voicemail_max_seconds: z
    .number()
    .int()
    .min(10, 'Allow at least 10 seconds of voicemail.')
    .max(600, 'Allow at most 10 minutes of voicemail.'),
  /** Outside these hours callers hear the closed message and may leave a voicemail; null = always open. */
  business_hours: widgetChatSettingsSchema.shape.business_hours,
  closed_message: z.string().trim().max(500).nullable(),
};
export const CALL_CHANNEL_DEFAULTS = {
  greeting: 'Thank you for calling. Please hold while we connect you.',
  forward_to: null,
  ring_seconds: 20,
  voicemail_max_seconds: 120,
  business_hours: null,
  closed_message: null,
} as const;

export const callChannelCreateBody = z.strictObject({
  type: z.literal('call'),
  name: channelName,
  brand_id: brandId,
  account_sid: twilioAccountSid,
  auth_token: twilioAuthToken,
  /** The Twilio number customers call and callbacks come from. */
  phone_number: e164Phone,
  greeting: callChannelSettingsFields.greeting.default(CALL_CHANNEL_DEFAULTS.greeting),
  forward_to: callChannelSettingsFields.forward_to.optional(),
  ring_seconds: callChannelSettingsFields.ring_seconds.default(CALL_CHANNEL_DEFAULTS.ring_seconds),
  voicemail_max_seconds: callChannelSettingsFields.voicemail_max_seconds.default(
    CALL_CHANNEL_DEFAULTS.voicemail_max_seconds,
  ),
  business_hours: callChannelSettingsFields.business_hours.optional(),
  closed_message: callChannelSettingsFields.closed_message.optional(),
});
export type CallChannelCreateBody = z.infer<typeof callChannelCreateBody>;
/** What a client sends: the answering settings may be left out for their defaults. */
export type CallChannelCreateInput = z.input<typeof callChannelCreateBody>;

export const gupshupChannelCreateBody = z.strictObject({
  type: z.literal('whatsapp_gupshup_isv'),
  provider: z.literal('gupshup').optional(),
  name: channelName,
  brand_id: brandId,
  /** The Gupshup app name (src.name). */
  app_name: z
    .string()
    .trim()
    .min(1, 'Enter the Gupshup app name.')
    .max(100)
    .regex(/^[\w.-]+$/, 'The app name has letters, digits, _ . - only.'),
  api_key: z.string().trim().min(8, 'Enter the API key of the Gupshup app.').max(200),
  /** The WhatsApp business number (source), digits with country code. */
  source_number: z
    .string()
    .trim()
    .regex(/^\+?[1-9]\d{7,14}$/, 'Write the number with its country code, like 919876543210.')
    .transform((v) => v.replace(/^\+/, '')),
});

/**
 * The same `whatsapp_gupshup_isv` channel through Meta's WhatsApp Cloud API:
 * the number's phone_number_id (routes Meta's webhook), its WhatsApp Business account id
 * (templates) and a permanent (system user) access token, sealed at rest.
 */
const graphNumericId = (message: string) =>
  z
    .string()
    .trim()
    .regex(/^\d{5,30}$/, message);
export const whatsappCloudChannelCreateBody = z.strictObject({
  type: z.literal('whatsapp_gupshup_isv'),
  provider: z.literal('cloud_api'),
  name: channelName,
  brand_id: brandId,
  phone_number_id: graphNumericId(
    schemaText('The phone number ID is the number shown in WhatsApp Manager → API setup.'),
  ),
  business_account_id: graphNumericId(
    schemaText(
      'The WhatsApp Business account ID is the number shown in WhatsApp Manager → API setup.',
    ),
  ),
  access_token: z
    .string()
    .trim()
    .regex(/^[\w.|-]{20,1000}$/, 'Paste the whole permanent access token (it starts with EAA).'),
});
export type WhatsappCloudChannelCreateBody = z.infer<typeof whatsappCloudChannelCreateBody>;

/** An approved WhatsApp template of the conversation's number, its variables {{1}}..{{n}}. */
export const whatsappTemplate = z.object({
  id: z.string(),
  name: z.string(),
  language: z.string().nullable(),
  category: z.string().nullable(),
  body: z.string(),
  variable_count: z.number().int().min(0),
});
export type WhatsappTemplate = z.infer<typeof whatsappTemplate>;

/** GET /dashboardapi/conversations/{id}/whatsapp/templates. */
export const whatsappTemplatesResponse = z.object({
  templates: z.array(whatsappTemplate),
  /** WhatsApp's 24-hour customer service window: free-form replies only while it is open. */
  window_open: z.boolean(),
  window_closes_at: z.string().nullable(),
});
export type WhatsappTemplatesResponse = z.infer<typeof whatsappTemplatesResponse>;

/** POST /dashboardapi/conversations/{id}/whatsapp/template: the values of {{1}}..{{n}} in order. */
export const whatsappTemplateSendBody = z.strictObject({
  template_id: z.string().trim().min(1, 'Choose a template.').max(300),
  params: z
    .array(z.string().trim().min(1, 'Fill in every variable of the template.').max(1024))
    .max(20)
    .default([]),
});
export type WhatsappTemplateSendBody = z.infer<typeof whatsappTemplateSendBody>;

/** Meta's channel types: Messenger + page comments, Instagram comments, Instagram DMs. */
export const META_CHANNEL_TYPES = ['facebook', 'instagram', 'instagram_dm'] as const;
export type MetaChannelType = (typeof META_CHANNEL_TYPES)[number];

/** A Page access token (the OAuth dialog's result, pasted): long, no spaces. */
export const pageAccessToken = z
  .string()
  .trim()
  .regex(/^[\w.|-]{20,1000}$/, 'Paste the whole Page access token (it starts with EAA).');

const metaCreate = <T extends MetaChannelType>(type: T) =>
  z.strictObject({
    type: z.literal(type),
    name: channelName,
    brand_id: brandId,
    page_access_token: pageAccessToken,
  });
export const metaChannelCreateBodies = [
  metaCreate('facebook'),
  metaCreate('instagram'),
  metaCreate('instagram_dm'),
] as const;
export type MetaChannelCreateBody = z.infer<(typeof metaChannelCreateBodies)[number]>;

/** Reconnecting a Meta channel: a new token of the same page (clears needs_reauthorization). */
const metaPatch = <T extends MetaChannelType>(type: T) =>
  z.strictObject({ type: z.literal(type), page_access_token: pageAccessToken });

/**
 * GET /dashboardapi/meta/conversations/{id}/comment-thread: whether a conversation answers a
 * Facebook / Instagram comment (the composer then offers a public or a private reply).
 */
export const commentThreadResponse = z.object({
  comment_thread: z.object({ comment_id: z.string(), post_id: z.string().nullable() }).nullable(),
});
export type CommentThreadResponse = z.infer<typeof commentThreadResponse>;

export const apiChannelCreateBody = z.strictObject({
  type: z.literal('api'),
  name: channelName,
  webhook_url: z.url().max(2000).nullable().optional(),
  brand_id: brandId,
});

export const supportChannelCreateBody = z.discriminatedUnion('type', [
  apiChannelCreateBody,
  smsChannelCreateBody,
  callChannelCreateBody,
  // One channel type, two providers: Gupshup (`provider` omitted) or the Cloud API.
  z.discriminatedUnion('provider', [gupshupChannelCreateBody, whatsappCloudChannelCreateBody]),
  ...metaChannelCreateBodies,
]);
export type SupportChannelCreateBody = z.infer<typeof supportChannelCreateBody>;
export type SmsChannelCreateBody = z.infer<typeof smsChannelCreateBody>;
export type GupshupChannelCreateBody = z.infer<typeof gupshupChannelCreateBody>;

/** New credentials for a provider channel (PATCH); omitted fields keep their value. */
export const providerSettingsPatch = z.discriminatedUnion('type', [
  z.strictObject({
    type: z.literal('sms'),
    account_sid: twilioAccountSid.optional(),
    auth_token: twilioAuthToken.optional(),
    phone_number: e164Phone.optional(),
    messaging_service_sid: messagingServiceSid.nullable().optional(),
  }),
  z.strictObject({
    type: z.literal('call'),
    account_sid: twilioAccountSid.optional(),
    auth_token: twilioAuthToken.optional(),
    phone_number: e164Phone.optional(),
    greeting: callChannelSettingsFields.greeting.optional(),
    forward_to: callChannelSettingsFields.forward_to.optional(),
    ring_seconds: callChannelSettingsFields.ring_seconds.optional(),
    voicemail_max_seconds: callChannelSettingsFields.voicemail_max_seconds.optional(),
    business_hours: callChannelSettingsFields.business_hours.optional(),
    closed_message: callChannelSettingsFields.closed_message.optional(),
  }),
  z.strictObject({
    type: z.literal('whatsapp_gupshup_isv'),
    app_name: gupshupChannelCreateBody.shape.app_name.optional(),
    api_key: gupshupChannelCreateBody.shape.api_key.optional(),
    source_number: gupshupChannelCreateBody.shape.source_number.optional(),
    /** Cloud API channels: a new permanent access token (clears needs_reauthorization). */
    access_token: whatsappCloudChannelCreateBody.shape.access_token.optional(),
  }),
  metaPatch('facebook'),
  metaPatch('instagram'),
  metaPatch('instagram_dm'),
]);
export type ProviderSettingsPatch = z.infer<typeof providerSettingsPatch>;

/**
 * GET /dashboardapi/supportchannel/settings?id=: what a provider channel's edit form loads — its
 * settings as saved, never a credential (auth token, API key, access token, callback secret).
 */
export const callChannelSettings = z.object({
  kind: z.literal('call'),
  account_sid: z.string(),
  phone_number: z.string(),
  greeting: z.string(),
  forward_to: z.string().nullable(),
  ring_seconds: z.number().int(),
  voicemail_max_seconds: z.number().int(),
  business_hours: widgetChatSettingsSchema.shape.business_hours,
  closed_message: z.string().nullable(),
});
export type CallChannelSettings = z.infer<typeof callChannelSettings>;

export const gupshupChannelSettings = z.object({
  kind: z.literal('gupshup'),
  app_name: z.string(),
  source_number: z.string(),
});
export type GupshupChannelSettings = z.infer<typeof gupshupChannelSettings>;

export const whatsappCloudChannelSettings = z.object({
  kind: z.literal('cloud_api'),
  phone_number_id: z.string(),
  business_account_id: z.string(),
  display_phone_number: z.string(),
  verified_name: z.string(),
});
export type WhatsappCloudChannelSettings = z.infer<typeof whatsappCloudChannelSettings>;

export const providerChannelSettings = z.discriminatedUnion('kind', [
  callChannelSettings,
  gupshupChannelSettings,
  whatsappCloudChannelSettings,
]);
export type ProviderChannelSettings = z.infer<typeof providerChannelSettings>;

export const providerChannelSettingsResponse = supportChannelSummary.extend({
  settings: providerChannelSettings,
});
export type ProviderChannelSettingsResponse = z.infer<typeof providerChannelSettingsResponse>;

/** Test a saved channel (`id`) or credentials before saving them. */
export const connectionTestBody = z.union([
  z.strictObject({ id: z.number().int().positive().max(2_147_483_647) }),
  z.strictObject({
    type: z.literal('sms'),
    account_sid: twilioAccountSid,
    auth_token: twilioAuthToken,
  }),
  z.strictObject({
    type: z.literal('call'),
    account_sid: twilioAccountSid,
    auth_token: twilioAuthToken,
  }),
  z.strictObject({
    type: z.literal('whatsapp_gupshup_isv'),
    app_name: gupshupChannelCreateBody.shape.app_name,
    api_key: gupshupChannelCreateBody.shape.api_key,
  }),
  whatsappCloudChannelCreateBody.pick({
    type: true,
    provider: true,
    phone_number_id: true,
    access_token: true,
  }),
  z.strictObject({ type: z.enum(META_CHANNEL_TYPES), page_access_token: pageAccessToken }),
]);
export type ConnectionTestBody = z.infer<typeof connectionTestBody>;

/** The provider's answer in words: "Twilio refused the credentials: Authenticate (error 20003)". */
export const connectionTestResult = z.object({ ok: z.boolean(), message: z.string() });
export type ConnectionTestResult = z.infer<typeof connectionTestResult>;

/** A URL to paste into the provider's console, with what it is for. */
export const callbackUrl = z.object({ label: z.string(), url: z.string() });
export type CallbackUrl = z.infer<typeof callbackUrl>;

/**
 * POST /dashboardapi/gupshup/channels/{id}/rotate-callback-secret: the Gupshup channel's new
 * callback URL (a new secret), shown once; the old URL is refused from then on.
 */
export const gupshupCallbackRotation = z.object({ callback_url: callbackUrl });
export type GupshupCallbackRotation = z.infer<typeof gupshupCallbackRotation>;

/** What the settings page shows of a channel beyond its summary. */
export const channelListExtras = z.object({
  webhook_url: z.string().nullable(),
  /** The channel's public settings in words (number, account), null when there are none. */
  details: z.string().nullable(),
  /** Callback URLs without secrets; a secret-bearing one is shown once, at creation. */
  callback_urls: z.array(callbackUrl),
  last_inbound_at: z.string().nullable(),
  last_error: z.string().nullable(),
  last_error_at: z.string().nullable(),
});
