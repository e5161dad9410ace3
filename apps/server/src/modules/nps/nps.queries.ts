import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  npsAnswerOptions,
  npsFeedback,
  npsMilestones,
  npsQuestions,
  npsResponses,
} from '../../db/schema';

type Scope = { accountId: number; userId: number };

export async function findMilestone(db: Db, { accountId, userId }: Scope, id: number) {
  const [row] = await db
    .select()
    .from(npsMilestones)
    .where(
      and(
        eq(npsMilestones.id, id),
        eq(npsMilestones.accountId, accountId),
        eq(npsMilestones.userId, userId),
      ),
    )
    .limit(1);
  return row ?? null;
}

export async function activeQuestions(db: Db) {
  return db
    .select()
    .from(npsQuestions)
    .where(eq(npsQuestions.active, true))
    .orderBy(asc(npsQuestions.position), asc(npsQuestions.id));
}

export async function optionsOf(db: Db, questionIds: number[]) {
  if (questionIds.length === 0) return [];
  return db
    .select()
    .from(npsAnswerOptions)
    .where(inArray(npsAnswerOptions.questionId, questionIds))
    .orderBy(asc(npsAnswerOptions.position), asc(npsAnswerOptions.id));
}

/** Rates a milestone: the first call creates the feedback, later ones change its rating. */
export async function upsertRating(
  db: Db,
  { accountId, userId }: Scope,
  milestoneId: number,
  ratingStar: number,
) {
  const [row] = await db
    .insert(npsFeedback)
    .values({ accountId, userId, milestoneId, ratingStar })
    .onConflictDoUpdate({
      target: npsFeedback.milestoneId,
      set: { ratingStar, updatedAt: new Date() },
    })
    .returning({ id: npsFeedback.id });
  return row!.id;
}

export async function findFeedback(db: Db, { accountId, userId }: Scope, id: number) {
  const [row] = await db
    .select()
    .from(npsFeedback)
    .where(
      and(
        eq(npsFeedback.id, id),
        eq(npsFeedback.accountId, accountId),
        eq(npsFeedback.userId, userId),
      ),
    )
    .limit(1);
  return row ?? null;
}

export async function saveResponses(
  db: Db,
  feedback: { id: number; milestoneId: number },
  responses: { questionId: number; selectedOptionIds: number[]; otherText: string | null }[],
  at: Date,
) {
  await db.transaction(async (tx) => {
    await tx.delete(npsResponses).where(eq(npsResponses.feedbackId, feedback.id));
    if (responses.length > 0)
      await tx
        .insert(npsResponses)
        .values(responses.map((r) => ({ ...r, feedbackId: feedback.id })));
    await tx
      .update(npsFeedback)
      .set({ submittedAt: at, updatedAt: at })
      .where(eq(npsFeedback.id, feedback.id));
    await tx
      .update(npsMilestones)
      .set({ completedAt: at })
      .where(eq(npsMilestones.id, feedback.milestoneId));
  });
}
