import { z } from 'zod';
import { CALLBACK_TIME_SLOTS, CALLBACK_REASONS, CALLBACK_MESSAGES } from './shell-constants';

const required = (message: string) => z.string({ error: message }).trim().min(1, message);

/** docs/product/data.md callback request body. */
export const callbackRequestBody = z.strictObject({
  customer_name: required(CALLBACK_MESSAGES.name).pipe(z.string().max(200)),
  contact_number: required(CALLBACK_MESSAGES.contactNumber).pipe(
    z
      .string()
      .max(40)
      .regex(/^\+?[\d\s().-]{6,}$/, 'Enter the number with its country code.'),
  ),
  email_address: required(CALLBACK_MESSAGES.email).pipe(
    z.email('Enter a valid email address.').max(254),
  ),
  best_time_to_call: z.enum(CALLBACK_TIME_SLOTS, { error: CALLBACK_MESSAGES.bestTime }),
  query_type: z.enum(CALLBACK_REASONS, { error: CALLBACK_MESSAGES.reason }),
  message: z.string().trim().max(5000).nullish(),
  myshopify_domain: z.string().trim().max(255).nullish(),
  attachments: z.array(z.number().int().positive()).max(20).default([]),
  submission_url: z.string().trim().max(2000).nullish(),
  is_created_from_dc_app: z.boolean().default(true),
});
export type CallbackRequestBody = z.infer<typeof callbackRequestBody>;

export const callbackRequestResponse = z.object({
  id: z.number().int(),
  message: z.string(),
});

/** Release notes (modal: docs/product/screens.md), served by the server. */
export const releaseNoteSchema = z.object({
  id: z.number().int(),
  released_on: z.string(),
  title: z.string(),
  body: z.string(),
  tag: z.enum(['new', 'improved', 'fixed']),
});
export type ReleaseNote = z.infer<typeof releaseNoteSchema>;
export const demoRequestBody = z.strictObject({
  slot: z.iso.datetime({ offset: true, error: 'Choose a day and time for the demo.' }),
  timezone: z.string().trim().min(1).max(64),
  phone: z.string().trim().max(40).nullish(),
  notes: z.string().trim().max(2000).nullish(),
});
export type DemoRequestBody = z.infer<typeof demoRequestBody>;
export const demoRequestResponse = z.object({
  id: z.number().int(),
  slot: z.string(),
  timezone: z.string(),
  status: z.enum(['requested', 'confirmed', 'done', 'cancelled']),
});

export const widgetPublicSettings = z.object({
  basic_settings: z.object({ is_widget_enabled: z.boolean() }),
  theme: z.object({
    primary: z.string(),
    messageTheme: z.enum(['dark', 'light']),
    z_index: z.number().int(),
    cta: z.string(),
  }),
});
export type WidgetPublicSettings = z.infer<typeof widgetPublicSettings>;

export const helpWidgetConfigResponse = z.object({
  /** The operator's live-chat widget page, or null when none is configured (menu only). */
  frame_url: z.string().nullable(),
});
export type HelpWidgetConfig = z.infer<typeof helpWidgetConfigResponse>;
