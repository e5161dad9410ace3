import { describe, expect, it } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import { dcuserPanelChannel, type ScheduledMessage } from '@parley/contracts';
import { RealtimeProvider } from '../../realtime';
import { sendAtText } from '../scheduled-send';
import { fakeConversationRealtime } from '../test/fake-conversation-pusher';
import { CONVERSATION_ID, paneApi, renderWithStore } from '../test/pane-fixtures';
import {
  deleteRoute,
  patchRoute,
  SCHEDULED_LIST,
  scheduled,
  scheduledRoutes,
} from '../test/scheduled-fixtures';
import { ConversationPane } from './conversation-pane';

const SAM = { id: 2, name: 'Sam Agent' };
const inMinutes = (m: number) => new Date(Date.now() + m * 60_000).toISOString();

function renderPane(items: ScheduledMessage[]) {
  const server = scheduledRoutes(items);
  const api = paneApi({ routes: server.routes });
  const realtime = fakeConversationRealtime();
  const user = userEvent.setup({ delay: null, pointerEventsCheck: PointerEventsCheckLevel.Never });
  renderWithStore(
    <RealtimeProvider connect={realtime.connect}>
      <ConversationPane conversationId={CONVERSATION_ID} />
    </RealtimeProvider>,
  );
  return { api, user, server, realtime };
}

/** Lazy chunks take their time in a cold test worker on a busy machine. */
const LAZY = { timeout: 60_000 };
const list = () => screen.findByRole('region', { name: 'Scheduled messages' }, LAZY);
const rowOf = (message: ScheduledMessage) =>
  document.querySelector(`[data-scheduled-id="${message.id}"]`) as HTMLElement;

describe(
  'the conversation’s scheduled messages (docs/product/scheduled-send.md)',
  { timeout: 120_000 },
  () => {
    it('lists scheduled and failed messages by time, author and first line; only the author may edit, cancel or dismiss; undo-window sends are not listed', async () => {
      const mine = scheduled();
      const theirs = scheduled({ author: SAM, editable: false, body: 'Following up on Monday' });
      const failed = scheduled({
        status: 'failed',
        editable: false,
        body: 'Here is the label',
        failure_reason: 'The channel “Shop” must be reconnected before replies can go out on it.',
      });
      const theirUndo = scheduled({
        author: SAM,
        editable: false,
        undo: true,
        send_at: inMinutes(0.1),
      });
      renderPane([mine, theirs, failed, theirUndo]);
      const region = await list();

      await waitFor(() => expect(rowOf(mine)).not.toBeNull());
      const mineRow = rowOf(mine);
      expect(mineRow).toHaveTextContent(`Scheduled for ${sendAtText(mine.send_at)}`);
      expect(mineRow).toHaveTextContent('Your refund went out this morning.');
      expect(mineRow).not.toHaveTextContent('It takes 3 days.');
      expect(within(mineRow).getByRole('button', { name: 'Edit' })).toBeInTheDocument();
      expect(within(mineRow).getByRole('button', { name: 'Cancel' })).toBeInTheDocument();

      const theirsRow = rowOf(theirs);
      expect(theirsRow).toHaveTextContent(
        `Scheduled by Sam Agent for ${sendAtText(theirs.send_at)}`,
      );
      expect(within(theirsRow).queryByRole('button')).toBeNull();

      const failedRow = rowOf(failed);
      expect(failedRow).toHaveAttribute('data-status', 'failed');
      expect(failedRow).toHaveTextContent('The channel “Shop” must be reconnected');
      expect(within(failedRow).getByRole('button', { name: 'Dismiss' })).toBeInTheDocument();
      expect(within(failedRow).queryByRole('button', { name: 'Edit' })).toBeNull();

      expect(rowOf(theirUndo)).toBeNull();
      expect(within(region).queryByText('Sending…')).toBeNull();
    });

    it('Cancel asks first, then cancels with DELETE and the row goes', async () => {
      const mine = scheduled();
      const { api, user } = renderPane([mine]);
      await list();
      await waitFor(() => expect(rowOf(mine)).not.toBeNull());

      await user.click(within(rowOf(mine)).getByRole('button', { name: 'Cancel' }));
      expect(api.callsTo(deleteRoute(mine.id))).toHaveLength(0);
      await user.click(await screen.findByRole('button', { name: 'Cancel message' }));

      await waitFor(() => expect(api.callsTo(deleteRoute(mine.id))).toHaveLength(1));
      await waitFor(() =>
        expect(screen.queryByRole('region', { name: 'Scheduled messages' })).toBeNull(),
      );
    });

    it('Edit changes the text in a small dialog (PATCH with the new body only)', async () => {
      const mine = scheduled();
      const { api, user } = renderPane([mine]);
      await list();
      await waitFor(() => expect(rowOf(mine)).not.toBeNull());

      await user.click(within(rowOf(mine)).getByRole('button', { name: 'Edit' }));
      const dialog = await screen.findByRole('dialog', {}, LAZY);
      const text = within(dialog).getByRole('textbox', { name: 'Reply text' });
      await user.clear(text);
      await user.type(text, 'Refund sent today.');
      await user.click(within(dialog).getByRole('button', { name: 'Save' }));

      await waitFor(() => expect(api.callsTo(patchRoute(mine.id))).toHaveLength(1));
      expect(api.callsTo(patchRoute(mine.id))[0]?.body).toEqual({ body: 'Refund sent today.' });
      await waitFor(() => expect(rowOf(mine)).toHaveTextContent('Refund sent today.'));
    });

    it('reads the list again on scheduled_messages_changed for this conversation', async () => {
      const { api, server, realtime } = renderPane([]);
      await screen.findByRole('textbox', { name: 'Reply text' });
      await waitFor(() => expect(api.callsTo(SCHEDULED_LIST)).toHaveLength(1));
      const channel = dcuserPanelChannel(1);
      await waitFor(() => expect(realtime.client.channel(channel)).toBeDefined());

      const teammates = scheduled({ author: SAM, editable: false, body: 'I will call them' });
      server.list.push(teammates);
      act(() =>
        realtime.client.emit(channel, 'scheduled_messages_changed', {
          account_id: 7,
          conversation_id: CONVERSATION_ID,
        }),
      );
      await waitFor(() => expect(api.callsTo(SCHEDULED_LIST)).toHaveLength(2));
      expect(await list()).toHaveTextContent('I will call them');
    });
  },
);
