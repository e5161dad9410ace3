import type { ConversationDetail, Message } from '@parley/contracts';
import { http } from '../../../lib/request';

/** Which store (brand) a ticket is read for: by id (`store_id`) and/or by URL (header). */
export interface TicketStore {
  storeId?: number | null;
  storeUrl?: string | null;
}

/** GET external-api/tickets/{id}: the ticket with its latest messages (notes left out). */
export interface TicketPayload {
  ticket: ConversationDetail;
  messages: Message[];
}

export const SELECTED_STORE_HEADER = 'X-Selected-Store-Url';

/**
 * docs/product/api.md. It authenticates with the agent's own session (the request wrapper's
 * headers), never with a token built into the bundle.
 */
export function fetchTicket(id: number, store: TicketStore = {}, signal?: AbortSignal) {
  return http.get<TicketPayload>(`/external-api/tickets/${id}`, {
    query: { store_id: store.storeId ?? undefined },
    ...(store.storeUrl ? { headers: { [SELECTED_STORE_HEADER]: store.storeUrl } } : {}),
    ...(signal ? { signal } : {}),
  });
}
