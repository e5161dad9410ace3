import type { ThunkAction, UnknownAction } from '@reduxjs/toolkit';
import type { ConversationListItem } from '@parley/contracts';
import type { RootState } from '../../app/store';
import { inboxApi } from './api/inbox-api';
import { applyConversationUpdate, toListItem } from './live-list-patch';

/** Patches every cached inbox list with one conversation's new state (no refetch). */
export function patchConversationLists(
  conversation: ConversationListItem,
  userId: number,
): ThunkAction<void, RootState, unknown, UnknownAction> {
  return (dispatch, getState) => {
    const item = toListItem(conversation);
    const cached = inboxApi.util.selectCachedArgsForQuery(getState(), 'listConversations');
    for (const args of cached) {
      dispatch(
        inboxApi.util.updateQueryData('listConversations', args, (draft) =>
          applyConversationUpdate(draft, item, args, userId),
        ),
      );
    }
  };
}

/** A conversation's channel type, when some cached list has it. */
export function cachedChannelType(state: RootState, conversationId: number): string | null {
  for (const args of inboxApi.util.selectCachedArgsForQuery(state, 'listConversations')) {
    const { data } = inboxApi.endpoints.listConversations.select(args)(state);
    for (const page of data?.pages ?? []) {
      const row = page.items.find((item) => item.id === conversationId);
      if (row) return row.channel_type;
    }
  }
  return null;
}
