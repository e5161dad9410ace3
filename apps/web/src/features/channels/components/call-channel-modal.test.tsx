import { describe, expect, it } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { makeStore } from '../../../app/store';
import { meLoaded } from '../../auth';
import { fakeApi, json, type RecordedCall } from '../../../test/fake-api';
import { ME, signInCookies } from '../../../test/fixtures';
import { renderPage } from '../../../test/render';
import { SupportChannelsPage } from './support-channels-page';

const SID = `AC${'b2'.repeat(16)}`;
const type = (dialog: HTMLElement, label: string, value: string) =>
  fireEvent.change(within(dialog).getByLabelText(label), { target: { value } });

describe('calls channel setup', () => {
  it('sends the Twilio credentials, number, forward-to and voicemail timing; shows the Voice URLs', async () => {
    const api = fakeApi({
      'GET /dashboardapi/supportchannel/all': () => json(200, []),
      'POST /dashboardapi/supportchannel/test-connection': json(200, {
        ok: true,
        message: 'Connected to the Twilio account "Acme".',
      }),
      'POST /dashboardapi/supportchannel': (call: RecordedCall) =>
        json(201, {
          id: 14,
          type: 'call',
          name: (call.body as { name: string }).name,
          brand_id: null,
          needs_reauthorization: false,
          webhook_url: null,
          details: null,
          last_inbound_at: null,
          last_error: null,
          last_error_at: null,
          callback_urls: [
            {
              label: 'A call comes in',
              url: 'https://parley.example.com/dashboardapi/twilio/voice/14/incoming',
            },
          ],
        }),
    });
    signInCookies();
    const { store } = makeStore({ persist: false });
    store.dispatch(meLoaded({ ...ME, permission_level: 'owner' }));
    renderPage(<SupportChannelsPage />, { at: '/settings/supportchannels', store });

    await userEvent.click(await screen.findByRole('button', { name: /add calls channel/i }));
    const dialog = await screen.findByRole('dialog');
    type(dialog, 'Name', 'Phone line');
    type(dialog, 'Account SID', SID);
    type(dialog, 'Auth Token', 'right-token-0123456789');
    type(dialog, 'Twilio phone number', '+14155550100');
    type(dialog, 'Forward calls to (optional)', '+14155550199');
    type(dialog, 'Voicemail after (seconds, optional)', '25');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Test connection' }));
    expect(
      await within(dialog).findByText('Connected to the Twilio account "Acme".'),
    ).toBeInTheDocument();
    expect(api.callsTo('POST /dashboardapi/supportchannel/test-connection')[0]?.body).toEqual({
      type: 'call',
      account_sid: SID,
      auth_token: 'right-token-0123456789',
    });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create channel' }));
    expect(
      await screen.findByText('https://parley.example.com/dashboardapi/twilio/voice/14/incoming'),
    ).toBeInTheDocument();
    expect(api.callsTo('POST /dashboardapi/supportchannel')[0]?.body).toEqual({
      type: 'call',
      name: 'Phone line',
      account_sid: SID,
      auth_token: 'right-token-0123456789',
      phone_number: '+14155550100',
      forward_to: '+14155550199',
      ring_seconds: 25,
    });
  }, 90_000);
});
