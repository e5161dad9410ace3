import crypto from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { conversations, messages, whatsappTemplateSends } from '../../db/schema';
import { recordInbound } from '../conversations/inbound.service';
import { as, signUp, type Session, type TestContext } from '../../test/harness';
import { FAKE_GUPSHUP_TEMPLATES, type FakeGupshup } from '../../test/fake-gupshup';
import { PUBLIC_URL, withFakeGupshup } from '../../test/provider-fixtures';

let ctx: TestContext;
let fake: FakeGupshup;
let close: () => Promise<void>;

beforeAll(async () => {
  ({ ctx, fake, close } = await withFakeGupshup());
});
afterAll(() => close());

const APPROVED = FAKE_GUPSHUP_TEMPLATES[0]!;
let counter = 0;
const customer = () => `9198766${String(10000 + ++counter)}`;

/** A WhatsApp (Gupshup) conversation of a new account, the customer having written once. */
async function whatsappConversation() {
  const owner = await signUp(ctx);
  const res = await as(ctx, owner).post('/dashboardapi/supportchannel', {
    type: 'whatsapp_gupshup_isv',
    name: 'WhatsApp',
    app_name: fake.appName,
    api_key: fake.apiKey,
    source_number: '+917834811114',
  });
  expect(res.statusCode).toBe(201);
  const channel = res.json() as { id: number; callback_urls: { url: string }[] };
  const from = customer();
  await ctx.app.inject({
    method: 'POST',
    url: channel.callback_urls[0]!.url.slice(PUBLIC_URL.length),
    payload: {
      app: fake.appName,
      timestamp: Date.now(),
      version: 2,
      type: 'message',
      payload: {
        id: `wamid.${crypto.randomBytes(8).toString('hex')}`,
        source: from,
        type: 'text',
        payload: { text: 'Where is my order?' },
        sender: { phone: from, name: 'Priya' },
      },
    },
  });
  await ctx.deps.jobs.drain();
  const [conv] = await ctx.deps.db
    .select()
    .from(conversations)
    .where(eq(conversations.supportChannelId, channel.id));
  return { owner, channelId: channel.id, from, conversationId: conv!.id };
}

/** The customer's last message was 25 hours ago: the session window is closed. */
async function closeWindow(channelId: number) {
  await ctx.deps.db
    .update(messages)
    .set({ createdAt: new Date(Date.now() - 25 * 3600 * 1000) })
    .where(and(eq(messages.supportChannelId, channelId), eq(messages.direction, 'incoming')));
}

const templatesOf = (s: Session, conversationId: number) =>
  as(ctx, s).get(`/dashboardapi/conversations/${conversationId}/whatsapp/templates`);

describe('WhatsApp templates through Gupshup', () => {
  it('while the 24-hour window is open, asks the provider for nothing: the composer needs no templates', async () => {
    const { owner, conversationId } = await whatsappConversation();
    const before = fake.templateListCalls;
    const res = await templatesOf(owner, conversationId);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ templates: [], window_open: true });
    expect(fake.templateListCalls).toBe(before);
  });

  it('lists the approved templates with their body and variable count, cached briefly', async () => {
    const { owner, channelId, conversationId } = await whatsappConversation();
    await closeWindow(channelId);
    const before = fake.templateListCalls;
    const res = await templatesOf(owner, conversationId);
    expect(res.statusCode).toBe(200);
    const body = res.json() as { templates: unknown[]; window_open: boolean };
    expect(body.templates).toEqual([
      {
        id: APPROVED.id,
        name: 'order_update',
        language: 'en',
        category: 'UTILITY',
        body: 'Hi {{1}}, your order {{2}} has shipped.',
        variable_count: 2,
      },
    ]); // the pending one is not offered
    expect(body.window_open).toBe(false);
    await templatesOf(owner, conversationId);
    expect(fake.templateListCalls - before).toBe(1);
  });

  it('sends a template outside the window through the template API, storing the filled text', async () => {
    const { owner, channelId, from, conversationId } = await whatsappConversation();
    await closeWindow(channelId);
    expect((await templatesOf(owner, conversationId)).json().window_open).toBe(false);
    const res = await as(ctx, owner).post(
      `/dashboardapi/conversations/${conversationId}/whatsapp/template`,
      { template_id: APPROVED.id, params: ['Priya', '#1042'] },
    );
    expect(res.statusCode).toBe(201);
    const sent = res.json() as { id: number; body: string };
    expect(sent.body).toBe('Hi Priya, your order #1042 has shipped.');
    await ctx.deps.jobs.drain();
    const call = fake.sent.at(-1)!;
    expect(call.path).toBe('/wa/api/v1/template/msg');
    expect(call.authorized).toBe(true);
    expect(Object.fromEntries(call.form)).toEqual({
      channel: 'whatsapp',
      source: '917834811114',
      destination: from,
      'src.name': fake.appName,
      template: JSON.stringify({ id: APPROVED.id, params: ['Priya', '#1042'] }),
    });
    const [row] = await ctx.deps.db.select().from(messages).where(eq(messages.id, sent.id));
    expect(row).toMatchObject({ direction: 'outgoing', deliveryStatus: 'sent' });
    expect(row!.providerMessageId).toBeTruthy();
  });

  it('refuses a free-form reply outside the window, pointing to templates', async () => {
    const { owner, channelId, conversationId } = await whatsappConversation();
    await closeWindow(channelId);
    const before = fake.sent.length;
    const res = await as(ctx, owner).post(
      `/dashboardapi/conversations/${conversationId}/messages`,
      {
        body: 'Following up',
      },
    );
    await ctx.deps.jobs.drain();
    expect(fake.sent.length).toBe(before);
    const [row] = await ctx.deps.db
      .select()
      .from(messages)
      .where(eq(messages.id, (res.json() as { id: number }).id));
    expect(row!.deliveryStatus).toBe('failed');
    expect(row!.failureReason).toContain('only an approved template can be sent');
    expect(row!.failureReason).toContain('Send a template');
  });

  it('refuses an unknown template or a wrong number of values in words', async () => {
    const { owner, conversationId } = await whatsappConversation();
    const url = `/dashboardapi/conversations/${conversationId}/whatsapp/template`;
    const unknown = await as(ctx, owner).post(url, { template_id: 'nope', params: [] });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe(
      'That template is not among the approved templates of this number.',
    );
    const pending = await as(ctx, owner).post(url, {
      template_id: FAKE_GUPSHUP_TEMPLATES[1]!.id,
      params: ['10%'],
    });
    expect(pending.statusCode).toBe(400);
    const short = await as(ctx, owner).post(url, { template_id: APPROVED.id, params: ['Priya'] });
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toBe('The template "order_update" needs 2 values, 1 given.');
  });

  it('another account cannot list or send templates on a conversation it does not own', async () => {
    const { conversationId } = await whatsappConversation();
    const stranger = await signUp(ctx);
    const before = fake.sent.length;
    expect((await templatesOf(stranger, conversationId)).statusCode).toBe(404);
    const send = await as(ctx, stranger).post(
      `/dashboardapi/conversations/${conversationId}/whatsapp/template`,
      { template_id: APPROVED.id, params: ['a', 'b'] },
    );
    expect(send.statusCode).toBe(404);
    await ctx.deps.jobs.drain();
    expect(fake.sent.length).toBe(before);
    const stored = await ctx.deps.db
      .select()
      .from(whatsappTemplateSends)
      .where(eq(whatsappTemplateSends.accountId, stranger.accountId));
    expect(stored).toHaveLength(0);
  });

  it('offers templates on WhatsApp conversations only', async () => {
    const owner = await signUp(ctx);
    const api = await as(ctx, owner).post('/dashboardapi/supportchannel', {
      type: 'api',
      name: 'API',
    });
    expect(api.statusCode).toBe(201);
    const stored = await recordInbound(ctx.deps, {
      accountId: owner.accountId,
      supportChannelId: (api.json() as { id: number }).id,
      brandId: null,
      identity: { kind: 'api', value: 'customer-1', name: 'Sam' },
      body: 'Hello',
    });
    const res = await templatesOf(owner, stored.conversationId);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Templates can be sent on WhatsApp conversations only.');
  });
});
