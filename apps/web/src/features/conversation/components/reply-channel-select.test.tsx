import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import type { ReplyChannel } from '@parley/contracts';
import { fakeApi, json, type RecordedCall } from '../../../test/fake-api';
import { CONVERSATION_ID, detail, message, renderWithStore } from '../test/pane-fixtures';
import { Composer } from './composer';

const MESSAGES = `POST /dashboardapi/conversations/${CONVERSATION_ID}/messages`;
const DETAIL = `GET /dashboardapi/conversations/${CONVERSATION_ID}`;

const SHOP: ReplyChannel = { id: 4, type: 'api', name: 'Shop backend' };
const MAIL: ReplyChannel = { id: 9, type: 'email', name: 'Support inbox' };

/** A conversation on the API channel; merged mail may add the email channel. */
function renderComposer(replyChannels: ReplyChannel[], latest: number | null) {
  const api = fakeApi({
    [DETAIL]: json(200, detail({ channel_type: 'api', reply_channels: replyChannels })),
    [MESSAGES]: (call: RecordedCall) =>
      json(201, message({ direction: 'outgoing', body: (call.body as { body: string }).body })),
  });
  const user = userEvent.setup({ delay: null, pointerEventsCheck: PointerEventsCheckLevel.Never });
  renderWithStore(
    <Composer
      conversationId={CONVERSATION_ID}
      contactName="Jane Customer"
      channelType="api"
      replyChannels={replyChannels}
      latestCustomerChannelId={latest}
      users={[]}
      meId={1}
      onTyping={() => {}}
      onStopTyping={() => {}}
    />,
  );
  const send = async (text: string) => {
    await user.click(screen.getByRole('textbox', { name: 'Reply text' }));
    await user.paste(text);
    await user.click(screen.getByRole('button', { name: /Send/ }));
    await waitFor(() => expect(api.callsTo(MESSAGES).length).toBeGreaterThan(0));
    return api.callsTo(MESSAGES).at(-1)?.body;
  };
  return { api, user, send };
}

const replyVia = () => screen.queryByRole('combobox', { name: 'Reply via' });

/** The option of the open "Reply via" list titled `title`. */
async function option(title: string) {
  return waitFor(() => {
    const found = [...document.querySelectorAll<HTMLElement>('.ant-select-item-option')].find(
      (el) => el.getAttribute('title') === title && !el.closest('.ant-select-dropdown-hidden'),
    );
    if (!found) throw new Error(`No option ${title}`);
    return found;
  });
}

describe('composer: the channel a reply goes out on', { timeout: 90_000 }, () => {
  it('offers no choice when the conversation has one reply channel', async () => {
    const { send } = renderComposer([SHOP], SHOP.id);
    expect(replyVia()).toBeNull();
    expect(await send('Hello')).not.toHaveProperty('support_channel_id');
  });

  it('with two, starts from where the customer wrote last and sends the picked channel', async () => {
    const { user, send } = renderComposer([SHOP, MAIL], MAIL.id);
    const select = replyVia();
    expect(select).not.toBeNull();
    expect(screen.getByTitle('Support inbox · Email')).toBeInTheDocument();
    // An email reply may copy others.
    expect(screen.getByRole('button', { name: 'Cc' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Reply text' })).toHaveAttribute(
      'placeholder',
      'Reply to Jane Customer by Email…',
    );

    await user.click(select!);
    await user.click(await option('Shop backend · API'));
    expect(screen.queryByRole('button', { name: 'Cc' })).toBeNull();
    expect(await send('Sent through the shop')).toEqual({
      kind: 'reply',
      body: 'Sent through the shop',
      mentions: [],
      support_channel_id: SHOP.id,
    });
  });

  it('sends the default channel when the agent does not change it', async () => {
    const { send } = renderComposer([SHOP, MAIL], MAIL.id);
    expect(await send('By email')).toMatchObject({ support_channel_id: MAIL.id });
  });
});
