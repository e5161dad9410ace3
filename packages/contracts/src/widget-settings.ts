import { z } from 'zod';
import { brandSummary } from './inbox';
import { widgetPublicSettings } from './shell';
import { widgetChatSettingsSchema } from './widget-chat';
import {
  WIDGET_Z_INDEX_MIN,
  WIDGET_Z_INDEX_MAX,
  WIDGET_CTA_MAX_LENGTH,
  WIDGET_SETTINGS_MESSAGES,
} from './widget-settings-constants';

/** #rgb or #rrggbb; stored and served as lowercase #rrggbb. */
export const widgetPrimaryColour = z
  .string({ error: WIDGET_SETTINGS_MESSAGES.primary })
  .trim()
  .regex(/^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i, WIDGET_SETTINGS_MESSAGES.primary)
  .transform((hex) => {
    const digits = hex.slice(1).toLowerCase();
    return `#${digits.length === 3 ? [...digits].map((d) => d + d).join('') : digits}`;
  });

const zIndex = z
  .number({ error: WIDGET_SETTINGS_MESSAGES.zIndex })
  .int(WIDGET_SETTINGS_MESSAGES.zIndex)
  .min(WIDGET_Z_INDEX_MIN, WIDGET_SETTINGS_MESSAGES.zIndex)
  .max(WIDGET_Z_INDEX_MAX, WIDGET_SETTINGS_MESSAGES.zIndex);

const cta = z
  .string({ error: WIDGET_SETTINGS_MESSAGES.ctaEmpty })
  .trim()
  .min(1, WIDGET_SETTINGS_MESSAGES.ctaEmpty)
  .max(WIDGET_CTA_MAX_LENGTH, WIDGET_SETTINGS_MESSAGES.ctaTooLong);

/** PATCH body: the public settings' shape, any subset of its fields; unknown fields are refused. */
export const widgetSettingsPatch = z
  .strictObject({
    basic_settings: z
      .strictObject({
        is_widget_enabled: z.boolean({ error: WIDGET_SETTINGS_MESSAGES.enabled }),
      })
      .partial()
      .optional(),
    theme: z
      .strictObject({
        primary: widgetPrimaryColour,
        messageTheme: z.enum(['dark', 'light'], { error: WIDGET_SETTINGS_MESSAGES.messageTheme }),
        z_index: zIndex,
        cta,
      })
      .partial()
      .optional(),
    /** The chat app's greeting, pre-chat form, business hours and away message. */
    chat: widgetChatSettingsSchema.partial().optional(),
    /** true: replace the identity-verification secret (identify() hashes signed with the old one stop working). */
    rotate_identity_secret: z.literal(true).optional(),
  })
  .refine(
    (body) =>
      Object.keys(body.basic_settings ?? {}).length +
        Object.keys(body.theme ?? {}).length +
        Object.keys(body.chat ?? {}).length +
        (body.rotate_identity_secret ? 1 : 0) >
      0,
    WIDGET_SETTINGS_MESSAGES.nothing,
  );
export type WidgetSettingsPatch = z.infer<typeof widgetSettingsPatch>;
export type WidgetSettingsPatchInput = z.input<typeof widgetSettingsPatch>;

export const widgetSettingsQuery = z.object({
  brand_id: z.coerce.number().int().positive().max(2_147_483_647).optional(),
});

/** GET/PATCH answer: the store's settings exactly as public_settings serves them, and more. */
export const widgetSettingsResponse = widgetPublicSettings.extend({
  /** The store the settings belong to; null when the workspace has no store yet. */
  store: brandSummary.nullable(),
  /** Every store of the workspace, to switch between them. */
  stores: z.array(brandSummary),
  /** False until someone saves the settings: public_settings then answers the widget is off. */
  is_configured: z.boolean(),
  /** The tag to paste before </body> of the store; null when the store has no Shopify domain. */
  installation_snippet: z.string().nullable(),
  /** The chat app's settings (defaults: WIDGET_CHAT_DEFAULTS). */
  chat: widgetChatSettingsSchema,
  /**
   * The secret a store signs identify() with: hex HMAC-SHA256(secret, customer id). Shown to owners
   * and admins only (null for agents); null too while the store has no widget yet.
   */
  identity_secret: z.string().nullable(),
});
export type WidgetSettings = z.infer<typeof widgetSettingsResponse>;
