import crypto from 'node:crypto';
import {
  WEBHOOK_SIGNATURE_HEADER,
  type ActivityLine,
  type AutomationAction,
} from '@parley/contracts';
import type { Deps } from '../../lib/deps';
import { enqueueJob, RetryableError, type JobRow } from '../../lib/jobs';
import { safePost, UnsafeUrlError } from '../../lib/safe-fetch';
import { findRuleRow, webhookSummary } from './automation.queries';

/** A rule's webhook delivery (docs/product/automation.md, "Webhooks"). */
export const AUTOMATION_WEBHOOK_JOB = 'automation.webhook';
/** Tries before a delivery gives up: the first, then retries 2 s, 4 s, 8 s, 16 s later. */
export const WEBHOOK_MAX_ATTEMPTS = 5;
/** How long one try waits for the receiver's answer. */
const WEBHOOK_TIMEOUT_MS = 10_000;

type WebhookAction = Extract<AutomationAction, { type: 'send_webhook' }>;

export interface WebhookJobPayload {
  accountId: number;
  ruleId: number;
  ruleName: string;
  conversationId: number;
  url: string;
  /** The JSON sent, fixed when the rule ran: every retry sends the same bytes. */
  body: string;
}

/** The host a webhook goes to, as the activity line names it. */
export function webhookHost(url: string) {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}

/**
 * Queues one delivery, outside any rule transaction (the run's other actions are already done);
 * the job worker sends it, retrying 5xx, 429 and network failures with back-off.
 */
export async function queueWebhook(
  deps: Deps,
  v: {
    accountId: number;
    rule: { id: number; name: string };
    trigger: string | null;
    conversationId: number;
    messageId: number | null;
    url: string;
  },
) {
  const conversation = await webhookSummary(deps.db, v);
  if (!conversation) throw new Error('The conversation was deleted.');
  const { message, ...summary } = conversation;
  const body = JSON.stringify({
    // The same id on every retry: a receiver drops a delivery it has already handled.
    id: crypto.randomUUID(),
    event: 'automation.rule_matched',
    trigger: v.trigger,
    created_at: new Date().toISOString(),
    rule: v.rule,
    conversation: summary,
    message,
  });
  const payload: WebhookJobPayload = {
    accountId: v.accountId,
    ruleId: v.rule.id,
    ruleName: v.rule.name,
    conversationId: v.conversationId,
    url: v.url,
    body,
  };
  await enqueueJob(deps.db, {
    kind: AUTOMATION_WEBHOOK_JOB,
    accountId: v.accountId,
    payload: { ...payload },
    maxAttempts: WEBHOOK_MAX_ATTEMPTS,
  });
  deps.jobs.wake();
}

/** The header value: `t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "<t>.<body>")>`. */
export function webhookSignature(secret: string, timestamp: string, body: string) {
  // The API channel's webhook signs the same way (channels/api-channel.ts signWebhook); importing
  // it from there would close an import cycle through the conversations module.
  const hex = crypto.createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');
  return `t=${timestamp},v1=${hex}`;
}

/** One try: 2xx is done; 429, 5xx and network failures retry; anything else gives up. */
async function deliver(deps: Deps, p: WebhookJobPayload) {
  // The secret is read from the rule now (sealed at rest), so it never sits in the job queue.
  const rule = await findRuleRow(deps.db, { accountId: p.accountId, id: p.ruleId });
  const action = rule?.actions.find(
    (a): a is WebhookAction => a.type === 'send_webhook' && a.url === p.url,
  );
  if (!action?.secret) throw new Error('The rule no longer sends to this URL.');
  const timestamp = String(Math.floor(Date.now() / 1000));
  let res;
  try {
    res = await safePost(
      p.url,
      p.body,
      {
        'user-agent': `${deps.config.productName}-Webhooks/1.0`,
        [WEBHOOK_SIGNATURE_HEADER.toLowerCase()]: webhookSignature(
          deps.secrets.open(action.secret),
          timestamp,
          p.body,
        ),
      },
      { allowPrivate: deps.config.outboundAllowPrivate, timeoutMs: WEBHOOK_TIMEOUT_MS },
    );
  } catch (err) {
    if (err instanceof UnsafeUrlError) throw err; // refused: no retry
    throw new RetryableError(`it could not be reached (${(err as Error).message})`);
  }
  if (res.status >= 200 && res.status < 300) return;
  if (res.status === 429 || res.status >= 500)
    throw new RetryableError(`it answered HTTP ${res.status}`);
  throw new Error(`it answered HTTP ${res.status}`);
}

/**
 * The delivery job. A delivery that gives up (refused address, 4xx, or every try failed)
 * leaves an activity line in the conversation saying why; one that arrives adds nothing.
 */
export function registerWebhookJob(
  deps: Deps,
  writeLine: (v: {
    accountId: number;
    conversationId: number;
    activity: ActivityLine;
  }) => Promise<void>,
) {
  deps.jobs.register(AUTOMATION_WEBHOOK_JOB, {
    run: (job: JobRow) => deliver(deps, job.payload as unknown as WebhookJobPayload),
    onGiveUp: async (job: JobRow, reason: string) => {
      const p = job.payload as unknown as WebhookJobPayload;
      await writeLine({
        accountId: p.accountId,
        conversationId: p.conversationId,
        activity: {
          key: 'webhook_failed',
          rule: p.ruleName,
          host: webhookHost(p.url),
          tries: job.attempts,
          reason,
        },
      });
    },
  });
}
