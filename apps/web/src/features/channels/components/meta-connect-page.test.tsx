import { describe, expect, it } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { makeStore } from '../../../app/store';
import { meLoaded } from '../../auth';
import { fakeApi, json, type RecordedCall } from '../../../test/fake-api';
import { ME, signInCookies } from '../../../test/fixtures';
import { renderPage } from '../../../test/render';
import type { ChannelListItem } from '../api/channels-api';
import { MetaConnectPage } from './meta-connect-page';

const AT = '/settings/supportchannels/addchannel/fb';
const FLOW_TIMEOUT = 90_000;
const OLD_ERROR =
  "Meta no longer accepts this page's access token: Error validating access token (code 190). Reconnect the page under Settings → Support channels to send again.";

function renderAsOwner() {
  signInCookies();
  const { store } = makeStore({ persist: false });
  store.dispatch(meLoaded({ ...ME, permission_level: 'owner' }));
  renderPage(<MetaConnectPage />, { at: AT, store });
}

const flagged = (): ChannelListItem => ({
  id: 21,
  type: 'facebook',
  name: 'Acme on Facebook',
  brand_id: null,
  needs_reauthorization: true,
  webhook_url: null,
  details: 'Facebook page "Acme Shoes" (104729384756123)',
  callback_urls: [],
  last_inbound_at: null,
  last_error: OLD_ERROR,
  last_error_at: '2026-11-23T08:00:00.000Z',
});

describe('reconnect Facebook (/settings/supportchannels/addchannel/fb, docs/product/screens.md)', () => {
  it(
    'says why a token is pasted, and reconnects a channel that needs re-authorization',
    async () => {
      let channels = [flagged()];
      const api = fakeApi({
        'GET /dashboardapi/supportchannel/all': () => json(200, channels),
        'PATCH /dashboardapi/supportchannel': (call: RecordedCall) => {
          const token = (call.body as { provider: { page_access_token: string } }).provider
            .page_access_token;
          if (token !== 'EAABgoodtoken0123456789')
            return json(400, {
              code: 'validation_error',
              message:
                'This token is for the page "Other" (1), not "Acme Shoes" (104729384756123). Paste a token of that page.',
            });
          channels = [{ ...flagged(), needs_reauthorization: false, last_error: null }];
          return json(200, channels[0]);
        },
      });
      renderAsOwner();
      expect(
        await screen.findByText(/Meta's login dialog cannot open in this installation/),
      ).toBeInTheDocument();
      const card = (await screen.findByText('Acme on Facebook')).closest(
        '.ant-card',
      ) as HTMLElement;
      expect(within(card).getByText('Needs reconnecting')).toBeInTheDocument();
      expect(within(card).getByText(OLD_ERROR)).toBeInTheDocument();

      const input = within(card).getByLabelText('New Page access token for Acme on Facebook');
      fireEvent.change(input, { target: { value: 'EAABwrongpage0123456789' } });
      await userEvent.click(within(card).getByRole('button', { name: 'Reconnect' }));
      expect(
        await within(card).findAllByText(/This token is for the page "Other"/),
      ).not.toHaveLength(0);

      fireEvent.change(input, { target: { value: 'EAABgoodtoken0123456789' } });
      await userEvent.click(within(card).getByRole('button', { name: 'Reconnect' }));
      expect(await screen.findByText('Acme on Facebook is reconnected.')).toBeInTheDocument();
      expect(await screen.findByText('Connected')).toBeInTheDocument();
      expect(api.callsTo('PATCH /dashboardapi/supportchannel').at(-1)).toMatchObject({
        url: expect.stringContaining('id=21'),
        body: { provider: { type: 'facebook', page_access_token: 'EAABgoodtoken0123456789' } },
      });
    },
    FLOW_TIMEOUT,
  );

  it(
    'connects an Instagram account with a tested token and shows the webhook URL',
    async () => {
      const api = fakeApi({
        'GET /dashboardapi/supportchannel/all': () => json(200, []),
        'POST /dashboardapi/supportchannel/test-connection': () =>
          json(200, {
            ok: true,
            message: 'Connected to the Instagram account 17841400000000 of the page "Acme Shoes".',
          }),
        'POST /dashboardapi/supportchannel': (call: RecordedCall) =>
          json(201, {
            id: 22,
            type: 'instagram_dm',
            name: (call.body as { name: string }).name,
            brand_id: null,
            needs_reauthorization: false,
            webhook_url: null,
            callback_urls: [
              {
                label: 'Callback URL',
                url: 'https://parley.example.com/dashboardapi/meta/webhook',
              },
            ],
          }),
      });
      renderAsOwner();
      await userEvent.click(await screen.findByLabelText('Instagram direct messages'));
      fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Acme DMs' } });
      fireEvent.change(screen.getByLabelText('Page access token'), {
        target: { value: 'EAABpagetoken0123456789' },
      });
      await userEvent.click(screen.getByRole('button', { name: 'Test connection' }));
      expect(
        await screen.findByText(
          'Connected to the Instagram account 17841400000000 of the page "Acme Shoes".',
        ),
      ).toBeInTheDocument();
      await userEvent.click(screen.getByRole('button', { name: 'Connect' }));
      expect(
        await screen.findByText('https://parley.example.com/dashboardapi/meta/webhook'),
      ).toBeInTheDocument();
      expect(api.callsTo('POST /dashboardapi/supportchannel')[0]?.body).toEqual({
        type: 'instagram_dm',
        name: 'Acme DMs',
        page_access_token: 'EAABpagetoken0123456789',
      });
      expect(api.callsTo('POST /dashboardapi/supportchannel/test-connection')[0]?.body).toEqual({
        type: 'instagram_dm',
        page_access_token: 'EAABpagetoken0123456789',
      });
    },
    FLOW_TIMEOUT,
  );
});
