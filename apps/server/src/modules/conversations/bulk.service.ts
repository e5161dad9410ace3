import {
  MAX_BULK_CONVERSATIONS,
  MAX_BULK_FAILURES_LISTED,
  type BulkAction,
  type BulkProgress,
  type BulkStarted,
  type BulkTarget,
  type ConversationListResponse,
  type PermissionLevel,
} from '@parley/contracts';
import type { Deps } from '../../lib/deps';
import { apiText, AppError, badRequest, notFound } from '../../lib/errors';
import type { AgentContext } from '../../lib/http-types';
import {
  enqueueJob,
  RetryableError,
  updateJobPayload,
  type JobHandler,
  type JobRow,
} from '../../lib/jobs';
import { runMacro, runnableMacro } from '../macros/macros.service';
import { addTags, removeTag } from '../tags/tags.service';
import { findAccountJob, findAccountTag, findAccountTeam } from './bulk.queries';
import { listConversations } from './conversations.queries';
import { assertMember, changeConversation } from './conversations.service';

export const BULK_JOB = 'conversations.bulk';
/** Conversations changed between two progress writes. */
const BATCH = 100;
/** A turn's length: then the job is queued again behind the others due (replies go out meanwhile). */
const TURN_MS = 5_000;
/** The list's largest page: a view target is read in pages of this size. */
const VIEW_PAGE = 100;

/** What the job row keeps: the selection, fixed when the action starts, and how far it got. */
interface BulkPayload {
  userId: number;
  permissionLevel: PermissionLevel;
  action: BulkAction;
  ids: number[];
  total: number;
  done: number;
  failedCount: number;
  failed: { id: number; reason: string }[];
}

const tooMany = () =>
  badRequest(
    apiText(
      'Bulk actions change at most {max} conversations at once. Narrow the view or select fewer.',
      { max: MAX_BULK_CONVERSATIONS.toLocaleString('en') },
    ),
    [{ path: 'target', message: 'Too many conversations.' }],
  );

/** The action's value must exist in the account before anything is queued. */
async function checkAction(deps: Deps, agent: AgentContext, action: BulkAction) {
  const accountId = agent.accountId;
  switch (action.type) {
    case 'assign':
      if (action.assignee_id !== null)
        await assertMember(deps.db, accountId, action.assignee_id, 'action.assignee_id');
      return;
    case 'assign_team':
      if (
        action.team_id !== null &&
        !(await findAccountTeam(deps.db, { accountId, id: action.team_id }))
      )
        throw badRequest('That team does not exist in this account.', [
          { path: 'action.team_id', message: 'Unknown team.' },
        ]);
      return;
    case 'add_tag':
    case 'remove_tag':
      if (!(await findAccountTag(deps.db, { accountId, id: action.tag_id })))
        throw badRequest('That tag does not exist in this account.', [
          { path: 'action.tag_id', message: 'Unknown tag.' },
        ]);
      return;
    case 'status':
      if (action.snoozed_until && new Date(action.snoozed_until).getTime() <= Date.now())
        throw badRequest('Snooze until a time in the future.', [
          { path: 'action.snoozed_until', message: 'Must be in the future.' },
        ]);
      return;
    case 'priority':
      return;
    case 'macro':
      await runnableMacro(deps, agent, action.macro_id, { notFoundAs400: true });
      return;
  }
}

/**
 * The conversations to change, fixed now: a view's set is read the way its list is (the same
 * query, page after page), so changing them cannot move others in or out while the job runs.
 */
async function targetIds(deps: Deps, agent: AgentContext, target: BulkTarget): Promise<number[]> {
  if (target.ids) return [...new Set(target.ids)];
  if (!target.view) return [];
  if ((target.total ?? 0) > MAX_BULK_CONVERSATIONS) throw tooMany();
  const view = target.view;
  const ids: number[] = [];
  let cursor: string | undefined;
  for (;;) {
    const page = JSON.parse(
      await listConversations(
        deps.db,
        agent,
        { ...view, limit: VIEW_PAGE, ...(cursor ? { cursor } : {}) },
        undefined,
        { withSla: false },
      ),
    ) as ConversationListResponse;
    ids.push(...page.items.map((item) => item.id));
    if (ids.length > MAX_BULK_CONVERSATIONS) throw tooMany();
    if (!page.next_cursor) return [...new Set(ids)];
    cursor = page.next_cursor;
  }
}

/** Checks the action, fixes the selection and queues one job for all of it. */
export async function startBulk(
  deps: Deps,
  agent: AgentContext,
  body: { action: BulkAction; target: BulkTarget },
): Promise<BulkStarted> {
  await checkAction(deps, agent, body.action);
  const ids = await targetIds(deps, agent, body.target);
  if (ids.length === 0)
    throw badRequest('No conversations match this selection.', [
      { path: 'target', message: 'Empty selection.' },
    ]);
  const payload: BulkPayload = {
    userId: agent.userId,
    permissionLevel: agent.permissionLevel,
    action: body.action,
    ids,
    total: ids.length,
    done: 0,
    failedCount: 0,
    failed: [],
  };
  const jobId = await enqueueJob(deps.db, {
    kind: BULK_JOB,
    accountId: agent.accountId,
    payload: payload as unknown as Record<string, unknown>,
    maxAttempts: 5,
  });
  deps.jobs.wake();
  return { job_id: jobId, total: ids.length };
}

export async function bulkProgress(
  deps: Deps,
  agent: AgentContext,
  jobId: number,
): Promise<BulkProgress> {
  const row = await findAccountJob(deps.db, {
    accountId: agent.accountId,
    id: jobId,
    kind: BULK_JOB,
  });
  if (!row) throw notFound('That bulk action was not found.');
  const p = row.payload as unknown as BulkPayload;
  return {
    job_id: row.id,
    status: row.status,
    total: p.total,
    done: p.done,
    failed_count: p.failedCount,
    failed: p.failed,
  };
}

/** One conversation, through the same service call its own endpoint makes. */
async function applyTo(
  deps: Deps,
  agent: AgentContext,
  id: number,
  action: BulkAction,
  tagName: string | null,
) {
  switch (action.type) {
    case 'assign':
      return changeConversation(deps, agent, id, { assignee_id: action.assignee_id });
    case 'assign_team':
      return changeConversation(deps, agent, id, { team_id: action.team_id });
    case 'status':
      return changeConversation(deps, agent, id, {
        status: action.status,
        ...(action.status === 'snoozed' ? { snoozed_until: action.snoozed_until ?? null } : {}),
      });
    case 'priority':
      return changeConversation(deps, agent, id, { priority: action.priority });
    case 'add_tag':
      return addTags(deps, agent, id, [tagName!]);
    case 'remove_tag':
      return removeTag(deps, agent, id, action.tag_id);
    case 'macro':
      // Read again for each: a macro changed or broken meanwhile is refused per conversation.
      return runMacro(deps, agent, id, action.macro_id);
  }
}

/**
 * Works through the selection in batches, writing its progress after each, and goes on from
 * there when retaken or in its next turn. Each conversation changes in its own transaction; one
 * that cannot be changed (not found in the account, a rule refused) is reported and the rest go on.
 */
export const bulkJob = (
  deps: Deps,
  { batchSize = BATCH, turnMs = TURN_MS }: { batchSize?: number; turnMs?: number } = {},
): JobHandler => ({
  async run(job: JobRow) {
    const started = Date.now();
    const p = job.payload as unknown as BulkPayload;
    const accountId = job.accountId!;
    // The person who started it may have left the account since: nothing more is changed.
    await assertMember(deps.db, accountId, p.userId).catch(() => {
      throw new Error('The person who started this bulk action is no longer a member.');
    });
    const agent: AgentContext = {
      userId: p.userId,
      tokenId: 0,
      accountId,
      permissionLevel: p.permissionLevel,
    };
    const progress: BulkPayload = { ...p, failed: [...p.failed] };
    while (progress.done < p.ids.length) {
      const batch = p.ids.slice(progress.done, progress.done + batchSize);
      const tag =
        p.action.type === 'add_tag'
          ? await findAccountTag(deps.db, { accountId, id: p.action.tag_id })
          : null;
      for (const id of batch) {
        let reason: string | null = null;
        if (p.action.type === 'add_tag' && !tag) reason = 'The tag no longer exists.';
        else
          try {
            await applyTo(deps, agent, id, p.action, tag?.name ?? null);
          } catch (err) {
            // Anything but a refusal (the database went away…) is tried again from this batch.
            if (!(err instanceof AppError)) throw new RetryableError(String(err));
            reason = err.code === 'not_found' ? 'not found' : err.message;
          }
        if (reason !== null) {
          progress.failedCount += 1;
          if (progress.failed.length < MAX_BULK_FAILURES_LISTED)
            progress.failed.push({ id, reason });
        }
      }
      progress.done += batch.length;
      await updateJobPayload(deps.db, job.id, progress as unknown as Record<string, unknown>);
      if (progress.done < p.ids.length && Date.now() - started >= turnMs) return 'continue';
    }
    return undefined;
  },
});
