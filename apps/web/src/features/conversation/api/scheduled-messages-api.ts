import {
  conversationScheduledMessagesPath,
  scheduledMessagePath,
  UNDO_SEND_PATH,
  type ScheduledMessage,
  type ScheduledMessageList,
  type UndoSendSetting,
} from '@parley/contracts';
import { baseApi } from '../../../lib/base-api';
import { messageRequestBody, type SendMessageArgs } from './conversation-api';

/** A reply or note to post later (docs/product/scheduled-send.md), as the composer sends it. */
export interface ScheduleMessageArgs extends SendMessageArgs {
  /** ISO 8601 with its offset. */
  send_at: string;
  /** Posted by the undo window: listed as "Sending… Undo", not as scheduled. */
  undo: boolean;
}

export interface EditScheduledArgs {
  id: number;
  conversationId: number;
  body?: string;
  send_at?: string;
}

const bySendAt = (a: ScheduledMessage, b: ScheduledMessage) =>
  Date.parse(a.send_at) - Date.parse(b.send_at) || a.id - b.id;

/**
 * Scheduled send and undo send. The conversation's list is read again on the realtime event
 * `scheduled_messages_changed` (hooks/use-scheduled-messages); answers of our own calls go
 * into it at once.
 */
export const scheduledMessagesApi = baseApi
  .enhanceEndpoints({ addTagTypes: ['ScheduledMessages', 'UndoSend'] })
  .injectEndpoints({
    endpoints: (build) => ({
      /** Scheduled, sending and failed messages of one conversation, by send_at. */
      getScheduledMessages: build.query<ScheduledMessage[], number>({
        query: (conversationId) => conversationScheduledMessagesPath(conversationId),
        transformResponse: (answer: ScheduledMessageList) => answer.scheduled_messages,
        providesTags: (_result, _error, id) => [{ type: 'ScheduledMessages', id }],
      }),

      scheduleMessage: build.mutation<ScheduledMessage, ScheduleMessageArgs>({
        query: ({ send_at, undo, ...reply }) => ({
          url: conversationScheduledMessagesPath(reply.conversationId),
          method: 'POST',
          body: { ...messageRequestBody(reply), send_at, undo },
        }),
        async onQueryStarted({ conversationId }, { dispatch, queryFulfilled }) {
          try {
            const { data } = await queryFulfilled;
            dispatch(upsertScheduled(conversationId, data));
          } catch {
            // The composer shows the failure.
          }
        },
      }),

      editScheduledMessage: build.mutation<ScheduledMessage, EditScheduledArgs>({
        query: ({ id, conversationId: _conversation, ...patch }) => ({
          url: scheduledMessagePath(id),
          method: 'PATCH',
          body: patch,
        }),
        async onQueryStarted({ conversationId }, { dispatch, queryFulfilled }) {
          try {
            const { data } = await queryFulfilled;
            dispatch(upsertScheduled(conversationId, data));
          } catch {
            // The dialog shows the failure; the list is read again, it may have changed.
            dispatch(
              scheduledMessagesApi.util.invalidateTags([
                { type: 'ScheduledMessages', id: conversationId },
              ]),
            );
          }
        },
      }),

      /** Cancel (undo), or dismiss a failed one. */
      cancelScheduledMessage: build.mutation<{ ok: true }, { id: number; conversationId: number }>({
        query: ({ id }) => ({ url: scheduledMessagePath(id), method: 'DELETE' }),
        async onQueryStarted({ id, conversationId }, { dispatch, queryFulfilled }) {
          try {
            await queryFulfilled;
            dispatch(
              scheduledMessagesApi.util.updateQueryData(
                'getScheduledMessages',
                conversationId,
                (list) => list.filter((m) => m.id !== id),
              ),
            );
          } catch {
            // Already sent, or changed meanwhile: the list is read again.
            dispatch(
              scheduledMessagesApi.util.invalidateTags([
                { type: 'ScheduledMessages', id: conversationId },
              ]),
            );
          }
        },
      }),

      /** The signed-in person's undo window, in seconds (0 = off). */
      getUndoSend: build.query<UndoSendSetting, void>({
        query: () => UNDO_SEND_PATH,
        providesTags: ['UndoSend'],
      }),

      setUndoSend: build.mutation<UndoSendSetting, UndoSendSetting>({
        query: (body) => ({ url: UNDO_SEND_PATH, method: 'PUT', body }),
        async onQueryStarted(_, { dispatch, queryFulfilled }) {
          try {
            const { data } = await queryFulfilled;
            dispatch(scheduledMessagesApi.util.upsertQueryData('getUndoSend', undefined, data));
          } catch {
            // The settings section shows the failure.
          }
        },
      }),
    }),
  });

export const {
  useGetScheduledMessagesQuery,
  useScheduleMessageMutation,
  useEditScheduledMessageMutation,
  useCancelScheduledMessageMutation,
  useGetUndoSendQuery,
  useSetUndoSendMutation,
} = scheduledMessagesApi;

/** Puts a message into its conversation's cached list, or replaces it there (by id). */
export function upsertScheduled(conversationId: number, message: ScheduledMessage) {
  return scheduledMessagesApi.util.updateQueryData('getScheduledMessages', conversationId, (list) =>
    [...list.filter((m) => m.id !== message.id), message].sort(bySendAt),
  );
}
