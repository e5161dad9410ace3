import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { channelKinds } from '../../channels';
import { as, createTestContext, signUp, type TestContext } from '../../test/harness';
import { ChannelKinds, defineChannelKind } from './channel-kind';
import { insertProviderChannel } from './channels.service';
import { FAKE_CHANNEL_TYPE, fakeChannelKind, fakeWebhookPath } from './fake-channel.fixtures';

let base: TestContext;
let app: FastifyInstance;
let ctx: TestContext;
const pigeon = fakeChannelKind();

beforeAll(async () => {
  base = await createTestContext({ AUTH_RATE_LIMIT_PER_MINUTE: '1000' });
  // The same server, built with one more kind in its table: nothing else knows of it.
  app = await buildApp(base.deps, {
    logger: false,
    channelKinds: [...channelKinds, pigeon.kind],
  });
  await app.ready();
  ctx = { ...base, app };
});
afterAll(async () => {
  await app.close();
  await base.close();
});

async function pigeonChannel() {
  const s = await signUp(ctx);
  const channel = await insertProviderChannel(ctx.deps, {
    accountId: s.accountId,
    brandId: null,
    type: FAKE_CHANNEL_TYPE,
    name: 'Pigeons',
    settings: { loft: 'North' },
    secrets: {},
  });
  return { s, channel };
}

describe('a channel kind is added through the one table, and works with no other wiring', () => {
  it("receives its webhook, files the customer's message, and delivers the agent's reply through its adapter", async () => {
    const { s, channel } = await pigeonChannel();
    const inbound = await app.inject({
      method: 'POST',
      url: fakeWebhookPath(channel.id),
      payload: { id: 'coo-1', from: '+15550001111', text: 'Where is my parcel?' },
    });
    expect(inbound.statusCode).toBe(200);
    const conversationId = (inbound.json() as { conversation_id: number }).conversation_id;

    const reply = await as(ctx, s).post(`/dashboardapi/conversations/${conversationId}/messages`, {
      body: 'It left the loft this morning.',
    });
    expect(reply.statusCode).toBe(201);
    await ctx.deps.jobs.drain();

    expect(pigeon.sent).toContainEqual({
      to: '+15550001111',
      body: 'It left the loft this morning.',
      conversationId,
    });
    const thread = (
      await as(ctx, s).get(`/dashboardapi/conversations/${conversationId}/messages`)
    ).json().items as { body: string; delivery_status: string | null }[];
    expect(thread.map((m) => [m.body, m.delivery_status])).toEqual([
      ['Where is my parcel?', null],
      ['It left the loft this morning.', 'sent'],
    ]);
  });

  it("the settings page shows the channel as its kind describes it, with the channel's health", async () => {
    const { s, channel } = await pigeonChannel();
    await app.inject({
      method: 'POST',
      url: fakeWebhookPath(channel.id),
      payload: { id: 'coo-2', from: '+15550002222', text: 'Hello' },
    });
    const list = (await as(ctx, s).get('/dashboardapi/supportchannel/all')).json() as {
      id: number;
      details: string | null;
      last_inbound_at: string | null;
    }[];
    expect(list).toEqual([
      expect.objectContaining({
        id: channel.id,
        details: 'Loft North',
        last_inbound_at: expect.any(String),
      }),
    ]);
  });

  it('a kind without setup parts is refused in words on the setup actions, never a 500', async () => {
    const { s, channel } = await pigeonChannel();
    const test = await as(ctx, s).post('/dashboardapi/supportchannel/test-connection', {
      id: channel.id,
    });
    expect(test.statusCode).toBe(400);
    expect(test.json()).toMatchObject({
      message: 'There is no connection to test on pigeon channels.',
    });
    const settings = await as(ctx, s).get(`/dashboardapi/supportchannel/settings?id=${channel.id}`);
    expect(settings.statusCode).toBe(400);
  });

  it('a channel type belongs to one kind only: a second owner is refused when the table is read', () => {
    const twin = defineChannelKind({ name: 'Another SMS', types: ['sms'] });
    expect(() => new ChannelKinds([...channelKinds, twin])).toThrow(
      'The channel type sms belongs to both SMS (Twilio) and Another SMS.',
    );
  });

  it('every channel type that takes replies finds its adapter through the table', () => {
    const kinds = new ChannelKinds(channelKinds);
    const sending = [
      'api',
      'email',
      'live_chat',
      'widget_livechat',
      'sms',
      'whatsapp_gupshup_isv',
      'facebook',
      'instagram',
      'instagram_dm',
    ];
    expect(sending.filter((type) => !kinds.of(type)?.outbound)).toEqual([]);
    // Calls are answered by TwiML; a typed reply on a call channel has nowhere to go.
    expect(kinds.of('call')?.outbound).toBeUndefined();
  });
});
