import {
  conversationScheduledMessagesPath,
  scheduledMessagePath,
  UNDO_SEND_PATH,
  type ScheduledMessage,
} from '@parley/contracts';
import { json, type RecordedCall, type Reply } from '../../../test/fake-api';
import { CONVERSATION_ID } from './pane-fixtures';

// Test support: scheduled messages (docs/product/scheduled-send.md) as the server keeps them,
// for the conversation pane's fake API (paneApi's `routes`).

export const SCHEDULED_LIST = `GET ${conversationScheduledMessagesPath(CONVERSATION_ID)}`;
export const SCHEDULE = `POST ${conversationScheduledMessagesPath(CONVERSATION_ID)}`;
export const deleteRoute = (id: number) => `DELETE ${scheduledMessagePath(id)}`;
export const patchRoute = (id: number) => `PATCH ${scheduledMessagePath(id)}`;

const inHours = (h: number) => new Date(Date.now() + h * 3_600_000).toISOString();

let nextId = 500;
export function scheduled(overrides: Partial<ScheduledMessage> = {}): ScheduledMessage {
  nextId += 1;
  return {
    id: nextId,
    conversation_id: CONVERSATION_ID,
    author: { id: 1, name: 'Erin Example' },
    kind: 'reply',
    body: 'Your refund went out this morning.\nIt takes 3 days.',
    attachment_ids: [],
    send_at: inHours(16),
    status: 'scheduled',
    failure_reason: null,
    undo: false,
    message_id: null,
    created_at: inHours(-1),
    updated_at: inHours(-1),
    editable: true,
    ...overrides,
  };
}

/** Ids the fake gives the messages it schedules (routes by id are set up for these). */
const CREATED_IDS = [901, 902, 903];

/**
 * The scheduled-messages calls of one conversation, answered from a list the fake keeps: it
 * schedules (as Erin, id 1), edits and cancels as the server would.
 */
export function scheduledRoutes(initial: ScheduledMessage[] = [], undoSendSeconds = 0) {
  const list = [...initial];
  const created = [...CREATED_IDS];
  const byId: Record<string, Reply> = {};
  for (const id of [...initial.map((m) => m.id), ...CREATED_IDS]) {
    byId[deleteRoute(id)] = () => {
      const at = list.findIndex((m) => m.id === id);
      if (at < 0) return json(404, { code: 'not_found', message: 'Not found.' });
      list.splice(at, 1);
      return json(200, { ok: true });
    };
    byId[patchRoute(id)] = (call: RecordedCall) => {
      const found = list.find((m) => m.id === id);
      if (!found) return json(404, { code: 'not_found', message: 'Not found.' });
      Object.assign(found, call.body as Partial<ScheduledMessage>);
      return json(200, found);
    };
  }
  const routes: Record<string, Reply> = {
    [`GET ${UNDO_SEND_PATH}`]: json(200, { undo_send_seconds: undoSendSeconds }),
    [SCHEDULED_LIST]: () => json(200, { scheduled_messages: list }),
    [SCHEDULE]: (call: RecordedCall) => {
      const body = call.body as {
        kind: 'reply' | 'note';
        body: string;
        send_at: string;
        undo: boolean;
        attachment_ids?: number[];
      };
      const message = scheduled({
        id: created.shift() ?? 999,
        kind: body.kind,
        body: body.body,
        send_at: body.send_at,
        undo: body.undo,
        attachment_ids: body.attachment_ids ?? [],
      });
      list.push(message);
      return json(201, message);
    },
    ...byId,
  };
  return { routes, list };
}
