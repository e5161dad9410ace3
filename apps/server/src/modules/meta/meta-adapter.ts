import { attachmentsOfMessages } from '../attachments/attachments.service';
import { signedDownloadPath } from '../attachments/attachments.service';
import type { Deps } from '../../lib/deps';
import { RetryableError } from '../../lib/jobs';
import {
  noteChannelError,
  PermanentDeliveryError,
  type ChannelAdapter,
  type Obj,
  type OutboundContext,
} from '../channels/channels.public';
import { graphApi, graphFailure, ReauthorizationRequiredError } from './graph-api';
import { commentThreadOfConversation, lastDirectIncomingAt } from './meta.queries';
import { flagReauthorization } from './meta.public';
import { ECHO_METADATA_PREFIX, pageTokenOf } from './meta.service';

/**
 * Meta's messaging windows (Messenger and Instagram DMs), the rule implemented here:
 * - within 24 hours of the customer's last direct message: a normal reply
 *   (`messaging_type: RESPONSE`);
 * - from 24 hours to 7 days: only a human agent's reply, sent with the `HUMAN_AGENT` message
 *   tag (every Parley reply is written by a person; the Meta app needs the Human Agent
 *   permission, otherwise Meta refuses and the agent sees Meta's words);
 * - after 7 days: nothing can be sent; the reply fails at once, saying so.
 * Private replies to a comment: within 7 days of the comment. Public comment replies: no window.
 */
export const STANDARD_WINDOW_MS = 24 * 3600_000;
export const HUMAN_AGENT_WINDOW_MS = 7 * 24 * 3600_000;

/** Messenger refuses texts over 2,000 characters: longer replies go in several messages. */
const MAX_TEXT = 2000;

function chunks(text: string): string[] {
  const out: string[] = [];
  for (let i = 0; i < text.length; i += MAX_TEXT) out.push(text.slice(i, i + MAX_TEXT));
  return out;
}

const attachmentType = (contentType: string) =>
  contentType.startsWith('image/')
    ? 'image'
    : contentType.startsWith('video/')
      ? 'video'
      : contentType.startsWith('audio/')
        ? 'audio'
        : 'file';

const utc = (d: Date) => `${d.toISOString().slice(0, 16).replace('T', ' ')} UTC`;

/**
 * One Graph call of a reply; network failures and timeouts are retried. Meta's refusals show
 * in the channel's health; a dead token flags the channel for reconnection.
 */
async function post(
  deps: Deps,
  ctx: OutboundContext,
  token: string,
  path: string,
  body: Obj,
  what: string,
) {
  let failure: Error;
  try {
    const answer = await graphApi(deps.config, token, 'POST', path, body);
    if (answer.status >= 200 && answer.status < 300) return answer.json ?? {};
    failure = graphFailure(answer, what);
  } catch (err) {
    failure = new RetryableError(`Meta could not be reached: ${(err as Error).message}`);
  }
  if (failure instanceof ReauthorizationRequiredError)
    await flagReauthorization(deps, ctx.channel, failure.message);
  else await noteChannelError(deps.db, ctx.channel.id, failure.message);
  throw failure;
}

/** Messenger / Instagram DM: text parts, then each file by a signed link. */
async function sendDirect(deps: Deps, ctx: OutboundContext, token: string) {
  const { channel, contact, message } = ctx;
  const kind = channel.type === 'facebook' ? 'facebook_psid' : 'instagram_id';
  const recipientId = ctx.identities.find((i) => i.kind === kind)?.value;
  if (!recipientId)
    throw new PermanentDeliveryError(
      `This contact has no ${channel.type === 'facebook' ? 'Messenger' : 'Instagram'} id on this channel to write to.`,
    );
  const last = await lastDirectIncomingAt(deps.db, {
    supportChannelId: channel.id,
    contactId: contact.id,
  });
  const age = last ? Date.now() - last.getTime() : Number.POSITIVE_INFINITY;
  if (age > HUMAN_AGENT_WINDOW_MS)
    throw new PermanentDeliveryError(
      `Meta allows replies only within 7 days of the customer's last message${
        last ? ` (theirs was ${utc(last)})` : ''
      }, so this reply was not sent. It can go out once the customer writes again.`,
    );
  const window =
    age <= STANDARD_WINDOW_MS
      ? { messaging_type: 'RESPONSE' }
      : { messaging_type: 'MESSAGE_TAG', tag: 'HUMAN_AGENT' };
  const files = await attachmentsOfMessages(deps.db, {
    accountId: message.accountId,
    messageIds: [message.id],
  });
  const parts: Obj[] = [
    ...chunks(message.body.trim() ? message.body : '').map((text) => ({ text })),
    ...files.map((f) => ({
      attachment: {
        type: attachmentType(f.contentType),
        payload: {
          url: `${deps.config.publicUrl}${signedDownloadPath(deps, f.id)}`,
          is_reusable: false,
        },
      },
    })),
  ];
  if (parts.length === 0) throw new PermanentDeliveryError('An empty message cannot be sent.');
  let firstId: string | undefined;
  for (const part of parts) {
    const answer = await post(
      deps,
      ctx,
      token,
      '/me/messages',
      {
        recipient: { id: recipientId },
        ...window,
        // Messenger echoes `metadata` back: the echo of our own reply is recognised by it.
        message:
          channel.type === 'facebook'
            ? { ...part, metadata: `${ECHO_METADATA_PREFIX}${message.id}` }
            : part,
      },
      'the message',
    );
    firstId ??= typeof answer.message_id === 'string' ? answer.message_id : undefined;
  }
  return { providerMessageId: firstId };
}

/** A comment conversation: under the comment (public) or a private message to its author. */
async function sendCommentReply(
  deps: Deps,
  ctx: OutboundContext,
  token: string,
  thread: { commentId: string; createdAt: Date },
) {
  const { channel, message } = ctx;
  const files = await attachmentsOfMessages(deps.db, {
    accountId: message.accountId,
    messageIds: [message.id],
  });
  if (files.length)
    throw new PermanentDeliveryError(
      'A reply to a comment carries text only, so this reply with files was not sent. Send it without the files.',
    );
  if (!message.body.trim()) throw new PermanentDeliveryError('An empty reply cannot be sent.');
  if (ctx.commentReply === 'private') {
    if (Date.now() - thread.createdAt.getTime() > HUMAN_AGENT_WINDOW_MS)
      throw new PermanentDeliveryError(
        `Meta allows a private reply only within 7 days of the comment (written ${utc(thread.createdAt)}). Reply publicly instead.`,
      );
    const answer = await post(
      deps,
      ctx,
      token,
      '/me/messages',
      {
        recipient: { comment_id: thread.commentId },
        message: { text: message.body.slice(0, MAX_TEXT) },
      },
      'the private reply',
    );
    return {
      providerMessageId: typeof answer.message_id === 'string' ? answer.message_id : undefined,
    };
  }
  // Facebook: POST /{comment-id}/comments; Instagram: POST /{ig-comment-id}/replies.
  const edge = channel.type === 'instagram' ? 'replies' : 'comments';
  const answer = await post(
    deps,
    ctx,
    token,
    `/${encodeURIComponent(thread.commentId)}/${edge}`,
    { message: message.body },
    'the comment reply',
  );
  return { providerMessageId: typeof answer.id === 'string' ? answer.id : undefined };
}

/**
 * Replies on `facebook` (Messenger, page comments), `instagram` (comments) and `instagram_dm`.
 * A revoked or expired token flags the channel for reconnection and fails the reply with why.
 */
export const metaAdapter: ChannelAdapter = {
  async send(deps, ctx) {
    const { channel } = ctx;
    if (channel.needsReauthorization)
      throw new PermanentDeliveryError(
        'This channel must be reconnected (Settings → Support channels → reconnect Facebook) before replies can be sent.',
      );
    const token = pageTokenOf(deps, channel);
    const thread = await commentThreadOfConversation(deps.db, {
      accountId: channel.accountId,
      conversationId: ctx.conversation.id,
    });
    if (thread) return sendCommentReply(deps, ctx, token, thread);
    if (channel.type === 'instagram')
      throw new PermanentDeliveryError('Instagram comment channels answer comments only.');
    return sendDirect(deps, ctx, token);
  },
};
