import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Alert, Card, Spin, theme, Typography } from 'antd';
import { msg, t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import {
  WIDGET_LOADER_PATH,
  WIDGET_PUBLIC_SETTINGS_PATH,
  type WidgetPublicSettings,
} from '@parley/contracts';
import { asErrorPayload, genericErrorMessage } from '../../lib/api-error';
import { formatNumber } from '../../lib/format';
import { i18n } from '../../lib/i18n';
import { ANONYMOUS, http, isCanceledRequest } from '../../lib/request';
import { hasSession } from '../../lib/session';

/** The loader's `window.Parley` (apps/widget): the demo takes the widget down when it closes. */
const parleyOnPage = () => (window as { Parley?: { destroy: () => void } }).Parley;

type Demo =
  | { status: 'loading' }
  | { status: 'ready'; shop: string; enabled: boolean }
  | { status: 'missing' }
  | { status: 'failed'; message: string };

/** Where a signed-in person finds their stores' domains. */
const WIDGET_SETTINGS_ROUTE = '/settings/widgets';

/**
 * The store of ?shop=. A public page: every call goes without the session headers and
 * cookies, signed in or not, so the store comes from the address, never from the agent's API.
 */
async function findShop(given: string | null, signal: AbortSignal): Promise<Demo> {
  const shop = given?.trim() || null;
  if (!shop) return { status: 'missing' };
  const settings = await http.get<WidgetPublicSettings>(WIDGET_PUBLIC_SETTINGS_PATH, {
    ...ANONYMOUS,
    query: { myshopify_domain: shop },
    signal,
  });
  if (isCanceledRequest(settings)) return { status: 'loading' };
  return { status: 'ready', shop, enabled: settings.basic_settings.is_widget_enabled };
}

/** Puts the installation snippet on this page, exactly as a store would, and takes it off again. */
function useWidgetLoader(shop: string | null) {
  useEffect(() => {
    if (!shop) return;
    const script = document.createElement('script');
    script.async = true;
    script.src = WIDGET_LOADER_PATH;
    script.dataset['myshopifyDomain'] = shop;
    document.body.append(script);
    return () => {
      parleyOnPage()?.destroy();
      script.remove();
    };
  }, [shop]);
}

/** The demonstration store's shelf: its products, prices in US dollars and swatch colours. */
const PRODUCTS = [
  // theme-ignore-next-line: the product's own colour, part of the demonstration store's goods.
  { name: msg`Linen shirt`, price: 48, colour: '#e9d8a6' },
  // theme-ignore-next-line: the product's own colour, part of the demonstration store's goods.
  { name: msg`Canvas tote`, price: 22, colour: '#94d2bd' },
  // theme-ignore-next-line: the product's own colour, part of the demonstration store's goods.
  { name: msg`Wool beanie`, price: 18, colour: '#ee9b00' },
];
/** Whole dollars, as a shop's shelf shows them: $48. */
const PRICE_FORMAT = { style: 'currency', currency: 'USD', minimumFractionDigits: 0 } as const;

/**
 * /widget-demo (docs/product/screens.md): a demonstration store page with the live-chat widget on it. Public; it
 * opens no realtime connection of the agent app (docs/product/screens.md) — only the widget's own, in its frame.
 */
export function WidgetDemoPage() {
  const { token } = theme.useToken();
  const [params] = useSearchParams();
  const given = params.get('shop');
  // The answer for the current ?shop= (an older one is not shown while the next loads).
  const [answer, setAnswer] = useState<{ given: string | null; demo: Demo } | null>(null);
  const demo: Demo = answer && answer.given === given ? answer.demo : { status: 'loading' };

  useEffect(() => {
    const controller = new AbortController();
    findShop(given, controller.signal).then(
      (found) => setAnswer({ given, demo: found }),
      (failure: unknown) =>
        setAnswer({
          given,
          demo: {
            status: 'failed',
            message: asErrorPayload(failure)?.message ?? genericErrorMessage(),
          },
        }),
    );
    return () => controller.abort();
  }, [given]);

  useWidgetLoader(demo.status === 'ready' && demo.enabled ? demo.shop : null);

  return (
    <div style={{ minHeight: '100vh', background: token.colorBgLayout }}>
      <header
        style={{
          padding: `${token.paddingLG}px ${token.paddingXL}px`,
          borderBottom: `${token.lineWidth}px ${token.lineType} ${token.colorBorderSecondary}`,
          background: token.colorBgContainer,
        }}
      >
        <Typography.Title level={3} style={{ margin: 0 }}>
          {demo.status === 'ready' ? demo.shop : t`Demo store`}
        </Typography.Title>
        <Typography.Text type="secondary">
          <Trans>A demonstration store page with the chat widget</Trans>
        </Typography.Text>
      </header>
      <main style={{ maxWidth: 880, marginInline: 'auto', padding: token.paddingXL }}>
        {demo.status === 'loading' && <Spin />}
        {(demo.status === 'missing' || demo.status === 'failed') && (
          <Alert
            type={demo.status === 'failed' ? 'error' : 'info'}
            showIcon
            title={
              demo.status === 'failed'
                ? demo.message
                : t`Add your store to the address, like /widget-demo?shop=your-store.myshopify.com, to see its widget.`
            }
            description={
              demo.status === 'missing' && hasSession() ? (
                <Link to={WIDGET_SETTINGS_ROUTE}>
                  <Trans>Your stores’ domains are in Settings → Widgets</Trans>
                </Link>
              ) : undefined
            }
          />
        )}
        {demo.status === 'ready' && (
          <Alert
            type={demo.enabled ? 'success' : 'warning'}
            showIcon
            title={
              demo.enabled
                ? t`The chat button at the bottom right is your live widget: messages sent here arrive in your inbox.`
                : t`This store’s widget is turned off, so visitors see no chat button.`
            }
            description={
              !demo.enabled && hasSession() ? (
                <Link to={WIDGET_SETTINGS_ROUTE}>
                  <Trans>Turn it on in Settings → Widgets</Trans>
                </Link>
              ) : undefined
            }
          />
        )}
        <div
          style={{
            display: 'grid',
            gridTemplateColumns: 'repeat(auto-fill, minmax(220px, 1fr))',
            gap: token.marginMD,
            marginTop: token.marginLG,
          }}
        >
          {PRODUCTS.map((product) => (
            <Card
              key={product.colour}
              cover={<div aria-hidden="true" style={{ height: 140, background: product.colour }} />}
            >
              <Card.Meta
                title={i18n._(product.name)}
                description={formatNumber(product.price, PRICE_FORMAT)}
              />
            </Card>
          ))}
        </div>
      </main>
    </div>
  );
}
