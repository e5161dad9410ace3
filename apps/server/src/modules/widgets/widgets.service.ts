import crypto from 'node:crypto';
import {
  WIDGET_CHAT_DEFAULTS,
  WIDGET_THEME_DEFAULTS,
  widgetChatSettingsSchema,
  widgetInstallationSnippet,
  widgetPublicSettings,
  type WidgetChatSettings,
  type WidgetPublicSettings,
  type WidgetSettings,
  type WidgetSettingsPatch,
} from '@parley/contracts';
import type { Deps } from '../../lib/deps';
import { badRequest, conflict, notFound } from '../../lib/errors';
import type { AgentContext } from '../../lib/http-types';
import { recordAudit } from '../audit-log/audit-log.service';
import { checkBusinessHours } from '../widget-chat/widget-chat.public';
import {
  findWidget,
  findWidgetByShop,
  listStores,
  saveWidget,
  setIdentitySecretIfMissing,
  type BrandRow,
  type WidgetRow,
} from './widgets.queries';

const themeFields = widgetPublicSettings.shape.theme.shape;
type Theme = WidgetPublicSettings['theme'];

/** The stored theme over the defaults, field by field: a value that no longer parses is dropped. */
function themeOf(stored: Record<string, unknown> | undefined): Theme {
  const theme: Theme = { ...WIDGET_THEME_DEFAULTS };
  for (const key of Object.keys(themeFields) as (keyof Theme)[]) {
    const parsed = themeFields[key].safeParse(stored?.[key]);
    if (parsed.success) (theme as Record<keyof Theme, unknown>)[key] = parsed.data;
  }
  return theme;
}

const chatFields = widgetChatSettingsSchema.shape;

/** The stored chat settings over WIDGET_CHAT_DEFAULTS, field by field (like the theme). */
export function chatOf(stored: Record<string, unknown> | undefined): WidgetChatSettings {
  const chat: WidgetChatSettings = structuredClone(WIDGET_CHAT_DEFAULTS);
  for (const key of Object.keys(chatFields) as (keyof WidgetChatSettings)[]) {
    const parsed = chatFields[key].safeParse(stored?.[key]);
    if (parsed.success) (chat as Record<keyof WidgetChatSettings, unknown>)[key] = parsed.data;
  }
  return chat;
}

/** What the schema cannot say: each form field once; the business hours' own checks. */
function checkChat(chat: WidgetChatSettings) {
  const keys = chat.pre_chat.fields.map((f) => f.key);
  if (new Set(keys).size !== keys.length)
    throw badRequest('Each pre-chat field can be asked only once.', {
      'chat.pre_chat.fields': 'A field is listed twice.',
    });
  checkBusinessHours(chat.business_hours, 'chat.business_hours');
}

/** A new identity secret: 32 random bytes, hex (what the store's server signs with). */
const newIdentitySecret = () => crypto.randomBytes(32).toString('hex');

/** docs/product/data.md widget public settings of a saved widget; a widget never saved is off. */
export function toPublicSettings(widget: WidgetRow | null): WidgetPublicSettings {
  return {
    basic_settings: { is_widget_enabled: widget?.isEnabled ?? false },
    theme: themeOf(widget?.theme),
  };
}

/** GET /dashboardapi/widget/public_settings/?myshopify_domain= (docs/product/api.md) (no authentication). */
export async function publicSettingsOfShop(deps: Deps, myshopifyDomain: string) {
  const row = await findWidgetByShop(deps.db, { myshopifyDomain: myshopifyDomain.toLowerCase() });
  if (!row) throw notFound('That store was not found.');
  return toPublicSettings(row.widget);
}

const storeSummary = (b: BrandRow) => ({
  id: b.id,
  name: b.name,
  myshopify_domain: b.myshopifyDomain,
});

/**
 * The store whose widget is edited: the one asked for (404 when it is not the account's), else
 * the first store with a Shopify domain (the only ones the widget can be installed on), else the
 * first store.
 */
async function pickStore(deps: Deps, accountId: number, brandId: number | undefined) {
  const stores = await listStores(deps.db, { accountId });
  const store =
    brandId === undefined
      ? (stores.find((s) => s.myshopifyDomain) ?? stores[0] ?? null)
      : stores.find((s) => s.id === brandId);
  if (store === undefined) throw notFound('That store was not found.');
  return { stores, store };
}

const canSeeSecret = (agent: Pick<AgentContext, 'permissionLevel'>) =>
  agent.permissionLevel === 'owner' || agent.permissionLevel === 'admin';

function toSettings(
  deps: Deps,
  agent: Pick<AgentContext, 'permissionLevel'>,
  stores: BrandRow[],
  store: BrandRow | null,
  widget: WidgetRow | null,
): WidgetSettings {
  return {
    ...toPublicSettings(widget),
    chat: chatOf(widget?.chat),
    // Owners and admins only: with it anyone could sign in as any of the store's customers.
    identity_secret:
      canSeeSecret(agent) && widget?.identitySecretEncrypted
        ? deps.secrets.open(widget.identitySecretEncrypted)
        : null,
    store: store ? storeSummary(store) : null,
    stores: stores.map(storeSummary),
    is_configured: widget !== null,
    installation_snippet: store?.myshopifyDomain
      ? widgetInstallationSnippet(deps.config.publicUrl, store.myshopifyDomain)
      : null,
  };
}

export async function getWidgetSettings(
  deps: Deps,
  agent: Pick<AgentContext, 'accountId' | 'permissionLevel'>,
  brandId: number | undefined,
): Promise<WidgetSettings> {
  const { accountId } = agent;
  const { stores, store } = await pickStore(deps, accountId, brandId);
  let widget = store ? await findWidget(deps.db, { accountId, brandId: store.id }) : null;
  // The identity secret is made the first time an owner or admin looks at a saved widget.
  if (widget && !widget.identitySecretEncrypted && canSeeSecret(agent)) {
    widget = await setIdentitySecretIfMissing(deps.db, {
      accountId,
      widgetId: widget.id,
      sealed: deps.secrets.seal(newIdentitySecret()),
    });
  }
  return toSettings(deps, agent, stores, store, widget);
}

/** Owners and admins change any subset of the settings; the rest keep their saved values. */
export async function updateWidgetSettings(
  deps: Deps,
  agent: Pick<AgentContext, 'accountId' | 'permissionLevel' | 'userId'>,
  brandId: number | undefined,
  patch: WidgetSettingsPatch,
): Promise<WidgetSettings> {
  const { accountId } = agent;
  const { stores, store } = await pickStore(deps, accountId, brandId);
  if (!store) {
    throw conflict(
      'This workspace has no store yet. The chat widget is set up per store: connect your store first.',
    );
  }
  const current = await findWidget(deps.db, { accountId, brandId: store.id });
  const before = toPublicSettings(current);
  const chat: WidgetChatSettings = { ...chatOf(current?.chat), ...patch.chat };
  checkChat(chat);
  const saved = await deps.db.transaction(async (tx) => {
    const row = await saveWidget(tx, {
      accountId,
      brandId: store.id,
      isEnabled: patch.basic_settings?.is_widget_enabled ?? before.basic_settings.is_widget_enabled,
      theme: { ...before.theme, ...patch.theme },
      chat,
      identitySecretEncrypted:
        patch.rotate_identity_secret || !current?.identitySecretEncrypted
          ? deps.secrets.seal(newIdentitySecret())
          : current.identitySecretEncrypted,
    });
    if (!row) throw notFound('That store was not found.');
    await recordAudit(tx, {
      accountId,
      userId: agent.userId,
      action: 'widget_settings_updated',
      details: { brand_id: store.id, name: store.name, fields: Object.keys(patch) },
    });
    return row;
  });
  return toSettings(deps, agent, stores, store, saved);
}
