import { and, asc, count, desc, eq, gte, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { FeatureRequestStatus } from '@parley/contracts';
import type { Db } from '../../db/client';
import {
  featureRequestComments,
  featureRequests,
  featureRequestVotes,
  users,
} from '../../db/schema';

/**
 * The board is shared by every account on purpose (the operator's product board), so these
 * queries are not filtered by account; `viewerId` only says which votes and posts are the
 * caller's. Authors come back with their name and colour — never their email or account.
 */

const voteCount = sql<number>`(select count(*)::int from ${featureRequestVotes} v where v.request_id = ${featureRequests.id})`;
const commentCount = sql<number>`(select count(*)::int from ${featureRequestComments} c where c.request_id = ${featureRequests.id})`;
const votedBy = (viewerId: number) =>
  sql<boolean>`exists (select 1 from ${featureRequestVotes} v where v.request_id = ${featureRequests.id} and v.user_id = ${viewerId})`;

/** `%`, `_` and `\` typed by the person match themselves. */
const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export async function listFeatureRequests(
  db: Db,
  opts: {
    viewerId: number;
    status?: FeatureRequestStatus;
    sort: 'top' | 'new';
    search?: string;
    limit: number;
    onlyId?: number;
  },
) {
  const where: SQL[] = [];
  if (opts.status) where.push(eq(featureRequests.status, opts.status));
  if (opts.onlyId !== undefined) where.push(eq(featureRequests.id, opts.onlyId));
  if (opts.search) {
    const pattern = likePattern(opts.search);
    where.push(
      or(ilike(featureRequests.title, pattern), ilike(featureRequests.description, pattern))!,
    );
  }
  return db
    .select({
      request: featureRequests,
      authorName: users.name,
      authorColor: users.profileColor,
      voteCount,
      commentCount,
      voted: votedBy(opts.viewerId),
    })
    .from(featureRequests)
    .leftJoin(users, eq(users.id, featureRequests.authorId))
    .where(where.length ? and(...where) : undefined)
    .orderBy(
      ...(opts.sort === 'top'
        ? [desc(voteCount), desc(featureRequests.createdAt), desc(featureRequests.id)]
        : [desc(featureRequests.createdAt), desc(featureRequests.id)]),
    )
    .limit(opts.limit);
}

export async function listComments(db: Db, requestId: number) {
  return db
    .select({
      comment: featureRequestComments,
      authorName: users.name,
      authorColor: users.profileColor,
    })
    .from(featureRequestComments)
    .leftJoin(users, eq(users.id, featureRequestComments.authorId))
    .where(eq(featureRequestComments.requestId, requestId))
    .orderBy(asc(featureRequestComments.createdAt), asc(featureRequestComments.id));
}

export async function featureRequestExists(db: Db, id: number) {
  const [row] = await db
    .select({ id: featureRequests.id })
    .from(featureRequests)
    .where(eq(featureRequests.id, id))
    .limit(1);
  return Boolean(row);
}

/** Requests the person posted since `since`. */
export async function countRequestsBy(db: Db, userId: number, since: Date) {
  const [row] = await db
    .select({ n: count() })
    .from(featureRequests)
    .where(and(eq(featureRequests.authorId, userId), gte(featureRequests.createdAt, since)));
  return row?.n ?? 0;
}

/** Comments the person posted since `since`. */
export async function countCommentsBy(db: Db, userId: number, since: Date) {
  const [row] = await db
    .select({ n: count() })
    .from(featureRequestComments)
    .where(
      and(
        eq(featureRequestComments.authorId, userId),
        gte(featureRequestComments.createdAt, since),
      ),
    );
  return row?.n ?? 0;
}

export async function countVotes(db: Db, requestId: number) {
  const [row] = await db
    .select({ n: count() })
    .from(featureRequestVotes)
    .where(eq(featureRequestVotes.requestId, requestId));
  return row?.n ?? 0;
}
