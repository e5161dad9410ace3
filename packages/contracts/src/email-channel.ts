import { z } from 'zod';

export const emailInboundResponse = z.object({
  conversation_id: z.number().int(),
  message_id: z.number().int(),
  /** The same Message-ID was filed before: nothing new was stored. */
  duplicate: z.boolean(),
});
export type EmailInboundResult = z.infer<typeof emailInboundResponse>;
