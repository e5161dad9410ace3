import { describe, expect, it } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { conversationPresenceChannel } from '@parley/contracts';
import { RealtimeProvider } from '../../realtime';
import { fakeConversationRealtime } from '../test/fake-conversation-pusher';
import { CONVERSATION_ID, detail, paneApi, renderWithStore } from '../test/pane-fixtures';
import { ConversationPane } from './conversation-pane';

const presence = conversationPresenceChannel(CONVERSATION_ID);

describe('the agent’s typing reaches the others (client-typing on presence-conversation-{id})', () => {
  it('typing that began before the subscription succeeded is told with the next keystroke, not 5 s later', async () => {
    paneApi({ detail: detail({ channel_type: 'live_chat' }) });
    const realtime = fakeConversationRealtime();
    renderWithStore(
      <RealtimeProvider connect={realtime.connect}>
        <ConversationPane conversationId={CONVERSATION_ID} />
      </RealtimeProvider>,
    );
    await screen.findByRole('heading', { name: 'Refund for order 1001' });
    await waitFor(() => expect(realtime.client.channel(presence)).toBeDefined());
    const channel = realtime.client.channel(presence)!;
    const typingSent = () => channel.triggered.filter((t) => t.event === 'client-typing');

    const user = userEvent.setup();
    const text = screen.getByRole('textbox', { name: 'Reply text' });
    await user.type(text, 'Yes');
    expect(typingSent()).toEqual([]); // not subscribed yet: nothing can go out

    act(() => channel.succeed('1'));
    await user.type(text, ',');
    expect(typingSent()).toEqual([{ event: 'client-typing', data: { typing: true } }]);
  });
});
