import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import type { Reply } from '../../../test/fake-api';
import { json } from '../../../test/fake-api';
import { CONVERSATION_ID, paneApi, renderWithStore } from '../test/pane-fixtures';
import { deleteRoute, SCHEDULE, scheduledRoutes } from '../test/scheduled-fixtures';
import { ConversationPane } from './conversation-pane';

const MESSAGES = `POST /dashboardapi/conversations/${CONVERSATION_ID}/messages`;
const OFFSET = /[+-]\d\d:\d\d$/;

function renderPane({ undoSeconds = 0, routes = {} as Record<string, Reply> } = {}) {
  const server = scheduledRoutes([], undoSeconds);
  const api = paneApi({ routes: { ...server.routes, ...routes } });
  const user = userEvent.setup({ delay: null, pointerEventsCheck: PointerEventsCheckLevel.Never });
  renderWithStore(<ConversationPane conversationId={CONVERSATION_ID} />);
  return { api, user, server };
}

const replyText = () => screen.findByRole('textbox', { name: 'Reply text' });

describe('composer: scheduled send (docs/product/scheduled-send.md)', { timeout: 120_000 }, () => {
  it('"Schedule → In 1 hour" posts the reply with send_at an hour ahead (ISO with its offset), clears the composer and says when', async () => {
    const { api, user } = renderPane();
    const text = await replyText();
    await user.click(text);
    await user.paste('See you tomorrow');

    const before = Date.now();
    await user.click(screen.getByRole('button', { name: 'Schedule' }));
    await user.click(await screen.findByText('In 1 hour'));
    await waitFor(() => expect(api.callsTo(SCHEDULE)).toHaveLength(1));

    const body = api.callsTo(SCHEDULE)[0]?.body as Record<string, unknown>;
    expect(body).toEqual({
      kind: 'reply',
      body: 'See you tomorrow',
      mentions: [],
      send_at: expect.stringMatching(OFFSET),
      undo: false,
    });
    const sendAt = Date.parse(body.send_at as string);
    expect(sendAt).toBeGreaterThan(before + 3_600_000 - 120_000);
    expect(sendAt).toBeLessThan(Date.now() + 3_600_000 + 60_000);
    expect(api.callsTo(MESSAGES)).toHaveLength(0);
    await waitFor(() => expect(text).toHaveValue(''));
    // The toast, and the conversation's list above the composer.
    expect((await screen.findAllByText(/^Scheduled for /)).length).toBeGreaterThanOrEqual(1);
    expect(
      await screen.findByRole('region', { name: 'Scheduled messages' }, { timeout: 60_000 }),
    ).toHaveTextContent('See you tomorrow');
  });

  it('schedules a note as a note, and shows a refusal (400) in the server’s words at the composer, keeping the text', async () => {
    const { api, user } = renderPane({
      routes: {
        [SCHEDULE]: json(400, {
          code: 'validation_error',
          message: 'The request is not valid.',
          details: [{ path: ['send_at'], message: 'Choose a time within 365 days.' }],
        }),
      },
    });
    await replyText();
    await user.click(screen.getByText('Internal note'));
    const note = await screen.findByRole('textbox', { name: 'Internal note text' });
    await user.click(note);
    await user.paste('Call them back first');
    await user.click(screen.getByRole('button', { name: 'Schedule' }));
    await user.click(await screen.findByText(/^Tomorrow at /));

    expect(await screen.findByText('Choose a time within 365 days.')).toBeInTheDocument();
    expect(api.callsTo(SCHEDULE)[0]?.body).toMatchObject({
      kind: 'note',
      body: 'Call them back first',
      undo: false,
    });
    expect(note).toHaveValue('Call them back first');
  });

  it('with an undo window of 5 s, Send schedules the reply 5 s ahead with undo: true, shows "Sending… Undo", and Undo cancels it and puts the text back', async () => {
    // The clock stands still (timers run): a slow machine must not close the window first.
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
    const { api, user, server } = renderPane({ undoSeconds: 5 });
    const text = await replyText();
    // The setting is read (cached) before the agent sends.
    await waitFor(() => expect(api.callsTo('GET /dashboardapi/me/undo-send')).toHaveLength(1));
    await user.click(text);
    await user.paste('Thanks, your refund is on its way');

    const before = Date.now();
    await user.click(screen.getByRole('button', { name: /Send/ }));
    await waitFor(() => expect(api.callsTo(SCHEDULE)).toHaveLength(1));
    const body = api.callsTo(SCHEDULE)[0]?.body as Record<string, unknown>;
    expect(body).toMatchObject({
      kind: 'reply',
      body: 'Thanks, your refund is on its way',
      undo: true,
      send_at: expect.stringMatching(OFFSET),
    });
    const sendAt = Date.parse(body.send_at as string);
    expect(sendAt).toBeGreaterThanOrEqual(before + 5_000);
    expect(sendAt).toBeLessThanOrEqual(Date.now() + 5_000);
    expect(api.callsTo(MESSAGES)).toHaveLength(0);
    await waitFor(() => expect(text).toHaveValue(''));

    expect(await screen.findByText('Sending…', {}, { timeout: 60_000 })).toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: 'Undo' }));

    await waitFor(() => expect(api.callsTo(deleteRoute(901))).toHaveLength(1));
    expect(server.list).toEqual([]);
    await waitFor(() => expect(text).toHaveValue('Thanks, your refund is on its way'));
    await waitFor(() => expect(screen.queryByText('Sending…')).toBeNull());
  });

  it('with the undo window off, Send posts the reply at once', async () => {
    const { api, user } = renderPane({
      routes: { [MESSAGES]: json(400, { code: 'validation_error', message: 'Nope.' }) },
    });
    const text = await replyText();
    await waitFor(() => expect(api.callsTo('GET /dashboardapi/me/undo-send')).toHaveLength(1));
    await user.click(text);
    await user.paste('Right away');
    await user.click(screen.getByRole('button', { name: /Send/ }));
    await waitFor(() => expect(api.callsTo(MESSAGES)).toHaveLength(1));
    expect(api.callsTo(SCHEDULE)).toHaveLength(0);
  });

  it('Ctrl/⌘+Shift+Enter in the field opens the Schedule menu (focused, nothing sent); a choice schedules the reply', async () => {
    const { api, user } = renderPane();
    const text = await replyText();
    await user.click(text);
    await user.paste('Later today');

    await user.keyboard('{Control>}{Shift>}{Enter}{/Shift}{/Control}');
    const menu = await screen.findByRole('menu');
    await waitFor(() => expect(menu.contains(document.activeElement)).toBe(true));
    expect(api.callsTo(MESSAGES)).toHaveLength(0);
    expect(api.callsTo(SCHEDULE)).toHaveLength(0);
    expect(text).toHaveValue('Later today');

    await user.click(within(menu).getByText('In 1 hour'));
    await waitFor(() => expect(api.callsTo(SCHEDULE)).toHaveLength(1));
    expect(api.callsTo(SCHEDULE)[0]?.body).toMatchObject({ body: 'Later today', undo: false });
    expect(api.callsTo(MESSAGES)).toHaveLength(0);
  });

  it('⌘+Enter (as Ctrl+Enter) sends at once and leaves the Schedule menu shut', async () => {
    const { api, user } = renderPane();
    const text = await replyText();
    await waitFor(() => expect(api.callsTo('GET /dashboardapi/me/undo-send')).toHaveLength(1));
    await user.click(text);
    await user.paste('Right now');

    await user.keyboard('{Meta>}{Enter}{/Meta}');
    await waitFor(() => expect(api.callsTo(MESSAGES)).toHaveLength(1));
    expect(api.callsTo(SCHEDULE)).toHaveLength(0);
    expect(screen.queryByRole('menu')).toBeNull();
  });
});
