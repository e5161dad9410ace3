import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  conversationPresenceChannel,
  dcuserPanelChannel,
  type RealtimeEventPayloads,
} from '@parley/contracts';
import { as, createTestContext, signUp, type Session, type TestContext } from '../../test/harness';
import { apiChannelFor, ownerAndTeammate } from '../../test/inbox-fixtures';
import {
  connectPusher,
  listen,
  nextEvent,
  subscribe,
  type TestPusher,
} from '../../realtime/pusher-test-client';

// The inbox over the real pusher-js client (docs/ARCHITECTURE.md, docs/product/api.md private-dcuser-{id}-panel0).

let ctx: TestContext;
let port: number;
const clients: TestPusher[] = [];

beforeAll(async () => {
  ctx = await createTestContext({ AUTH_RATE_LIMIT_PER_MINUTE: '1000' });
  port = await listen(ctx.app);
});
afterAll(async () => {
  for (const c of clients) c.disconnect();
  await ctx.close();
});

async function panelOf(session: Session) {
  const client = await connectPusher(port, { session });
  clients.push(client);
  const { channel } = await subscribe(client, dcuserPanelChannel(session.userId));
  return { client, channel };
}

type Updated = RealtimeEventPayloads['conversation_updated'];
type Created = RealtimeEventPayloads['message_created'];

describe('private-dcuser-{id}-panel0 carries the inbox', () => {
  it('a customer message reaches every agent of the account live, with their own unread state', async () => {
    const { owner, mate } = await ownerAndTeammate(ctx);
    const outsider = await signUp(ctx, { name: 'Otto Outsider' });
    const channel = await apiChannelFor(ctx, owner);
    const [ownerPanel, matePanel, outsiderPanel] = await Promise.all([
      panelOf(owner),
      panelOf(mate),
      panelOf(outsider),
    ]);
    let outsiderHeard = 0;
    outsiderPanel.channel.bind_global(() => outsiderHeard++);

    const ownerUpdate = nextEvent<Updated>(ownerPanel.channel, 'conversation_updated');
    const mateMessage = nextEvent<Created>(matePanel.channel, 'message_created');
    const { conversation_id } = await channel.inbound({
      identifier: 'cust-1',
      name: 'Cora Customer',
      text: 'Where is my parcel?',
    });

    const update = await ownerUpdate;
    expect(update.account_id).toBe(owner.accountId);
    expect(update.conversation).toMatchObject({
      id: conversation_id,
      status: 'open',
      unread: true,
      assignee_id: null,
      contact: { name: 'Cora Customer' },
      last_message_preview: 'Where is my parcel?',
    });
    const created = await mateMessage;
    expect(created.message).toMatchObject({
      conversation_id,
      direction: 'incoming',
      body: 'Where is my parcel?',
      sender: { type: 'contact', name: 'Cora Customer' },
    });

    // The mate reads it: the owner's next update still says unread, the mate's does not.
    await as(ctx, mate).post(`/dashboardapi/conversations/${conversation_id}/read`);
    const ownerNext = nextEvent<Updated>(ownerPanel.channel, 'conversation_updated');
    const mateNext = nextEvent<Updated>(matePanel.channel, 'conversation_updated');
    const patched = await as(ctx, mate).patch(`/dashboardapi/conversations/${conversation_id}`, {
      assignee_id: mate.userId,
    });
    expect(patched.statusCode).toBe(200);
    expect((await ownerNext).conversation).toMatchObject({
      assignee_id: mate.userId,
      unread: true,
    });
    expect((await mateNext).conversation).toMatchObject({
      assignee_id: mate.userId,
      unread: false,
    });
    expect(outsiderHeard).toBe(0);
  });

  it('a reply is announced as message_created, then message_updated as its delivery status moves', async () => {
    const { owner } = await ownerAndTeammate(ctx);
    const channel = await apiChannelFor(ctx, owner);
    const { conversation_id } = await channel.inbound({ identifier: 'cust-2', text: 'Hello?' });
    const panel = await panelOf(owner);
    // The customer's own message_created may still be in flight: listen for the reply's.
    const isReply = (e: Created) => e.message.direction === 'outgoing';
    const created = nextEvent<Created>(panel.channel, 'message_created', isReply);
    const updated = nextEvent<Created>(panel.channel, 'message_updated', isReply);
    const reply = await as(ctx, owner).post(
      `/dashboardapi/conversations/${conversation_id}/messages`,
      {
        kind: 'reply',
        body: 'Hi! Let me look.',
      },
    );
    expect(reply.statusCode).toBe(201);
    expect((await created).message).toMatchObject({
      body: 'Hi! Let me look.',
      direction: 'outgoing',
      delivery_status: 'queued',
    });
    // No webhook URL is configured on this channel: the delivery job reports that, in words.
    await ctx.deps.jobs.drain();
    const final = (await updated).message;
    expect(final.id).toBe((reply.json() as { id: number }).id);
    expect(final.delivery_status).toBe('failed');
    expect(final.failure_reason).toMatch(/webhook/i);
  });
});

describe('presence-conversation-{id}: who is viewing or typing', () => {
  it('teammates join the presence channel and see each other typing; another account is refused', async () => {
    const { owner, mate } = await ownerAndTeammate(ctx);
    const outsider = await signUp(ctx, { name: 'Otto Outsider' });
    const channel = await apiChannelFor(ctx, owner);
    const { conversation_id } = await channel.inbound({ identifier: 'cust-3', text: 'Hi' });
    const name = conversationPresenceChannel(conversation_id);

    const ownerClient = await connectPusher(port, { session: owner });
    const mateClient = await connectPusher(port, { session: mate });
    const outsiderClient = await connectPusher(port, { session: outsider });
    clients.push(ownerClient, mateClient, outsiderClient);

    const ownerSub = await subscribe(ownerClient, name);
    const joined = nextEvent<{ id: string; info: { name: string } }>(
      ownerSub.channel,
      'pusher:member_added',
    );
    const mateSub = await subscribe(mateClient, name);
    expect((await joined).info.name).toBe('Tariq Teammate');

    const typing = nextEvent<{ typing: boolean }>(ownerSub.channel, 'client-typing');
    mateSub.channel.trigger('client-typing', { typing: true });
    expect(await typing).toEqual({ typing: true });

    await expect(subscribe(outsiderClient, name)).rejects.toMatchObject({
      detail: { type: 'AuthError' },
    });
  });
});
