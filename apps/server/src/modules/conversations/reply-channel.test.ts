import crypto from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  conversationDetail,
  EMAIL_INBOUND_SECRET_HEADER,
  emailInboundResponse,
  type Message,
} from '@parley/contracts';
import { jobs, messages } from '../../db/schema';
import {
  as,
  createTestContext,
  readMailbox,
  signUp,
  type Session,
  type TestContext,
} from '../../test/harness';
import { apiChannelFor } from '../../test/inbox-fixtures';
import { emailChannelFor } from '../../test/email-fixtures';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ AUTH_RATE_LIMIT_PER_MINUTE: '1000' });
});
afterAll(() => ctx.close());

const CUSTOMER = 'cora@customer.example';

/** An email channel without an SMTP server of its own: replies land in the local mailbox. */
const emailChannel = (s: Session) => emailChannelFor(ctx, s);

/** A customer's mail filed through the channel's inbound URL (as a forwarding service does). */
async function mailIn(channel: { id: number; secret: string; address: string }, messageId: string) {
  const raw = [
    `From: Cora <${CUSTOMER}>`,
    `To: ${channel.address}`,
    'Subject: Where is my parcel?',
    `Message-ID: ${messageId}`,
    'Content-Type: text/plain; charset=utf-8',
    '',
    'It has not arrived.',
    '',
  ].join('\r\n');
  const res = await ctx.app.inject({
    method: 'POST',
    url: `/dashboardapi/email/inbound/${channel.id}`,
    headers: { 'content-type': 'message/rfc822', [EMAIL_INBOUND_SECRET_HEADER]: channel.secret },
    payload: raw,
  });
  expect(res.statusCode).toBe(201);
  return emailInboundResponse.parse(res.json()).conversation_id;
}

async function detailOf(s: Session, id: number) {
  const res = await as(ctx, s).get(`/dashboardapi/conversations/${id}`);
  expect(res.statusCode).toBe(200);
  return conversationDetail.parse(res.json());
}

async function storedIn(s: Session, conversationId: number) {
  return ctx.deps.db
    .select({ id: messages.id, channelId: messages.supportChannelId, body: messages.body })
    .from(messages)
    .where(and(eq(messages.accountId, s.accountId), eq(messages.conversationId, conversationId)));
}

/**
 * A customer on the API channel (conversation A) who also mailed (conversation B, email), and B
 * merged into A: A's thread now holds the customer's messages of both channels.
 */
async function mergedConversation() {
  const owner = await signUp(ctx, { name: 'Ana Agent' });
  const api = as(ctx, owner);
  const shop = await apiChannelFor(ctx, owner);
  const a = (
    await shop.inbound({
      identifier: `cora-${Math.random()}`,
      name: 'Cora',
      email: CUSTOMER,
      text: 'Question from the shop',
    })
  ).conversation_id;
  const mail = await emailChannel(owner);
  const mailId = `<parcel-${crypto.randomBytes(4).toString('hex')}@customer.example>`;
  const b = await mailIn(mail, mailId);
  const before = await detailOf(owner, a);
  const merged = await api.post(`/dashboardapi/conversations/${a}/merge`, {
    from_conversation_id: b,
    confirm_other_contact: true,
  });
  expect(merged.statusCode).toBe(200);
  return { owner, api, shop, mail, mailId, a, before };
}

describe('replies after a merge go out on the channel the agent picks', () => {
  it('lists both channels, and a reply on the email channel is stored with it and mailed, threaded', async () => {
    const { owner, api, shop, mail, mailId, a, before } = await mergedConversation();
    // Before the merge only the conversation's own channel answers.
    expect(before.reply_channels).toEqual([
      { id: shop.channelId, type: 'api', name: 'Shop backend' },
    ]);
    const detail = await detailOf(owner, a);
    expect(detail.support_channel_id).toBe(shop.channelId);
    expect(detail.reply_channels).toEqual([
      { id: shop.channelId, type: 'api', name: 'Shop backend' },
      { id: mail.id, type: 'email', name: expect.any(String) },
    ]);
    // The customer wrote last by email: the composer starts there.
    expect(detail.latest_customer_channel_id).toBe(mail.id);
    expect(detail.email_recipients).toEqual({ cc: [], bcc: [] });

    const res = await api.post(`/dashboardapi/conversations/${a}/messages`, {
      body: 'It left our warehouse today.',
      support_channel_id: mail.id,
    });
    expect(res.statusCode).toBe(201);
    const reply = res.json() as Message;
    const stored = (await storedIn(owner, a)).find((m) => m.id === reply.id);
    expect(stored?.channelId).toBe(mail.id);

    await ctx.deps.jobs.drain();
    const sent = (await readMailbox(ctx)).filter((m) => m.to === CUSTOMER);
    const last = await simpleParser(sent.at(-1)!.raw);
    expect(last.text).toContain('It left our warehouse today.');
    expect(last.from?.value[0]?.address).toBe(mail.address);
    expect(last.inReplyTo).toBe(mailId);
    const [row] = await ctx.deps.db
      .select({ status: messages.deliveryStatus })
      .from(messages)
      .where(eq(messages.id, reply.id));
    expect(row?.status).toBe('sent');

    // Without a choice a reply keeps to the conversation's own channel.
    const plain = await api.post(`/dashboardapi/conversations/${a}/messages`, { body: 'Also…' });
    expect(plain.statusCode).toBe(201);
    const plainRow = (await storedIn(owner, a)).find((m) => m.id === (plain.json() as Message).id);
    expect(plainRow?.channelId).toBe(shop.channelId);
  });

  it('refuses another account’s channel and one no customer wrote from, storing nothing; a note ignores the choice', async () => {
    const { owner, api, a } = await mergedConversation();
    const stranger = await signUp(ctx);
    const theirs = await emailChannel(stranger);
    const unused = await apiChannelFor(ctx, owner);
    const count = (await storedIn(owner, a)).length;
    for (const channelId of [theirs.id, unused.channelId]) {
      const res = await api.post(`/dashboardapi/conversations/${a}/messages`, {
        body: 'Hello',
        support_channel_id: channelId,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        code: 'validation_error',
        details: [
          {
            path: 'support_channel_id',
            message:
              'Reply on this conversation’s channel or on a channel the customer wrote from in it.',
          },
        ],
      });
    }
    expect(await storedIn(owner, a)).toHaveLength(count);

    const note = await api.post(`/dashboardapi/conversations/${a}/messages`, {
      kind: 'note',
      body: 'Checked the warehouse',
      support_channel_id: theirs.id,
    });
    expect(note.statusCode).toBe(201);
    const noteRow = (await storedIn(owner, a)).find((m) => m.id === (note.json() as Message).id);
    expect(noteRow?.channelId).toBe((await detailOf(owner, a)).support_channel_id);
  });

  it('a scheduled reply keeps its channel until it is sent, and a wrong one is refused at once', async () => {
    const { owner, api, mail, a } = await mergedConversation();
    const stranger = await signUp(ctx);
    const theirs = await emailChannel(stranger);
    const path = `/dashboardapi/conversations/${a}/scheduled-messages`;
    const refused = await api.post(path, {
      body: 'Later',
      send_at: new Date(Date.now() + 60_000).toISOString(),
      support_channel_id: theirs.id,
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ details: [{ path: 'support_channel_id' }] });

    const created = await api.post(path, {
      body: 'Your parcel is out for delivery.',
      send_at: new Date(Date.now() + 60_000).toISOString(),
      support_channel_id: mail.id,
      cc: ['boss@customer.example'],
    });
    expect(created.statusCode).toBe(201);
    const id = (created.json() as { id: number }).id;
    await ctx.deps.db
      .update(jobs)
      .set({ runAt: new Date(Date.now() - 1_000) })
      .where(sql`${jobs.payload}->>'scheduledMessageId' = ${String(id)}`);
    await ctx.deps.jobs.drain();
    const posted = (await storedIn(owner, a)).find(
      (m) => m.body === 'Your parcel is out for delivery.',
    );
    expect(posted?.channelId).toBe(mail.id);
    const sent = (await readMailbox(ctx)).filter((m) => m.to === CUSTOMER).at(-1);
    const parsed = await simpleParser(sent!.raw);
    expect(parsed.text).toContain('Your parcel is out for delivery.');
  });
});
