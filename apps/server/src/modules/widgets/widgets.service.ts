import {
  WIDGET_THEME_DEFAULTS,
  widgetInstallationSnippet,
  widgetPublicSettings,
  type WidgetPublicSettings,
  type WidgetSettings,
  type WidgetSettingsPatch,
} from '@parley/contracts';
import type { Deps } from '../../lib/deps';
import { conflict, notFound } from '../../lib/errors';
import {
  findWidget,
  findWidgetByShop,
  listStores,
  saveWidget,
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

/** Spec §3 widget public settings of a saved widget; a widget never saved is off. */
export function toPublicSettings(widget: WidgetRow | null): WidgetPublicSettings {
  return {
    basic_settings: { is_widget_enabled: widget?.isEnabled ?? false },
    theme: themeOf(widget?.theme),
  };
}

/** Spec §7 GET /dashboardapi/widget/public_settings/?myshopify_domain= (no authentication). */
export async function publicSettingsOfShop(deps: Deps, myshopifyDomain: string) {
  const row = await findWidgetByShop(deps.db, { myshopifyDomain: myshopifyDomain.toLowerCase() });
  if (!row) throw notFound('That store');
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
  if (store === undefined) throw notFound('That store');
  return { stores, store };
}

function toSettings(
  deps: Deps,
  stores: BrandRow[],
  store: BrandRow | null,
  widget: WidgetRow | null,
): WidgetSettings {
  return {
    ...toPublicSettings(widget),
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
  accountId: number,
  brandId: number | undefined,
): Promise<WidgetSettings> {
  const { stores, store } = await pickStore(deps, accountId, brandId);
  const widget = store ? await findWidget(deps.db, { accountId, brandId: store.id }) : null;
  return toSettings(deps, stores, store, widget);
}

/** Owners and admins change any subset of the settings; the rest keep their saved values. */
export async function updateWidgetSettings(
  deps: Deps,
  accountId: number,
  brandId: number | undefined,
  patch: WidgetSettingsPatch,
): Promise<WidgetSettings> {
  const { stores, store } = await pickStore(deps, accountId, brandId);
  if (!store) {
    throw conflict(
      'This workspace has no store yet. The chat widget is set up per store: connect your store first.',
    );
  }
  const current = await findWidget(deps.db, { accountId, brandId: store.id });
  const before = toPublicSettings(current);
  const saved = await saveWidget(deps.db, {
    accountId,
    brandId: store.id,
    isEnabled: patch.basic_settings?.is_widget_enabled ?? before.basic_settings.is_widget_enabled,
    theme: { ...before.theme, ...patch.theme },
  });
  if (!saved) throw notFound('That store');
  return toSettings(deps, stores, store, saved);
}
