import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import { fakeApi, json, type RecordedCall } from '../../../test/fake-api';
import { CONVERSATION_ID, detail, message, renderWithStore } from '../test/pane-fixtures';
import { Composer } from './composer';

const MESSAGES = `POST /dashboardapi/conversations/${CONVERSATION_ID}/messages`;
const DETAIL = `GET /dashboardapi/conversations/${CONVERSATION_ID}`;

function renderComposer(channelType: string, remembered?: { cc: string[]; bcc: string[] }) {
  const api = fakeApi({
    [DETAIL]: json(200, detail({ channel_type: channelType, email_recipients: remembered })),
    [MESSAGES]: (call: RecordedCall) =>
      json(201, message({ direction: 'outgoing', body: (call.body as { body: string }).body })),
  });
  const user = userEvent.setup({ delay: null, pointerEventsCheck: PointerEventsCheckLevel.Never });
  renderWithStore(
    <Composer
      conversationId={CONVERSATION_ID}
      contactName="Jane Customer"
      channelType={channelType}
      users={[]}
      meId={1}
      onTyping={() => {}}
      onStopTyping={() => {}}
    />,
  );
  return { api, user, text: () => screen.getByRole('textbox', { name: 'Reply text' }) };
}

/** The addresses shown as tags in a Cc / Bcc field. */
const tagsIn = (label: string) =>
  Array.from(
    screen
      .getByRole('combobox', { name: label })
      .closest('.ant-select')!
      .querySelectorAll('.ant-select-selection-item'),
  ).map((tag) => tag.getAttribute('title') ?? tag.textContent);

describe('composer: Cc and Bcc of an email reply', { timeout: 90_000 }, () => {
  it('starts from the conversation’s last Cc / Bcc, adds typed addresses and sends both', async () => {
    const { api, user, text } = renderComposer('email', {
      cc: ['ann@partner.example'],
      bcc: [],
    });
    // The remembered Cc is shown; the empty Bcc waits behind its toggle.
    await waitFor(() => expect(tagsIn('Cc addresses')).toEqual(['ann@partner.example']));
    expect(screen.queryByRole('combobox', { name: 'Bcc addresses' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Cc' })).toHaveAttribute('aria-pressed', 'true');

    await user.click(screen.getByRole('button', { name: 'Bcc' }));
    await user.type(screen.getByRole('combobox', { name: 'Bcc addresses' }), 'Boss@Shop.example,');
    expect(tagsIn('Bcc addresses')).toEqual(['boss@shop.example']);

    await user.click(text());
    await user.paste('Copying our buyer.');
    await user.click(screen.getByRole('button', { name: /Send/ }));
    await waitFor(() => expect(api.callsTo(MESSAGES)).toHaveLength(1));
    expect(api.callsTo(MESSAGES)[0]?.body).toEqual({
      kind: 'reply',
      body: 'Copying our buyer.',
      mentions: [],
      cc: ['ann@partner.example'],
      bcc: ['boss@shop.example'],
    });
  });

  it('turning Cc off sends an empty Cc, so the conversation forgets it', async () => {
    const { api, user, text } = renderComposer('email', {
      cc: ['ann@partner.example'],
      bcc: ['boss@shop.example'],
    });
    await waitFor(() => expect(tagsIn('Bcc addresses')).toEqual(['boss@shop.example']));
    await user.click(screen.getByRole('button', { name: 'Cc' }));
    expect(screen.queryByRole('combobox', { name: 'Cc addresses' })).toBeNull();
    await user.click(text());
    await user.paste('Only the boss now.');
    await user.click(screen.getByRole('button', { name: /Send/ }));
    await waitFor(() => expect(api.callsTo(MESSAGES)).toHaveLength(1));
    expect(api.callsTo(MESSAGES)[0]?.body).toMatchObject({ cc: [], bcc: ['boss@shop.example'] });
  });

  it('offers no Cc / Bcc on a note nor on other channels', async () => {
    const { api, user, text } = renderComposer('chat');
    expect(screen.queryByRole('button', { name: 'Cc' })).toBeNull();
    await user.click(text());
    await user.paste('Hello');
    await user.click(screen.getByRole('button', { name: /Send/ }));
    await waitFor(() => expect(api.callsTo(MESSAGES)).toHaveLength(1));
    expect(api.callsTo(MESSAGES)[0]?.body).not.toHaveProperty('cc');
    expect(api.callsTo(DETAIL)).toHaveLength(0);

    const form = screen.getByRole('form', { name: 'Reply' });
    await user.click(within(form).getByText('Internal note'));
    expect(screen.queryByRole('button', { name: 'Cc' })).toBeNull();
  });
});
