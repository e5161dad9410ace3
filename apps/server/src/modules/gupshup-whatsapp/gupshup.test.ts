import crypto from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Message } from '@parley/contracts';
import { attachments, conversations, jobs, messages } from '../../db/schema';
import { as, signUp, type Session, type TestContext } from '../../test/harness';
import type { FakeGupshup } from '../../test/fake-gupshup';
import { ownerAndTeammate } from '../../test/inbox-fixtures';
import { PUBLIC_URL, withFakeGupshup } from '../../test/provider-fixtures';

let ctx: TestContext;
let fake: FakeGupshup;
let close: () => Promise<void>;

beforeAll(async () => {
  ({ ctx, fake, close } = await withFakeGupshup());
});
afterAll(() => close());

let counter = 0;
const customer = () => `9198765${String(10000 + ++counter)}`;

async function whatsappChannel(s: Session) {
  const res = await as(ctx, s).post('/dashboardapi/supportchannel', {
    type: 'whatsapp_gupshup_isv',
    name: 'WhatsApp',
    app_name: fake.appName,
    api_key: fake.apiKey,
    source_number: '+917834811114',
  });
  expect(res.statusCode).toBe(201);
  const body = res.json() as { id: number; callback_urls: { url: string }[] };
  return { id: body.id, callbackPath: body.callback_urls[0]!.url.slice(PUBLIC_URL.length) };
}

/** Gupshup's v2 `message` event. */
function messageEvent(from: string, type: string, payload: Record<string, unknown>, id?: string) {
  return {
    app: fake.appName,
    timestamp: Date.now(),
    version: 2,
    type: 'message',
    payload: {
      id: id ?? `wamid.${crypto.randomBytes(8).toString('hex')}`,
      source: from,
      type,
      payload,
      sender: { phone: from, name: 'Priya', country_code: '91', dial_code: from.slice(2) },
    },
  };
}

async function callback(path: string, event: unknown) {
  const res = await ctx.app.inject({ method: 'POST', url: path, payload: event as object });
  await ctx.deps.jobs.drain();
  return res;
}

const messagesOf = (channelId: number) =>
  ctx.deps.db.select().from(messages).where(eq(messages.supportChannelId, channelId));

async function thread(s: Session, conversationId: number) {
  return (await as(ctx, s).get(`/dashboardapi/conversations/${conversationId}/messages`)).json()
    .items as { id: number; delivery_status: string | null; failure_reason: string | null }[];
}

async function conversationWithCustomer() {
  const owner = await signUp(ctx);
  const channel = await whatsappChannel(owner);
  const from = customer();
  await callback(channel.callbackPath, messageEvent(from, 'text', { text: 'Hi there' }));
  const [conv] = await ctx.deps.db
    .select()
    .from(conversations)
    .where(eq(conversations.supportChannelId, channel.id));
  return { owner, channel, from, conversationId: conv!.id };
}

async function reply(s: Session, conversationId: number, body: string) {
  const res = await as(ctx, s).post(`/dashboardapi/conversations/${conversationId}/messages`, {
    body,
  });
  expect(res.statusCode).toBe(201);
  return (res.json() as { id: number }).id;
}

describe('WhatsApp (Gupshup) setup', () => {
  it('shows the secret callback URL once, never lists it, and tests the connection', async () => {
    const owner = await signUp(ctx);
    const channel = await whatsappChannel(owner);
    expect(channel.callbackPath).toMatch(
      new RegExp(`^/dashboardapi/gupshup/${channel.id}/[\\w-]{20,}$`),
    );
    const list = await as(ctx, owner).get('/dashboardapi/supportchannel/all');
    expect(list.body).not.toContain(channel.callbackPath);
    expect(list.body).not.toContain(fake.apiKey);
    expect(list.json()[0].details).toBe(`+917834811114 · Gupshup app ${fake.appName}`);
    const ok = await as(ctx, owner).post('/dashboardapi/supportchannel/test-connection', {
      id: channel.id,
    });
    expect(ok.json()).toEqual({
      ok: true,
      message: `Connected to the Gupshup app "${fake.appName}" (2 approved or pending templates).`,
    });
    const wrong = await as(ctx, owner).post('/dashboardapi/supportchannel/test-connection', {
      type: 'whatsapp_gupshup_isv',
      app_name: fake.appName,
      api_key: 'not-the-key-123',
    });
    expect(wrong.json()).toEqual({
      ok: false,
      message: 'Gupshup refused: Authentication Failed. Check the app name and the API key.',
    });
  });
});

describe('Rotating the Gupshup callback secret', () => {
  const rotate = (s: Session, id: number) =>
    as(ctx, s).post(`/dashboardapi/gupshup/channels/${id}/rotate-callback-secret`, {});

  it('gives a new callback URL once; the old URL is refused from then on, the new one accepted', async () => {
    const owner = await signUp(ctx);
    const channel = await whatsappChannel(owner);
    const before = await callback(
      channel.callbackPath,
      messageEvent(customer(), 'text', { text: 'Before the rotation' }),
    );
    expect(before.statusCode).toBe(200);

    const rotated = await rotate(owner, channel.id);
    expect(rotated.statusCode).toBe(200);
    const url = (rotated.json() as { callback_url: { label: string; url: string } }).callback_url
      .url;
    const newPath = url.slice(PUBLIC_URL.length);
    expect(url.startsWith(PUBLIC_URL)).toBe(true);
    expect(newPath).toMatch(new RegExp(`^/dashboardapi/gupshup/${channel.id}/[\\w-]{20,}$`));
    expect(newPath).not.toBe(channel.callbackPath);
    // Shown once: the list and the edit form never carry it.
    const list = await as(ctx, owner).get('/dashboardapi/supportchannel/all');
    expect(list.body).not.toContain(newPath);
    const settings = await as(ctx, owner).get(
      `/dashboardapi/supportchannel/settings?id=${channel.id}`,
    );
    expect(settings.json().settings).toEqual({
      kind: 'gupshup',
      app_name: fake.appName,
      source_number: '917834811114',
    });
    expect(settings.body).not.toContain(newPath.split('/').pop());
    expect(settings.body).not.toContain(fake.apiKey);

    const old = await callback(
      channel.callbackPath,
      messageEvent(customer(), 'text', { text: 'Through the old URL' }),
    );
    expect(old.statusCode).toBe(403);
    const fresh = await callback(
      newPath,
      messageEvent(customer(), 'text', { text: 'Through the new URL' }),
    );
    expect(fresh.statusCode).toBe(200);
    expect((await messagesOf(channel.id)).map((m) => m.body).sort()).toEqual([
      'Before the rotation',
      'Through the new URL',
    ]);
    // The API key was kept: replies still authenticate with Gupshup.
    const ok = await as(ctx, owner).post('/dashboardapi/supportchannel/test-connection', {
      id: channel.id,
    });
    expect(ok.json().ok).toBe(true);
  });

  it("refuses another account's channel (404), agents (403) and non-Gupshup channels; A's URL keeps working", async () => {
    const a = await signUp(ctx);
    const channelA = await whatsappChannel(a);
    const b = await signUp(ctx);
    const crossAccount = await rotate(b, channelA.id);
    expect(crossAccount.statusCode).toBe(404);
    expect(crossAccount.json().code).toBe('not_found');
    const { owner, mate } = await ownerAndTeammate(ctx);
    const channelC = await whatsappChannel(owner);
    expect((await rotate(mate, channelC.id)).statusCode).toBe(403);
    const api = await as(ctx, a).post('/dashboardapi/supportchannel', {
      type: 'api',
      name: 'Backend',
    });
    const notGupshup = await rotate(a, (api.json() as { id: number }).id);
    expect(notGupshup.statusCode).toBe(400);
    expect(notGupshup.json().message).toBe(
      'Only WhatsApp (Gupshup) channels have a callback secret.',
    );
    for (const channel of [channelA, channelC]) {
      const still = await callback(
        channel.callbackPath,
        messageEvent(customer(), 'text', { text: 'Still here' }),
      );
      expect(still.statusCode).toBe(200);
      expect(await messagesOf(channel.id)).toHaveLength(1);
    }
  });
});

describe('WhatsApp (Gupshup) inbound', () => {
  it('acknowledges at once, files the message by a job, and stores a retried callback once', async () => {
    const owner = await signUp(ctx);
    const channel = await whatsappChannel(owner);
    const event = messageEvent(customer(), 'text', { text: 'Is it in stock?' });
    const first = await ctx.app.inject({
      method: 'POST',
      url: channel.callbackPath,
      payload: event,
    });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ received: true });
    expect(await messagesOf(channel.id)).toHaveLength(0); // queued, not yet processed
    await ctx.deps.jobs.drain();
    await callback(channel.callbackPath, event);
    const stored = await messagesOf(channel.id);
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ body: 'Is it in stock?', direction: 'incoming' });
  });

  it('refuses a wrong secret or another channel id with 403 and queues nothing', async () => {
    const a = await signUp(ctx);
    const b = await signUp(ctx);
    const channelA = await whatsappChannel(a);
    const channelB = await whatsappChannel(b);
    const secretB = channelB.callbackPath.split('/').pop()!;
    const event = messageEvent(customer(), 'text', { text: 'forged' });
    const before = await ctx.deps.db.select().from(jobs);
    for (const url of [
      `/dashboardapi/gupshup/${channelA.id}/wrong-secret-value`,
      `/dashboardapi/gupshup/${channelA.id}/${secretB}`, // B's secret, A's channel
    ]) {
      const res = await ctx.app.inject({ method: 'POST', url, payload: event });
      expect(res.statusCode).toBe(403);
    }
    await ctx.deps.jobs.drain();
    expect(await ctx.deps.db.select().from(jobs)).toHaveLength(before.length);
    expect(await messagesOf(channelA.id)).toHaveLength(0);
    expect(await messagesOf(channelB.id)).toHaveLength(0);
    // B's agents cannot change A's channel.
    const patch = await as(ctx, b).patch(`/dashboardapi/supportchannel?id=${channelA.id}`, {
      provider: { type: 'whatsapp_gupshup_isv', api_key: 'stolen-key-123' },
    });
    expect(patch.statusCode).toBe(404);
  });

  it('stores media, locations, contacts and button replies in words', async () => {
    const owner = await signUp(ctx);
    const channel = await whatsappChannel(owner);
    const from = customer();
    const photo = crypto.randomBytes(1500);
    await callback(
      channel.callbackPath,
      messageEvent(from, 'image', {
        url: fake.addMedia('image/jpeg', photo),
        caption: 'The box was crushed',
        contentType: 'image/jpeg',
      }),
    );
    await callback(
      channel.callbackPath,
      messageEvent(from, 'location', { latitude: '12.97', longitude: '77.59', name: 'Home' }),
    );
    await callback(
      channel.callbackPath,
      messageEvent(from, 'contact', {
        contacts: [{ name: { formatted_name: 'Ravi' }, phones: [{ phone: '+919800000000' }] }],
      }),
    );
    await callback(
      channel.callbackPath,
      messageEvent(from, 'quick_reply', { text: 'Yes, refund', type: 'button', postbackText: 'r' }),
    );
    const stored = (await messagesOf(channel.id)).sort((x, y) => x.id - y.id);
    expect(stored.map((m) => m.body)).toEqual([
      'The box was crushed',
      '📍 Location: Home (12.97, 77.59) https://www.openstreetmap.org/?mlat=12.97&mlon=77.59',
      '👤 Ravi: +919800000000',
      'Yes, refund',
    ]);
    const files = await ctx.deps.db
      .select()
      .from(attachments)
      .where(eq(attachments.messageId, stored[0]!.id));
    expect(files).toMatchObject([{ contentType: 'image/jpeg', size: 1500 }]);
  });
});

describe('WhatsApp (Gupshup) outbound', () => {
  it('sends within the session window; message-events move it to delivered, or failed with the reason', async () => {
    const { owner, channel, from, conversationId } = await conversationWithCustomer();
    const id = await reply(owner, conversationId, 'Yes, 3 left.');
    await ctx.deps.jobs.drain();
    const call = fake.sent.at(-1)!;
    expect(call.authorized).toBe(true);
    expect(Object.fromEntries(call.form)).toEqual({
      channel: 'whatsapp',
      source: '917834811114',
      destination: from,
      message: JSON.stringify({ type: 'text', text: 'Yes, 3 left.' }),
      'src.name': fake.appName,
    });
    const [row] = await ctx.deps.db.select().from(messages).where(eq(messages.id, id));
    expect(row!.deliveryStatus).toBe('sent');
    const status = (type: string, extra: Record<string, unknown> = {}) =>
      callback(channel.callbackPath, {
        app: fake.appName,
        timestamp: Date.now(),
        version: 2,
        type: 'message-event',
        payload: {
          id: `wamid.${crypto.randomBytes(6).toString('hex')}`,
          gsId: row!.providerMessageId,
          type,
          destination: from,
          payload: { ts: Date.now() },
          ...extra,
        },
      });
    await status('delivered');
    expect((await thread(owner, conversationId)).find((m) => m.id === id)!.delivery_status).toBe(
      'delivered',
    );

    const second = await reply(owner, conversationId, 'Anything else?');
    await ctx.deps.jobs.drain();
    const [row2] = await ctx.deps.db.select().from(messages).where(eq(messages.id, second));
    await callback(channel.callbackPath, {
      app: fake.appName,
      timestamp: Date.now(),
      version: 2,
      type: 'message-event',
      payload: {
        id: row2!.providerMessageId,
        gsId: row2!.providerMessageId,
        type: 'failed',
        destination: from,
        payload: { code: 1002, reason: 'Number Does Not Exists On WhatsApp' },
      },
    });
    expect((await thread(owner, conversationId)).find((m) => m.id === second)).toMatchObject({
      delivery_status: 'failed',
      failure_reason:
        'WhatsApp could not deliver the message: Number Does Not Exists On WhatsApp (error 1002)',
    });
  });

  it('a reaction is kept as a reaction on the message it is on, replaced by the next, and never reopens', async () => {
    const { owner, channel, from, conversationId } = await conversationWithCustomer();
    const id = await reply(owner, conversationId, 'Your order is on its way.');
    await ctx.deps.jobs.drain();
    const [ours] = await ctx.deps.db.select().from(messages).where(eq(messages.id, id));
    await as(ctx, owner).patch(`/dashboardapi/conversations/${conversationId}`, {
      status: 'closed',
    });
    // Gupshup's v2 reaction: the emoji and the message it is on, with the reply's context.
    const react = (emoji: string) =>
      callback(
        channel.callbackPath,
        messageEvent(from, 'reaction', { emoji, msgId: ours!.providerMessageId }),
      );
    const withContext = (emoji: string) => {
      const event = messageEvent(from, 'reaction', { emoji, msgId: ours!.providerMessageId });
      return callback(channel.callbackPath, {
        ...event,
        payload: {
          ...event.payload,
          context: {
            id: `wamid.${crypto.randomBytes(6).toString('hex')}`,
            gsId: ours!.providerMessageId,
          },
        },
      });
    };
    await withContext('🙏');
    const reactions = async () =>
      (
        (await as(ctx, owner).get(`/dashboardapi/conversations/${conversationId}/messages`)).json()
          .items as Message[]
      ).filter((m) => m.kind === 'reaction');
    expect(await reactions()).toMatchObject([
      { body: '🙏', reacted_to: { id, body: 'Your order is on its way.' } },
    ]);
    await react('👍');
    expect((await reactions()).map((m) => m.body)).toEqual(['👍']);
    await react('');
    expect((await reactions()).map((m) => m.body)).toEqual(['']);
    const [conv] = await ctx.deps.db
      .select()
      .from(conversations)
      .where(eq(conversations.id, conversationId));
    expect(conv).toMatchObject({ status: 'closed', waitingSince: null });
  });

  it('retries a 5xx with back-off and then sends exactly once', async () => {
    const { owner, conversationId } = await conversationWithCustomer();
    fake.answerNext({ status: 502, body: { status: 'error', message: 'Bad Gateway' } });
    const before = fake.sent.length;
    const id = await reply(owner, conversationId, 'Retry me');
    await ctx.deps.jobs.drain();
    const [job] = await ctx.deps.db
      .select()
      .from(jobs)
      .where(and(eq(jobs.accountId, owner.accountId), eq(jobs.status, 'queued')));
    expect(job!.lastError).toContain('Gupshup is unavailable (HTTP 502): Bad Gateway');
    await ctx.deps.db.update(jobs).set({ runAt: new Date() }).where(eq(jobs.id, job!.id));
    await ctx.deps.jobs.drain();
    await ctx.deps.jobs.drain();
    expect(fake.sent.length - before).toBe(2);
    expect((await thread(owner, conversationId)).find((m) => m.id === id)!.delivery_status).toBe(
      'sent',
    );
  });

  it("fails a refused message with Gupshup's words, and refuses free-form replies after 24 hours", async () => {
    const { owner, channel, conversationId } = await conversationWithCustomer();
    fake.answerNext({ status: 400, body: { status: 'error', message: 'Invalid Destination' } });
    const refused = await reply(owner, conversationId, 'x');
    await ctx.deps.jobs.drain();
    expect((await thread(owner, conversationId)).find((m) => m.id === refused)).toMatchObject({
      delivery_status: 'failed',
      failure_reason: 'Gupshup refused the message: Invalid Destination',
    });

    // The customer last wrote 25 hours ago.
    await ctx.deps.db
      .update(messages)
      .set({ createdAt: new Date(Date.now() - 25 * 3600 * 1000) })
      .where(and(eq(messages.supportChannelId, channel.id), eq(messages.direction, 'incoming')));
    const before = fake.sent.length;
    const late = await reply(owner, conversationId, 'Following up');
    await ctx.deps.jobs.drain();
    expect(fake.sent.length).toBe(before);
    const failed = (await thread(owner, conversationId)).find((m) => m.id === late)!;
    expect(failed.delivery_status).toBe('failed');
    expect(failed.failure_reason).toContain(
      "WhatsApp allows free-form replies only within 24 hours of the customer's last message",
    );
  });
});
