import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  dcuserPanelChannel,
  notificationsPage,
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
import { noteSocket } from '../assignment/assignment.service';
import { notify } from './notifications.service';

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

type Page = ReturnType<typeof notificationsPage.parse>;
const listOf = async (s: Session, cursor?: number) => {
  const res = await as(ctx, s).get(
    `/dashboardapi/notifications${cursor ? `?cursor=${cursor}` : ''}`,
  );
  expect(res.statusCode).toBe(200);
  return notificationsPage.parse(res.json()) as Page;
};
const unreadOf = async (s: Session) =>
  (await as(ctx, s).get('/dashboardapi/me')).json().unread_notification_count as number;
const note = (s: Session, conversationId: number, body: object) =>
  as(ctx, s).post(`/dashboardapi/conversations/${conversationId}/messages`, {
    kind: 'note',
    ...body,
  });

async function setup() {
  const { owner, mate } = await ownerAndTeammate(ctx);
  const channel = await apiChannelFor(ctx, owner);
  const { conversation_id } = await channel.inbound({
    identifier: `c-${Math.random()}`,
    name: 'Cora Customer',
    text: 'Refund for order 4907',
    subject: 'Refund for order 4907',
  });
  return { owner, mate, channel, conversationId: conversation_id };
}

describe('mentions', () => {
  it('a note mentioning a teammate notifies that member only, never the author', async () => {
    const { owner, mate, conversationId } = await setup();
    const res = await note(owner, conversationId, {
      body: '@Tariq Teammate and @Olga Owner, can you check?',
      mentioned_user_ids: [mate.userId, owner.userId],
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().body).toBe('@Tariq Teammate and @Olga Owner, can you check?');
    const { notifications } = await listOf(mate);
    expect(notifications).toHaveLength(1);
    expect(notifications[0]).toMatchObject({
      kind: 'mention',
      conversation_id: conversationId,
      conversation_subject: 'Refund for order 4907',
      contact_name: 'Cora Customer',
      actor: { id: owner.userId, name: 'Olga Owner' },
      excerpt: '@Tariq Teammate and @Olga Owner, can you check?',
      read: false,
    });
    expect((await listOf(owner)).notifications).toHaveLength(0);
    expect(await unreadOf(mate)).toBe(1);
  });

  it('refuses a mention of someone outside the account (400 naming mentioned_user_ids), storing nothing', async () => {
    const { owner, mate, conversationId } = await setup();
    const stranger = await signUp(ctx);
    const res = await note(owner, conversationId, {
      body: 'hi',
      mentioned_user_ids: [mate.userId, stranger.userId],
    });
    expect(res.statusCode).toBe(400);
    expect(JSON.stringify(res.json())).toContain('mentioned_user_ids');
    const tooMany = await note(owner, conversationId, {
      body: 'hi',
      mentioned_user_ids: Array.from({ length: 21 }, (_, i) => i + 1),
    });
    expect(tooMany.statusCode).toBe(400);
    expect(JSON.stringify(tooMany.json())).toContain('mentioned_user_ids');
    expect((await listOf(mate)).notifications).toHaveLength(0);
    expect((await listOf(stranger)).notifications).toHaveLength(0);
  });
});

describe('assignments and customer replies', () => {
  it('an assignment by someone else notifies the assignee; assigning yourself does not', async () => {
    const { owner, mate, conversationId } = await setup();
    await as(ctx, owner).patch(`/dashboardapi/conversations/${conversationId}`, {
      assignee_id: mate.userId,
    });
    await vi.waitFor(async () => expect((await listOf(mate)).notifications).toHaveLength(1));
    expect((await listOf(mate)).notifications[0]).toMatchObject({
      kind: 'assigned',
      conversation_id: conversationId,
      actor: { id: owner.userId },
    });
    await as(ctx, owner).patch(`/dashboardapi/conversations/${conversationId}`, {
      assignee_id: owner.userId,
    });
    await new Promise((r) => setTimeout(r, 50));
    expect((await listOf(owner)).notifications).toHaveLength(0);
  });

  it('auto-assignment notifies the agent it chose, with no actor', async () => {
    const { owner, mate, channel } = await setup();
    await as(ctx, owner).put(`/dashboardapi/assignment/channels/${channel.channelId}`, {
      mode: 'round_robin',
    });
    await as(ctx, owner).put('/dashboardapi/availability/me', { status: 'offline' });
    await noteSocket(ctx.deps, { accountId: mate.accountId, userId: mate.userId, connected: true });
    const { conversation_id } = await channel.inbound({ identifier: 'auto', text: 'Hello?' });
    await vi.waitFor(async () =>
      expect(
        (await listOf(mate)).notifications.find((n) => n.conversation_id === conversation_id),
      ).toMatchObject({ kind: 'assigned', actor: null }),
    );
    expect((await listOf(owner)).notifications).toHaveLength(0);
  });

  it('a customer writing on my conversation notifies me (customer_reply) with an excerpt', async () => {
    const { owner, mate, channel } = await setup();
    const identifier = `again-${Math.random()}`;
    const { conversation_id } = await channel.inbound({ identifier, text: 'first' });
    await as(ctx, owner).patch(`/dashboardapi/conversations/${conversation_id}`, {
      assignee_id: mate.userId,
    });
    await channel.inbound({ identifier, text: `Any news?   ${'x'.repeat(300)}` });
    await vi.waitFor(async () =>
      expect((await listOf(mate)).notifications.map((n) => n.kind)).toContain('customer_reply'),
    );
    const reply = (await listOf(mate)).notifications.find((n) => n.kind === 'customer_reply')!;
    expect(reply).toMatchObject({ conversation_id, actor: null });
    expect(reply.excerpt!.startsWith('Any news? x')).toBe(true);
    expect(reply.excerpt!.length).toBe(140);
    // Nobody else is told.
    expect((await listOf(owner)).notifications).toHaveLength(0);
  });
});

describe('SLA warnings and breaches', () => {
  it('tell the assignee; a conversation nobody has goes to the owners and admins (docs/product/notifications.md)', async () => {
    const { owner, mate, conversationId } = await setup();
    const dueAt = new Date().toISOString();
    // Nobody has it yet: the owner hears of it, the agent does not.
    ctx.deps.events.emit('sla_warning', {
      accountId: owner.accountId,
      conversationId,
      metric: 'first_response',
      dueAt,
    });
    await vi.waitFor(async () =>
      expect((await listOf(owner)).notifications.map((n) => n.kind)).toEqual(['sla_warning']),
    );
    expect((await listOf(mate)).notifications).toHaveLength(0);

    await as(ctx, owner).patch(`/dashboardapi/conversations/${conversationId}`, {
      assignee_id: mate.userId,
    });
    ctx.deps.events.emit('sla_breached', {
      accountId: owner.accountId,
      conversationId,
      metric: 'first_response',
      dueAt,
    });
    await vi.waitFor(async () =>
      expect((await listOf(mate)).notifications.map((n) => n.kind)).toContain('sla_breached'),
    );
    expect((await listOf(mate)).notifications.find((n) => n.kind === 'sla_breached')).toMatchObject(
      { conversation_id: conversationId, actor: null },
    );
    expect((await listOf(owner)).notifications.map((n) => n.kind)).toEqual(['sla_warning']);
  });
});

describe('the list and read marks', () => {
  it('pages newest first, 30 at a time, and marks read by ids or all, keeping Me’s count right', async () => {
    const { owner, mate, conversationId } = await setup();
    for (let i = 0; i < 32; i++)
      await notify(ctx.deps, {
        accountId: mate.accountId,
        userIds: [mate.userId],
        kind: 'mention',
        conversationId,
        actorUserId: owner.userId,
        excerpt: `n${i}`,
      });
    const first = await listOf(mate);
    expect(first.notifications).toHaveLength(30);
    expect(first.notifications[0]!.excerpt).toBe('n31');
    expect(first.unread_count).toBe(32);
    const second = await listOf(mate, first.next_cursor!);
    expect(second.notifications.map((n) => n.excerpt)).toEqual(['n1', 'n0']);
    expect(second.next_cursor).toBeNull();

    const ids = first.notifications.slice(0, 2).map((n) => n.id);
    const res = await as(ctx, mate).post('/dashboardapi/notifications/read', { ids });
    expect(res.json()).toEqual({ marked: 2, unread_count: 30 });
    expect(await unreadOf(mate)).toBe(30);
    expect((await listOf(mate)).notifications.slice(0, 3).map((n) => n.read)).toEqual([
      true,
      true,
      false,
    ]);
    const all = await as(ctx, mate).post('/dashboardapi/notifications/read', { all: true });
    expect(all.json()).toEqual({ marked: 30, unread_count: 0 });
    expect(await unreadOf(mate)).toBe(0);
  });

  it('another person’s ids are ignored, and nobody sees another user’s or account’s notifications', async () => {
    const { owner, mate, conversationId } = await setup();
    await note(owner, conversationId, { body: 'look', mentioned_user_ids: [mate.userId] });
    const [mine] = (await listOf(mate)).notifications;
    const other = await setup();
    const res = await as(ctx, other.owner).post('/dashboardapi/notifications/read', {
      ids: [mine!.id],
    });
    expect(res.json()).toEqual({ marked: 0, unread_count: 0 });
    const ownerRes = await as(ctx, owner).post('/dashboardapi/notifications/read', {
      ids: [mine!.id],
    });
    expect(ownerRes.json().marked).toBe(0);
    expect(await unreadOf(mate)).toBe(1);
    expect((await listOf(owner)).notifications).toHaveLength(0);
    expect((await listOf(other.owner)).notifications).toHaveLength(0);
  });

  it('opening a conversation reads its notifications, and only its (docs/product/notifications.md)', async () => {
    const { owner, mate, conversationId } = await setup();
    const other = await setup();
    for (const id of [conversationId, conversationId, other.conversationId])
      await notify(ctx.deps, {
        accountId: mate.accountId,
        userIds: [mate.userId],
        kind: 'mention',
        conversationId: id,
        actorUserId: owner.userId,
      });
    const res = await as(ctx, mate).post('/dashboardapi/notifications/read', {
      conversation_id: conversationId,
    });
    expect(res.json()).toEqual({ marked: 2, unread_count: 1 });
    // Someone else opening it reads nothing of the teammate's.
    const ownerRes = await as(ctx, owner).post('/dashboardapi/notifications/read', {
      conversation_id: other.conversationId,
    });
    expect(ownerRes.json().marked).toBe(0);
    expect(await unreadOf(mate)).toBe(1);
  });

  it('refuses a read body that is neither ids nor all', async () => {
    const { mate } = await setup();
    for (const body of [{}, { ids: [] }, { all: false }])
      expect((await as(ctx, mate).post('/dashboardapi/notifications/read', body)).statusCode).toBe(
        400,
      );
  });
});

describe('preferences', () => {
  it('are all on by default; a kind turned off in the app is not stored, desktop off travels in the event', async () => {
    const { owner, mate, conversationId } = await setup();
    const api = as(ctx, mate);
    const prefs = (await api.get('/dashboardapi/me/notification-preferences')).json();
    expect(prefs.in_app).toEqual({
      mention: true,
      assigned: true,
      customer_reply: true,
      sla_warning: true,
      sla_breached: true,
    });
    expect(Object.values(prefs.desktop)).toEqual([true, true, true, true, true]);
    const changed = await api.patch('/dashboardapi/me/notification-preferences', {
      in_app: { assigned: false },
      desktop: { mention: false },
    });
    expect(changed.json()).toMatchObject({
      in_app: { assigned: false, mention: true },
      desktop: { mention: false, assigned: true },
    });
    expect((await api.patch('/dashboardapi/me/notification-preferences', {})).statusCode).toBe(400);

    const seen: RealtimeEventPayloads['notification_created'][] = [];
    const off = ctx.deps.events.on('notification_created', (e) => {
      if (e.userId === mate.userId)
        seen.push({
          account_id: e.accountId,
          notification: e.notification,
          unread_count: e.unreadCount,
          desktop: e.desktop,
        });
    });
    try {
      await as(ctx, owner).patch(`/dashboardapi/conversations/${conversationId}`, {
        assignee_id: mate.userId,
      });
      await note(owner, conversationId, { body: 'see', mentioned_user_ids: [mate.userId] });
      await new Promise((r) => setTimeout(r, 50));
      expect((await listOf(mate)).notifications.map((n) => n.kind)).toEqual(['mention']);
      expect(seen.map((e) => [e.notification.kind, e.desktop])).toEqual([['mention', false]]);
    } finally {
      off();
    }
  });
});

describe('realtime', () => {
  it('notification_created reaches the recipient’s own panel channel with their unread count', async () => {
    const { owner, mate, conversationId } = await setup();
    const clientOf = async (s: Session) => {
      const client = await connectPusher(port, { session: s });
      clients.push(client);
      return (await subscribe(client, dcuserPanelChannel(s.userId))).channel;
    };
    const [mateChannel, ownerChannel] = await Promise.all([clientOf(mate), clientOf(owner)]);
    let ownerHeard = 0;
    ownerChannel.bind('notification_created', () => ownerHeard++);
    const heard = nextEvent<RealtimeEventPayloads['notification_created']>(
      mateChannel,
      'notification_created',
    );
    await note(owner, conversationId, { body: 'ping', mentioned_user_ids: [mate.userId] });
    expect(await heard).toMatchObject({
      account_id: mate.accountId,
      unread_count: 1,
      desktop: true,
      notification: { kind: 'mention', conversation_id: conversationId, excerpt: 'ping' },
    });
    expect(ownerHeard).toBe(0);
  });
});
