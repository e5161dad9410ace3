import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Alert, Card, Spin, Typography } from 'antd';
import {
  WIDGET_LOADER_PATH,
  WIDGET_PUBLIC_SETTINGS_PATH,
  type WidgetPublicSettings,
} from '@parley/contracts';
import { asErrorPayload, GENERIC_ERROR_MESSAGE } from '../../lib/api-error';
import { ANONYMOUS, http, isCanceledRequest } from '../../lib/request';
import { hasSession } from '../../lib/session';

/** The loader's `window.Parley` (apps/widget): the demo takes the widget down when it closes. */
const parleyOnPage = () => (window as { Parley?: { destroy: () => void } }).Parley;

type Demo =
  | { status: 'loading' }
  | { status: 'ready'; shop: string; enabled: boolean }
  | { status: 'missing'; message: string }
  | { status: 'failed'; message: string };

/** Where a signed-in person finds their stores' domains. */
const WIDGET_SETTINGS_ROUTE = '/settings/widgets';

/**
 * The store of ?shop=. A public page: every call goes without the session headers and
 * cookies, signed in or not, so the store comes from the address, never from the agent's API.
 */
async function findShop(given: string | null, signal: AbortSignal): Promise<Demo> {
  const shop = given?.trim() || null;
  if (!shop)
    return {
      status: 'missing',
      message:
        'Add your store to the address, like /widget-demo?shop=your-store.myshopify.com, to see its widget.',
    };
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

const PRODUCTS = [
  { name: 'Linen shirt', price: '$48', colour: '#e9d8a6' },
  { name: 'Canvas tote', price: '$22', colour: '#94d2bd' },
  { name: 'Wool beanie', price: '$18', colour: '#ee9b00' },
];

/**
 * /widget-demo (docs/product/screens.md): a demonstration store page with the live-chat widget on it. Public; it
 * opens no realtime connection of the agent app (docs/product/screens.md) — only the widget's own, in its frame.
 */
export function WidgetDemoPage() {
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
            message: asErrorPayload(failure)?.message ?? GENERIC_ERROR_MESSAGE,
          },
        }),
    );
    return () => controller.abort();
  }, [given]);

  useWidgetLoader(demo.status === 'ready' && demo.enabled ? demo.shop : null);

  return (
    <div style={{ minHeight: '100vh', background: '#faf9f6' }}>
      <header style={{ padding: '20px 32px', borderBottom: '1px solid #eee', background: '#fff' }}>
        <Typography.Title level={3} style={{ margin: 0 }}>
          {demo.status === 'ready' ? demo.shop : 'Demo store'}
        </Typography.Title>
        <Typography.Text type="secondary">
          A demonstration store page with the chat widget
        </Typography.Text>
      </header>
      <main style={{ maxWidth: 880, margin: '0 auto', padding: 32 }}>
        {demo.status === 'loading' && <Spin />}
        {(demo.status === 'missing' || demo.status === 'failed') && (
          <Alert
            type={demo.status === 'failed' ? 'error' : 'info'}
            showIcon
            title={demo.message}
            description={
              demo.status === 'missing' && hasSession() ? (
                <Link to={WIDGET_SETTINGS_ROUTE}>
                  Your stores’ domains are in Settings → Widgets
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
                ? 'The chat button at the bottom right is your live widget: messages sent here arrive in your inbox.'
                : 'This store’s widget is turned off, so visitors see no chat button.'
            }
            description={
              !demo.enabled && hasSession() ? (
                <Link to={WIDGET_SETTINGS_ROUTE}>Turn it on in Settings → Widgets</Link>
              ) : undefined
            }
          />
        )}
        <div
          style={{
            display: 'grid',
            gridTemplateColumns: 'repeat(auto-fill, minmax(220px, 1fr))',
            gap: 20,
            marginTop: 24,
          }}
        >
          {PRODUCTS.map((p) => (
            <Card
              key={p.name}
              cover={<div aria-hidden="true" style={{ height: 140, background: p.colour }} />}
            >
              <Card.Meta title={p.name} description={p.price} />
            </Card>
          ))}
        </div>
      </main>
    </div>
  );
}
