import {
  conversationPresenceChannel,
  REALTIME_EVENTS,
  WIDGET_EVENTS,
  widgetVisitorChannel,
  type RealtimeEventPayloads,
  type WidgetEventPayloads,
} from '@parley/contracts';
import type { Deps } from '../../lib/deps';
import { chooseLocale, serverI18n } from '../../lib/i18n';
import { RetryableError } from '../../lib/jobs';
import type { Realtime } from '../../realtime/realtime';
import { PermanentDeliveryError, type ChannelAdapter } from '../channels/channels.public';
import { transcriptUrl } from '../conversation-feedback/conversation-feedback.service';
import { sendConversationMail } from '../email-channel/email-channel.public';
import { chatOf } from '../widgets/widgets.service';
import { toWidgetAgent, widgetConversations, widgetMessagesByIds } from './widget-chat.present';
import {
  accountOfConversation,
  findAgent,
  findStore,
  visitorsOfConversation,
  widgetChatsAmong,
  type VisitorRow,
  contactLocaleOf,
} from './widget-chat.queries';

/**
 * The widget over realtime: each visitor listens to `private-widget-visitor-{public id}` only.
 * Agents' replies reach it through the `live_chat` channel adapter (notes never do: they are
 * not delivered), conversation changes through `conversation_updated`, and agents' typing
 * through the client-event relay of `presence-conversation-{id}`.
 */

const realtimes = new WeakMap<Deps, Realtime>();

/** The realtime gateway of the app these deps belong to (set when the module registers). */
export function realtimeOf(deps: Deps): Realtime {
  const realtime = realtimes.get(deps);
  if (!realtime) throw new Error('widget-chat: realtime is not registered for these deps');
  return realtime;
}

type WidgetEventName = keyof WidgetEventPayloads;

/** Publishes one widget event to every visitor channel that sees the conversation. */
export async function publishToVisitors<E extends WidgetEventName>(
  deps: Deps,
  visitors: Pick<VisitorRow, 'publicId'>[],
  event: E,
  data: RealtimeEventPayloads[E],
) {
  const realtime = realtimeOf(deps);
  await Promise.all(
    visitors.map((v) => realtime.publish(widgetVisitorChannel(v.publicId), event, data)),
  );
}

export async function anyVisitorConnected(deps: Deps, visitors: Pick<VisitorRow, 'publicId'>[]) {
  const realtime = realtimeOf(deps);
  const occupied = await Promise.all(
    visitors.map((v) => realtime.isOccupied(widgetVisitorChannel(v.publicId)).catch(() => false)),
  );
  return occupied.some(Boolean);
}

/** Offline fallback: the reply by email, with links back to the store and to the transcript. */
async function emailReply(
  deps: Deps,
  to: string,
  reply: {
    accountId: number;
    brandId: number;
    conversationId: number;
    body: string;
    agent: string | null;
  },
) {
  const store = await findStore(deps.db, { accountId: reply.accountId, brandId: reply.brandId });
  const brandName = store?.brand.name ?? deps.config.productName;
  const shopUrl = store?.brand.myshopifyDomain ? `https://${store.brand.myshopifyDomain}/` : null;
  // The language the widget showed the visitor, else the store's.
  const contactLocale = await contactLocaleOf(deps.db, reply);
  const i18n = serverI18n(chooseLocale(contactLocale, chatOf(store?.widget?.chat).locale));
  const agentName = reply.agent ?? brandName;
  const lines = [
    i18n._('{agentName} replied to your chat with {brandName}:', { agentName, brandName }),
    '',
    reply.body,
    '',
    ...(shopUrl ? [i18n._('Continue the chat on {shopUrl}', { shopUrl })] : []),
    i18n._('The whole conversation: {transcriptUrl}', {
      transcriptUrl: transcriptUrl(deps, reply.accountId, reply.conversationId),
    }),
  ];
  // The visitor may answer by email: from the workspace's email channel that answer threads back
  // into this conversation; MAIL_FROM is a no-reply address that refuses it.
  await sendConversationMail(
    deps,
    { accountId: reply.accountId, conversationId: reply.conversationId, fromName: brandName },
    {
      to,
      subject: i18n._('New reply from {brandName}', { brandName }),
      text: lines.join('\n'),
    },
  );
}

export function registerWidgetChatRealtime(deps: Deps, realtime: Realtime): void {
  realtimes.set(deps, realtime);

  // Batched: every inbound message on any channel updates a conversation, and one query tells
  // which of a burst's conversations are widget chats at all (the inbound rate budget, docs/benchmarks.md).
  realtime.eventMappings.mapBatch('conversation_updated', async (events, d) => {
    const chats = await widgetChatsAmong(d.db, events);
    const published = await Promise.all(
      [...new Map(events.map((e) => [e.conversationId, e])).values()]
        .filter((e) => chats.has(e.conversationId))
        .map(async (e) => {
          const visitors = await visitorsOfConversation(d.db, e);
          if (visitors.length === 0) return [];
          const [conversation] = await widgetConversations(d, e.accountId, [e.conversationId]);
          if (!conversation) return [];
          return visitors.map((v) => ({
            channel: widgetVisitorChannel(v.publicId),
            event: WIDGET_EVENTS.conversation,
            data: { conversation },
          }));
        }),
    );
    return published.flat();
  });

  // An agent typing in a widget conversation: the visitor sees who (the presence member's id is
  // the agent's user id, checked when the presence channel was authorised).
  const presence = /^presence-conversation-([1-9]\d{0,9})$/;
  realtime.onClientEvent((e) => {
    const match = presence.exec(e.channel);
    if (!match || e.event !== 'client-typing' || e.userId === null) return;
    const typing = (e.data as { typing: boolean }).typing;
    void relayAgentTyping(deps, Number(match[1]), Number(e.userId), typing).catch(() => {});
  });
}

async function relayAgentTyping(
  deps: Deps,
  conversationId: number,
  userId: number,
  typing: boolean,
) {
  // The agent's presence on the channel proved the conversation is in their account.
  const accountId = await accountOfConversation(deps.db, conversationId);
  if (accountId === null) return;
  const visitors = await visitorsOfConversation(deps.db, { accountId, conversationId });
  if (visitors.length === 0) return;
  const agent = await findAgent(deps.db, { accountId, userId });
  await publishToVisitors(deps, visitors, WIDGET_EVENTS.agentTyping, {
    conversation_id: conversationId,
    typing,
    agent: agent ? toWidgetAgent(agent) : null,
  });
}

/** The visitor is typing: the agents viewing the conversation hear it on its presence channel. */
export async function publishVisitorTyping(deps: Deps, conversationId: number, typing: boolean) {
  await realtimeOf(deps).publish(
    conversationPresenceChannel(conversationId),
    REALTIME_EVENTS.visitorTyping,
    { conversation_id: conversationId, typing },
  );
}

/**
 * Live chat replies: published on the visitor's channel, 'delivered' when a visitor is connected;
 * otherwise — when the visitor left an email — also emailed to them (then 'sent').
 */
export const liveChatAdapter: ChannelAdapter = {
  async send(deps, { conversation, message }) {
    const visitors = await visitorsOfConversation(deps.db, {
      accountId: conversation.accountId,
      conversationId: conversation.id,
    });
    if (visitors.length === 0)
      throw new PermanentDeliveryError(
        'This conversation has no chat visitor to deliver to (it was not started in the widget).',
      );
    const [shown] = await widgetMessagesByIds(deps, conversation.accountId, [message.id]);
    if (!shown) return {}; // not a visitor-visible message
    const published = { ...shown, status: 'delivered' as const };
    try {
      await publishToVisitors(deps, visitors, WIDGET_EVENTS.message, { message: published });
    } catch (err) {
      throw new RetryableError(`The chat could not be reached: ${(err as Error).message}`);
    }
    if (await anyVisitorConnected(deps, visitors)) return { deliveryStatus: 'delivered' };
    const email =
      visitors.find((v) => v.isVerified && v.email)?.email ?? visitors.find((v) => v.email)?.email;
    if (email) {
      try {
        await emailReply(deps, email, {
          accountId: conversation.accountId,
          brandId: visitors[0]!.brandId,
          conversationId: conversation.id,
          body: message.body,
          agent: shown.agent?.name ?? null,
        });
      } catch (err) {
        // The email channel's SMTP answer is already classified (a 5xx fails, a 4xx retries).
        if (err instanceof PermanentDeliveryError || err instanceof RetryableError) throw err;
        throw new RetryableError(`The reply could not be emailed: ${(err as Error).message}`);
      }
      return { providerMessageId: `widget-email-${message.id}` };
    }
    return {};
  },
};
