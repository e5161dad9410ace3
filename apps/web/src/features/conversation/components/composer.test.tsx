import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import { fakeApi, json, type RecordedCall, type Reply } from '../../../test/fake-api';
import { attachment, FAST_REPLY_LIST, GREETING, REFUND } from '../../fast-reply/test';
import { CONVERSATION_ID, MAPPING, message, renderWithStore } from '../test/pane-fixtures';
import { Composer } from './composer';

const MESSAGES = `POST /dashboardapi/conversations/${CONVERSATION_ID}/messages`;

function renderComposer(routes: Record<string, Reply>, users = [] as typeof MAPPING.dc_users) {
  const api = fakeApi({
    [MESSAGES]: (call: RecordedCall) =>
      json(201, message({ direction: 'outgoing', body: (call.body as { body: string }).body })),
    ...routes,
  });
  const user = userEvent.setup({ delay: null, pointerEventsCheck: PointerEventsCheckLevel.Never });
  renderWithStore(
    <Composer
      conversationId={CONVERSATION_ID}
      contactName="Jane Customer"
      channelType="email"
      users={users}
      meId={1}
      onTyping={() => {}}
      onStopTyping={() => {}}
    />,
  );
  return { api, user, text: () => screen.getByRole('textbox', { name: 'Reply text' }) };
}

const query = (call: RecordedCall | undefined) =>
  Object.fromEntries(new URL(call?.url ?? '', 'http://x').searchParams);

describe('composer: attachments and fast replies', { timeout: 90_000 }, () => {
  it('uploads a file through POST /attachment/ and sends its id as attachment_ids', async () => {
    const uploaded = attachment({ id: 601, file_name: 'label.pdf' });
    const { api, user, text } = renderComposer({ 'POST /attachment/': json(201, uploaded) });

    await user.upload(
      screen.getByLabelText('Attach files'),
      new File(['%PDF'], 'label.pdf', { type: 'application/pdf' }),
    );
    const files = await screen.findByRole('list', { name: 'Attachments' });
    await waitFor(() =>
      expect(within(files).getByRole('listitem')).toHaveAttribute('data-status', 'done'),
    );
    const form = api.callsTo('POST /attachment/')[0]?.body as FormData;
    expect(form.get('file')).toBeInstanceOf(File);
    expect(form.get('file_name')).toBe('label.pdf');

    await user.click(text());
    await user.paste('Here is your label');
    await user.click(screen.getByRole('button', { name: /Send/ }));

    await waitFor(() => expect(api.callsTo(MESSAGES)).toHaveLength(1));
    expect(api.callsTo(MESSAGES)[0]?.body).toEqual({
      kind: 'reply',
      body: 'Here is your label',
      mentions: [],
      attachment_ids: [601],
    });
    await waitFor(() => expect(screen.queryByRole('list', { name: 'Attachments' })).toBeNull());
  });

  it('shows a refused upload in words (415) and sends without it', async () => {
    const { api, user } = renderComposer({
      'POST /attachment/': json(415, {
        code: 'unsupported_media_type',
        message: 'Files like "run.exe" cannot be attached, because they could run code.',
      }),
    });
    await user.upload(
      screen.getByLabelText('Attach files'),
      new File(['MZ'], 'run.exe', { type: 'application/x-msdownload' }),
    );
    expect(
      await screen.findByText(
        'Files like "run.exe" cannot be attached, because they could run code.',
      ),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /Send/ }));
    expect(await screen.findByText('Write a message first.')).toBeInTheDocument();
    expect(api.callsTo(MESSAGES)).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Remove run.exe' }));
    expect(screen.queryByRole('list', { name: 'Attachments' })).toBeNull();
  });

  it('"/" opens the fast-reply picker: arrows, Enter inserts the resolved text and files; templates stack; Escape closes', async () => {
    const copy = attachment({ id: 702, file_name: 'refund-policy.pdf' });
    const { api, user, text } = renderComposer({
      'GET /dashboardapi/fastreply/all': json(200, FAST_REPLY_LIST),
      'GET /dashboardapi/fastreply/resolve': (call: RecordedCall) =>
        query(call).id === String(REFUND.id)
          ? json(200, {
              id: REFUND.id,
              name: REFUND.name,
              content: 'Hi Jane, your refund is on its way.',
              attachments: [copy],
              missing_variables: [],
            })
          : json(200, {
              id: GREETING.id,
              name: GREETING.name,
              content: 'Thanks for writing to us!',
              attachments: [],
              missing_variables: [],
            }),
    });

    await user.click(text());
    await user.paste('Hello ');
    await user.keyboard('/');
    const picker = await screen.findByRole('listbox', { name: 'Fast replies' });
    await waitFor(() => expect(within(picker).getAllByRole('option')).toHaveLength(3));
    const options = () => within(screen.getByRole('listbox')).getAllByRole('option');
    expect(options()[0]).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{ArrowDown}');
    expect(options()[1]).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{ArrowUp}');
    expect(options()[0]).toHaveAttribute('aria-selected', 'true');

    // Searchable by folder as well as name.
    await user.paste('billing');
    await waitFor(() => expect(options()).toHaveLength(1));
    expect(options()[0]).toHaveTextContent('Refund issued');
    await user.keyboard('{Enter}');

    await waitFor(() => expect(text()).toHaveValue('Hello Hi Jane, your refund is on its way.'));
    expect(query(api.callsTo('GET /dashboardapi/fastreply/resolve')[0])).toEqual({
      id: String(REFUND.id),
      conversation_id: String(CONVERSATION_ID),
    });
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(
      within(screen.getByRole('list', { name: 'Attachments' })).getByText('refund-policy.pdf'),
    ).toBeInTheDocument();

    // A second template in the same reply.
    await user.keyboard(' /');
    await screen.findByRole('listbox', { name: 'Fast replies' });
    await user.paste('greet');
    await waitFor(() => expect(options()).toHaveLength(1));
    await user.keyboard('{Enter}');
    await waitFor(() =>
      expect(text()).toHaveValue(
        'Hello Hi Jane, your refund is on its way. Thanks for writing to us!',
      ),
    );

    // Escape closes the picker and leaves the "/" as text.
    await user.keyboard(' /');
    await screen.findByRole('listbox', { name: 'Fast replies' });
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(text()).toHaveValue(
      'Hello Hi Jane, your refund is on its way. Thanks for writing to us! /',
    );

    await user.click(screen.getByRole('button', { name: /Send/ }));
    await waitFor(() => expect(api.callsTo(MESSAGES)).toHaveLength(1));
    expect(api.callsTo(MESSAGES)[0]?.body).toMatchObject({ attachment_ids: [702] });
  });
});

describe('composer: @mentions', { timeout: 90_000 }, () => {
  it('a teammate picked from the @ list of a note is sent as a mention', async () => {
    // The list scrolls its active teammate into view, which jsdom cannot do.
    Element.prototype.scrollIntoView ??= () => {};
    const { api, user } = renderComposer({}, MAPPING.dc_users);
    await user.click(screen.getByText('Internal note'));
    const note = screen.getByRole('textbox', { name: 'Internal note text' });
    await user.click(note);
    await user.keyboard('@Sam');
    await user.click(await screen.findByText('Sam Agent'));
    expect(note).toHaveValue('@Sam Agent ');
    await user.keyboard('please check');
    await user.click(screen.getByRole('button', { name: /Add note/ }));

    await waitFor(() => expect(api.callsTo(MESSAGES)).toHaveLength(1));
    expect(api.callsTo(MESSAGES)[0]?.body).toMatchObject({
      kind: 'note',
      body: '@Sam Agent please check',
      mentions: [2],
    });
  });
});
