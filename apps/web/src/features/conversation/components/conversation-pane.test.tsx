import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { formatTimestamp } from '../../../lib/format-timestamp';
import { json } from '../../../test/fake-api';
import { CONVERSATION_ID, detail, message, paneApi, renderWithStore } from '../test/pane-fixtures';
import { ConversationPane } from './conversation-pane';

function renderPane() {
  return renderWithStore(<ConversationPane conversationId={CONVERSATION_ID} />);
}

const row = (id: number) => document.querySelector(`[data-message-id="${id}"]`) as HTMLElement;

describe('conversation pane: thread', () => {
  it('renders each kind: incoming left, outgoing right, internal notes labelled, activity centred, calls with an icon', async () => {
    const incoming = message({ body: 'Where is my refund?\nOrder 1001' });
    const reply = message({
      direction: 'outgoing',
      body: 'Looking into it now.',
      sender: { type: 'agent', id: 1, name: 'Erin Example' },
      delivery_status: 'delivered',
    });
    const note = message({
      direction: 'internal',
      kind: 'note',
      body: 'Check the payment provider first',
      sender: { type: 'agent', id: 2, name: 'Sam Agent' },
    });
    const activity = message({
      direction: 'internal',
      kind: 'activity',
      body: 'Erin Example self-assigned the conversation',
      sender: { type: 'agent', id: 1, name: 'Erin Example' },
    });
    const call = message({ kind: 'call', body: 'Missed call · 0:00' });
    paneApi({ messages: [incoming, reply, note, activity, call] });
    renderPane();

    const list = await screen.findByRole('list', { name: 'Messages' });
    expect(within(list).getByText(/Where is my refund\?/)).toBeInTheDocument();
    expect(row(incoming.id)).toHaveAttribute('data-direction', 'incoming');
    expect(row(incoming.id).className).toMatch(/incoming/);
    expect(row(reply.id).className).toMatch(/outgoing/);

    // Internal note: its own style and the 'Internal note' label.
    expect(row(note.id)).toHaveAttribute('data-kind', 'note');
    expect(row(note.id).className).toMatch(/note/);
    expect(within(row(note.id)).getByText('Internal note')).toBeInTheDocument();
    expect(within(row(reply.id)).queryByText('Internal note')).toBeNull();

    // Activity: a small centred line, no bubble.
    expect(row(activity.id).className).toMatch(/activity/);
    expect(row(activity.id).querySelector('article')).toBeNull();

    // Calls carry a phone icon.
    expect(within(row(call.id)).getByLabelText('Incoming call')).toBeInTheDocument();
  });

  it('shows plain text with its line breaks, and body_html only inside a sandboxed frame (sandbox without allow-scripts + srcdoc + CSP, no scripts)', async () => {
    const plain = message({ body: 'Line one\nLine two' });
    const html = message({
      body: 'Hello from email',
      body_html: '<p>Hello <b>from</b> email</p><script>window.__pwned = true</script>',
    });
    paneApi({ messages: [plain, html] });
    renderPane();

    await screen.findByRole('list', { name: 'Messages' });
    const text = within(row(plain.id)).getByText(/Line one/);
    expect(text.textContent).toBe('Line one\nLine two');
    expect(text.className).toMatch(/text/);
    expect(row(plain.id).querySelector('iframe')).toBeNull();

    const frame = row(html.id).querySelector('iframe');
    expect(frame).not.toBeNull();
    // Sandboxed without allow-scripts (allow-same-origin only lets the pane measure its height).
    expect(frame?.getAttribute('sandbox')).not.toContain('allow-scripts');
    expect(frame?.getAttribute('srcdoc')).toContain("script-src 'none'");
    expect(frame?.getAttribute('srcdoc')).toContain('<p>Hello <b>from</b> email</p>');
    // The HTML never becomes part of our document.
    expect(document.querySelector('b')).toBeNull();
    expect(document.body.innerHTML).not.toContain('<script>window.__pwned');
    // oxlint-disable-next-line no-underscore-dangle -- the marker the injected script would set
    expect((window as { __pwned?: boolean }).__pwned).toBeUndefined();
  });

  it('shows delivery ticks (queued, sent, delivered, read) and explains a failure with its failure_reason in red', async () => {
    const outgoing = (
      status: 'queued' | 'sent' | 'delivered' | 'read' | 'failed',
      reason?: string,
    ) =>
      message({
        direction: 'outgoing',
        body: `reply ${status}`,
        sender: { type: 'agent', id: 1, name: 'Erin Example' },
        delivery_status: status,
        failure_reason: reason ?? null,
      });
    const messages = [
      outgoing('queued'),
      outgoing('sent'),
      outgoing('delivered'),
      outgoing('read'),
      outgoing('failed', 'The recipient mailbox is full'),
    ];
    paneApi({ messages });
    renderPane();

    await screen.findByRole('list', { name: 'Messages' });
    for (const [index, label] of ['Queued', 'Sent', 'Delivered', 'Read', 'Failed'].entries()) {
      expect(
        within(row(messages[index]!.id)).getByRole('img', { name: label }),
      ).toBeInTheDocument();
    }
    const failure = within(row(messages[4]!.id)).getByText(
      /Not delivered: The recipient mailbox is full/,
    );
    expect(failure.closest('p')?.className).toMatch(/failed/);
    expect(failure.closest('p')?.textContent).toMatch(/did not receive this reply/);
  });

  it('formats timestamps with formatTimestamp (docs/product/limits.md)', async () => {
    const today = message({ created_at: new Date().toISOString() });
    const older = message({ created_at: '2024-03-05T15:04:00.000Z' });
    paneApi({ messages: [older, today] });
    renderPane();

    await screen.findByRole('list', { name: 'Messages' });
    expect(row(today.id).querySelector('time')?.textContent).toBe(
      formatTimestamp(today.created_at),
    );
    expect(row(older.id).querySelector('time')?.textContent).toBe(
      formatTimestamp(older.created_at),
    );
    expect(row(older.id).querySelector('time')?.textContent).toMatch(
      /^Mar 05 2024, \d\d:\d\d [ap]m$/,
    );
  });

  it('marks the conversation read when opened (POST read)', async () => {
    const api = paneApi();
    renderPane();
    await waitFor(() =>
      expect(api.callsTo(`POST /dashboardapi/conversations/${CONVERSATION_ID}/read`)).toHaveLength(
        1,
      ),
    );
  });

  it('loads older messages with before = the oldest id shown, and puts them above', async () => {
    const newest = [message({ body: 'newer one' }), message({ body: 'newer two' })];
    const older = message({
      body: 'the very first message',
      created_at: '2026-01-01T10:00:00.000Z',
    });
    const api = paneApi({
      messages: newest,
      hasMore: true,
      routes: {
        [`GET /dashboardapi/conversations/${CONVERSATION_ID}/messages`]: (call) =>
          new URL(call.url, 'http://localhost').searchParams.get('before')
            ? json(200, { items: [older], has_more: false })
            : json(200, { items: newest, has_more: true }),
      },
    });
    renderPane();

    await userEvent.click(await screen.findByRole('button', { name: 'Load older messages' }));
    expect(await screen.findByText('the very first message')).toBeInTheDocument();
    const calls = api.callsTo(`GET /dashboardapi/conversations/${CONVERSATION_ID}/messages`);
    expect(new URL(calls.at(-1)!.url, 'http://localhost').searchParams.get('before')).toBe(
      String(newest[0]!.id),
    );
    const bodies = [...document.querySelectorAll('[data-message-id]')].map((el) =>
      el.getAttribute('data-message-id'),
    );
    expect(bodies).toEqual([String(older.id), String(newest[0]!.id), String(newest[1]!.id)]);
    expect(screen.queryByRole('button', { name: 'Load older messages' })).toBeNull();
  });
});

describe('conversation pane: header and contact panel', () => {
  it('shows contact name, channel type, subject and status', async () => {
    paneApi();
    renderPane();
    expect(
      await screen.findByRole('heading', { name: 'Refund for order 1001' }),
    ).toBeInTheDocument();
    const header = screen.getByRole('banner');
    expect(within(header).getByText('Jane Customer')).toBeInTheDocument();
    expect(within(header).getByText('Email')).toBeInTheDocument();
    expect(within(header).getByTestId('conversation-status')).toHaveTextContent('Open');
  });

  it("lists the contact's email, phone, other conversations (as links) and first response / resolved times", async () => {
    const current = detail({ resolved_at: '2026-02-03T10:00:00.000Z' });
    paneApi({ detail: current });
    renderPane();

    const panel = await screen.findByRole('complementary', { name: 'Contact' });
    expect(within(panel).getByRole('link', { name: 'jane@customer.test' })).toHaveAttribute(
      'href',
      'mailto:jane@customer.test',
    );
    expect(within(panel).getByRole('link', { name: '+15551234567' })).toHaveAttribute(
      'href',
      'tel:+15551234567',
    );
    expect(within(panel).getByRole('link', { name: 'Shipping question' })).toHaveAttribute(
      'href',
      '/inboxes/all/all/newest/40?search=id:40',
    );
    expect(
      within(panel).getByText(formatTimestamp(current.first_response_at!)),
    ).toBeInTheDocument();
    expect(within(panel).getByText(formatTimestamp(current.resolved_at!))).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Contact details' }));
    expect(screen.queryByRole('complementary', { name: 'Contact' })).toBeNull();
  });

  it('says so in words when the conversation does not exist', async () => {
    paneApi({
      routes: {
        [`GET /dashboardapi/conversations/${CONVERSATION_ID}`]: json(404, {
          code: 'not_found',
          message: 'That conversation was not found.',
        }),
      },
    });
    renderPane();
    expect(await screen.findByText('This conversation was not found')).toBeInTheDocument();
    expect(screen.getByText('That conversation was not found.')).toBeInTheDocument();
  });
});
