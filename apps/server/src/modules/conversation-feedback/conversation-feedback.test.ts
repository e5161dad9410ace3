import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PUBLIC_CONVERSATION_API } from '@parley/contracts';
import { conversationRatings, conversations, messages } from '../../db/schema';
import {
  as,
  createTestContext,
  linkFromMail,
  readMailbox,
  signUp,
  uniqueEmail,
  type Session,
  type TestContext,
} from '../../test/harness';
import { apiChannelFor } from '../../test/inbox-fixtures';
import {
  CONVERSATION_LINK_LIFETIME_S,
  feedbackUrl,
  signConversationToken,
  transcriptUrl,
} from './conversation-feedback.service';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ AUTH_RATE_LIMIT_PER_MINUTE: '1000' });
});
afterAll(() => ctx.close());

const tokenOf = (url: string) => new URL(url).searchParams.get('token')!;
const getTranscript = (token: string) =>
  ctx.app.inject({
    method: 'GET',
    url: `${PUBLIC_CONVERSATION_API.transcript}?token=${encodeURIComponent(token)}`,
  });
const getFeedback = (token: string) =>
  ctx.app.inject({
    method: 'GET',
    url: `${PUBLIC_CONVERSATION_API.feedback}?token=${encodeURIComponent(token)}`,
  });
const postFeedback = (body: Record<string, unknown>) =>
  ctx.app.inject({ method: 'POST', url: PUBLIC_CONVERSATION_API.feedback, payload: body });

/** An account with an API channel and one conversation from a customer with an email address. */
async function conversationWithCustomer(customerEmail: string | null = uniqueEmail('cust')) {
  const owner = await signUp(ctx, { name: 'Olga Owner', account_name: 'Acme Support' });
  const channel = await apiChannelFor(ctx, owner);
  const inbound = await channel.inbound({
    identifier: `cust-${Math.random()}`,
    name: 'Carla Customer',
    text: 'Where is my parcel?',
    ...(customerEmail ? { email: customerEmail } : {}),
    subject: 'Parcel 42',
  });
  return { owner, conversationId: inbound.conversation_id, customerEmail, channel };
}

const setStatus = (owner: Session, id: number, status: string) =>
  as(ctx, owner).patch(`/dashboardapi/conversations/${id}`, { status });

describe('signed links', () => {
  it('a correct token opens the pages; a tampered one answers 400 invalid_token', async () => {
    const { owner, conversationId } = await conversationWithCustomer();
    const token = tokenOf(feedbackUrl(ctx.deps, owner.accountId, conversationId));
    expect((await getFeedback(token)).statusCode).toBe(200);

    const [account, conversation, exp, sig] = token.split('.');
    const tampered = [
      `${account}.${Number(conversation) + 1}.${exp}.${sig}`,
      `${account}.${conversation}.${Number(exp) + 1000}.${sig}`,
      `${account}.${conversation}.${exp}.${sig!.slice(0, -2)}AA`,
      'not-a-token',
    ];
    for (const bad of tampered) {
      const res = await getFeedback(bad);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'invalid_token' });
      expect(res.json().message).toMatch(/link is not valid/);
    }
  });

  it('a token older than 30 days answers 410 link_expired', async () => {
    const { owner, conversationId } = await conversationWithCustomer();
    const issued = Date.now() - (CONVERSATION_LINK_LIFETIME_S + 60) * 1000;
    const old = signConversationToken(
      ctx.deps,
      'feedback',
      owner.accountId,
      conversationId,
      issued,
    );
    const res = await getFeedback(old);
    expect(res.statusCode).toBe(410);
    expect(res.json()).toMatchObject({ code: 'link_expired' });
    const almost = Date.now() - (CONVERSATION_LINK_LIFETIME_S - 60) * 1000;
    const fresh = signConversationToken(
      ctx.deps,
      'feedback',
      owner.accountId,
      conversationId,
      almost,
    );
    expect((await getFeedback(fresh)).statusCode).toBe(200);
  });

  it('a transcript token is not a feedback token, nor the other way round', async () => {
    const { owner, conversationId } = await conversationWithCustomer();
    const transcript = tokenOf(transcriptUrl(ctx.deps, owner.accountId, conversationId));
    const feedback = tokenOf(feedbackUrl(ctx.deps, owner.accountId, conversationId));
    expect((await getFeedback(transcript)).json().code).toBe('invalid_token');
    expect((await getTranscript(feedback)).json().code).toBe('invalid_token');
    expect(transcriptUrl(ctx.deps, 1, 2)).toMatch(
      new RegExp(`^${ctx.config.publicUrl}/transcript\\?token=`),
    );
  });

  it("cross-account: a token of account A cannot be turned into one for account B's conversation", async () => {
    const a = await conversationWithCustomer();
    const b = await conversationWithCustomer();
    const token = tokenOf(transcriptUrl(ctx.deps, a.owner.accountId, a.conversationId));
    const [, , exp, sig] = token.split('.');
    const res = await getTranscript(`${b.owner.accountId}.${b.conversationId}.${exp}.${sig}`);
    expect(res.statusCode).toBe(400);
    // A validly signed token naming A's account and B's conversation finds nothing.
    const mixed = signConversationToken(
      ctx.deps,
      'transcript',
      a.owner.accountId,
      b.conversationId,
    );
    const crossed = await getTranscript(mixed);
    expect(crossed.statusCode).toBe(404);
    expect(crossed.body).not.toContain('Parcel');
  });
});

describe('GET transcript', () => {
  it('shows the customer-visible thread only: never private notes or activities', async () => {
    const { owner, conversationId } = await conversationWithCustomer();
    const api = as(ctx, owner);
    const reply = await api.post(`/dashboardapi/conversations/${conversationId}/messages`, {
      kind: 'reply',
      body: 'It ships tomorrow.',
    });
    expect(reply.statusCode).toBe(201);
    await api.post(`/dashboardapi/conversations/${conversationId}/messages`, {
      kind: 'note',
      body: 'SECRET NOTE: customer is on the watch list',
    });
    expect((await setStatus(owner, conversationId, 'pending')).statusCode).toBe(200);

    const res = await getTranscript(
      tokenOf(transcriptUrl(ctx.deps, owner.accountId, conversationId)),
    );
    expect(res.statusCode).toBe(200);
    const transcript = res.json();
    expect(transcript.brand_name).toBe('Acme Support');
    expect(transcript.conversation).toMatchObject({ id: conversationId, subject: 'Parcel 42' });
    expect(
      transcript.messages.map((m: { author: string; body: string }) => [m.author, m.body]),
    ).toEqual([
      ['visitor', 'Where is my parcel?'],
      ['agent', 'It ships tomorrow.'],
    ]);
    expect(transcript.messages[1].agent).toMatchObject({ name: 'Olga Owner', initials: 'OO' });
    expect(res.body).not.toContain('SECRET NOTE');
    expect(res.body).not.toContain('changed the status');
  });
});

describe('GET transcript, automatic mail', () => {
  it("leaves out the customer's automatic mail (an out-of-office), which they did not write", async () => {
    const { owner, conversationId } = await conversationWithCustomer();
    const [conversation] = await ctx.deps.db
      .select()
      .from(conversations)
      .where(eq(conversations.id, conversationId));
    await ctx.deps.db.insert(messages).values({
      accountId: owner.accountId,
      conversationId,
      direction: 'incoming',
      kind: 'message',
      body: 'I am out of the office until Monday.',
      supportChannelId: conversation!.supportChannelId,
      senderContactId: conversation!.contactId,
      autoSubmitted: true,
    });
    const res = await getTranscript(
      tokenOf(transcriptUrl(ctx.deps, owner.accountId, conversationId)),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().messages.map((m: { body: string }) => m.body)).toEqual([
      'Where is my parcel?',
    ]);
  });
});

describe('feedback (CSAT)', () => {
  it('is refused with 409 while the conversation is not closed', async () => {
    const { owner, conversationId } = await conversationWithCustomer();
    const token = tokenOf(feedbackUrl(ctx.deps, owner.accountId, conversationId));
    const res = await postFeedback({ token, rating: 5 });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'conversation_not_closed' });
    expect(res.json().message).toMatch(/once it has been resolved/);
  });

  it('checks the rating is 1 to 5', async () => {
    const { owner, conversationId } = await conversationWithCustomer();
    const token = tokenOf(feedbackUrl(ctx.deps, owner.accountId, conversationId));
    const res = await postFeedback({ token, rating: 6 });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('validation_error');
  });

  it('upserts one rating per conversation, emits conversation_updated, and shows on the detail', async () => {
    const { owner, conversationId } = await conversationWithCustomer();
    await setStatus(owner, conversationId, 'closed');
    const token = tokenOf(feedbackUrl(ctx.deps, owner.accountId, conversationId));
    const seen: number[] = [];
    const off = ctx.deps.events.on('conversation_updated', (e) => seen.push(e.conversationId));

    const first = await postFeedback({ token, rating: 2, comment: 'Slow answer' });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ rating: 2, comment: 'Slow answer' });
    const second = await postFeedback({ token, rating: 4, comment: '  Sorted out after all  ' });
    expect(second.json()).toMatchObject({ rating: 4, comment: 'Sorted out after all' });
    off();
    expect(seen).toEqual([conversationId, conversationId]);

    const rows = await ctx.deps.db
      .select()
      .from(conversationRatings)
      .where(eq(conversationRatings.conversationId, conversationId));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ accountId: owner.accountId, rating: 4 });

    expect((await getFeedback(token)).json()).toMatchObject({
      brand_name: 'Acme Support',
      conversation: { id: conversationId, subject: 'Parcel 42' },
      rating: 4,
      comment: 'Sorted out after all',
    });
    const detail = await as(ctx, owner).get(`/dashboardapi/conversations/${conversationId}`);
    expect(detail.json().rating).toEqual({ rating: 4, comment: 'Sorted out after all' });
  });

  it('an unrated conversation has rating null on its detail', async () => {
    const { owner, conversationId } = await conversationWithCustomer();
    const detail = await as(ctx, owner).get(`/dashboardapi/conversations/${conversationId}`);
    expect(detail.json().rating).toBeNull();
  });
});

describe('the feedback email when an agent closes a conversation', () => {
  const mailsTo = async (to: string) => (await readMailbox(ctx)).filter((m) => m.to === to);

  it('emails the customer a working feedback link, once per closing', async () => {
    const { owner, conversationId, customerEmail } = await conversationWithCustomer();
    await setStatus(owner, conversationId, 'closed');
    await ctx.deps.jobs.drain();
    const mails = await mailsTo(customerEmail!);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.raw).toMatch(/Subject: How did we do\? Rate your conversation with Acme/);

    // Closing what is already closed sends nothing more.
    await setStatus(owner, conversationId, 'closed');
    await ctx.deps.jobs.drain();
    expect(await mailsTo(customerEmail!)).toHaveLength(1);

    const link = await linkFromMail(ctx, customerEmail!, '/feedback');
    expect(link.startsWith(`${ctx.config.publicUrl}/feedback?token=`)).toBe(true);
    const rated = await postFeedback({ token: tokenOf(link), rating: 5 });
    expect(rated.statusCode).toBe(200);

    // Reopened and closed again: a new closing, a new email.
    await setStatus(owner, conversationId, 'open');
    await setStatus(owner, conversationId, 'closed');
    await ctx.deps.jobs.drain();
    expect(await mailsTo(customerEmail!)).toHaveLength(2);
  });

  it('sends nothing when the contact has no email, or when it is reopened before the job runs', async () => {
    const noEmail = await conversationWithCustomer(null);
    const reopened = await conversationWithCustomer();
    const before = await readMailbox(ctx);
    await setStatus(noEmail.owner, noEmail.conversationId, 'closed');
    await ctx.deps.jobs.drain();

    await setStatus(reopened.owner, reopened.conversationId, 'closed');
    await setStatus(reopened.owner, reopened.conversationId, 'open');
    await ctx.deps.jobs.drain();
    expect(await readMailbox(ctx)).toEqual(before);
  });
});
