import { z } from 'zod';
import { CONVERSATION_MOVE_KINDS } from './conversation-moves-constants';
import { conversationDetail } from './inbox';

const id = z.coerce.number().int().positive().max(2_147_483_647);
/** Message ids are bigints in the database; any safe integer. */
const messageId = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);

/** POST /dashboardapi/conversations/{id}/merge: `from_conversation_id` is merged into {id}. */
export const conversationMergeBody = z.strictObject({
  from_conversation_id: id,
  /** Required when the two conversations are of different contacts ({id}'s contact is kept). */
  confirm_other_contact: z.boolean().default(false),
});
export type ConversationMergeBody = z.infer<typeof conversationMergeBody>;

/** POST /dashboardapi/conversations/{id}/split: `message_id` and every message after it move. */
export const conversationSplitBody = z.strictObject({ message_id: messageId });
export type ConversationSplitBody = z.infer<typeof conversationSplitBody>;

export const conversationMoveParams = z.object({ id });

export const conversationMove = z.object({
  id: z.number().int(),
  kind: z.enum(CONVERSATION_MOVE_KINDS),
  /** Merge: the conversation merged away (closed). Split: the conversation split from. */
  from_conversation_id: z.number().int(),
  /** Merge: the conversation kept. Split: the new conversation. */
  to_conversation_id: z.number().int(),
  /** The messages that moved, oldest first. */
  message_ids: z.array(z.number().int()),
  /** Tags the merge added to the kept conversation (taken off again by undo). */
  added_tag_ids: z.array(z.number().int()),
  /** The activity lines it wrote, which carry its Undo. */
  activity_message_ids: z.array(z.number().int()),
  created_by: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  created_at: z.string(),
  undone_at: z.string().nullable(),
  /** Not undone yet, and every moved message is still where it went. */
  undoable: z.boolean(),
});
export type ConversationMove = z.infer<typeof conversationMove>;

/** GET /dashboardapi/conversations/{id}/moves */
export const conversationMoveList = z.object({
  moves: z.array(conversationMove),
  /** The conversation this one is merged into (a merge not undone), else null. */
  merged_into: z.number().int().nullable(),
});
export type ConversationMoveList = z.infer<typeof conversationMoveList>;

/** A merge or split: the move, and the conversation that has the messages now (kept or new). */
export const conversationMoveResult = z.object({
  move: conversationMove,
  conversation: conversationDetail,
});
export type ConversationMoveResult = z.infer<typeof conversationMoveResult>;

/** An undo: the move as it is now. */
export const conversationMoveUndoResult = z.object({ move: conversationMove });
export type ConversationMoveUndoResult = z.infer<typeof conversationMoveUndoResult>;
