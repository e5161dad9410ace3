import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import { WIDGET_CHAT_DEFAULTS, type WidgetSettings } from '@parley/contracts';
import { makeStore } from '../../../app/store';
import { meLoaded } from '../../auth';
import { fakeApi, json, type RecordedCall, type Reply } from '../../../test/fake-api';
import { ME, signInCookies } from '../../../test/fixtures';
import { renderPage } from '../../../test/render';
import { CHAT_MESSAGES, chatSavedMessage } from './chat-settings-card';
import { secretRotatedMessage } from './identity-secret-card';
import { WidgetSettingsPage } from './widget-settings-page';

const MAYA = { id: 4, name: 'Maya Boutique', myshopify_domain: 'maya.myshopify.com' };
const SECRET = 'a1'.repeat(32);
const SAVED: WidgetSettings = {
  store: MAYA,
  stores: [MAYA],
  is_configured: true,
  installation_snippet: '<script></script>',
  basic_settings: { is_widget_enabled: true },
  theme: { primary: '#0a7d5a', messageTheme: 'light', z_index: 9000, cta: 'Ask us anything' },
  chat: WIDGET_CHAT_DEFAULTS,
  identity_secret: SECRET,
};

function renderWidgets(routes: Record<string, Reply>, permission: 'owner' | 'agent' = 'owner') {
  signInCookies();
  const api = fakeApi(routes);
  const { store } = makeStore({ persist: false });
  store.dispatch(meLoaded({ ...ME, permission_level: permission }));
  const user = userEvent.setup({ delay: null, pointerEventsCheck: PointerEventsCheckLevel.Never });
  renderPage(<WidgetSettingsPage />, { at: '/settings/widgets', store });
  return { api, user };
}

/** A server that keeps what is PATCHed (and a new secret on rotation). */
function server(initial: WidgetSettings = SAVED) {
  let current = initial;
  return {
    'GET /dashboardapi/widget/settings': () => json(200, current),
    'PATCH /dashboardapi/widget/settings': (call: RecordedCall) => {
      const body = call.body as { chat?: WidgetSettings['chat']; rotate_identity_secret?: true };
      current = {
        ...current,
        ...(body.chat ? { chat: { ...current.chat, ...body.chat } } : {}),
        ...(body.rotate_identity_secret ? { identity_secret: 'c3'.repeat(32) } : {}),
      };
      return json(200, current);
    },
  };
}

const chatForm = () => within(screen.getByRole('form', { name: 'Chat settings' }));

describe(
  'widget settings: chat (greeting, pre-chat form, business hours, away message)',
  { timeout: 120_000 },
  () => {
    it('shows the saved chat settings and saves greeting, pre-chat fields, hours and away message', async () => {
      const { api, user } = renderWidgets(server());
      const form = await waitFor(chatForm);
      expect(form.getByLabelText('Greeting')).toHaveValue(WIDGET_CHAT_DEFAULTS.greeting);
      expect(form.getByLabelText('Ask visitors a few questions before they chat')).toBeChecked();
      const email = within(form.getByRole('radiogroup', { name: 'Email field' }));
      expect(email.getByRole('radio', { name: 'Required' })).toBeChecked();
      expect(
        within(form.getByRole('radiogroup', { name: 'Phone field' })).getByRole('radio', {
          name: 'Not asked',
        }),
      ).toBeChecked();
      expect(form.getByRole('radio', { name: 'Always open' })).toBeChecked();
      expect(form.queryByLabelText('Time zone')).toBeNull();

      fireEvent.change(form.getByLabelText('Greeting'), { target: { value: 'Welcome to Maya!' } });
      await user.click(email.getByRole('radio', { name: 'Optional' }));
      await user.click(
        within(form.getByRole('radiogroup', { name: 'Order number field' })).getByRole('radio', {
          name: 'Required',
        }),
      );
      await user.click(form.getByRole('radio', { name: 'Open at set hours' }));
      // Monday: open 09:00–17:30; Saturday 10:00–24:00; the rest stay closed.
      // The days show once the form's watched choice has re-rendered.
      await user.click(await form.findByRole('switch', { name: 'Open on Monday' }));
      fireEvent.change(await form.findByLabelText('Monday closes at'), {
        target: { value: '17:30' },
      });
      await user.click(form.getByRole('switch', { name: 'Open on Saturday' }));
      fireEvent.change(await form.findByLabelText('Saturday opens at'), {
        target: { value: '10:00' },
      });
      fireEvent.change(form.getByLabelText('Saturday closes at'), { target: { value: '24:00' } });
      fireEvent.change(form.getByLabelText('Away message'), {
        target: { value: 'Back on Monday at 9.' },
      });
      await user.click(form.getByRole('button', { name: 'Save chat settings' }));

      expect(await screen.findByText(chatSavedMessage())).toBeInTheDocument();
      const [patch] = api.callsTo('PATCH /dashboardapi/widget/settings');
      expect(patch?.url).toContain('brand_id=4');
      const body = patch?.body as { chat: WidgetSettings['chat'] };
      expect(body).toEqual({
        chat: {
          greeting: 'Welcome to Maya!',
          pre_chat: {
            enabled: true,
            fields: [
              { key: 'name', required: true },
              { key: 'email', required: false },
              { key: 'order_number', required: true },
            ],
          },
          business_hours: {
            time_zone: expect.any(String),
            days: [
              { day: 1, open: '09:00', close: '17:30' },
              { day: 6, open: '10:00', close: '24:00' },
            ],
          },
          away_message: 'Back on Monday at 9.',
          // Left as it was: the chat follows each visitor's browser.
          locale: null,
        },
      });
    });

    it('the chat speaks the language chosen for it, or each visitor’s when none is', async () => {
      const { api, user } = renderWidgets(server());
      const form = await waitFor(chatForm);
      const language = form.getByRole('combobox', { name: 'Chat language' });
      expect(form.getByText('Each visitor’s browser language')).toBeInTheDocument();

      fireEvent.mouseDown(language);
      const option = await waitFor(() => {
        const found = [...document.querySelectorAll<HTMLElement>('.ant-select-item-option')].find(
          (el) => el.getAttribute('title') === 'Deutsch',
        );
        if (!found) throw new Error('No option Deutsch');
        return found;
      });
      fireEvent.click(option);
      await user.click(form.getByRole('button', { name: 'Save chat settings' }));
      expect(await screen.findByText(chatSavedMessage())).toBeInTheDocument();
      expect(api.callsTo('PATCH /dashboardapi/widget/settings')[0]?.body).toMatchObject({
        chat: { locale: 'de' },
      });
    });

    it('loads saved business hours and checks the times before sending', async () => {
      const { api, user } = renderWidgets(
        server({
          ...SAVED,
          chat: {
            ...WIDGET_CHAT_DEFAULTS,
            pre_chat: { enabled: false, fields: [] },
            business_hours: {
              time_zone: 'Europe/Paris',
              days: [{ day: 2, open: '08:00', close: '16:00' }],
            },
          },
        }),
      );
      const form = await waitFor(chatForm);
      expect(form.getByRole('radio', { name: 'Open at set hours' })).toBeChecked();
      expect(form.getByText('Europe/Paris')).toBeInTheDocument();
      expect(form.getByRole('switch', { name: 'Open on Tuesday' })).toBeChecked();
      expect(form.getByLabelText('Tuesday opens at')).toHaveValue('08:00');
      expect(form.getByRole('switch', { name: 'Open on Monday' })).not.toBeChecked();
      expect(form.queryByRole('group', { name: 'Pre-chat form fields' })).toBeNull();

      fireEvent.change(form.getByLabelText('Tuesday closes at'), { target: { value: '07:00' } });
      fireEvent.change(form.getByLabelText('Tuesday opens at'), { target: { value: '8am' } });
      await user.click(form.getByRole('button', { name: 'Save chat settings' }));
      expect(await form.findByText(CHAT_MESSAGES.time)).toBeInTheDocument();
      fireEvent.change(form.getByLabelText('Tuesday opens at'), { target: { value: '08:00' } });
      await user.click(form.getByRole('button', { name: 'Save chat settings' }));
      expect(await form.findByText(CHAT_MESSAGES.closeAfterOpen)).toBeInTheDocument();

      // Closed every day is not "open at set hours".
      await user.click(form.getByRole('switch', { name: 'Open on Tuesday' }));
      // A closed day's times (and their errors) go away: they no longer hold the form back.
      await waitFor(() => expect(form.queryByLabelText('Tuesday closes at')).toBeNull());
      await user.click(form.getByRole('button', { name: 'Save chat settings' }));
      expect(await screen.findByText(CHAT_MESSAGES.noOpenDay)).toBeInTheDocument();
      expect(api.callsTo('PATCH /dashboardapi/widget/settings')).toHaveLength(0);

      await user.click(form.getByRole('radio', { name: 'Always open' }));
      await user.click(form.getByRole('button', { name: 'Save chat settings' }));
      expect(await screen.findByText(chatSavedMessage())).toBeInTheDocument();
      const [saved] = api.callsTo('PATCH /dashboardapi/widget/settings');
      expect(saved!.body).toMatchObject({ chat: { business_hours: null } });
    });

    it('shows the server’s field errors under the fields', async () => {
      const { user } = renderWidgets({
        'GET /dashboardapi/widget/settings': json(200, SAVED),
        'PATCH /dashboardapi/widget/settings': json(400, {
          code: 'validation_error',
          message: 'chat.greeting: Too long',
          details: [{ path: 'chat.greeting', message: 'Keep the greeting short.' }],
        }),
      });
      const form = await waitFor(chatForm);
      await user.click(form.getByRole('button', { name: 'Save chat settings' }));
      expect(await form.findByText('Keep the greeting short.')).toBeInTheDocument();
    });
  },
);

describe('widget settings: identity verification secret', { timeout: 120_000 }, () => {
  it('copies the secret, and rotates it only after a confirmation', async () => {
    const { api, user } = renderWidgets(server());
    const secret = await screen.findByLabelText('Identity secret');
    expect(secret).toHaveValue(SECRET);
    expect(secret).toHaveAttribute('type', 'password');

    await user.click(screen.getByRole('button', { name: /Copy secret/ }));
    expect(await screen.findByText('Copied to Clipboard')).toBeInTheDocument();
    expect(await navigator.clipboard.readText()).toBe(SECRET);

    await user.click(screen.getByRole('button', { name: /Rotate secret/ }));
    expect(await screen.findByText('Rotate the identity secret?')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(api.callsTo('PATCH /dashboardapi/widget/settings')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: /Rotate secret/ }));
    await user.click(await screen.findByRole('button', { name: 'Rotate' }));
    expect(await screen.findByText(secretRotatedMessage())).toBeInTheDocument();
    expect(api.callsTo('PATCH /dashboardapi/widget/settings')[0]?.body).toEqual({
      rotate_identity_secret: true,
    });
    await waitFor(() =>
      expect(screen.getByLabelText('Identity secret')).toHaveValue('c3'.repeat(32)),
    );
  });

  it('agents do not see the secret nor change the chat settings', async () => {
    renderWidgets(
      { 'GET /dashboardapi/widget/settings': json(200, { ...SAVED, identity_secret: null }) },
      'agent',
    );
    expect(
      await screen.findByText('Only owners and admins can see the identity secret.'),
    ).toBeInTheDocument();
    expect(screen.queryByLabelText('Identity secret')).toBeNull();
    expect(chatForm().getByLabelText('Greeting')).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Save chat settings' })).toBeNull();
  });
});
