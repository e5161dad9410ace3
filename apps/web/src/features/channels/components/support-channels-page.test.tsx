import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { makeStore } from '../../../app/store';
import { meLoaded } from '../../auth';
import { fakeApi, json, type RecordedCall } from '../../../test/fake-api';
import { ME, signInCookies } from '../../../test/fixtures';
import { renderPage } from '../../../test/render';
import type { ChannelListItem } from '../api/channels-api';
import { ApiKeysPage } from './api-keys-page';
import { SupportChannelsPage } from './support-channels-page';

function renderAs(ui: React.ReactElement, at: string, permission: 'owner' | 'agent' = 'owner') {
  signInCookies();
  const { store } = makeStore({ persist: false });
  store.dispatch(meLoaded({ ...ME, permission_level: permission }));
  renderPage(ui, { at, store });
}

/** The open confirmation popover with this title. */
async function confirmOf(title: string) {
  return (await screen.findByText(title)).closest<HTMLElement>('.ant-popover')!;
}

/** Long flows type a lot; a loaded machine makes userEvent slow. */
const FLOW_TIMEOUT = 90_000;

const EMAIL: ChannelListItem = {
  id: 1,
  type: 'email',
  name: 'support@northwind.io',
  brand_id: null,
  needs_reauthorization: false,
  webhook_url: null,
};

describe('support channels settings', () => {
  it(
    'creates an API channel, shows its webhook secret once, edits its webhook URL and removes it',
    async () => {
      let channels: ChannelListItem[] = [EMAIL];
      const api = fakeApi({
        'GET /dashboardapi/supportchannel/all': () => json(200, channels),
        'POST /dashboardapi/supportchannel': (call: RecordedCall) => {
          const body = call.body as { name: string; webhook_url: string | null };
          const created = {
            id: 9,
            type: 'api',
            brand_id: null,
            needs_reauthorization: false,
            ...body,
          };
          channels = [...channels, created];
          return json(201, { ...created, webhook_secret: 'whsec_abc123' });
        },
        'PATCH /dashboardapi/supportchannel': (call: RecordedCall) => {
          const body = call.body as { webhook_url: string };
          if (body.webhook_url.includes('10.0.0.1'))
            return json(400, {
              code: 'validation_error',
              message: 'Check the highlighted fields.',
              details: [{ path: 'webhook_url', message: 'Private addresses are refused.' }],
            });
          channels = channels.map((c) => (c.id === 9 ? { ...c, ...body } : c));
          return json(200, channels[1]);
        },
        'DELETE /dashboardapi/supportchannel': () => {
          channels = channels.filter((c) => c.id !== 9);
          return json(200, { ok: true });
        },
      });
      renderAs(<SupportChannelsPage />, '/settings/supportchannels');

      expect(await screen.findByText('support@northwind.io')).toBeInTheDocument();
      await userEvent.click(screen.getByRole('button', { name: /add api channel/i }));
      const dialog = await screen.findByRole('dialog');
      fireEvent.change(within(dialog).getByLabelText('Name'), {
        target: { value: 'Shop backend' },
      });
      fireEvent.change(within(dialog).getByLabelText('Webhook URL'), {
        target: { value: 'https://shop.test/hook' },
      });
      await userEvent.click(within(dialog).getByRole('button', { name: 'Create channel' }));

      expect(await screen.findByRole('textbox', { name: 'Webhook secret' })).toHaveValue(
        'whsec_abc123',
      );
      expect(api.callsTo('POST /dashboardapi/supportchannel')[0]?.body).toEqual({
        type: 'api',
        name: 'Shop backend',
        webhook_url: 'https://shop.test/hook',
      });
      await userEvent.click(screen.getByRole('button', { name: 'Done' }));
      expect(await screen.findByText('POST /api/v1/channels/9/messages')).toBeInTheDocument();
      expect(screen.getByText('https://shop.test/hook')).toBeInTheDocument();

      // The server's field error shows under the field, in words.
      await userEvent.click(screen.getByRole('button', { name: 'Edit' }));
      const edit = (await screen.findByText('Edit Shop backend')).closest<HTMLElement>(
        '[role="dialog"]',
      )!;
      const url = within(edit).getByLabelText('Webhook URL');
      fireEvent.change(url, { target: { value: 'http://10.0.0.1/hook' } });
      await userEvent.click(within(edit).getByRole('button', { name: 'Save' }));
      expect(await within(edit).findByText('Private addresses are refused.')).toBeInTheDocument();
      fireEvent.change(url, { target: { value: 'https://shop.test/v2' } });
      await userEvent.click(within(edit).getByRole('button', { name: 'Save' }));
      expect(await screen.findByText('https://shop.test/v2')).toBeInTheDocument();
      expect(api.callsTo('PATCH /dashboardapi/supportchannel').at(-1)?.url).toContain('id=9');

      const row = screen.getByText('Shop backend').closest('tr')!;
      await userEvent.click(within(row).getByRole('button', { name: 'Remove' }));
      await userEvent.click(
        within(await confirmOf('Remove Shop backend?')).getByRole('button', { name: 'Remove' }),
      );
      await waitFor(() => expect(screen.queryByText('Shop backend')).toBeNull());
      expect(api.callsTo('DELETE /dashboardapi/supportchannel')[0]?.url).toContain('id=9');
    },
    FLOW_TIMEOUT,
  );

  it('lists the email address beside the other channels, and adds or edits one through Email setup', async () => {
    fakeApi({ 'GET /dashboardapi/supportchannel/all': json(200, [EMAIL]) });
    renderAs(<SupportChannelsPage />, '/settings/supportchannels');
    const row = (await screen.findByText('support@northwind.io')).closest('tr')!;
    expect(within(row).getByText('Email')).toBeInTheDocument();
    expect(within(row).getByText('The customer, by email from support@northwind.io')).toBeVisible();
    await userEvent.click(within(row).getByRole('button', { name: 'Edit support@northwind.io' }));
    expect(screen.getByTestId('location').textContent).toBe('/settings/emailsetup');
  });

  it('“Add email address” opens the same setup as Settings → Email setup', async () => {
    fakeApi({ 'GET /dashboardapi/supportchannel/all': json(200, []) });
    renderAs(<SupportChannelsPage />, '/settings/supportchannels');
    await userEvent.click(await screen.findByRole('button', { name: /add email address/i }));
    expect(screen.getByTestId('location').textContent).toBe('/settings/emailsetup');
  });

  it('agents see the channels but cannot change them', async () => {
    fakeApi({ 'GET /dashboardapi/supportchannel/all': json(200, [EMAIL]) });
    renderAs(<SupportChannelsPage />, '/settings/supportchannels', 'agent');
    expect(await screen.findByText('support@northwind.io')).toBeInTheDocument();
    expect(screen.getByText('Only owners and admins can add or change channels.')).toBeVisible();
    expect(screen.queryByRole('button', { name: /add api channel/i })).toBeNull();
    expect(screen.queryByRole('button', { name: /add email address/i })).toBeNull();
  });
});

describe('API keys settings', () => {
  it(
    'creates a key shown once, and revokes one',
    async () => {
      let keys = [
        {
          id: 3,
          name: 'Old sync',
          prefix: 'pk_3f9a',
          last_used_at: null,
          created_at: '2026-10-01T08:00:00.000Z',
        },
      ];
      const api = fakeApi({
        'GET /dashboardapi/apikeys': () => json(200, { keys }),
        'POST /dashboardapi/apikeys': (call: RecordedCall) => {
          const created = {
            id: 4,
            name: (call.body as { name: string }).name,
            prefix: 'pk_77aa',
            last_used_at: null,
            created_at: '2026-11-23T08:00:00.000Z',
          };
          keys = [...keys, created];
          return json(201, { ...created, key: 'pk_77aa_secretvalue' });
        },
        'DELETE /dashboardapi/apikeys/3': () => {
          keys = keys.filter((k) => k.id !== 3);
          return json(200, { ok: true });
        },
      });
      renderAs(<ApiKeysPage />, '/settings/apikeys');

      expect(await screen.findByText('Old sync')).toBeInTheDocument();
      await userEvent.click(screen.getByRole('button', { name: /create api key/i }));
      const dialog = await screen.findByRole('dialog');
      await userEvent.click(within(dialog).getByRole('button', { name: 'Create key' }));
      expect(await within(dialog).findByText('Give the key a name.')).toBeInTheDocument();
      expect(api.callsTo('POST /dashboardapi/apikeys')).toHaveLength(0);
      fireEvent.change(within(dialog).getByLabelText('Name'), {
        target: { value: 'Shop backend' },
      });
      await userEvent.click(within(dialog).getByRole('button', { name: 'Create key' }));
      expect(await screen.findByRole('textbox', { name: 'API key' })).toHaveValue(
        'pk_77aa_secretvalue',
      );
      await userEvent.click(screen.getByRole('button', { name: 'Done' }));
      expect(await screen.findByText('Shop backend')).toBeInTheDocument();

      const row = screen.getByText('Old sync').closest('tr')!;
      await userEvent.click(within(row).getByRole('button', { name: 'Revoke' }));
      await userEvent.click(
        within(await confirmOf('Revoke Old sync?')).getByRole('button', { name: 'Revoke' }),
      );
      await waitFor(() => expect(screen.queryByText('Old sync')).toBeNull());
      expect(api.callsTo('DELETE /dashboardapi/apikeys/3')).toHaveLength(1);
    },
    FLOW_TIMEOUT,
  );
});
