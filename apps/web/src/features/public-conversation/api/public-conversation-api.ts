import { PUBLIC_CONVERSATION_API, type FeedbackInfo, type Transcript } from '@parley/contracts';
import { ANONYMOUS, http } from '../../../lib/request';

/**
 * The customer's public pages (/transcript and /feedback: docs/product/screens.md): no session, no store, no
 * realtime connection, no cookies; the signed link's token is the only credential.
 */
export const publicConversationApi = {
  transcript: (token: string, signal?: AbortSignal) =>
    http.get<Transcript>(PUBLIC_CONVERSATION_API.transcript, {
      ...ANONYMOUS,
      query: { token },
      ...(signal ? { signal } : {}),
    }),
  feedback: (token: string, signal?: AbortSignal) =>
    http.get<FeedbackInfo>(PUBLIC_CONVERSATION_API.feedback, {
      ...ANONYMOUS,
      query: { token },
      ...(signal ? { signal } : {}),
    }),
  rate: (body: { token: string; rating: number; comment?: string }) =>
    http.post<FeedbackInfo>(PUBLIC_CONVERSATION_API.feedback, body, ANONYMOUS),
};
