import crypto from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Message } from '@parley/contracts';
import {
  attachments,
  contactIdentities,
  contacts,
  conversations,
  jobs,
  messages,
  metaCommentThreads,
  supportChannels,
} from '../../db/schema';
import type { DomainEvents } from '../../lib/events';
import { as, signUp, type Session, type TestContext } from '../../test/harness';
import type { FakeMeta, FakePage } from '../../test/fake-meta';
import {
  META_WEBHOOK as WEBHOOK,
  PUBLIC_URL,
  deliverMetaWebhook,
  signMeta,
  withFakeMeta,
} from '../../test/provider-fixtures';
import { isValidMetaSignature } from './meta-signature';

const APP_SECRET = 'app-secret-0123456789';
const VERIFY_TOKEN = 'verify-token-for-tests';
let ctx: TestContext;
let fake: FakeMeta;
let close: () => Promise<void>;

beforeAll(async () => {
  ({ ctx, fake, close } = await withFakeMeta({ appSecret: APP_SECRET, verifyToken: VERIFY_TOKEN }));
});
afterAll(() => close());

const sign = (raw: string) => signMeta(APP_SECRET, raw);
const deliver = (payload: unknown, headers: Record<string, string> | null = null) =>
  deliverMetaWebhook(ctx, APP_SECRET, payload, headers);

const psid = () => `2${String(crypto.randomInt(10 ** 12)).padStart(15, '0')}`;
const mid = () => `m_${crypto.randomBytes(10).toString('base64url')}`;

const messengerEvent = (page: FakePage, from: string, message: Record<string, unknown>) => ({
  object: 'page',
  entry: [
    {
      id: page.pageId,
      time: Date.now(),
      messaging: [
        {
          sender: { id: from },
          recipient: { id: page.pageId },
          timestamp: Date.now(),
          message: { mid: mid(), ...message },
        },
      ],
    },
  ],
});

const commentEvent = (
  page: FakePage,
  v: { from: string; commentId: string; text: string; parentId?: string },
) => {
  const postId = `${page.pageId}_555`;
  return {
    object: 'page',
    entry: [
      {
        id: page.pageId,
        time: Math.floor(Date.now() / 1000),
        changes: [
          {
            field: 'feed',
            value: {
              from: { id: v.from, name: 'Dana Commenter' },
              item: 'comment',
              verb: 'add',
              post_id: postId,
              comment_id: v.commentId,
              parent_id: v.parentId ?? postId,
              message: v.text,
              created_time: Math.floor(Date.now() / 1000),
            },
          },
        ],
      },
    ],
  };
};

async function connect(s: Session, page: FakePage, type = 'facebook') {
  const res = await as(ctx, s).post('/dashboardapi/supportchannel', {
    type,
    name: `${type} channel`,
    page_access_token: page.token,
  });
  expect(res.statusCode).toBe(201);
  return res.json() as { id: number; callback_urls: { label: string; url: string }[] };
}

const messagesOf = (channelId: number) =>
  ctx.deps.db
    .select()
    .from(messages)
    .where(eq(messages.supportChannelId, channelId))
    .orderBy(messages.id);

const conversationsOf = (channelId: number) =>
  ctx.deps.db
    .select()
    .from(conversations)
    .where(eq(conversations.supportChannelId, channelId))
    .orderBy(conversations.id);

async function reply(s: Session, conversationId: number, body: string, extra: object = {}) {
  const res = await as(ctx, s).post(`/dashboardapi/conversations/${conversationId}/messages`, {
    body,
    ...extra,
  });
  expect(res.statusCode).toBe(201);
  await ctx.deps.jobs.drain();
  const [row] = await ctx.deps.db
    .select()
    .from(messages)
    .where(eq(messages.id, (res.json() as { id: number }).id));
  return row!;
}

async function messengerConversation() {
  const owner = await signUp(ctx);
  const page = fake.addPage();
  const channel = await connect(owner, page);
  const customer = psid();
  await deliver(messengerEvent(page, customer, { text: 'Do you ship to Oslo?' }));
  const [conv] = await conversationsOf(channel.id);
  return { owner, page, channel, customer, conversationId: conv!.id };
}

describe('Meta webhook verification (docs/security.md)', () => {
  it('echoes hub.challenge only for the right verify token', async () => {
    const ok = await ctx.app.inject({
      method: 'GET',
      url: `${WEBHOOK}?hub.mode=subscribe&hub.challenge=1158201444&hub.verify_token=${VERIFY_TOKEN}`,
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.body).toBe('1158201444');
    expect(ok.headers['content-type']).toMatch(/^text\/plain/);
    for (const query of [
      'hub.mode=subscribe&hub.challenge=1&hub.verify_token=wrong-token-value',
      'hub.mode=unsubscribe&hub.challenge=1&hub.verify_token=' + VERIFY_TOKEN,
      'hub.mode=subscribe&hub.challenge=1',
    ]) {
      const res = await ctx.app.inject({ method: 'GET', url: `${WEBHOOK}?${query}` });
      expect(res.statusCode).toBe(403);
      expect(res.body).not.toContain('"1"');
    }
  });

  it('checks X-Hub-Signature-256 over the raw bytes (vector computed with openssl)', () => {
    // printf '%s' "$raw" | openssl dgst -sha256 -hmac 'app-secret-0123456789'
    const raw = Buffer.from(
      '{"object":"page","entry":[{"id":"1","messaging":[{"message":{"text":"\\u00e9t\\u00e9"}}]}]}',
    );
    const vector = 'sha256=edb28bf0ab186e0d9aa3c530520fa657aa12de436bb8c748343c37bb222be5e0';
    expect(isValidMetaSignature(raw, vector, APP_SECRET)).toBe(true);
    expect(
      isValidMetaSignature(raw, vector.toUpperCase().replace('SHA256', 'sha256'), APP_SECRET),
    ).toBe(true);
    // The same JSON re-serialised (unescaped unicode) is other bytes: it must not verify.
    const reserialised = Buffer.from(JSON.stringify(JSON.parse(raw.toString())));
    expect(isValidMetaSignature(reserialised, vector, APP_SECRET)).toBe(false);
    expect(isValidMetaSignature(raw, vector.replace('e0', 'e1'), APP_SECRET)).toBe(false);
    expect(isValidMetaSignature(raw, undefined, APP_SECRET)).toBe(false);
  });

  it('refuses a missing (401) or wrong (403) signature and stores nothing', async () => {
    const owner = await signUp(ctx);
    const page = fake.addPage();
    const channel = await connect(owner, page);
    const event = messengerEvent(page, psid(), { text: 'forged' });
    const before = await ctx.deps.db.select().from(jobs);
    expect((await deliver(event, {})).statusCode).toBe(401);
    expect(
      (await deliver(event, { 'x-hub-signature-256': sign('{"other":"body"}') })).statusCode,
    ).toBe(403);
    const otherSecret = `sha256=${crypto.createHmac('sha256', 'not-the-secret').update(JSON.stringify(event)).digest('hex')}`;
    expect((await deliver(event, { 'x-hub-signature-256': otherSecret })).statusCode).toBe(403);
    expect(await ctx.deps.db.select().from(jobs)).toHaveLength(before.length);
    expect(await messagesOf(channel.id)).toHaveLength(0);
    const good = await deliver(event);
    expect(good.statusCode).toBe(200);
    expect(good.json()).toEqual({ received: true });
    expect(await messagesOf(channel.id)).toHaveLength(1);
  });
});

describe('Connecting a page', () => {
  it('checks the token with Graph, seals it, and lists the webhook URL', async () => {
    const owner = await signUp(ctx);
    const page = fake.addPage({ instagram: true, name: 'Nordic Socks' });
    const channel = await connect(owner, page);
    expect(channel.callback_urls[0]!.url).toBe(`${PUBLIC_URL}${WEBHOOK}`);
    const [row] = await ctx.deps.db
      .select()
      .from(supportChannels)
      .where(eq(supportChannels.id, channel.id));
    expect(row!.settings).toMatchObject({ page_id: page.pageId, page_name: 'Nordic Socks' });
    expect(row!.secretsEncrypted).not.toContain(page.token);
    const list = await as(ctx, owner).get('/dashboardapi/supportchannel/all');
    expect(list.body).not.toContain(page.token);
    expect(list.json()[0].details).toBe(`Facebook page "Nordic Socks" (${page.pageId})`);

    const ig = await connect(owner, page, 'instagram_dm');
    expect(ig.id).toBeGreaterThan(channel.id);
    const test = await as(ctx, owner).post('/dashboardapi/supportchannel/test-connection', {
      id: ig.id,
    });
    expect(test.json()).toEqual({
      ok: true,
      message: `Connected to the Instagram account ${page.instagramAccountId} of the page "Nordic Socks".`,
    });
    const bad = await as(ctx, owner).post('/dashboardapi/supportchannel', {
      type: 'facebook',
      name: 'x',
      page_access_token: 'EAABnot-a-real-token-at-all',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(
      'Meta refused the token: Invalid OAuth access token - Cannot parse access token (code 190). Paste a current Page access token.',
    );
    const noIg = fake.addPage();
    const refused = await as(ctx, owner).post('/dashboardapi/supportchannel', {
      type: 'instagram',
      name: 'x',
      page_access_token: noIg.token,
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toContain('has no Instagram professional account linked');
  });

  it('a page connected in one workspace cannot be connected in another (cross-account)', async () => {
    const a = await signUp(ctx);
    const b = await signUp(ctx);
    const page = fake.addPage();
    await connect(a, page);
    const res = await as(ctx, b).post('/dashboardapi/supportchannel', {
      type: 'facebook',
      name: 'stolen',
      page_access_token: fake.issueToken(page),
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('"Acme Shoes" is already connected to another workspace.');
  });
});

describe('Messenger inbound', () => {
  it('files a message by a job, once for a retried webhook, with its attachment', async () => {
    const owner = await signUp(ctx);
    const page = fake.addPage();
    const channel = await connect(owner, page);
    const customer = psid();
    const photo = crypto.randomBytes(2048);
    const event = messengerEvent(page, customer, {
      text: 'My parcel arrived broken',
      attachments: [
        { type: 'image', payload: { url: fake.addMedia('image/jpeg', photo, 'box.jpg') } },
      ],
    });
    const raw = JSON.stringify(event);
    const first = await ctx.app.inject({
      method: 'POST',
      url: WEBHOOK,
      headers: { 'content-type': 'application/json', 'x-hub-signature-256': sign(raw) },
      payload: raw,
    });
    expect(first.statusCode).toBe(200);
    expect(await messagesOf(channel.id)).toHaveLength(0); // queued, not yet processed
    await ctx.deps.jobs.drain();
    await deliver(event); // Meta retries
    const stored = await messagesOf(channel.id);
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ body: 'My parcel arrived broken', direction: 'incoming' });
    const files = await ctx.deps.db
      .select()
      .from(attachments)
      .where(eq(attachments.messageId, stored[0]!.id));
    expect(files).toMatchObject([{ fileName: 'box.jpg', contentType: 'image/jpeg', size: 2048 }]);

    // A postback joins the same conversation.
    await deliver({
      object: 'page',
      entry: [
        {
          id: page.pageId,
          messaging: [
            {
              sender: { id: customer },
              recipient: { id: page.pageId },
              timestamp: Date.now(),
              postback: { mid: mid(), title: 'Talk to a human', payload: 'HUMAN' },
            },
          ],
        },
      ],
    });
    const convs = await conversationsOf(channel.id);
    expect(convs).toHaveLength(1);
    expect((await messagesOf(channel.id)).map((m) => m.body)).toEqual([
      'My parcel arrived broken',
      'Clicked "Talk to a human"',
    ]);
  });

  it('routes by page id only: a page of account A never files into B', async () => {
    const a = await signUp(ctx);
    const b = await signUp(ctx);
    const pageA = fake.addPage();
    const pageB = fake.addPage();
    const channelA = await connect(a, pageA);
    const channelB = await connect(b, pageB);
    // The entry is A's page; the recipient names B's page: the entry id decides.
    const event = messengerEvent(pageA, psid(), { text: 'for A' });
    (event.entry[0]!.messaging[0]!.recipient as { id: string }).id = pageB.pageId;
    await deliver(event);
    expect(await messagesOf(channelA.id)).toHaveLength(1);
    expect(await messagesOf(channelB.id)).toHaveLength(0);
    const [job] = await ctx.deps.db
      .select()
      .from(jobs)
      .where(and(eq(jobs.kind, 'meta_event'), eq(jobs.accountId, b.accountId)));
    expect(job).toBeUndefined();
  });

  it('stores an echo of a reply sent from Meta’s apps as outgoing, and skips echoes of ours', async () => {
    const { owner, page, channel, customer, conversationId } = await messengerConversation();
    const ours = await reply(owner, conversationId, 'We ship to Oslo, yes.');
    const sendCall = fake.sent.at(-1)!;
    const echo = (message: Record<string, unknown>) => ({
      object: 'page',
      entry: [
        {
          id: page.pageId,
          messaging: [
            {
              sender: { id: page.pageId },
              recipient: { id: customer },
              timestamp: Date.now(),
              message: { is_echo: true, app_id: 1517776481860111, ...message },
            },
          ],
        },
      ],
    });
    // Our own reply's echo: by mid, and by our metadata (even before the mid was stored).
    await deliver(echo({ mid: ours.providerMessageId, text: 'We ship to Oslo, yes.' }));
    await deliver(
      echo({
        mid: mid(),
        text: 'We ship to Oslo, yes.',
        metadata: (sendCall.body.message as { metadata: string }).metadata,
      }),
    );
    // Written in the Page inbox: stored as the page's outgoing message, never sent.
    const before = fake.sent.length;
    const inboxMid = mid();
    await deliver(
      echo({ mid: inboxMid, app_id: 263902037430900, text: 'Sent from Business Suite' }),
    );
    await deliver(
      echo({ mid: inboxMid, app_id: 263902037430900, text: 'Sent from Business Suite' }),
    );
    expect(fake.sent.length).toBe(before);
    const outgoing = (await messagesOf(channel.id)).filter((m) => m.direction === 'outgoing');
    expect(outgoing.map((m) => [m.body, m.deliveryStatus])).toEqual([
      ['We ship to Oslo, yes.', 'sent'],
      ["Sent from Business Suite\n— sent from Meta's apps", 'sent'],
    ]);
  });
});

describe('Messenger outbound', () => {
  it('sends a RESPONSE inside 24 hours; receipts move it to delivered then read', async () => {
    const { owner, page, customer, conversationId } = await messengerConversation();
    const sent = await reply(owner, conversationId, 'Yes, in 3 days.');
    const call = fake.sent.at(-1)!;
    expect(call.token).toBe(page.token);
    expect(call.path).toBe('/me/messages');
    expect(call.body).toEqual({
      recipient: { id: customer },
      messaging_type: 'RESPONSE',
      message: { text: 'Yes, in 3 days.', metadata: `parley:${sent.id}` },
    });
    expect(sent.deliveryStatus).toBe('sent');
    expect(sent.providerMessageId).toMatch(/^m_/);
    const receipt = (kind: 'delivery' | 'read', body: Record<string, unknown>) =>
      deliver({
        object: 'page',
        entry: [
          {
            id: page.pageId,
            messaging: [
              {
                sender: { id: customer },
                recipient: { id: page.pageId },
                timestamp: Date.now(),
                [kind]: body,
              },
            ],
          },
        ],
      });
    await receipt('delivery', { mids: [sent.providerMessageId], watermark: Date.now() });
    const status = async () =>
      (await ctx.deps.db.select().from(messages).where(eq(messages.id, sent.id)))[0]!
        .deliveryStatus;
    expect(await status()).toBe('delivered');
    await receipt('read', { watermark: Date.now() + 1000 });
    expect(await status()).toBe('read');
  });

  it('a reaction (message_reactions) is kept as a reaction on the reply, replaced, taken back by unreact, and never reopens', async () => {
    const { owner, page, customer, conversationId } = await messengerConversation();
    const sent = await reply(owner, conversationId, 'Yes, in 3 days.');
    await as(ctx, owner).patch(`/dashboardapi/conversations/${conversationId}`, {
      status: 'closed',
    });
    // Meta's reaction event: react with the emoji, unreact without one.
    const reaction = (body: Record<string, unknown>) =>
      deliver({
        object: 'page',
        entry: [
          {
            id: page.pageId,
            time: Date.now(),
            messaging: [
              {
                sender: { id: customer },
                recipient: { id: page.pageId },
                timestamp: Date.now(),
                reaction: { mid: sent.providerMessageId, ...body },
              },
            ],
          },
        ],
      });
    const reactions = async () =>
      (
        (await as(ctx, owner).get(`/dashboardapi/conversations/${conversationId}/messages`)).json()
          .items as Message[]
      ).filter((m) => m.kind === 'reaction');
    await reaction({ reaction: 'love', emoji: '❤️', action: 'react' });
    expect(await reactions()).toMatchObject([
      {
        direction: 'incoming',
        body: '❤️',
        reacted_to: { id: sent.id, body: 'Yes, in 3 days.' },
      },
    ]);
    await reaction({ reaction: 'like', action: 'react' });
    expect((await reactions()).map((m) => m.body)).toEqual(['👍']);
    await reaction({ reaction: 'like', action: 'unreact' });
    expect((await reactions()).map((m) => m.body)).toEqual(['']);
    const [conv] = await conversationsOf(sent.supportChannelId);
    expect(conv).toMatchObject({ status: 'closed', waitingSince: null });
  });

  it('uses the HUMAN_AGENT tag from 24 hours to 7 days, and refuses after 7 days in words', async () => {
    const { owner, channel, conversationId } = await messengerConversation();
    const setAge = (hours: number) =>
      ctx.deps.db
        .update(messages)
        .set({ createdAt: new Date(Date.now() - hours * 3600_000) })
        .where(and(eq(messages.supportChannelId, channel.id), eq(messages.direction, 'incoming')));
    await setAge(30);
    await reply(owner, conversationId, 'Following up');
    expect(fake.sent.at(-1)!.body).toMatchObject({
      messaging_type: 'MESSAGE_TAG',
      tag: 'HUMAN_AGENT',
    });
    await setAge(8 * 24);
    const before = fake.sent.length;
    const late = await reply(owner, conversationId, 'Still there?');
    expect(fake.sent.length).toBe(before);
    expect(late.deliveryStatus).toBe('failed');
    expect(late.failureReason).toContain(
      "Meta allows replies only within 7 days of the customer's last message",
    );
  });

  it('retries a 5xx / throttling answer with back-off and then sends exactly once', async () => {
    const { owner, conversationId } = await messengerConversation();
    fake.answerNext({
      status: 500,
      body: {
        error: { message: 'An unexpected error has occurred.', type: 'OAuthException', code: 2 },
      },
    });
    const before = fake.sent.length;
    const res = await as(ctx, owner).post(
      `/dashboardapi/conversations/${conversationId}/messages`,
      {
        body: 'Retry me',
      },
    );
    await ctx.deps.jobs.drain();
    const [job] = await ctx.deps.db
      .select()
      .from(jobs)
      .where(and(eq(jobs.accountId, owner.accountId), eq(jobs.status, 'queued')));
    expect(job!.lastError).toContain(
      'Meta is unavailable or throttling (HTTP 500): An unexpected error has occurred. (code 2)',
    );
    const [queued] = await ctx.deps.db
      .select()
      .from(messages)
      .where(eq(messages.id, (res.json() as { id: number }).id));
    expect(queued!.deliveryStatus).toBe('queued');
    await ctx.deps.db.update(jobs).set({ runAt: new Date() }).where(eq(jobs.id, job!.id));
    await ctx.deps.jobs.drain();
    await ctx.deps.jobs.drain();
    expect(fake.sent.length - before).toBe(2);
    const [row] = await ctx.deps.db.select().from(messages).where(eq(messages.id, queued!.id));
    expect(row!.deliveryStatus).toBe('sent');
  });

  it('a revoked token (190) flags the channel, alerts the account, fails the reply; reconnecting clears it', async () => {
    const { owner, page, channel, conversationId } = await messengerConversation();
    const alerts: DomainEvents['channel_reauth_required'][] = [];
    const off = ctx.deps.events.on('channel_reauth_required', (e) => alerts.push(e));
    fake.revoke(page.token);
    const failed = await reply(owner, conversationId, 'Hello?');
    off();
    expect(failed.deliveryStatus).toBe('failed');
    expect(failed.failureReason).toBe(
      "Meta no longer accepts this page's access token: Error validating access token: The session has been invalidated because the user changed their password. (code 190, subcode 460). Reconnect the page under Settings → Support channels to send again.",
    );
    expect(alerts).toEqual([
      { accountId: owner.accountId, supportChannelId: channel.id, channelType: 'facebook' },
    ]);
    const list = (await as(ctx, owner).get('/dashboardapi/supportchannel/all')).json() as {
      id: number;
      needs_reauthorization: boolean;
      last_error: string;
    }[];
    expect(list.find((c) => c.id === channel.id)).toMatchObject({ needs_reauthorization: true });

    // Another account's admin cannot reconnect A's channel, even with a valid token of the page.
    const other = await signUp(ctx);
    const newToken = fake.issueToken(page);
    const stolen = await as(ctx, other).patch(`/dashboardapi/supportchannel?id=${channel.id}`, {
      provider: { type: 'facebook', page_access_token: newToken },
    });
    expect(stolen.statusCode).toBe(404);
    // A token of another page does not reconnect it.
    const wrongPage = await as(ctx, owner).patch(`/dashboardapi/supportchannel?id=${channel.id}`, {
      provider: { type: 'facebook', page_access_token: fake.addPage({ name: 'Other' }).token },
    });
    expect(wrongPage.statusCode).toBe(400);
    expect(wrongPage.json().message).toContain('This token is for the page "Other"');
    const ok = await as(ctx, owner).patch(`/dashboardapi/supportchannel?id=${channel.id}`, {
      provider: { type: 'facebook', page_access_token: newToken },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().needs_reauthorization).toBe(false);
    const again = await reply(owner, conversationId, 'Back online');
    expect(again.deliveryStatus).toBe('sent');
    expect(fake.sent.at(-1)!.token).toBe(newToken);
  });
});

describe('Comments', () => {
  it('a comment is a conversation of its own, answered publicly or privately', async () => {
    const owner = await signUp(ctx);
    const page = fake.addPage();
    const channel = await connect(owner, page);
    const commenter = psid();
    // The same person also writes on Messenger: that stays a separate conversation.
    await deliver(messengerEvent(page, commenter, { text: 'DM first' }));
    const commentId = `${page.pageId}_555_${crypto.randomInt(1e9)}`;
    const event = commentEvent(page, { from: commenter, commentId, text: 'Is this in size 44?' });
    await deliver(event);
    await deliver(event); // retried
    // The commenter answers under their comment: same conversation.
    await deliver(
      commentEvent(page, {
        from: commenter,
        commentId: `${commentId}_2`,
        text: 'Or 45?',
        parentId: commentId,
      }),
    );
    const convs = await conversationsOf(channel.id);
    expect(convs).toHaveLength(2);
    const [thread] = await ctx.deps.db
      .select()
      .from(metaCommentThreads)
      .where(eq(metaCommentThreads.supportChannelId, channel.id));
    expect(thread).toMatchObject({ commentId, commenterId: commenter });
    const commentConv = convs.find((c) => c.id === thread!.conversationId)!;
    expect(commentConv.subject).toBe(`Facebook comment on ${page.pageId}_555`);
    const bodies = (await messagesOf(channel.id))
      .filter((m) => m.conversationId === commentConv.id)
      .map((m) => m.body);
    expect(bodies).toEqual(['Is this in size 44?', 'Or 45?']);

    const pub = await reply(owner, commentConv.id, 'Both sizes are in stock.');
    expect(fake.sent.at(-1)).toMatchObject({
      path: `/${commentId}/comments`,
      body: { message: 'Both sizes are in stock.' },
    });
    expect(pub.deliveryStatus).toBe('sent');
    // Our public reply comes back as the page's comment: not stored twice.
    await deliver(
      commentEvent(page, {
        from: page.pageId,
        commentId: pub.providerMessageId!,
        text: 'Both sizes are in stock.',
        parentId: commentId,
      }),
    );
    const priv = await reply(owner, commentConv.id, 'I sent you a discount code.', {
      comment_reply: 'private',
    });
    expect(fake.sent.at(-1)).toMatchObject({
      path: '/me/messages',
      body: {
        recipient: { comment_id: commentId },
        message: { text: 'I sent you a discount code.' },
      },
    });
    expect(priv.deliveryStatus).toBe('sent');
    const outgoing = (await messagesOf(channel.id)).filter(
      (m) => m.conversationId === commentConv.id && m.direction === 'outgoing',
    );
    expect(outgoing).toHaveLength(2);

    // The composer asks whether a conversation answers a comment; only within the account.
    const threadOf = (s: Session, id: number) =>
      as(ctx, s).get(`/dashboardapi/meta/conversations/${id}/comment-thread`);
    expect((await threadOf(owner, commentConv.id)).json()).toEqual({
      comment_thread: { comment_id: commentId, post_id: `${page.pageId}_555` },
    });
    const dm = convs.find((c) => c.id !== commentConv.id)!;
    expect((await threadOf(owner, dm.id)).json()).toEqual({ comment_thread: null });
    expect((await threadOf(await signUp(ctx), commentConv.id)).statusCode).toBe(404);
  });

  it('Instagram comments and DMs route by the Instagram account id', async () => {
    const owner = await signUp(ctx);
    const page = fake.addPage({ instagram: true });
    const comments = await connect(owner, page, 'instagram');
    const dms = await connect(owner, page, 'instagram_dm');
    const igUser = psid();
    await deliver({
      object: 'instagram',
      entry: [
        {
          id: page.instagramAccountId,
          time: Date.now(),
          messaging: [
            {
              sender: { id: igUser },
              recipient: { id: page.instagramAccountId },
              timestamp: Date.now(),
              message: { mid: mid(), text: 'Hi from IG' },
            },
          ],
          changes: [
            {
              field: 'comments',
              value: {
                from: { id: igUser, username: 'dana.ig' },
                media: { id: '1796', media_product_type: 'FEED' },
                id: '17865799348089039',
                text: 'Love it! Price?',
              },
            },
          ],
        },
      ],
    });
    expect((await messagesOf(dms.id)).map((m) => m.body)).toEqual(['Hi from IG']);
    expect((await messagesOf(comments.id)).map((m) => m.body)).toEqual(['Love it! Price?']);
    const [conv] = await conversationsOf(comments.id);
    const pub = await reply(owner, conv!.id, '29 €');
    expect(fake.sent.at(-1)).toMatchObject({
      path: '/17865799348089039/replies',
      body: { message: '29 €' },
    });
    expect(pub.deliveryStatus).toBe('sent');
    const [dmConv] = await conversationsOf(dms.id);
    await reply(owner, dmConv!.id, 'Hello!');
    expect(fake.sent.at(-1)!.body).toEqual({
      recipient: { id: igUser },
      messaging_type: 'RESPONSE',
      message: { text: 'Hello!' },
    });
  });
});

/** The contact the account knows by this Messenger PSID / Instagram id. */
async function contactOf(accountId: number, kind: 'facebook_psid' | 'instagram_id', id: string) {
  const [row] = await ctx.deps.db
    .select({ id: contacts.id, name: contacts.name })
    .from(contacts)
    .innerJoin(contactIdentities, eq(contactIdentities.contactId, contacts.id))
    .where(
      and(
        eq(contactIdentities.accountId, accountId),
        eq(contactIdentities.kind, kind),
        eq(contactIdentities.value, id),
      ),
    );
  return row ?? null;
}

const instagramDm = (page: FakePage, from: string, text: string) => ({
  object: 'instagram',
  entry: [
    {
      id: page.instagramAccountId,
      time: Date.now(),
      messaging: [
        {
          sender: { id: from },
          recipient: { id: page.instagramAccountId },
          timestamp: Date.now(),
          message: { mid: mid(), text },
        },
      ],
    },
  ],
});

describe('Sender profiles of new Messenger / Instagram contacts', () => {
  it('names a new Messenger contact from the profile, once: a known sender is not looked up again', async () => {
    const owner = await signUp(ctx);
    const page = fake.addPage();
    const channel = await connect(owner, page);
    const customer = psid();
    fake.addProfile(page, customer, {
      first_name: 'Ana',
      last_name: 'Lima',
      profile_pic: 'https://scontent.example/ana.jpg',
    });
    const lookups = fake.profileLookups.length;
    await deliver(messengerEvent(page, customer, { text: 'Olá!' }));
    expect(fake.profileLookups.slice(lookups)).toEqual([
      { id: customer, fields: 'first_name,last_name,profile_pic', token: page.token },
    ]);
    expect(await contactOf(owner.accountId, 'facebook_psid', customer)).toMatchObject({
      name: 'Ana Lima',
    });

    await deliver(messengerEvent(page, customer, { text: 'Still there?' }));
    // The conversation closed and a new one starts: still a known contact, still no lookup.
    await ctx.deps.db
      .update(conversations)
      .set({ status: 'closed' })
      .where(eq(conversations.supportChannelId, channel.id));
    await deliver(messengerEvent(page, customer, { text: 'Another question' }));
    expect(fake.profileLookups.length).toBe(lookups + 1);
    expect(await messagesOf(channel.id)).toHaveLength(3);
    expect(await conversationsOf(channel.id)).toHaveLength(2);
  });

  it('names a new Instagram contact by name, else @username', async () => {
    const owner = await signUp(ctx);
    const page = fake.addPage({ instagram: true });
    await connect(owner, page, 'instagram_dm');
    const named = psid();
    const handleOnly = psid();
    fake.addProfile(page, named, { name: 'Dana Berg', username: 'dana.berg' });
    fake.addProfile(page, handleOnly, { name: '', username: 'socks_fan' });
    const lookups = fake.profileLookups.length;
    await deliver(instagramDm(page, named, 'Hi'));
    await deliver(instagramDm(page, handleOnly, 'Hey'));
    expect(fake.profileLookups.slice(lookups).map((l) => l.fields)).toEqual([
      'name,username,profile_pic',
      'name,username,profile_pic',
    ]);
    expect((await contactOf(owner.accountId, 'instagram_id', named))!.name).toBe('Dana Berg');
    expect((await contactOf(owner.accountId, 'instagram_id', handleOnly))!.name).toBe('@socks_fan');
  });

  it('a failing profile lookup never loses the message: the contact just stays nameless', async () => {
    const owner = await signUp(ctx);
    const page = fake.addPage();
    const channel = await connect(owner, page);
    // Graph does not know the id (no profile access): 400 code 100.
    const unknown = psid();
    await deliver(messengerEvent(page, unknown, { text: 'No profile here' }));
    // Graph down.
    const down = psid();
    fake.addProfile(page, down, { first_name: 'Never', last_name: 'Shown' });
    fake.failProfiles({
      status: 500,
      body: { error: { message: 'An unexpected error has occurred.', code: 2 } },
    });
    try {
      await deliver(messengerEvent(page, down, { text: 'Graph is down' }));
    } finally {
      fake.failProfiles(null);
    }
    expect((await messagesOf(channel.id)).map((m) => m.body)).toEqual([
      'No profile here',
      'Graph is down',
    ]);
    expect((await contactOf(owner.accountId, 'facebook_psid', unknown))!.name).toBeNull();
    expect((await contactOf(owner.accountId, 'facebook_psid', down))!.name).toBeNull();
    const [failedJob] = await ctx.deps.db
      .select()
      .from(jobs)
      .where(and(eq(jobs.accountId, owner.accountId), eq(jobs.status, 'failed')));
    expect(failedJob).toBeUndefined();
  });

  it('a profile lookup that hangs is given up after 3 seconds and the message is stored', async () => {
    const owner = await signUp(ctx);
    const page = fake.addPage();
    const channel = await connect(owner, page);
    const customer = psid();
    fake.addProfile(page, customer, { first_name: 'Slow', last_name: 'Graph' });
    fake.failProfiles('hang');
    const started = Date.now();
    try {
      await deliver(messengerEvent(page, customer, { text: 'Hello?' }));
    } finally {
      fake.failProfiles(null);
    }
    const took = Date.now() - started;
    expect(took).toBeGreaterThanOrEqual(2_900);
    expect(took).toBeLessThan(6_000);
    expect((await messagesOf(channel.id)).map((m) => m.body)).toEqual(['Hello?']);
    expect((await contactOf(owner.accountId, 'facebook_psid', customer))!.name).toBeNull();
  }, 15_000);
});

describe('Messenger photos', () => {
  it('a photo sent on its own is the photo, not "[An empty message]"; the inbox row says a file came', async () => {
    const owner = await signUp(ctx);
    const page = fake.addPage();
    const channel = await connect(owner, page);
    const photo = crypto.randomBytes(1024);
    // Messenger's shape for a picture with no text: attachments only, no `text`.
    await deliver(
      messengerEvent(page, psid(), {
        attachments: [
          { type: 'image', payload: { url: fake.addMedia('image/jpeg', photo, 'crack.jpg') } },
        ],
      }),
    );
    const [stored] = await messagesOf(channel.id);
    expect(stored!.body).toBe('');
    const thread = await as(ctx, owner).get(
      `/dashboardapi/conversations/${stored!.conversationId}/messages`,
    );
    expect(thread.json().items[0]).toMatchObject({
      body: '',
      attachments: [
        expect.objectContaining({ file_name: 'crack.jpg', content_type: 'image/jpeg' }),
      ],
    });
    const [conv] = await conversationsOf(channel.id);
    expect(conv!.lastMessagePreview).toBe('📎 1 attachment');
  });
});
