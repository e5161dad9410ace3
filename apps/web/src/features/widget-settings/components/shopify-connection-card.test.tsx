import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import {
  WIDGET_CHAT_DEFAULTS,
  type ShopifyConnection,
  type WidgetSettings,
} from '@parley/contracts';
import { makeStore } from '../../../app/store';
import { meLoaded } from '../../auth';
import { fakeApi, json, type RecordedCall } from '../../../test/fake-api';
import { ME, signInCookies } from '../../../test/fixtures';
import { renderPage } from '../../../test/render';
import { WidgetSettingsPage } from './widget-settings-page';

const ACME = { id: 4, name: 'Acme', myshopify_domain: 'acme.myshopify.com' };
const SETTINGS: WidgetSettings = {
  store: ACME,
  stores: [ACME],
  is_configured: true,
  installation_snippet: '<script></script>',
  basic_settings: { is_widget_enabled: true },
  theme: { primary: '#0a7d5a', messageTheme: 'light', z_index: 9000, cta: 'Ask us anything' },
  chat: WIDGET_CHAT_DEFAULTS,
  identity_secret: 'a1'.repeat(32),
};
const CONNECTED: ShopifyConnection = {
  id: 8,
  brand_id: ACME.id,
  brand_name: 'Acme',
  shop_domain: 'acme.myshopify.com',
  shop_name: 'Acme Outfitters',
  status: 'connected',
  status_message: null,
  connected_at: '2026-11-23T10:00:00Z',
};

/** A server that keeps a connection once a good token is posted. */
function server() {
  let connections: ShopifyConnection[] = [];
  return {
    'GET /dashboardapi/widget/settings': json(200, SETTINGS),
    'GET /dashboardapi/shopify/connections': () => json(200, { connections }),
    'POST /dashboardapi/shopify/connect': (call: RecordedCall) => {
      const body = call.body as { admin_api_token: string };
      if (body.admin_api_token !== 'shpat_good_token')
        return json(400, {
          code: 'validation_error',
          message: 'Shopify did not accept the token for acme.myshopify.com.',
          details: [
            {
              path: 'admin_api_token',
              message:
                '[API] Invalid API key or access token (unrecognized login or wrong password)',
            },
          ],
        });
      connections = [CONNECTED];
      return json(201, CONNECTED);
    },
  };
}

describe('widget settings: connect Shopify', { timeout: 60_000 }, () => {
  it('shows Shopify’s words for a bad token, then connects the store with a good one', async () => {
    signInCookies();
    const api = fakeApi(server());
    const { store } = makeStore({ persist: false });
    store.dispatch(meLoaded({ ...ME, permission_level: 'owner' }));
    const user = userEvent.setup({
      delay: null,
      pointerEventsCheck: PointerEventsCheckLevel.Never,
    });
    renderPage(<WidgetSettingsPage />, { at: '/settings/widgets', store });

    const form = within(await screen.findByRole('form', { name: 'Connect Shopify' }));
    expect(form.getByLabelText('Store domain')).toHaveValue('acme.myshopify.com');
    fireEvent.change(form.getByLabelText('Admin API access token'), {
      target: { value: 'shpat_wrong_token' },
    });
    await user.click(form.getByRole('button', { name: 'Connect Shopify' }));
    expect(await form.findByText(/Invalid API key or access token/)).toBeInTheDocument();

    fireEvent.change(form.getByLabelText('Admin API access token'), {
      target: { value: 'shpat_good_token' },
    });
    await user.click(form.getByRole('button', { name: 'Connect Shopify' }));
    await waitFor(() => expect(screen.getByText('Connected')).toBeInTheDocument());
    expect(screen.getByText('Acme Outfitters (acme.myshopify.com)')).toBeInTheDocument();
    expect(api.callsTo('POST /dashboardapi/shopify/connect').at(-1)?.body).toEqual({
      brand_id: ACME.id,
      myshopify_domain: 'acme.myshopify.com',
      admin_api_token: 'shpat_good_token',
    });
  });
});
