import { eq } from 'drizzle-orm';
import type { ChannelAuthorizationHandler } from 'pusher-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  conversationPresenceChannel,
  dcuserPanelChannel,
  REALTIME_EVENTS,
  WIDGET_API,
  WIDGET_EVENTS,
  WIDGET_TOKEN_HEADER,
  type RealtimeEventPayloads,
  type WidgetEventPayloads,
} from '@parley/contracts';
import { messages } from '../../db/schema';
import {
  connectPusher,
  listen,
  nextEvent,
  subscribe,
  type TestPusher,
} from '../../realtime/pusher-test-client';
import {
  as,
  createTestContext,
  readMailbox,
  signUp,
  type Session,
  type TestContext,
} from '../../test/harness';
import { chattingVisitor, storeWithWidget } from './widget-chat.fixtures';

// The widget over the real pusher-js client: the visitor's own private channel, authorised by
// POST /widgetapi/pusher/auth with the visitor token (docs/ARCHITECTURE.md).

let ctx: TestContext;
let port: number;
let owner: Session;
let shop: string;
const clients: TestPusher[] = [];

beforeAll(async () => {
  ctx = await createTestContext({
    AUTH_RATE_LIMIT_PER_MINUTE: '1000',
    WIDGET_SESSION_RATE_LIMIT_PER_MINUTE: '1000',
  });
  port = await listen(ctx.app);
  owner = await signUp(ctx, { name: 'Olga Owner' });
  shop = (await storeWithWidget(ctx, owner)).shop;
});
afterAll(async () => {
  for (const c of clients) c.disconnect();
  await ctx.close();
});

/** pusher-js's authorizer as the chat app sets it up: the visitor token header. */
const visitorAuthorizer =
  (token: string): ChannelAuthorizationHandler =>
  ({ socketId, channelName }, callback) => {
    fetch(`http://127.0.0.1:${port}${WIDGET_API.pusherAuth}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        [WIDGET_TOKEN_HEADER]: token,
      },
      body: new URLSearchParams({ socket_id: socketId, channel_name: channelName }).toString(),
    })
      .then(async (res) => {
        if (!res.ok) throw new Error(`auth answered ${res.status}`);
        callback(null, (await res.json()) as { auth: string });
      })
      .catch((err: Error) => callback(err, null));
  };

async function connectedVisitor(text = 'Hello from the widget') {
  const chat = await chattingVisitor(ctx, shop, text, {
    name: 'Vera Visitor',
    email: `vera-${Math.random().toString(16).slice(2)}@example.com`,
  });
  const client = await connectPusher(port, { authorizer: visitorAuthorizer(chat.api.token) });
  clients.push(client);
  const { channel } = await subscribe(client, chat.session.realtime.channel);
  return { ...chat, client, channel };
}

type WidgetMessageEvent = WidgetEventPayloads['widget_message'];

describe('private-widget-visitor-{public id} (realtime for the visitor)', () => {
  it("an agent's reply reaches the visitor live and is marked delivered; a private note never does", async () => {
    const v = await connectedVisitor();
    const heard: WidgetMessageEvent[] = [];
    v.channel.bind(WIDGET_EVENTS.message, (e: WidgetMessageEvent) => heard.push(e));
    const replyArrives = nextEvent<WidgetMessageEvent>(
      v.channel,
      WIDGET_EVENTS.message,
      (e) => e.message.body === 'Your parcel is on its way',
    );

    const api = as(ctx, owner);
    const note = await api.post(`/dashboardapi/conversations/${v.conversationId}/messages`, {
      kind: 'note',
      body: 'SECRET: customer sounds angry',
    });
    expect(note.statusCode).toBe(201);
    const reply = await api.post(`/dashboardapi/conversations/${v.conversationId}/messages`, {
      body: 'Your parcel is on its way',
    });
    await ctx.deps.jobs.drain();
    const { message } = await replyArrives;
    expect(message).toMatchObject({
      id: reply.json().id,
      conversation_id: v.conversationId,
      author: 'agent',
      agent: { name: 'Olga Owner', initials: 'OO' },
      status: 'delivered',
    });
    const [row] = await ctx.deps.db.select().from(messages).where(eq(messages.id, reply.json().id));
    expect(row!.deliveryStatus).toBe('delivered');
    expect(JSON.stringify(heard)).not.toContain('SECRET');
    // A connected visitor is not emailed.
    expect((await readMailbox(ctx)).filter((m) => m.raw.includes('parcel is on its way'))).toEqual(
      [],
    );
  });

  it("the visitor is refused an agent's channel and another visitor's", async () => {
    const v = await connectedVisitor();
    const other = await chattingVisitor(ctx, shop);
    for (const name of [
      dcuserPanelChannel(owner.userId),
      conversationPresenceChannel(v.conversationId),
      other.session.realtime.channel,
    ]) {
      await expect(subscribe(v.client, name)).rejects.toThrow(/subscription_error/);
    }
  });

  it("an agent's typing on presence-conversation-{id} reaches the visitor; the visitor's typing reaches the agent", async () => {
    const v = await connectedVisitor();
    const agent = await connectPusher(port, { session: owner });
    clients.push(agent);
    const { channel: presence } = await subscribe(
      agent,
      conversationPresenceChannel(v.conversationId),
    );

    const agentTyping = nextEvent<WidgetEventPayloads['widget_agent_typing']>(
      v.channel,
      WIDGET_EVENTS.agentTyping,
    );
    presence.trigger('client-typing', { typing: true });
    expect(await agentTyping).toEqual({
      conversation_id: v.conversationId,
      typing: true,
      agent: expect.objectContaining({ name: 'Olga Owner' }),
    });

    const visitorTyping = nextEvent<RealtimeEventPayloads['visitor_typing']>(
      presence,
      REALTIME_EVENTS.visitorTyping,
    );
    const res = await v.api.post(WIDGET_API.typing(v.conversationId), { typing: true });
    expect(res.statusCode).toBe(204);
    expect(await visitorTyping).toEqual({ conversation_id: v.conversationId, typing: true });
  });

  it("a visitor's file reaches the agents live with the message (message_created carries it)", async () => {
    const v = await connectedVisitor();
    const agent = await connectPusher(port, { session: owner });
    clients.push(agent);
    const { channel: panel } = await subscribe(agent, dcuserPanelChannel(owner.userId));
    const boundary = '----parleytest';
    const upload = await ctx.app.inject({
      method: 'POST',
      url: WIDGET_API.attachments,
      headers: {
        [WIDGET_TOKEN_HEADER]: v.api.token,
        'content-type': `multipart/form-data; boundary=${boundary}`,
      },
      payload: [
        `--${boundary}`,
        'Content-Disposition: form-data; name="file"; filename="receipt.txt"',
        'Content-Type: text/plain',
        '',
        'Order 1001, paid.',
        `--${boundary}--`,
        '',
      ].join('\r\n'),
    });
    expect(upload.statusCode).toBe(201);
    const arrives = nextEvent<RealtimeEventPayloads['message_created']>(
      panel,
      REALTIME_EVENTS.messageCreated,
      (e) => e.message.body === 'Here is my receipt',
    );
    const sent = await v.api.post(WIDGET_API.messages(v.conversationId), {
      body: 'Here is my receipt',
      attachment_ids: [upload.json().id],
    });
    expect(sent.statusCode).toBe(201);
    expect((await arrives).message.attachments).toMatchObject([
      { id: upload.json().id, file_name: 'receipt.txt' },
    ]);
  });

  it('a status change reaches the visitor as widget_conversation (e.g. closed: ask for a rating)', async () => {
    const v = await connectedVisitor();
    const closed = nextEvent<WidgetEventPayloads['widget_conversation']>(
      v.channel,
      WIDGET_EVENTS.conversation,
      (e) => e.conversation.status === 'closed',
    );
    const res = await as(ctx, owner).patch(`/dashboardapi/conversations/${v.conversationId}`, {
      status: 'closed',
    });
    expect(res.statusCode).toBe(200);
    expect((await closed).conversation).toMatchObject({ id: v.conversationId, status: 'closed' });
  });
});
