import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { ConversationMapping } from '@parley/contracts';
import { makeStore } from '../../../app/store';
import { fakeApi, json } from '../../../test/fake-api';
import { signInCookies } from '../../../test/fixtures';
import { renderPage } from '../../../test/render';
import { NewConversationModal } from './new-conversation-modal';

type Channel = ConversationMapping['support_channels'][number];
const channel = (id: number, type: string, name: string): Channel => ({
  id,
  type,
  name,
  brand_id: null,
  needs_reauthorization: false,
});

// Live chat first, as a new workspace's mapping can list it.
const CHANNELS = [
  channel(11, 'live_chat', 'Website chat'),
  channel(13, 'facebook', 'Northwind (Facebook)'),
  channel(14, 'whatsapp_gupshup_isv', 'WhatsApp line'),
  channel(12, 'sms', 'SMS line'),
  channel(10, 'email', 'Support email'),
  channel(15, 'api', 'Shop backend'),
];

function renderModal(channels: Channel[]) {
  signInCookies();
  const api = fakeApi({
    'POST /dashboardapi/conversations': json(201, { id: 99 }),
  });
  const { store } = makeStore({ persist: false });
  const onCreated = vi.fn<(conversation: unknown) => void>();
  renderPage(
    <NewConversationModal open channels={channels} onClose={() => {}} onCreated={onCreated} />,
    { at: '/inboxes/all/open/newest', store },
  );
  return { api, onCreated };
}

const shownOptions = () =>
  [...document.querySelectorAll<HTMLElement>('.ant-select-item-option')].map((el) =>
    el.getAttribute('title'),
  );

describe('new conversation: only channels that can start one, email by default', () => {
  it('defaults to email and offers only email, SMS and API channels (not live chat, Messenger or WhatsApp)', async () => {
    const { api, onCreated } = renderModal(CHANNELS);
    const select = await screen.findByRole('combobox', { name: 'Channel' });
    expect(screen.getByTitle('Support email')).toBeInTheDocument();
    fireEvent.mouseDown(select);
    await waitFor(() =>
      expect(shownOptions()).toEqual(['Support email', 'SMS line', 'Shop backend']),
    );

    // Typing key by key is slow on a loaded machine; a change event is what the form reads.
    fireEvent.change(screen.getByLabelText(/^Contact email/), {
      target: { value: 'olivia@example.com' },
    });
    fireEvent.change(screen.getByLabelText(/^Message/), {
      target: { value: 'Hello from the shop' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(onCreated).toHaveBeenCalled());
    expect(api.callsTo('POST /dashboardapi/conversations')[0]?.body).toMatchObject({
      support_channel_id: 10,
      contact: { email: 'olivia@example.com' },
      body: 'Hello from the shop',
    });
  });

  it('says why when no channel can start a conversation, and does not send', async () => {
    renderModal([channel(11, 'live_chat', 'Website chat')]);
    expect(
      await screen.findByText('None of your channels can start a conversation'),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'set up an email address' })).toHaveAttribute(
      'href',
      '/settings/emailsetup',
    );
    expect(screen.getByRole('button', { name: 'Send' })).toBeDisabled();
  });
});
