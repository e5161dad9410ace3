import { SCHEDULED_MESSAGES_CHANGED_EVENT } from '@parley/contracts';
import { toAccountAgents } from '../../realtime/event-mappings';
import type { Realtime } from '../../realtime/realtime';

/**
 * Every agent of the account hears, on their own panel channel (where `message_created` goes),
 * that a conversation's scheduled messages changed, so nobody answers twice
 * (docs/product/scheduled-send.md). The app reads the list again; the event carries no text.
 */
export function registerScheduledMessagesRealtime(realtime: Realtime): void {
  realtime.eventMappings.map('scheduled_messages_changed', (e, deps) =>
    toAccountAgents(deps, e.accountId, SCHEDULED_MESSAGES_CHANGED_EVENT, {
      account_id: e.accountId,
      conversation_id: e.conversationId,
    }),
  );
}
