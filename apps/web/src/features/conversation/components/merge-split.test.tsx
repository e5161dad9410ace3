import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import type { ConversationMove } from '@parley/contracts';
import { json } from '../../../test/fake-api';
import { CONVERSATION_ID, detail, message, paneApi, renderWithStore } from '../test/pane-fixtures';
import { ConversationPane } from './conversation-pane';
import { conversationNumber } from './merge-modal';

/** Lazy chunks take their time in a cold test worker on a busy machine. */
const LAZY = { timeout: 60_000 };
const PATH = `/dashboardapi/conversations/${CONVERSATION_ID}`;

function move(overrides: Partial<ConversationMove> = {}): ConversationMove {
  return {
    id: 7,
    kind: 'merge',
    from_conversation_id: 40,
    to_conversation_id: CONVERSATION_ID,
    message_ids: [301, 302],
    added_tag_ids: [],
    activity_message_ids: [900, 901],
    created_by: { id: 1, name: 'Erin Example' },
    created_at: new Date().toISOString(),
    undone_at: null,
    undoable: true,
    ...overrides,
  };
}

const moveResult = (m: ConversationMove, conversationId = CONVERSATION_ID) => ({
  move: m,
  conversation: detail({ id: conversationId }),
});

function setup(options: Parameters<typeof paneApi>[0] = {}) {
  const api = paneApi(options);
  const user = userEvent.setup({ delay: null, pointerEventsCheck: PointerEventsCheckLevel.Never });
  renderWithStore(<ConversationPane conversationId={CONVERSATION_ID} />);
  return { api, user };
}

async function openMergeDialog(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('button', { name: 'More actions' }));
  await user.click(await screen.findByText('Merge…'));
  const title = await screen.findByText('Merge another conversation into this one', {}, LAZY);
  return title.closest<HTMLElement>('[role="dialog"]')!;
}

describe(
  'merging and splitting conversations (docs/product/merge-and-split.md)',
  { timeout: 120_000 },
  () => {
    it('reads a conversation number as people type it', () => {
      expect(conversationNumber('#1234')).toBe(1234);
      expect(conversationNumber(' 77 ')).toBe(77);
      expect(conversationNumber('# 5')).toBe(5);
      expect(conversationNumber('abc')).toBeNull();
      expect(conversationNumber('0')).toBeNull();
      expect(conversationNumber('99999999999')).toBeNull();
    });

    it('the merge dialog lists the contact’s other conversations and merges the chosen one into this one', async () => {
      const { api, user } = setup({
        routes: { [`POST ${PATH}/merge`]: json(200, moveResult(move())) },
      });
      const dialog = await openMergeDialog(user);
      await user.click(within(dialog).getByRole('radio', { name: /#40 Shipping question/ }));
      await user.click(within(dialog).getByRole('button', { name: 'Merge' }));
      await waitFor(() =>
        expect(api.callsTo(`POST ${PATH}/merge`).map((c) => c.body)).toEqual([
          { from_conversation_id: 40 },
        ]),
      );
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    });

    it('a conversation found by its number with another contact needs a second confirmation', async () => {
      const other = detail({
        id: 55,
        subject: 'Someone else',
        contact: { id: 88, name: 'Omar Other', email: null, phone: null, avatar: null },
      });
      const { api, user } = setup({
        routes: {
          'GET /dashboardapi/conversations/55': json(200, other),
          [`POST ${PATH}/merge`]: json(200, moveResult(move({ from_conversation_id: 55 }))),
        },
      });
      const dialog = await openMergeDialog(user);
      await user.type(within(dialog).getByRole('textbox', { name: 'Conversation number' }), '#55');
      await user.click(within(dialog).getByRole('button', { name: 'Find' }));
      expect(await within(dialog).findByRole('radio', { name: /#55 Someone else/ })).toBeChecked();
      await user.click(within(dialog).getByRole('button', { name: 'Merge' }));
      expect(await within(dialog).findByTestId('merge-other-contact')).toHaveTextContent(
        '#55 is with Omar Other, not Jane Customer',
      );
      expect(api.callsTo(`POST ${PATH}/merge`)).toEqual([]);
      await user.click(within(dialog).getByRole('button', { name: 'Merge anyway' }));
      await waitFor(() =>
        expect(api.callsTo(`POST ${PATH}/merge`).map((c) => c.body)).toEqual([
          { from_conversation_id: 55, confirm_other_contact: true },
        ]),
      );
    });

    it('refuses its own number before asking the server', async () => {
      const { api, user } = setup();
      const dialog = await openMergeDialog(user);
      await user.type(within(dialog).getByRole('textbox', { name: 'Conversation number' }), '42');
      await user.click(within(dialog).getByRole('button', { name: 'Find' }));
      expect(await within(dialog).findByRole('alert')).toHaveTextContent(
        'That is this conversation',
      );
      expect(within(dialog).getByRole('button', { name: 'Merge' })).toBeDisabled();
      expect(api.callsTo(`POST ${PATH}/merge`)).toEqual([]);
    });

    it('the merge line carries Undo, which undoes exactly that move; an undone move has none', async () => {
      const line = message({
        id: 901,
        direction: 'internal',
        kind: 'activity',
        body: 'Merged #40 into this conversation by Erin Example',
        sender: { type: 'agent', id: 1, name: 'Erin Example' },
      });
      let current = move();
      const { api, user } = setup({
        messages: [message({ id: 301, body: 'Where is my parcel?' }), line],
        routes: {
          [`GET ${PATH}/moves`]: () => json(200, { moves: [current], merged_into: null }),
          'POST /dashboardapi/conversation-moves/7/undo': () => {
            current = { ...current, undone_at: new Date().toISOString(), undoable: false };
            return json(200, { move: current });
          },
        },
      });
      const row = await waitFor(() => {
        const found = document.querySelector<HTMLElement>('[data-message-id="901"]');
        if (!found) throw new Error('no line');
        return found;
      });
      expect(row).toHaveTextContent('Merged #40 into this conversation by Erin Example');
      await user.click(await within(row).findByRole('button', { name: 'Undo' }));
      await waitFor(() =>
        expect(api.callsTo('POST /dashboardapi/conversation-moves/7/undo')).toHaveLength(1),
      );
      await waitFor(() =>
        expect(within(row).queryByRole('button', { name: 'Undo' })).not.toBeInTheDocument(),
      );
    });

    it('a conversation merged into another says so, with a link', async () => {
      setup({
        detail: detail({ status: 'closed' }),
        messages: [
          message({
            id: 950,
            direction: 'internal',
            kind: 'activity',
            body: 'Merged into #12 by Erin Example',
            sender: { type: 'agent', id: 1, name: 'Erin Example' },
          }),
        ],
        routes: {
          [`GET ${PATH}/moves`]: json(200, {
            moves: [
              move({
                from_conversation_id: CONVERSATION_ID,
                to_conversation_id: 12,
                activity_message_ids: [950, 951],
              }),
            ],
            merged_into: 12,
          }),
        },
      });
      const banner = await screen.findByTestId('merged-banner');
      expect(banner).toHaveTextContent('Merged into #12');
      expect(within(banner).getByRole('link', { name: '#12' })).toHaveAttribute(
        'href',
        '/inboxes/all/all/newest/12?search=id:12',
      );
    });

    it('“Split from here” on a customer message splits at that message', async () => {
      const first = message({ id: 501, body: 'First question' });
      const second = message({ id: 502, body: 'A new question' });
      const { api, user } = setup({
        messages: [first, second],
        routes: {
          [`POST ${PATH}/split`]: json(
            201,
            moveResult(
              move({
                kind: 'split',
                from_conversation_id: CONVERSATION_ID,
                to_conversation_id: 60,
              }),
              60,
            ),
          ),
        },
      });
      const row = await waitFor(() => {
        const found = document.querySelector<HTMLElement>('[data-message-id="502"]');
        if (!found) throw new Error('no message');
        return found;
      });
      await user.click(within(row).getByRole('button', { name: 'Message actions' }));
      await user.click(await screen.findByText('Split from here'));
      await waitFor(() =>
        expect(api.callsTo(`POST ${PATH}/split`).map((c) => c.body)).toEqual([{ message_id: 502 }]),
      );
    });
  },
);
