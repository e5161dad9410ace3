import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import { REALTIME_EVENTS, conversationPresenceChannel } from '@parley/contracts';
import { RealtimeProvider } from '../../realtime';
import { VISITOR_TYPING_STALE_MS } from '../hooks/use-conversation-presence';
import { fakeConversationRealtime } from '../test/fake-conversation-pusher';
import { CONVERSATION_ID, detail, paneApi, renderWithStore } from '../test/pane-fixtures';
import { ConversationPane } from './conversation-pane';

afterEach(() => {
  vi.useRealTimers();
});

const presence = conversationPresenceChannel(CONVERSATION_ID);

/** The pane of a live-chat conversation with realtime on a fake Pusher, subscribed to presence. */
async function renderLiveChatPane(contact = { name: 'Vera Visitor' }) {
  paneApi({
    detail: detail({
      channel_type: 'live_chat',
      contact: { id: 77, name: contact.name, email: null, phone: null, avatar: null },
    }),
  });
  const realtime = fakeConversationRealtime();
  renderWithStore(
    <RealtimeProvider connect={realtime.connect}>
      <ConversationPane conversationId={CONVERSATION_ID} />
    </RealtimeProvider>,
  );
  await screen.findByRole('heading', { name: 'Refund for order 1001' });
  await waitFor(() => expect(realtime.client.channel(presence)).toBeDefined());
  const channel = realtime.client.channel(presence)!;
  act(() => channel.succeed('1'));
  const visitorTyping = (typing: boolean, conversationId = CONVERSATION_ID) =>
    act(() =>
      realtime.client.emit(presence, REALTIME_EVENTS.visitorTyping, {
        conversation_id: conversationId,
        typing,
      }),
    );
  return { realtime, visitorTyping };
}

describe('visitor typing in the conversation view (visitor_typing on presence-conversation-{id})', () => {
  it('shows "{contact name} is typing…" while the visitor types, and clears it on typing:false', async () => {
    const { visitorTyping } = await renderLiveChatPane();
    expect(screen.queryByText('Vera Visitor is typing…')).toBeNull();

    visitorTyping(true);
    expect(await screen.findByText('Vera Visitor is typing…')).toBeTruthy();

    visitorTyping(false);
    await waitFor(() => expect(screen.queryByText('Vera Visitor is typing…')).toBeNull());
  });

  it('ignores typing of another conversation on the channel', async () => {
    const { visitorTyping } = await renderLiveChatPane();
    visitorTyping(true, CONVERSATION_ID + 1);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.queryByText(/is typing…/)).toBeNull();
  });

  it(`clears on its own after ${VISITOR_TYPING_STALE_MS / 1000} s without an update (a closed tab says nothing); an update keeps it`, async () => {
    const { visitorTyping } = await renderLiveChatPane();
    vi.useFakeTimers({ shouldAdvanceTime: true });

    visitorTyping(true);
    expect(await screen.findByText('Vera Visitor is typing…')).toBeTruthy();
    act(() => vi.advanceTimersByTime(VISITOR_TYPING_STALE_MS - 1000));
    visitorTyping(true);
    act(() => vi.advanceTimersByTime(VISITOR_TYPING_STALE_MS - 1000));
    expect(screen.getByText('Vera Visitor is typing…')).toBeTruthy();

    act(() => vi.advanceTimersByTime(1000));
    await waitFor(() => expect(screen.queryByText('Vera Visitor is typing…')).toBeNull());
  });
});
