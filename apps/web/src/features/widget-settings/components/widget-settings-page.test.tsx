import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import {
  WIDGET_CHAT_DEFAULTS,
  WIDGET_SETTINGS_MESSAGES,
  WIDGET_THEME_DEFAULTS,
  type WidgetSettings,
} from '@parley/contracts';
import { makeStore } from '../../../app/store';
import { meLoaded } from '../../auth';
import { fakeApi, json, type RecordedCall, type Reply } from '../../../test/fake-api';
import { ME, signInCookies } from '../../../test/fixtures';
import { renderPage } from '../../../test/render';
import {
  WIDGET_FIELD_LABELS,
  widgetSavedMessage,
  WidgetSettingsPage,
} from './widget-settings-page';

const MAYA = { id: 4, name: 'Maya Boutique', myshopify_domain: 'maya.myshopify.com' };
const POPUP = { id: 5, name: 'Pop-up', myshopify_domain: null };
const SNIPPET =
  '<script async src="https://help.example.com/widget/loader.js" data-myshopify-domain="maya.myshopify.com"></script>';

const SAVED: WidgetSettings = {
  store: MAYA,
  stores: [MAYA],
  is_configured: true,
  installation_snippet: SNIPPET,
  basic_settings: { is_widget_enabled: true },
  theme: { primary: '#0a7d5a', messageTheme: 'light', z_index: 9000, cta: 'Ask us anything' },
  chat: WIDGET_CHAT_DEFAULTS,
  identity_secret: 'b'.repeat(64),
};

function renderWidgets(
  routes: Record<string, Reply>,
  { at = '/settings/widgets', permission = 'owner' as 'owner' | 'agent' } = {},
) {
  signInCookies();
  const api = fakeApi(routes);
  const { store } = makeStore({ persist: false });
  store.dispatch(meLoaded({ ...ME, permission_level: permission }));
  const user = userEvent.setup({ delay: null, pointerEventsCheck: PointerEventsCheckLevel.Never });
  renderPage(<WidgetSettingsPage />, { at, store });
  return { api, user };
}

const preview = () => within(screen.getByRole('region', { name: 'Live preview' }));
const launcher = () => preview().getByTestId('preview-launcher');
const field = (name: keyof typeof WIDGET_FIELD_LABELS) =>
  screen.getByLabelText(WIDGET_FIELD_LABELS[name]);

describe('widget settings page (/settings/widgets)', { timeout: 120_000 }, () => {
  it('shows the saved settings; the live preview follows every edit; Save sends them all', async () => {
    let current = SAVED;
    const { api, user } = renderWidgets({
      'GET /dashboardapi/widget/settings': () => json(200, current),
      'PATCH /dashboardapi/widget/settings': (call: RecordedCall) => {
        // Merged as the server merges: each part's fields over the saved ones.
        const body = call.body as Partial<WidgetSettings>;
        current = {
          ...current,
          basic_settings: { ...current.basic_settings, ...body.basic_settings },
          theme: { ...current.theme, ...body.theme },
          chat: { ...current.chat, ...body.chat },
        };
        return json(200, current);
      },
    });

    expect(await screen.findByRole('heading', { name: 'Chat widget' })).toBeInTheDocument();
    await waitFor(() => expect(field('cta')).toHaveValue('Ask us anything'));
    expect(field('primary')).toHaveValue('#0a7d5a');
    expect(field('z_index')).toHaveValue('9000');
    expect(field('is_widget_enabled')).toBeChecked();
    // The preview (it follows the form's watched values, a render later): the launcher in the
    // primary colour with the call-to-action, the panel open.
    await waitFor(() => expect(launcher()).toHaveTextContent('Ask us anything'));
    expect(launcher()).toHaveStyle({ backgroundColor: 'rgb(10, 125, 90)', zIndex: '9000' });
    expect(preview().getByRole('dialog', { name: 'Chat panel preview' })).toHaveAttribute(
      'data-theme',
      'light',
    );
    expect(preview().getByText('Maya Boutique')).toBeInTheDocument();

    fireEvent.change(field('cta'), { target: { value: 'Need help?' } });
    fireEvent.change(field('primary'), { target: { value: '#FFD43B' } });
    await user.click(screen.getByRole('radio', { name: 'Dark' }));
    fireEvent.change(field('z_index'), { target: { value: '500' } });
    await waitFor(() => expect(launcher()).toHaveTextContent('Need help?'));
    // A light primary colour gets dark text, so the call-to-action stays readable.
    expect(launcher()).toHaveStyle({
      backgroundColor: 'rgb(255, 212, 59)',
      color: 'rgb(31, 35, 41)',
    });
    expect(preview().getByRole('dialog', { name: 'Chat panel preview' })).toHaveAttribute(
      'data-theme',
      'dark',
    );
    // The launcher closes and opens the panel, as on a store.
    await user.click(launcher());
    expect(preview().queryByRole('dialog')).toBeNull();
    await user.click(launcher());
    expect(preview().getByRole('dialog')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(widgetSavedMessage())).toBeInTheDocument();
    const [patch] = api.callsTo('PATCH /dashboardapi/widget/settings');
    expect(patch?.url).toContain('brand_id=4');
    expect(patch?.body).toEqual({
      basic_settings: { is_widget_enabled: true },
      theme: { primary: '#FFD43B', messageTheme: 'dark', z_index: 500, cta: 'Need help?' },
      chat: { follow_visitor_theme: false },
    });

    // Left to each visitor's device: the store's own theme stays as it was saved.
    await user.click(screen.getByRole('radio', { name: 'The visitor’s device' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.callsTo('PATCH /dashboardapi/widget/settings')).toHaveLength(2));
    expect(api.callsTo('PATCH /dashboardapi/widget/settings')[1]?.body).toMatchObject({
      theme: { messageTheme: 'dark' },
      chat: { follow_visitor_theme: true },
    });
    await waitFor(() =>
      expect(screen.getByRole('radio', { name: 'The visitor’s device' })).toBeChecked(),
    );
  });

  it('switching the widget off shows what visitors see: no chat button', async () => {
    const { user } = renderWidgets({ 'GET /dashboardapi/widget/settings': json(200, SAVED) });
    await waitFor(() => expect(field('is_widget_enabled')).toBeChecked());
    await user.click(field('is_widget_enabled'));
    await waitFor(() => expect(preview().getByText(/The widget is off/)).toBeInTheDocument());
    expect(preview().queryByTestId('preview-launcher')).toBeNull();
  });

  it('checks the fields before sending and shows the server’s field errors under the fields', async () => {
    const { api, user } = renderWidgets({
      'GET /dashboardapi/widget/settings': json(200, SAVED),
      'PATCH /dashboardapi/widget/settings': json(400, {
        code: 'validation_error',
        message: `theme.z_index: ${WIDGET_SETTINGS_MESSAGES.zIndex}`,
        details: [{ path: 'theme.z_index', message: WIDGET_SETTINGS_MESSAGES.zIndex }],
      }),
    });
    await waitFor(() => expect(field('cta')).toHaveValue('Ask us anything'));
    fireEvent.change(field('cta'), { target: { value: '   ' } });
    fireEvent.change(field('primary'), { target: { value: 'green' } });
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(WIDGET_SETTINGS_MESSAGES.ctaEmpty)).toBeInTheDocument();
    expect(screen.getByText(WIDGET_SETTINGS_MESSAGES.primary)).toBeInTheDocument();
    expect(api.callsTo('PATCH /dashboardapi/widget/settings')).toHaveLength(0);
    // The preview keeps the last good values while the fields are wrong.
    expect(launcher()).toHaveTextContent('Ask us anything');

    fireEvent.change(field('cta'), { target: { value: 'Hello' } });
    fireEvent.change(field('primary'), { target: { value: '#123456' } });
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(WIDGET_SETTINGS_MESSAGES.zIndex)).toBeInTheDocument();
    expect(api.callsTo('PATCH /dashboardapi/widget/settings')).toHaveLength(1);
    expect(screen.queryByText(widgetSavedMessage())).toBeNull();
  });

  it('copies the installation snippet: "Copied to Clipboard" (docs/product/errors.md)', async () => {
    const { user } = renderWidgets({ 'GET /dashboardapi/widget/settings': json(200, SAVED) });
    expect(await screen.findByLabelText('Installation snippet')).toHaveTextContent(SNIPPET);
    await user.click(screen.getByRole('button', { name: /Copy snippet/ }));
    expect(await screen.findByText('Copied to Clipboard')).toBeInTheDocument();
    expect(await navigator.clipboard.readText()).toBe(SNIPPET);
  });

  it('the same editor at /settings/widgets/shopify/edit/ switches between stores', async () => {
    const popup: WidgetSettings = {
      ...SAVED,
      store: POPUP,
      stores: [MAYA, POPUP],
      is_configured: false,
      installation_snippet: null,
      basic_settings: { is_widget_enabled: false },
      theme: WIDGET_THEME_DEFAULTS,
    };
    const { api, user } = renderWidgets(
      {
        'GET /dashboardapi/widget/settings': (call: RecordedCall) =>
          json(200, call.url.includes('brand_id=5') ? popup : { ...SAVED, stores: [MAYA, POPUP] }),
      },
      { at: '/settings/widgets/shopify/edit/' },
    );
    await waitFor(() => expect(field('cta')).toHaveValue('Ask us anything'));
    await user.click(screen.getByRole('combobox', { name: 'Store' }));
    await user.click(await screen.findByTitle('Pop-up'));
    await waitFor(() => expect(field('cta')).toHaveValue(WIDGET_THEME_DEFAULTS.cta));
    expect(api.callsTo('GET /dashboardapi/widget/settings').at(-1)?.url).toContain('brand_id=5');
    expect(screen.getByText(/Not set up yet/)).toBeInTheDocument();
    expect(
      screen.getByText(
        'Pop-up has no Shopify domain, so the widget cannot be installed on it yet.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('store=5');
  });

  it('agents see the settings but cannot change them', async () => {
    renderWidgets(
      { 'GET /dashboardapi/widget/settings': json(200, SAVED) },
      { permission: 'agent' },
    );
    expect(await screen.findByText('Only owners and admins can change the widget.')).toBeVisible();
    await waitFor(() => expect(field('cta')).toHaveValue('Ask us anything'));
    expect(field('cta')).toBeDisabled();
    expect(field('primary')).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
  });

  it('a workspace without a store adds its first one here, then its widget editor opens', async () => {
    let created = false;
    const NO_STORE = {
      ...SAVED,
      store: null,
      stores: [],
      is_configured: false,
      installation_snippet: null,
    };
    const { api, user } = renderWidgets({
      'GET /dashboardapi/widget/settings': () => json(200, created ? SAVED : NO_STORE),
      'POST /dashboardapi/brand': (call) => {
        const body = call.body as { myshopify_domain: string | null };
        if (body.myshopify_domain === 'taken.example.com')
          return json(409, {
            code: 'conflict',
            message: 'A store with this domain is already connected to a workspace.',
          });
        created = true;
        return json(201, MAYA);
      },
    });
    expect(await screen.findByText('This workspace has no store yet.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
    const form = within(screen.getByRole('form', { name: 'Add a store' }));
    await user.click(form.getByRole('button', { name: 'Add store' }));
    expect(await form.findByText('Give the store a name.')).toBeInTheDocument();
    expect(api.callsTo('POST /dashboardapi/brand')).toHaveLength(0);

    await user.type(form.getByLabelText('Store name'), 'Maya Boutique');
    await user.type(form.getByLabelText('Store domain'), 'taken.example.com');
    await user.click(form.getByRole('button', { name: 'Add store' }));
    expect(
      await form.findByText('A store with this domain is already connected to a workspace.'),
    ).toBeInTheDocument();

    await user.clear(form.getByLabelText('Store domain'));
    await user.type(form.getByLabelText('Store domain'), 'maya.myshopify.com');
    await user.click(form.getByRole('button', { name: 'Add store' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Save' })).toBeInTheDocument());
    expect(api.callsTo('POST /dashboardapi/brand').at(-1)?.body).toEqual({
      name: 'Maya Boutique',
      myshopify_domain: 'maya.myshopify.com',
    });
  });

  it('agents without a store are told so, with no form', async () => {
    renderWidgets(
      {
        'GET /dashboardapi/widget/settings': json(200, {
          ...SAVED,
          store: null,
          stores: [],
          is_configured: false,
          installation_snippet: null,
        }),
      },
      { permission: 'agent' },
    );
    expect(await screen.findByText('This workspace has no store yet.')).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Add a store' })).toBeNull();
  });
});
