import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { attachments } from '../../db/schema';

export type AttachmentRow = typeof attachments.$inferSelect;

export async function insertAttachment(db: Db, values: typeof attachments.$inferInsert) {
  const [row] = await db.insert(attachments).values(values).returning();
  return row!;
}

export async function findAttachment(db: Db, { accountId, id }: { accountId: number; id: number }) {
  const [row] = await db
    .select()
    .from(attachments)
    .where(and(eq(attachments.accountId, accountId), eq(attachments.id, id)))
    .limit(1);
  return row ?? null;
}

/** Only by id: the caller proved access with a signed link. */
export async function findAttachmentById(db: Db, id: number) {
  const [row] = await db.select().from(attachments).where(eq(attachments.id, id)).limit(1);
  return row ?? null;
}

/** The account's uploads that no message or template has claimed yet, among `ids`. */
export async function unclaimedAttachments(
  db: Db,
  { accountId, ids }: { accountId: number; ids: number[] },
) {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(attachments)
    .where(
      and(
        eq(attachments.accountId, accountId),
        inArray(attachments.id, ids),
        isNull(attachments.messageId),
        isNull(attachments.fastReplyId),
      ),
    );
}

/** Claims the uploads for a message; answers how many were still free (others lost a race). */
export async function claimAttachments(
  db: Db,
  { accountId, ids, messageId }: { accountId: number; ids: number[]; messageId: number },
) {
  if (ids.length === 0) return 0;
  const rows = await db
    .update(attachments)
    .set({ messageId })
    .where(
      and(
        eq(attachments.accountId, accountId),
        inArray(attachments.id, ids),
        isNull(attachments.messageId),
        isNull(attachments.fastReplyId),
      ),
    )
    .returning({ id: attachments.id });
  return rows.length;
}

/** Attachments of a page of messages, in one query. */
export async function attachmentsOfMessages(
  db: Db,
  { accountId, messageIds }: { accountId: number; messageIds: number[] },
) {
  if (messageIds.length === 0) return [];
  return db
    .select()
    .from(attachments)
    .where(and(eq(attachments.accountId, accountId), inArray(attachments.messageId, messageIds)))
    .orderBy(attachments.id);
}
