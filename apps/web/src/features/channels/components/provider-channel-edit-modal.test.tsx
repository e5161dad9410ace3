import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ProviderChannelSettingsResponse } from '@parley/contracts';
import { makeStore } from '../../../app/store';
import { meLoaded } from '../../auth';
import { fakeApi, json, type RecordedCall } from '../../../test/fake-api';
import { ME, signInCookies } from '../../../test/fixtures';
import { renderPage } from '../../../test/render';
import { BUSINESS_HOURS_MESSAGES } from '../../../components/business-hours-editor';
import type { ChannelListItem } from '../api/channels-api';
import { channelSavedMessage } from './provider-settings-form-parts';
import { SupportChannelsPage } from './support-channels-page';

/** Editing provider channels after they were created. */

function renderAsOwner() {
  signInCookies();
  const { store } = makeStore({ persist: false });
  store.dispatch(meLoaded({ ...ME, permission_level: 'owner' }));
  renderPage(<SupportChannelsPage />, { at: '/settings/supportchannels', store });
}

/** Long flows type a lot; a loaded machine makes userEvent slow. */
const FLOW_TIMEOUT = 90_000;
const SID = `AC${'b2'.repeat(16)}`;

const listItem = (id: number, type: string, name: string, reauth = false): ChannelListItem => ({
  id,
  type,
  name,
  brand_id: null,
  needs_reauthorization: reauth,
  webhook_url: null,
  details: null,
  callback_urls: [],
  last_inbound_at: null,
  last_error: null,
  last_error_at: null,
});

async function openEdit(name: string) {
  await userEvent.click(await screen.findByRole('button', { name: `Edit ${name}` }));
  return (await screen.findByText(`Edit ${name}`)).closest<HTMLElement>('[role="dialog"]')!;
}

const change = (scope: HTMLElement, label: string, value: string) =>
  fireEvent.change(within(scope).getByLabelText(label), { target: { value } });

/** The form item (label, control, errors) of a labelled field. */
const itemOf = (scope: HTMLElement, label: string) =>
  within(scope).getByLabelText(label).closest<HTMLElement>('.ant-form-item')!;

describe('call channel settings form', () => {
  const CALL: ProviderChannelSettingsResponse = {
    id: 14,
    type: 'call',
    name: 'Phone line',
    brand_id: null,
    needs_reauthorization: false,
    settings: {
      kind: 'call',
      account_sid: SID,
      phone_number: '+14155550100',
      greeting: 'Thank you for calling.',
      forward_to: '+14155550199',
      ring_seconds: 20,
      voicemail_max_seconds: 120,
      business_hours: {
        time_zone: 'Europe/Paris',
        days: [{ day: 2, open: '08:00', close: '16:00' }],
      },
      closed_message: null,
    },
  };

  it(
    'loads the saved settings, edits the business hours, shows the server’s field errors, then saves',
    async () => {
      let patches = 0;
      const api = fakeApi({
        'GET /dashboardapi/supportchannel/all': () =>
          json(200, [listItem(14, 'call', 'Phone line')]),
        'GET /dashboardapi/supportchannel/settings': json(200, CALL),
        'PATCH /dashboardapi/supportchannel': () =>
          ++patches === 1
            ? json(400, {
                code: 'validation_error',
                message: 'Business hours must close after they open on the same day (Monday).',
                details: [
                  { path: 'provider.business_hours.days.0', message: 'Closes before it opens.' },
                  {
                    path: 'provider.forward_to',
                    message: 'Write the number in international form, like +14155550100.',
                  },
                ],
              })
            : json(200, { ...listItem(14, 'call', 'Phone line') }),
      });
      renderAsOwner();
      const dialog = await openEdit('Phone line');
      const form = within(
        await within(dialog).findByRole('form', { name: 'Call channel settings' }),
      );
      expect(api.callsTo('GET /dashboardapi/supportchannel/settings')[0]?.url).toContain('id=14');
      // Loaded as saved; the auth token is not part of it.
      expect(form.getByLabelText('Greeting')).toHaveValue('Thank you for calling.');
      expect(form.getByLabelText('Forward calls to (optional)')).toHaveValue('+14155550199');
      expect(form.getByLabelText('Auth Token')).toHaveValue('');
      expect(form.getByRole('radio', { name: 'Open at set hours' })).toBeChecked();
      expect(form.getByText('Europe/Paris')).toBeInTheDocument();
      expect(form.getByRole('switch', { name: 'Open on Tuesday' })).toBeChecked();
      expect(form.getByLabelText('Tuesday opens at')).toHaveValue('08:00');

      change(dialog, 'Greeting', 'Thanks for calling Acme.');
      change(dialog, 'Forward calls to (optional)', '0415 555');
      change(dialog, 'Voicemail after (seconds)', '30');
      change(dialog, 'Closed message (optional)', 'We are closed. Leave a message.');
      await userEvent.click(form.getByRole('switch', { name: 'Open on Monday' }));
      // An opened day shows its times once the form has re-rendered.
      fireEvent.change(await within(dialog).findByLabelText('Monday opens at'), {
        target: { value: '09:00' },
      });
      change(dialog, 'Monday closes at', '08:00');
      await userEvent.click(form.getByRole('button', { name: 'Save' }));
      // Checked before sending, as on the chat widget.
      expect(await form.findByText(BUSINESS_HOURS_MESSAGES.closeAfterOpen)).toBeInTheDocument();
      expect(api.callsTo('PATCH /dashboardapi/supportchannel')).toHaveLength(0);
      change(dialog, 'Monday closes at', '17:30');
      await waitFor(() =>
        expect(form.queryByText(BUSINESS_HOURS_MESSAGES.closeAfterOpen)).toBeNull(),
      );

      // The server refuses: its field errors show under the fields (a day's under that day).
      await userEvent.click(form.getByRole('button', { name: 'Save' }));
      const monday = within(form.getByRole('group', { name: 'Monday' }));
      expect(await monday.findByText('Closes before it opens.')).toBeInTheDocument();
      expect(
        within(itemOf(dialog, 'Forward calls to (optional)')).getByText(
          'Write the number in international form, like +14155550100.',
        ),
      ).toBeInTheDocument();

      change(dialog, 'Forward calls to (optional)', '+14155550123');
      await userEvent.click(form.getByRole('button', { name: 'Save' }));
      expect(await screen.findByText(channelSavedMessage())).toBeInTheDocument();
      const saved = api.callsTo('PATCH /dashboardapi/supportchannel');
      expect(saved).toHaveLength(2);
      expect(saved[1]?.url).toContain('id=14');
      expect(saved[1]?.body).toEqual({
        name: 'Phone line',
        provider: {
          type: 'call',
          account_sid: SID,
          phone_number: '+14155550100',
          greeting: 'Thanks for calling Acme.',
          forward_to: '+14155550123',
          ring_seconds: 30,
          voicemail_max_seconds: 120,
          business_hours: {
            time_zone: 'Europe/Paris',
            days: [
              { day: 1, open: '09:00', close: '17:30' },
              { day: 2, open: '08:00', close: '16:00' },
            ],
          },
          closed_message: 'We are closed. Leave a message.',
        },
      });
      await waitFor(() => expect(screen.queryByRole('form')).toBeNull());
    },
    FLOW_TIMEOUT,
  );

  it(
    'shows a server error on the time zone under the time zone, and "Always open" sends none',
    async () => {
      let patches = 0;
      const api = fakeApi({
        'GET /dashboardapi/supportchannel/all': () =>
          json(200, [listItem(14, 'call', 'Phone line')]),
        'GET /dashboardapi/supportchannel/settings': json(200, CALL),
        'PATCH /dashboardapi/supportchannel': () =>
          ++patches === 1
            ? json(400, {
                code: 'validation_error',
                message: '"Europe/Paris" is not a time zone we know (e.g. Europe/Paris).',
                details: [
                  { path: 'provider.business_hours.time_zone', message: 'Unknown time zone.' },
                ],
              })
            : json(200, listItem(14, 'call', 'Phone line')),
      });
      renderAsOwner();
      const dialog = await openEdit('Phone line');
      const form = within(
        await within(dialog).findByRole('form', { name: 'Call channel settings' }),
      );
      await userEvent.click(form.getByRole('button', { name: 'Save' }));
      expect(
        await within(itemOf(dialog, 'Time zone')).findByText('Unknown time zone.'),
      ).toBeInTheDocument();
      await userEvent.click(form.getByRole('radio', { name: 'Always open' }));
      await userEvent.click(form.getByRole('button', { name: 'Save' }));
      expect(await screen.findByText(channelSavedMessage())).toBeInTheDocument();
      expect(api.callsTo('PATCH /dashboardapi/supportchannel')[1]?.body).toMatchObject({
        provider: { type: 'call', business_hours: null, closed_message: null },
      });
    },
    FLOW_TIMEOUT,
  );
});

describe('Gupshup callback-secret rotation', () => {
  it(
    'rotates only after a confirmation and shows the new callback URL once',
    async () => {
      const NEW_URL = 'https://parley.example.com/dashboardapi/gupshup/21/n3wS3cretValue0123456';
      const api = fakeApi({
        'GET /dashboardapi/supportchannel/all': () =>
          json(200, [listItem(21, 'whatsapp_gupshup_isv', 'WhatsApp')]),
        'GET /dashboardapi/supportchannel/settings': json(200, {
          ...listItem(21, 'whatsapp_gupshup_isv', 'WhatsApp'),
          settings: { kind: 'gupshup', app_name: 'AcmeSupportApp', source_number: '917834811114' },
        }),
        'POST /dashboardapi/gupshup/channels/21/rotate-callback-secret': json(200, {
          callback_url: { label: 'Callback URL', url: NEW_URL },
        }),
      });
      renderAsOwner();
      const dialog = await openEdit('WhatsApp');
      expect(await within(dialog).findByLabelText('Gupshup app name')).toHaveValue(
        'AcmeSupportApp',
      );
      expect(within(dialog).getByLabelText('WhatsApp number')).toHaveValue('917834811114');

      await userEvent.click(within(dialog).getByRole('button', { name: 'Rotate callback secret' }));
      const confirm = (await screen.findByText('Rotate the callback secret?')).closest<HTMLElement>(
        '.ant-popover',
      )!;
      await userEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }));
      expect(
        api.callsTo('POST /dashboardapi/gupshup/channels/21/rotate-callback-secret'),
      ).toHaveLength(0);

      await userEvent.click(within(dialog).getByRole('button', { name: 'Rotate callback secret' }));
      await userEvent.click(
        within(
          (await screen.findByText('Rotate the callback secret?')).closest<HTMLElement>(
            '.ant-popover',
          )!,
        ).getByRole('button', { name: 'Rotate' }),
      );
      expect(await within(dialog).findByRole('textbox', { name: 'New callback URL' })).toHaveValue(
        NEW_URL,
      );
      expect(within(dialog).getByText('Store it now: it will not be shown again.')).toBeVisible();
      expect(
        api.callsTo('POST /dashboardapi/gupshup/channels/21/rotate-callback-secret'),
      ).toHaveLength(1);
      // No second rotation by accident: the button gives way to the URL.
      expect(within(dialog).queryByRole('button', { name: 'Rotate callback secret' })).toBeNull();
    },
    FLOW_TIMEOUT,
  );
});

describe('WhatsApp Cloud API token re-entry', () => {
  it(
    "asks for a new token on a flagged channel, shows Meta's refusal in words, then saves",
    async () => {
      const REFUSAL =
        'Meta refused: Error validating access token: Session has expired. (code 190). Check the phone number ID and the access token.';
      const GOOD = `EAAG${'g'.repeat(40)}`;
      const api = fakeApi({
        'GET /dashboardapi/supportchannel/all': () =>
          json(200, [listItem(31, 'whatsapp_gupshup_isv', 'WhatsApp Cloud', true)]),
        'GET /dashboardapi/supportchannel/settings': json(200, {
          ...listItem(31, 'whatsapp_gupshup_isv', 'WhatsApp Cloud', true),
          settings: {
            kind: 'cloud_api',
            phone_number_id: '106540352242922',
            business_account_id: '102290129340398',
            display_phone_number: '+1 555-0100',
            verified_name: 'Acme Support',
          },
        }),
        'PATCH /dashboardapi/supportchannel': (call: RecordedCall) =>
          (call.body as { provider: { access_token: string } }).provider.access_token === GOOD
            ? json(200, listItem(31, 'whatsapp_gupshup_isv', 'WhatsApp Cloud'))
            : json(400, {
                code: 'validation_error',
                message: REFUSAL,
                details: [{ path: 'provider.access_token', message: REFUSAL }],
              }),
      });
      renderAsOwner();
      const dialog = await openEdit('WhatsApp Cloud');
      expect(
        await within(dialog).findByText(
          "Meta no longer accepts this channel's access token: replies are not sent. Paste a new permanent token below.",
        ),
      ).toBeInTheDocument();
      expect(within(dialog).getByText('+1 555-0100 (Acme Support)')).toBeInTheDocument();

      await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
      expect(await within(dialog).findByText('Paste the new access token.')).toBeInTheDocument();
      expect(api.callsTo('PATCH /dashboardapi/supportchannel')).toHaveLength(0);

      change(dialog, 'New permanent access token', `EAAG${'r'.repeat(40)}`);
      await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
      expect(
        await within(itemOf(dialog, 'New permanent access token')).findByText(REFUSAL),
      ).toBeInTheDocument();

      change(dialog, 'New permanent access token', GOOD);
      await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
      expect(await screen.findByText(channelSavedMessage())).toBeInTheDocument();
      expect(api.callsTo('PATCH /dashboardapi/supportchannel').at(-1)?.body).toEqual({
        name: 'WhatsApp Cloud',
        provider: { type: 'whatsapp_gupshup_isv', access_token: GOOD },
      });
    },
    FLOW_TIMEOUT,
  );
});
