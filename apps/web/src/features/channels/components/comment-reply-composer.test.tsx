import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import { fakeApi, json, type RecordedCall } from '../../../test/fake-api';
import { Composer, CONVERSATION_ID, message, renderWithStore } from '../../conversation/test';

const MESSAGES = `POST /dashboardapi/conversations/${CONVERSATION_ID}/messages`;
const THREAD = `GET /dashboardapi/meta/conversations/${CONVERSATION_ID}/comment-thread`;

function renderComposer(channelType: string, commentThread: object | null) {
  const api = fakeApi({
    [THREAD]: json(200, { comment_thread: commentThread }),
    [MESSAGES]: (call: RecordedCall) =>
      json(201, message({ direction: 'outgoing', body: (call.body as { body: string }).body })),
  });
  const user = userEvent.setup({ delay: null, pointerEventsCheck: PointerEventsCheckLevel.Never });
  renderWithStore(
    <Composer
      conversationId={CONVERSATION_ID}
      contactName="Dana"
      channelType={channelType}
      users={[]}
      meId={1}
      onTyping={() => {}}
      onStopTyping={() => {}}
    />,
  );
  return { api, user, text: () => screen.getByRole('textbox', { name: 'Reply text' }) };
}

describe('composer: answering a comment publicly or privately', { timeout: 90_000 }, () => {
  it('offers the choice on a comment conversation and sends it as comment_reply', async () => {
    const { api, user, text } = renderComposer('facebook', {
      comment_id: '104_555_1',
      post_id: '104_555',
    });
    const privately = await screen.findByText('Reply privately');
    expect(screen.getByText('Reply under the comment')).toBeInTheDocument();
    await user.click(privately);
    await user.click(text());
    await user.paste('I sent you a code');
    await user.click(screen.getByRole('button', { name: /Send/ }));
    await waitFor(() => expect(api.callsTo(MESSAGES)).toHaveLength(1));
    expect(api.callsTo(MESSAGES)[0]?.body).toEqual({
      kind: 'reply',
      body: 'I sent you a code',
      mentions: [],
      comment_reply: 'private',
    });
  });

  it('shows no choice on a Messenger conversation', async () => {
    const { api, user, text } = renderComposer('facebook', null);
    await waitFor(() => expect(api.callsTo(THREAD)).toHaveLength(1));
    expect(screen.queryByText('Reply privately')).toBeNull();
    await user.click(text());
    await user.paste('Hi');
    await user.click(screen.getByRole('button', { name: /Send/ }));
    await waitFor(() => expect(api.callsTo(MESSAGES)).toHaveLength(1));
    expect(api.callsTo(MESSAGES)[0]?.body).toEqual({ kind: 'reply', body: 'Hi', mentions: [] });
  });

  it('does not ask on channels without comments', async () => {
    const { api, user, text } = renderComposer('email', null);
    await user.click(text());
    await user.paste('Hello');
    await user.click(screen.getByRole('button', { name: /Send/ }));
    await waitFor(() => expect(api.callsTo(MESSAGES)).toHaveLength(1));
    expect(api.callsTo(THREAD)).toHaveLength(0);
  });
});
