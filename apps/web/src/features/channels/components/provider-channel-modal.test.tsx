import { describe, expect, it } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { makeStore } from '../../../app/store';
import { meLoaded } from '../../auth';
import { fakeApi, json, type RecordedCall } from '../../../test/fake-api';
import { ME, signInCookies } from '../../../test/fixtures';
import { renderPage } from '../../../test/render';
import type { ChannelListItem } from '../api/channels-api';
import { SupportChannelsPage } from './support-channels-page';

function renderAsOwner() {
  signInCookies();
  const { store } = makeStore({ persist: false });
  store.dispatch(meLoaded({ ...ME, permission_level: 'owner' }));
  renderPage(<SupportChannelsPage />, { at: '/settings/supportchannels', store });
}

const FLOW_TIMEOUT = 90_000;
const SID = `AC${'a1'.repeat(16)}`;

const type = (dialog: HTMLElement, label: string, value: string) =>
  fireEvent.change(within(dialog).getByLabelText(label), { target: { value } });

describe('provider channel setup', () => {
  it(
    'sets up an SMS channel: the connection test shows Twilio’s words, then the callback URLs',
    async () => {
      let channels: ChannelListItem[] = [];
      const api = fakeApi({
        'GET /dashboardapi/supportchannel/all': () => json(200, channels),
        'POST /dashboardapi/supportchannel/test-connection': (call: RecordedCall) => {
          const body = call.body as { auth_token: string };
          return json(
            200,
            body.auth_token === 'right-token-0123456789'
              ? { ok: true, message: 'Connected to the Twilio account "Acme".' }
              : {
                  ok: false,
                  message:
                    'Twilio refused: Authenticate (error 20003). Check the Account SID and the Auth Token.',
                },
          );
        },
        'POST /dashboardapi/supportchannel': (call: RecordedCall) => {
          const body = call.body as { name: string };
          const created = {
            id: 12,
            type: 'sms',
            name: body.name,
            brand_id: null,
            needs_reauthorization: false,
            webhook_url: null,
            details: `+14155550100 · Twilio ${SID}`,
            last_inbound_at: null,
            last_error: 'Twilio refused a reply: Authenticate (error 20003)',
            last_error_at: '2026-11-23T08:00:00.000Z',
            callback_urls: [
              {
                label: 'A message comes in',
                url: 'https://parley.example.com/dashboardapi/twilio/sms/12',
              },
              {
                label: 'Status callback',
                url: 'https://parley.example.com/dashboardapi/twilio/sms/12/status',
              },
            ],
          };
          channels = [created];
          return json(201, created);
        },
      });
      renderAsOwner();

      await userEvent.click(await screen.findByRole('button', { name: /add sms channel/i }));
      const dialog = await screen.findByRole('dialog');
      // Testing needs the credentials first, asked for in words.
      await userEvent.click(within(dialog).getByRole('button', { name: 'Test connection' }));
      expect(await within(dialog).findByText('Enter the Account SID.')).toBeInTheDocument();
      expect(api.callsTo('POST /dashboardapi/supportchannel/test-connection')).toHaveLength(0);

      type(dialog, 'Name', 'Support line');
      type(dialog, 'Account SID', SID);
      type(dialog, 'Auth Token', 'wrong-token-0123456789');
      type(dialog, 'Twilio phone number', '+14155550100');
      await userEvent.click(within(dialog).getByRole('button', { name: 'Test connection' }));
      expect(
        await within(dialog).findByText(
          'Twilio refused: Authenticate (error 20003). Check the Account SID and the Auth Token.',
        ),
      ).toBeInTheDocument();
      expect(api.callsTo('POST /dashboardapi/supportchannel/test-connection')[0]?.body).toEqual({
        type: 'sms',
        account_sid: SID,
        auth_token: 'wrong-token-0123456789',
      });

      type(dialog, 'Auth Token', 'right-token-0123456789');
      await userEvent.click(within(dialog).getByRole('button', { name: 'Test connection' }));
      expect(
        await within(dialog).findByText('Connected to the Twilio account "Acme".'),
      ).toBeInTheDocument();

      await userEvent.click(within(dialog).getByRole('button', { name: 'Create channel' }));
      expect(await screen.findByText('Support line is ready')).toBeInTheDocument();
      expect(api.callsTo('POST /dashboardapi/supportchannel')[0]?.body).toEqual({
        type: 'sms',
        name: 'Support line',
        account_sid: SID,
        auth_token: 'right-token-0123456789',
        phone_number: '+14155550100',
        messaging_service_sid: null,
      });
      expect(
        screen.getByText('https://parley.example.com/dashboardapi/twilio/sms/12/status'),
      ).toBeInTheDocument();
      await userEvent.click(screen.getByRole('button', { name: 'Done' }));

      // The list shows the channel's details and health.
      const row = (await screen.findByText(`+14155550100 · Twilio ${SID}`)).closest('tr')!;
      expect(within(row).getByText('No message received yet')).toBeInTheDocument();
      expect(
        within(row).getByText(/Twilio refused a reply: Authenticate \(error 20003\)/),
      ).toBeInTheDocument();
    },
    FLOW_TIMEOUT,
  );

  it(
    'sets up a WhatsApp channel and warns that its callback URL is shown once',
    async () => {
      const api = fakeApi({
        'GET /dashboardapi/supportchannel/all': () => json(200, []),
        'POST /dashboardapi/supportchannel': (call: RecordedCall) =>
          json(201, {
            id: 13,
            type: 'whatsapp_gupshup_isv',
            name: (call.body as { name: string }).name,
            brand_id: null,
            needs_reauthorization: false,
            webhook_url: null,
            callback_urls: [
              {
                label: 'Callback URL',
                url: 'https://parley.example.com/dashboardapi/gupshup/13/s3cr3t',
              },
            ],
          }),
      });
      renderAsOwner();
      await userEvent.click(await screen.findByRole('button', { name: /add whatsapp channel/i }));
      const dialog = await screen.findByRole('dialog');
      type(dialog, 'Name', 'WhatsApp');
      type(dialog, 'Gupshup app name', 'AcmeApp');
      type(dialog, 'API key', 'key-0123456789');
      type(dialog, 'WhatsApp number', '917834811114');
      await userEvent.click(within(dialog).getByRole('button', { name: 'Create channel' }));
      expect(
        await screen.findByText('https://parley.example.com/dashboardapi/gupshup/13/s3cr3t'),
      ).toBeInTheDocument();
      expect(
        screen.getByText(
          'The callback URL contains a secret: store it now, it will not be shown again.',
        ),
      ).toBeInTheDocument();
      expect(api.callsTo('POST /dashboardapi/supportchannel')[0]?.body).toEqual({
        type: 'whatsapp_gupshup_isv',
        name: 'WhatsApp',
        app_name: 'AcmeApp',
        api_key: 'key-0123456789',
        source_number: '917834811114',
      });
    },
    FLOW_TIMEOUT,
  );
});
