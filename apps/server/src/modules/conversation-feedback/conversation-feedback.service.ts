import type { FeedbackInfo, Transcript, WidgetMessage } from '@parley/contracts';
import type { Db } from '../../db/client';
import type { Deps } from '../../lib/deps';
import { AppError, conflict, notFound } from '../../lib/errors';
import { chooseLocale, serverI18n } from '../../lib/i18n';
import { RetryableError, enqueueJob, type JobHandler } from '../../lib/jobs';
import { attachmentsOfMessages } from '../attachments/attachments.service';
import { sendConversationMail } from '../email-channel/email-channel.public';
import { signedDownloadPath } from '../attachments/attachments.service';
import { initialsOf } from '../me/me.service';
import { chatOf } from '../widgets/widgets.service';
import {
  customerVisibleMessages,
  findConversationForCustomer,
  findRating,
  upsertRating,
} from './conversation-feedback.queries';

/**
 * Signed links to a conversation's public pages: /transcript (the visitor's
 * thread) and /feedback (CSAT). A token names the account and the conversation and carries its
 * own expiry; the signature (SecretBox.sign, one purpose per page) makes it unforgeable, so a
 * transcript token can never be used as a feedback token nor point at another account.
 */

export type ConversationLinkKind = 'transcript' | 'feedback';

/** Both links stay valid 30 days from the moment they are made. */
export const CONVERSATION_LINK_LIFETIME_S = 30 * 24 * 60 * 60;

const SIGN_PURPOSE: Record<ConversationLinkKind, string> = {
  transcript: 'conversation-transcript-link',
  feedback: 'conversation-feedback-link',
};

/** `{accountId}.{conversationId}.{expiry, unix seconds}.{signature}`: URL-safe as is. */
export function signConversationToken(
  deps: Deps,
  kind: ConversationLinkKind,
  accountId: number,
  conversationId: number,
  now = Date.now(),
): string {
  const exp = Math.floor(now / 1000) + CONVERSATION_LINK_LIFETIME_S;
  const data = `${accountId}.${conversationId}.${exp}`;
  return `${data}.${deps.secrets.sign(SIGN_PURPOSE[kind], data)}`;
}

export interface ConversationLinkTarget {
  accountId: number;
  conversationId: number;
}

/** The account and conversation a token names; 400 invalid_token when tampered, 410 link_expired when old. */
export function verifyConversationToken(
  deps: Deps,
  kind: ConversationLinkKind,
  token: string,
  now = Date.now(),
): ConversationLinkTarget {
  const match = /^(\d{1,10})\.(\d{1,10})\.(\d{1,12})\.([\w-]{1,100})$/.exec(token.trim());
  const invalid = new AppError(
    400,
    'invalid_token',
    'This link is not valid. Please use the full link from your email.',
  );
  if (!match) throw invalid;
  const [, account, conversation, exp, signature] = match;
  if (!deps.secrets.verify(SIGN_PURPOSE[kind], `${account}.${conversation}.${exp}`, signature!))
    throw invalid;
  if (Number(exp) * 1000 <= now)
    throw new AppError(
      410,
      'link_expired',
      'This link has expired. Links are valid for 30 days; ask us for a new one.',
    );
  return { accountId: Number(account), conversationId: Number(conversation) };
}

/** The full URL of the conversation's public transcript page (web route /transcript). */
export function transcriptUrl(deps: Deps, accountId: number, conversationId: number): string {
  const token = signConversationToken(deps, 'transcript', accountId, conversationId);
  return `${deps.config.publicUrl}/transcript?token=${encodeURIComponent(token)}`;
}

/** The full URL of the conversation's public feedback page (web route /feedback). */
export function feedbackUrl(deps: Deps, accountId: number, conversationId: number): string {
  const token = signConversationToken(deps, 'feedback', accountId, conversationId);
  return `${deps.config.publicUrl}/feedback?token=${encodeURIComponent(token)}`;
}

// ---- The public pages' data ----

type CustomerConversation = NonNullable<Awaited<ReturnType<typeof findConversationForCustomer>>>;

/** The conversation a valid token names; 404 when it was deleted since the link was sent. */
async function conversationOfToken(deps: Deps, kind: ConversationLinkKind, token: string) {
  const target = verifyConversationToken(deps, kind, token);
  const conversation = await findConversationForCustomer(deps.db, target);
  if (!conversation) throw notFound('That conversation was not found.');
  return conversation;
}

const brandNameOf = (c: CustomerConversation) => c.brandName ?? c.accountName;

/** GET /transcript: the thread as the customer saw it (never notes or activities). */
export async function getTranscript(deps: Deps, token: string): Promise<Transcript> {
  const conversation = await conversationOfToken(deps, 'transcript', token);
  const ids = { accountId: conversation.accountId, conversationId: conversation.id };
  const rows = await customerVisibleMessages(deps.db, ids);
  const files = await attachmentsOfMessages(deps.db, {
    accountId: conversation.accountId,
    messageIds: rows.map((r) => r.id),
  });
  const filesByMessage = new Map<number, WidgetMessage['attachments']>();
  for (const f of files) {
    const list = filesByMessage.get(f.messageId!) ?? [];
    list.push({
      id: f.id,
      file_name: f.fileName,
      content_type: f.contentType,
      size: f.size,
      url: `${deps.config.publicUrl}${signedDownloadPath(deps, f.id)}`,
    });
    filesByMessage.set(f.messageId!, list);
  }
  return {
    brand_name: brandNameOf(conversation),
    conversation: {
      id: conversation.id,
      subject: conversation.subject,
      created_at: conversation.createdAt.toISOString(),
    },
    messages: rows.map((r): WidgetMessage => {
      const fromAgent = r.direction === 'outgoing';
      return {
        id: r.id,
        conversation_id: r.conversationId,
        author: fromAgent ? (r.agentName === null ? 'system' : 'agent') : 'visitor',
        agent:
          fromAgent && r.agentName !== null
            ? {
                name: r.agentName,
                avatar_url: r.agentAvatar,
                initials: initialsOf(r.agentName),
                profile_color: r.agentColor ?? '#888888',
              }
            : null,
        body: r.body,
        attachments: filesByMessage.get(r.id) ?? [],
        status:
          r.deliveryStatus === null || r.deliveryStatus === 'queued' ? 'sent' : r.deliveryStatus,
        created_at: r.createdAt.toISOString(),
      };
    }),
  };
}

/** GET /feedback: what the customer is asked to rate, and their earlier rating if any. */
export async function getFeedbackInfo(deps: Deps, token: string): Promise<FeedbackInfo> {
  const conversation = await conversationOfToken(deps, 'feedback', token);
  const rating = await findRating(deps.db, {
    accountId: conversation.accountId,
    conversationId: conversation.id,
  });
  return {
    brand_name: brandNameOf(conversation),
    conversation: { id: conversation.id, subject: conversation.subject },
    rating: rating?.rating ?? null,
    comment: rating?.comment ?? null,
  };
}

/** POST /feedback: rate a closed conversation (CSAT 1–5); a second rating replaces the first. */
export async function submitFeedback(
  deps: Deps,
  body: { token: string; rating: number; comment?: string | undefined },
): Promise<FeedbackInfo> {
  const conversation = await conversationOfToken(deps, 'feedback', body.token);
  await rateClosedConversation(deps, conversation, body);
  return getFeedbackInfo(deps, body.token);
}

/**
 * The one CSAT rule, for the /feedback page and the widget's rating prompt: only a closed
 * conversation is rated (409 conversation_not_closed), a second rating replaces the first, and
 * the agents' views are told (conversation_updated). The caller has already checked who may rate.
 */
export async function rateClosedConversation(
  deps: Deps,
  conversation: { accountId: number; id: number; status: string },
  body: { rating: number; comment?: string | undefined },
) {
  if (conversation.status !== 'closed')
    throw conflict(
      'This conversation is still open. You can rate it once it has been resolved.',
      'conversation_not_closed',
    );
  const ids = { accountId: conversation.accountId, conversationId: conversation.id };
  await upsertRating(deps.db, { ...ids, rating: body.rating, comment: body.comment || null });
  deps.events.emit('conversation_updated', ids);
}

// ---- The feedback email when an agent closes a conversation ----

export const FEEDBACK_EMAIL_JOB = 'conversation_feedback_email';

/**
 * Queued in the same transaction that closes the conversation, so a closing is never left without
 * its email (nor an email queued for a closing that rolled back). The closing is named by its
 * resolved_at: a conversation reopened (or closed again) before the job runs sends no stale email,
 * and a contact without an email address is skipped when the job runs.
 */
export async function enqueueFeedbackEmail(
  tx: Db,
  v: { accountId: number; conversationId: number; resolvedAt: Date },
) {
  await enqueueJob(tx, {
    kind: FEEDBACK_EMAIL_JOB,
    accountId: v.accountId,
    payload: { conversationId: v.conversationId, resolvedAt: v.resolvedAt.toISOString() },
    maxAttempts: 5,
  });
}

export function feedbackEmailJob(deps: Deps): JobHandler {
  return {
    async run(job) {
      const { conversationId, resolvedAt } = job.payload as {
        conversationId: number;
        resolvedAt: string;
      };
      const conversation = await findConversationForCustomer(deps.db, {
        accountId: job.accountId!,
        conversationId,
      });
      const sameClosing =
        conversation?.status === 'closed' && conversation.resolvedAt?.toISOString() === resolvedAt;
      if (!conversation?.contactEmail || !sameClosing) return;
      const brand = brandNameOf(conversation);
      const ids = { accountId: conversation.accountId, conversationId: conversation.id };
      // The customer's language (the one the chat widget showed them), else the store's.
      const i18n = serverI18n(
        chooseLocale(
          conversation.contactLocale,
          chatOf(conversation.widgetChat ?? undefined).locale,
        ),
      );
      const name = conversation.contactName;
      const subject = conversation.subject;
      try {
        // From the brand's email channel, so the customer's answer lands in the conversation.
        await sendConversationMail(
          deps,
          { ...ids, fromName: brand },
          {
            to: conversation.contactEmail,
            subject: i18n._('How did we do? Rate your conversation with {brand}', { brand }),
            text: [
              name ? i18n._('Hi {name},', { name }) : i18n._('Hi,'),
              '',
              subject
                ? i18n._('Your conversation with {brand} about “{subject}” has been resolved.', {
                    brand,
                    subject,
                  })
                : i18n._('Your conversation with {brand} has been resolved.', { brand }),
              i18n._(
                'How satisfied are you with the help you got? Rate it from 1 to 5 stars (the link is valid for 30 days):',
              ),
              '',
              feedbackUrl(deps, conversation.accountId, conversation.id),
              '',
              i18n._('Read the conversation again:'),
              '',
              transcriptUrl(deps, conversation.accountId, conversation.id),
              '',
            ].join('\n'),
          },
        );
      } catch (err) {
        // The mail server may be briefly away: the job is retried with back-off.
        throw new RetryableError(err instanceof Error ? err.message : String(err));
      }
    },
  };
}

// Reads other modules may use: they come through this service, never through conversation-feedback.queries.ts.
export { findRating } from './conversation-feedback.queries';
