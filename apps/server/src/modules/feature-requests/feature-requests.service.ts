import { and, eq } from 'drizzle-orm';
import {
  FEATURE_REQUEST_COMMENTS_PER_DAY,
  FEATURE_REQUESTS_PER_DAY,
  type FeatureRequest,
  type FeatureRequestAuthor,
  type FeatureRequestComment,
  type FeatureRequestCommentBody,
  type FeatureRequestDetail,
  type FeatureRequestSort,
  type FeatureRequestStatus,
  type FeatureRequestVoteResponse,
} from '@parley/contracts';
import {
  featureRequestComments,
  featureRequests,
  featureRequestVotes,
  users,
} from '../../db/schema';
import type { Deps } from '../../lib/deps';
import { AppError, apiText, notFound } from '../../lib/errors';
import type { AgentContext } from '../../lib/http-types';
import { initialsOf } from '../me/me.service';
import {
  countCommentsBy,
  countRequestsBy,
  countVotes,
  featureRequestExists,
  listComments,
  listFeatureRequests,
} from './feature-requests.queries';

const DAY_MS = 86_400_000;
const THAT_REQUEST = apiText('That feature request was not found.');

function authorOf(
  authorId: number | null,
  name: string | null,
  color: string | null,
  viewerId: number,
): FeatureRequestAuthor | null {
  if (authorId === null || name === null) return null;
  return {
    name,
    initials: initialsOf(name),
    profile_color: color ?? '#8c8c8c',
    is_me: authorId === viewerId,
  };
}

type ListRow = Awaited<ReturnType<typeof listFeatureRequests>>[number];

function toFeatureRequest(row: ListRow, viewerId: number): FeatureRequest {
  const r = row.request;
  return {
    id: r.id,
    title: r.title,
    description: r.description,
    status: r.status,
    author: authorOf(r.authorId, row.authorName, row.authorColor, viewerId),
    vote_count: Number(row.voteCount),
    voted: Boolean(row.voted),
    comment_count: Number(row.commentCount),
    created_at: r.createdAt.toISOString(),
    updated_at: r.updatedAt.toISOString(),
  };
}

export async function listRequests(
  deps: Deps,
  agent: AgentContext,
  query: {
    status?: FeatureRequestStatus;
    sort: FeatureRequestSort;
    search?: string;
    limit: number;
  },
): Promise<FeatureRequest[]> {
  const rows = await listFeatureRequests(deps.db, {
    viewerId: agent.userId,
    status: query.status,
    sort: query.sort,
    search: query.search || undefined,
    limit: query.limit,
  });
  return rows.map((row) => toFeatureRequest(row, agent.userId));
}

export async function getRequest(
  deps: Deps,
  agent: AgentContext,
  id: number,
): Promise<FeatureRequestDetail> {
  const [row] = await listFeatureRequests(deps.db, {
    viewerId: agent.userId,
    sort: 'new',
    limit: 1,
    onlyId: id,
  });
  if (!row) throw notFound(THAT_REQUEST);
  const comments = await listComments(deps.db, id);
  return {
    ...toFeatureRequest(row, agent.userId),
    comments: comments.map((c) => toComment(c, agent.userId)),
  };
}

function toComment(
  c: Awaited<ReturnType<typeof listComments>>[number],
  viewerId: number,
): FeatureRequestComment {
  return {
    id: c.comment.id,
    body: c.comment.body,
    author: authorOf(c.comment.authorId, c.authorName, c.authorColor, viewerId),
    created_at: c.comment.createdAt.toISOString(),
  };
}

const tooMany = (message: string) => new AppError(429, 'rate_limited', message);

/**
 * Posts a request with the author's vote on it. One person may post FEATURE_REQUESTS_PER_DAY
 * in 24 hours; the user row is locked so two posts at once cannot both slip under the limit.
 */
export async function createRequest(
  deps: Deps,
  agent: AgentContext,
  body: { title: string; description: string },
): Promise<FeatureRequestDetail> {
  const id = await deps.db.transaction(async (tx) => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, agent.userId)).for('update');
    const recent = await countRequestsBy(tx, agent.userId, new Date(Date.now() - DAY_MS));
    if (recent >= FEATURE_REQUESTS_PER_DAY)
      throw tooMany(
        `You have posted ${FEATURE_REQUESTS_PER_DAY} feature requests in the last 24 hours. Please vote for existing ones, or try again tomorrow.`,
      );
    const [created] = await tx
      .insert(featureRequests)
      .values({
        accountId: agent.accountId,
        authorId: agent.userId,
        title: body.title,
        description: body.description,
      })
      .returning({ id: featureRequests.id });
    await tx.insert(featureRequestVotes).values({ requestId: created!.id, userId: agent.userId });
    return created!.id;
  });
  return getRequest(deps, agent, id);
}

/** Voting twice keeps one vote; un-voting without a vote changes nothing. */
export async function setVote(
  deps: Deps,
  agent: AgentContext,
  id: number,
  voted: boolean,
): Promise<FeatureRequestVoteResponse> {
  if (!(await featureRequestExists(deps.db, id))) throw notFound(THAT_REQUEST);
  if (voted) {
    await deps.db
      .insert(featureRequestVotes)
      .values({ requestId: id, userId: agent.userId })
      .onConflictDoNothing();
  } else {
    await deps.db
      .delete(featureRequestVotes)
      .where(
        and(eq(featureRequestVotes.requestId, id), eq(featureRequestVotes.userId, agent.userId)),
      );
  }
  return { vote_count: await countVotes(deps.db, id), voted };
}

export async function addComment(
  deps: Deps,
  agent: AgentContext,
  id: number,
  body: FeatureRequestCommentBody,
): Promise<FeatureRequestComment> {
  const commentId = await deps.db.transaction(async (tx) => {
    if (!(await featureRequestExists(tx, id))) throw notFound(THAT_REQUEST);
    await tx.select({ id: users.id }).from(users).where(eq(users.id, agent.userId)).for('update');
    const recent = await countCommentsBy(tx, agent.userId, new Date(Date.now() - DAY_MS));
    if (recent >= FEATURE_REQUEST_COMMENTS_PER_DAY)
      throw tooMany(
        `You have posted ${FEATURE_REQUEST_COMMENTS_PER_DAY} comments in the last 24 hours. Please try again tomorrow.`,
      );
    const [row] = await tx
      .insert(featureRequestComments)
      .values({
        requestId: id,
        accountId: agent.accountId,
        authorId: agent.userId,
        body: body.body,
      })
      .returning({ id: featureRequestComments.id });
    return row!.id;
  });
  const comment = (await listComments(deps.db, id)).find((c) => c.comment.id === commentId);
  return toComment(comment!, agent.userId);
}

// ---- Operator (OPERATOR_TOKEN) ----

export async function setStatus(deps: Deps, id: number, status: FeatureRequestStatus) {
  const [row] = await deps.db
    .update(featureRequests)
    .set({ status, updatedAt: new Date() })
    .where(eq(featureRequests.id, id))
    .returning({
      id: featureRequests.id,
      status: featureRequests.status,
      updatedAt: featureRequests.updatedAt,
    });
  if (!row) throw notFound(THAT_REQUEST);
  return { id: row.id, status: row.status, updated_at: row.updatedAt.toISOString() };
}

export async function deleteComment(deps: Deps, id: number, commentId: number) {
  const deleted = await deps.db
    .delete(featureRequestComments)
    .where(and(eq(featureRequestComments.requestId, id), eq(featureRequestComments.id, commentId)))
    .returning({ id: featureRequestComments.id });
  if (deleted.length === 0) throw notFound('That comment was not found.');
}
