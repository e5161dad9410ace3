import { describe, expect, it } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { makeStore } from '../../../app/store';
import { meLoaded } from '../../auth';
import { fakeApi, json, type RecordedCall } from '../../../test/fake-api';
import { ME, signInCookies } from '../../../test/fixtures';
import { renderPage } from '../../../test/render';
import { SupportChannelsPage } from './support-channels-page';

function renderAsOwner() {
  signInCookies();
  const { store } = makeStore({ persist: false });
  store.dispatch(meLoaded({ ...ME, permission_level: 'owner' }));
  renderPage(<SupportChannelsPage />, { at: '/settings/supportchannels', store });
}

const type = (dialog: HTMLElement, label: string, value: string) =>
  fireEvent.change(within(dialog).getByLabelText(label), { target: { value } });

const TOKEN = `EAAG${'x'.repeat(40)}`;
const WEBHOOK = 'https://parley.example.com/dashboardapi/meta/webhook';

describe('WhatsApp Cloud API setup', () => {
  it('connects a number through the Cloud API: tests it with Meta, then shows the webhook', async () => {
    const api = fakeApi({
      'GET /dashboardapi/supportchannel/all': () => json(200, []),
      'POST /dashboardapi/supportchannel/test-connection': () =>
        json(200, {
          ok: true,
          message:
            'Connected to the WhatsApp number +1 555-0100 (Acme Support) through the Cloud API.',
        }),
      'POST /dashboardapi/supportchannel': (call: RecordedCall) =>
        json(201, {
          id: 21,
          type: 'whatsapp_gupshup_isv',
          name: (call.body as { name: string }).name,
          brand_id: null,
          needs_reauthorization: false,
          webhook_url: null,
          callback_urls: [{ label: "Callback URL of the Meta app's webhooks", url: WEBHOOK }],
        }),
    });
    renderAsOwner();
    await userEvent.click(await screen.findByRole('button', { name: /add whatsapp channel/i }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByText('WhatsApp Cloud API (Meta)'));
    type(dialog, 'Name', 'WhatsApp EU');
    type(dialog, 'Phone number ID', '106540352242922');
    type(dialog, 'WhatsApp Business account ID', '102290129340398');
    type(dialog, 'Permanent access token', TOKEN);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Test connection' }));
    expect(
      await within(dialog).findByText(
        'Connected to the WhatsApp number +1 555-0100 (Acme Support) through the Cloud API.',
      ),
    ).toBeInTheDocument();
    expect(api.callsTo('POST /dashboardapi/supportchannel/test-connection')[0]?.body).toEqual({
      type: 'whatsapp_gupshup_isv',
      provider: 'cloud_api',
      phone_number_id: '106540352242922',
      access_token: TOKEN,
    });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create channel' }));
    expect(await screen.findByText(WEBHOOK)).toBeInTheDocument();
    expect(
      screen.queryByText(
        'The callback URL contains a secret: store it now, it will not be shown again.',
      ),
    ).toBeNull();
    expect(api.callsTo('POST /dashboardapi/supportchannel')[0]?.body).toEqual({
      type: 'whatsapp_gupshup_isv',
      provider: 'cloud_api',
      name: 'WhatsApp EU',
      phone_number_id: '106540352242922',
      business_account_id: '102290129340398',
      access_token: TOKEN,
    });
  }, 90_000);
});
