import { SCHEDULED_SEND_LIMITS, type ReplyBody } from '@parley/contracts';
import type { Deps } from '../../lib/deps';
import { AppError } from '../../lib/errors';
import type { AgentContext } from '../../lib/http-types';
import { enqueueJob, RetryableError, type JobHandler, type JobRow } from '../../lib/jobs';
import { assertWritable } from '../billing/billing.service';
import { postMessage } from '../conversations/conversations.service';
import {
  backToScheduled,
  claimForSending,
  conversationWithChannel,
  failStaleSending,
  findScheduled,
  markFailed,
  markSent,
  memberRole,
  type ScheduledRow,
} from './scheduled-messages.queries';
import {
  announce,
  INTERRUPTED_REASON,
  SCHEDULED_SEND_JOB,
  type ScheduledSendPayload,
} from './scheduled-messages.service';

/** The claim was lost while posting (reported interrupted meanwhile): nothing was posted. */
class ClaimLost extends Error {}

const OUR_SIDE =
  'The message could not be sent because of a problem on our side. Send it again in a moment.';

/**
 * Posts a scheduled message at its time, once (docs/product/scheduled-send.md): the row is
 * claimed `scheduled` → `sending` for this job only, then posted through `postMessage` as its
 * author — delivery, realtime, SLA and automation follow as for any reply — and marked `sent`
 * in the message's own transaction. So a crash leaves either the message and `sent`, or
 * neither; a row left `sending` is reported `failed` after SCHEDULED_SEND_LIMITS.sendingStaleMs.
 */
export function scheduledSendJob(deps: Deps): JobHandler {
  return {
    run: (job) => runSend(deps, job),
    async onGiveUp(job) {
      const { scheduledMessageId: id } = job.payload as unknown as ScheduledSendPayload;
      const row = await findScheduled(deps.db, { accountId: job.accountId!, id });
      if (row && (await markFailed(deps.db, { id, from: 'scheduled', jobId: job.id }, OUR_SIDE)))
        announce(deps, row.accountId, row.conversationId);
    },
  };
}

async function runSend(deps: Deps, job: JobRow): Promise<void> {
  const payload = job.payload as unknown as ScheduledSendPayload;
  const accountId = job.accountId!;
  const row = await findScheduled(deps.db, { accountId, id: payload.scheduledMessageId });
  if (!row) return; // cancelled (or its conversation deleted)
  if (row.status === 'sending') return settleInterrupted(deps, row);
  // Sent, failed, or rescheduled (a newer job owns it now): nothing to do.
  if (payload.check || row.status !== 'scheduled' || row.jobId !== job.id) return;
  const claimed = await claimForSending(deps.db, { accountId, id: row.id, jobId: job.id });
  if (!claimed) return; // cancelled or edited a moment ago
  announce(deps, accountId, row.conversationId);

  const refused = async (reason: string) => {
    if (await markFailed(deps.db, { id: row.id, from: 'sending' }, reason))
      announce(deps, accountId, row.conversationId);
  };
  try {
    const author = await authorOf(deps, claimed);
    if (typeof author === 'string') return await refused(author);
    await assertWritable(deps, accountId);
    if (claimed.kind === 'reply') {
      const conv = await conversationWithChannel(deps.db, {
        accountId,
        id: claimed.conversationId,
        channelId: claimed.reply.support_channel_id,
      });
      if (conv?.needsReauthorization)
        return await refused(
          `The channel “${conv.channelName}” must be reconnected (Settings → Support channels) before replies can go out on it. Send the message again once it is.`,
        );
    }
    await postMessage(deps, author, claimed.conversationId, replyOf(claimed), async (tx, id) => {
      if (!(await markSent(tx, { id: claimed.id, messageId: id }))) throw new ClaimLost();
    });
    announce(deps, accountId, row.conversationId);
  } catch (err) {
    if (err instanceof ClaimLost) return;
    // A reason a person must act on (the conversation is gone, an upload was used elsewhere,
    // the trial ended...): failed, with the refusal's own words.
    if (err instanceof AppError && err.statusCode < 500) return await refused(err.message);
    const now = await findScheduled(deps.db, { accountId, id: row.id });
    // Posted, then something after the commit failed: it was sent, and only once.
    if (now?.status === 'sent') return announce(deps, accountId, row.conversationId);
    await backToScheduled(deps.db, row.id);
    throw new RetryableError(err instanceof Error ? err.message : String(err));
  }
}

/** The author as the agent who posts it; their words when they can no longer. */
async function authorOf(deps: Deps, row: ScheduledRow): Promise<AgentContext | string> {
  const role = await memberRole(deps.db, { accountId: row.accountId, userId: row.authorUserId });
  if (!role)
    return 'Its author is no longer a member of this account, so it was not sent. Someone else can send it.';
  return {
    userId: row.authorUserId,
    tokenId: 0,
    accountId: row.accountId,
    permissionLevel: role,
  };
}

function replyOf(row: ScheduledRow): ReplyBody {
  return {
    kind: row.kind,
    body: row.body,
    mentions: row.reply.mentions,
    attachment_ids: row.reply.attachment_ids,
    ...(row.reply.mentioned_user_ids ? { mentioned_user_ids: row.reply.mentioned_user_ids } : {}),
    ...(row.reply.comment_reply ? { comment_reply: row.reply.comment_reply } : {}),
    ...(row.reply.cc ? { cc: row.reply.cc } : {}),
    ...(row.reply.bcc ? { bcc: row.reply.bcc } : {}),
    ...(row.reply.support_channel_id ? { support_channel_id: row.reply.support_channel_id } : {}),
  };
}

/**
 * A row found `sending`: its worker stopped mid-send (this job was retaken after its lease) or
 * is still at it. Once stale it is reported failed; until then a follow-up looks again.
 */
async function settleInterrupted(deps: Deps, row: ScheduledRow) {
  const failed = await failStaleSending(
    deps.db,
    { accountId: row.accountId, id: row.id },
    INTERRUPTED_REASON,
  );
  if (failed.length > 0) return announce(deps, row.accountId, row.conversationId);
  // Never sooner than in a few seconds: the database's clock may run behind this one's.
  const staleAt = row.updatedAt.getTime() + SCHEDULED_SEND_LIMITS.sendingStaleMs + 1_000;
  await enqueueJob(deps.db, {
    kind: SCHEDULED_SEND_JOB,
    accountId: row.accountId,
    payload: { scheduledMessageId: row.id, check: true } satisfies ScheduledSendPayload,
    runAt: new Date(Math.max(staleAt, Date.now() + 5_000)),
  });
}
