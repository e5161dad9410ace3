import crypto from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Message } from '@parley/contracts';
import { attachments, conversations, jobs, messages, supportChannels } from '../../db/schema';
import { as, signUp, type Session, type TestContext } from '../../test/harness';
import { FAKE_CLOUD_TEMPLATE, type FakeMeta, type FakeWhatsappNumber } from '../../test/fake-meta';
import {
  META_WEBHOOK as WEBHOOK,
  PUBLIC_URL,
  deliverMetaWebhook,
  signMeta,
  withFakeMeta,
} from '../../test/provider-fixtures';

const APP_SECRET = 'app-secret-whatsapp-cloud';
let ctx: TestContext;
let fake: FakeMeta;
let close: () => Promise<void>;

beforeAll(async () => {
  ({ ctx, fake, close } = await withFakeMeta({
    appSecret: APP_SECRET,
    verifyToken: 'verify-token-for-tests',
  }));
});
afterAll(() => close());

const sign = (raw: string) => signMeta(APP_SECRET, raw);
const deliver = (payload: unknown, headers: Record<string, string> | null = null) =>
  deliverMetaWebhook(ctx, APP_SECRET, payload, headers);

let counter = 0;
const customer = () => `4915112${String(100000 + ++counter)}`;
const wamid = () => `wamid.${crypto.randomBytes(16).toString('base64url')}`;

/** The Cloud API webhook: object whatsapp_business_account, one `messages` change. */
function cloudEvent(n: FakeWhatsappNumber, value: Record<string, unknown>) {
  return {
    object: 'whatsapp_business_account',
    entry: [
      {
        id: n.businessAccountId,
        changes: [
          {
            field: 'messages',
            value: {
              messaging_product: 'whatsapp',
              metadata: {
                display_phone_number: n.displayPhoneNumber.replace(/\D/g, ''),
                phone_number_id: n.phoneNumberId,
              },
              ...value,
            },
          },
        ],
      },
    ],
  };
}

const inboundText = (n: FakeWhatsappNumber, from: string, body: string, id = wamid()) =>
  cloudEvent(n, {
    contacts: [{ profile: { name: 'Lena' }, wa_id: from }],
    messages: [
      { from, id, timestamp: String(Math.floor(Date.now() / 1000)), type: 'text', text: { body } },
    ],
  });

async function cloudChannel(s: Session, n: FakeWhatsappNumber) {
  return as(ctx, s).post('/dashboardapi/supportchannel', {
    type: 'whatsapp_gupshup_isv',
    provider: 'cloud_api',
    name: 'WhatsApp (Cloud API)',
    phone_number_id: n.phoneNumberId,
    business_account_id: n.businessAccountId,
    access_token: n.token,
  });
}

const messagesOf = (channelId: number) =>
  ctx.deps.db.select().from(messages).where(eq(messages.supportChannelId, channelId));

async function conversationWithCustomer() {
  const owner = await signUp(ctx);
  const number = fake.addWhatsappNumber();
  const created = await cloudChannel(owner, number);
  expect(created.statusCode).toBe(201);
  const channelId = (created.json() as { id: number }).id;
  const from = customer();
  await deliver(inboundText(number, from, 'Hallo, where is my parcel?'));
  const [conv] = await ctx.deps.db
    .select()
    .from(conversations)
    .where(eq(conversations.supportChannelId, channelId));
  return { owner, number, channelId, from, conversationId: conv!.id };
}

async function reply(s: Session, conversationId: number, body: string, attachmentIds?: number[]) {
  const res = await as(ctx, s).post(`/dashboardapi/conversations/${conversationId}/messages`, {
    body,
    ...(attachmentIds ? { attachment_ids: attachmentIds } : {}),
  });
  expect(res.statusCode).toBe(201);
  return (res.json() as { id: number }).id;
}

/** An agent's upload (POST /attachment/: docs/product/data.md), as the web app sends it; its id. */
async function upload(s: Session, file: { name: string; type: string; bytes: Buffer }) {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(file.bytes)], { type: file.type }), file.name);
  form.append('file_name', file.name);
  form.append('content_type', file.type);
  const encoded = new Response(form);
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/attachment/',
    headers: {
      'content-type': encoded.headers.get('content-type')!,
      authorization: `Token ${s.token}`,
      'x-dc-account-id': String(s.accountId),
      'x-csrftoken': s.csrf,
      cookie: `csrftoken=${s.csrf}; auth_token=${s.token}; account_id=${s.accountId}`,
    },
    payload: Buffer.from(await encoded.arrayBuffer()),
  });
  expect(res.statusCode).toBe(201);
  return (res.json() as { id: number }).id;
}

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);
const MP3 = Buffer.concat([
  Buffer.from('ID3\x03\x00\x00\x00\x00\x00\x00', 'latin1'),
  crypto.randomBytes(512),
]);

const messageRow = async (id: number) =>
  (await ctx.deps.db.select().from(messages).where(eq(messages.id, id)))[0]!;

describe('WhatsApp Cloud API setup', () => {
  it('connects a number checked with Meta, keeps the token sealed, and tests the connection', async () => {
    const owner = await signUp(ctx);
    const number = fake.addWhatsappNumber();
    const created = await cloudChannel(owner, number);
    expect(created.statusCode).toBe(201);
    expect(created.json().callback_urls[0].url).toBe(`${PUBLIC_URL}${WEBHOOK}`);
    const list = await as(ctx, owner).get('/dashboardapi/supportchannel/all');
    expect(list.body).not.toContain(number.token);
    expect(list.json()[0].details).toBe(
      `${number.displayPhoneNumber} · WhatsApp Cloud API (Acme Support)`,
    );
    const test = await as(ctx, owner).post('/dashboardapi/supportchannel/test-connection', {
      id: created.json().id,
    });
    expect(test.json()).toEqual({
      ok: true,
      message: `Connected to the WhatsApp number ${number.displayPhoneNumber} (Acme Support) through the Cloud API.`,
    });
    const wrong = await cloudChannel(owner, { ...number, token: `EAAG${'x'.repeat(40)}` });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toContain('Meta refused: Invalid OAuth access token');
  });
});

describe('WhatsApp Cloud API inbound', () => {
  it('files a text by a job and a retried webhook once; a bad signature stores nothing', async () => {
    const owner = await signUp(ctx);
    const number = fake.addWhatsappNumber();
    const channelId = (await cloudChannel(owner, number)).json().id as number;
    const event = inboundText(number, customer(), 'Is the blue one in stock?');
    expect((await deliver(event)).statusCode).toBe(200);
    expect((await deliver(event)).statusCode).toBe(200);
    const stored = await messagesOf(channelId);
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ body: 'Is the blue one in stock?', direction: 'incoming' });

    const forged = inboundText(number, customer(), 'forged');
    expect((await deliver(forged, { 'x-hub-signature-256': sign('other') })).statusCode).toBe(403);
    expect((await deliver(forged, {})).statusCode).toBe(401);
    expect(await messagesOf(channelId)).toHaveLength(1);
  });

  it('stores media fetched through the media API, and buttons and locations in words', async () => {
    const owner = await signUp(ctx);
    const number = fake.addWhatsappNumber();
    const channelId = (await cloudChannel(owner, number)).json().id as number;
    const from = customer();
    const photo = crypto.randomBytes(2048);
    const mediaId = fake.addWhatsappMedia('image/jpeg', photo);
    const at = String(Math.floor(Date.now() / 1000));
    await deliver(
      cloudEvent(number, {
        contacts: [{ profile: { name: 'Lena' }, wa_id: from }],
        messages: [
          {
            from,
            id: wamid(),
            timestamp: at,
            type: 'image',
            image: { id: mediaId, mime_type: 'image/jpeg', caption: 'Broken zip' },
          },
        ],
      }),
    );
    await deliver(
      cloudEvent(number, {
        messages: [
          {
            from,
            id: wamid(),
            timestamp: at,
            type: 'interactive',
            interactive: { type: 'button_reply', button_reply: { id: 'r', title: 'Refund' } },
          },
        ],
      }),
    );
    await deliver(
      cloudEvent(number, {
        messages: [
          {
            from,
            id: wamid(),
            timestamp: at,
            type: 'location',
            location: { latitude: 52.52, longitude: 13.4, name: 'Office' },
          },
        ],
      }),
    );
    const stored = (await messagesOf(channelId)).sort((x, y) => x.id - y.id);
    expect(stored.map((m) => m.body)).toEqual([
      'Broken zip',
      'Refund',
      '📍 Location: Office (52.52, 13.4) https://www.openstreetmap.org/?mlat=52.52&mlon=13.4',
    ]);
    const files = await ctx.deps.db
      .select()
      .from(attachments)
      .where(eq(attachments.messageId, stored[0]!.id));
    expect(files).toMatchObject([{ contentType: 'image/jpeg', size: 2048 }]);
  });

  it('an image without a caption is the image, not "[An empty message]"', async () => {
    const owner = await signUp(ctx);
    const number = fake.addWhatsappNumber();
    const channelId = (await cloudChannel(owner, number)).json().id as number;
    const from = customer();
    const mediaId = fake.addWhatsappMedia('image/jpeg', crypto.randomBytes(512));
    await deliver(
      cloudEvent(number, {
        contacts: [{ profile: { name: 'Lena' }, wa_id: from }],
        messages: [
          {
            from,
            id: wamid(),
            timestamp: String(Math.floor(Date.now() / 1000)),
            type: 'image',
            image: { id: mediaId, mime_type: 'image/jpeg', sha256: 'x' },
          },
        ],
      }),
    );
    const [stored] = await messagesOf(channelId);
    expect(stored!.body).toBe('');
    const files = await ctx.deps.db
      .select()
      .from(attachments)
      .where(eq(attachments.messageId, stored!.id));
    expect(files).toMatchObject([{ contentType: 'image/jpeg', size: 512 }]);
  });

  it('a reaction is kept as a reaction on the reply it is on: changed, taken back, and never reopening', async () => {
    const { owner, number, from, conversationId } = await conversationWithCustomer();
    const ours = await reply(owner, conversationId, 'Your parcel left our warehouse today.');
    await ctx.deps.jobs.drain();
    const wamidOfReply = (await messageRow(ours)).providerMessageId!;
    await as(ctx, owner).patch(`/dashboardapi/conversations/${conversationId}`, {
      status: 'closed',
    });
    // The Cloud API's reaction message (developers.facebook.com/docs/whatsapp/cloud-api/webhooks/payload-examples).
    const react = (emoji: string, id = wamid()) =>
      deliver(
        cloudEvent(number, {
          contacts: [{ profile: { name: 'Lena' }, wa_id: from }],
          messages: [
            {
              from,
              id,
              timestamp: String(Math.floor(Date.now() / 1000)),
              type: 'reaction',
              reaction: { message_id: wamidOfReply, emoji },
            },
          ],
        }),
      );
    const reactions = async () => {
      const thread = await as(ctx, owner).get(
        `/dashboardapi/conversations/${conversationId}/messages`,
      );
      return (thread.json().items as Message[]).filter((m) => m.kind === 'reaction');
    };
    const first = wamid();
    await react('👍', first);
    await react('👍', first); // Meta retries the webhook
    expect(await reactions()).toMatchObject([
      {
        direction: 'incoming',
        body: '👍',
        reacted_to: { id: ours, body: 'Your parcel left our warehouse today.' },
      },
    ]);
    const [conv] = await ctx.deps.db
      .select()
      .from(conversations)
      .where(eq(conversations.id, conversationId));
    expect(conv).toMatchObject({ status: 'closed', waitingSince: null });

    // A new emoji replaces the reaction; an empty one takes it back.
    await react('❤️');
    expect((await reactions()).map((m) => m.body)).toEqual(['❤️']);
    await react('');
    expect((await reactions()).map((m) => m.body)).toEqual(['']);
    // A reaction to a message Parley never had is not kept.
    await deliver(
      cloudEvent(number, {
        contacts: [{ profile: { name: 'Lena' }, wa_id: from }],
        messages: [
          {
            from,
            id: wamid(),
            timestamp: String(Math.floor(Date.now() / 1000)),
            type: 'reaction',
            reaction: { message_id: 'wamid.unknown', emoji: '😂' },
          },
        ],
      }),
    );
    expect(await reactions()).toHaveLength(1);
    expect(
      await ctx.deps.db.select().from(conversations).where(eq(conversations.id, conversationId)),
    ).toMatchObject([{ status: 'closed' }]);
  });

  it('the 24-hour window counts from when the customer wrote, not from a late webhook', async () => {
    const owner = await signUp(ctx);
    const number = fake.addWhatsappNumber();
    const channelId = (await cloudChannel(owner, number)).json().id as number;
    const from = customer();
    // Meta retried this webhook for a day: the customer wrote 25 hours ago.
    const wroteAt = Math.floor(Date.now() / 1000) - 25 * 3600;
    await deliver(
      cloudEvent(number, {
        contacts: [{ profile: { name: 'Lena' }, wa_id: from }],
        messages: [
          { from, id: wamid(), timestamp: String(wroteAt), type: 'text', text: { body: 'Hi?' } },
        ],
      }),
    );
    const [stored] = await messagesOf(channelId);
    expect(stored!.createdAt.getTime()).toBe(wroteAt * 1000);
    const list = await as(ctx, owner).get(
      `/dashboardapi/conversations/${stored!.conversationId}/whatsapp/templates`,
    );
    expect(list.json()).toMatchObject({
      window_open: false,
      window_closes_at: new Date((wroteAt + 24 * 3600) * 1000).toISOString(),
    });
    const before = fake.sent.length;
    const late = await reply(owner, stored!.conversationId, 'Sorry for the wait');
    await ctx.deps.jobs.drain();
    expect(fake.sent.length).toBe(before);
    expect((await messageRow(late)).failureReason).toContain('within 24 hours');
  });

  it("routes by phone_number_id only: A's number never files into B, nor can B connect it", async () => {
    const a = await signUp(ctx);
    const b = await signUp(ctx);
    const numberA = fake.addWhatsappNumber();
    const numberB = fake.addWhatsappNumber();
    const channelA = (await cloudChannel(a, numberA)).json().id as number;
    const channelB = (await cloudChannel(b, numberB)).json().id as number;
    // B pastes A's number id (with A's leaked token): refused, the number is A's.
    const steal = await cloudChannel(b, numberA);
    expect(steal.statusCode).toBe(409);
    expect(steal.json().message).toContain('already connected to another workspace');
    // An event for A's number, whatever the entry (WABA) id says, files into A only.
    const event = inboundText(numberA, customer(), 'for A');
    event.entry[0]!.id = numberB.businessAccountId;
    await deliver(event);
    expect(await messagesOf(channelA)).toHaveLength(1);
    expect(await messagesOf(channelB)).toHaveLength(0);
    const bConversations = await ctx.deps.db
      .select()
      .from(conversations)
      .where(eq(conversations.accountId, b.accountId));
    expect(bConversations).toHaveLength(0);
  });
});

describe('WhatsApp Cloud API outbound', () => {
  it('sends text within the window; statuses move it to delivered, or failed with the reason', async () => {
    const { owner, number, from, conversationId } = await conversationWithCustomer();
    const id = await reply(owner, conversationId, 'It ships today.');
    await ctx.deps.jobs.drain();
    const call = fake.sent.at(-1)!;
    expect(call.path).toBe(`/${number.phoneNumberId}/messages`);
    expect(call.token).toBe(number.token);
    expect(call.body).toEqual({
      messaging_product: 'whatsapp',
      recipient_type: 'individual',
      to: from,
      type: 'text',
      text: { preview_url: false, body: 'It ships today.' },
    });
    const sent = await messageRow(id);
    expect(sent.deliveryStatus).toBe('sent');
    expect(sent.providerMessageId).toMatch(/^wamid\./);
    const status = (s: Record<string, unknown>) =>
      deliver(cloudEvent(number, { statuses: [{ recipient_id: from, timestamp: '1', ...s }] }));
    await status({ id: sent.providerMessageId, status: 'delivered' });
    await status({ id: sent.providerMessageId, status: 'delivered' }); // retried: no change
    expect((await messageRow(id)).deliveryStatus).toBe('delivered');

    const second = await reply(owner, conversationId, 'Anything else?');
    await ctx.deps.jobs.drain();
    await status({
      id: (await messageRow(second)).providerMessageId,
      status: 'failed',
      errors: [
        {
          code: 131026,
          title: 'Message undeliverable',
          error_data: { details: 'The recipient is not a WhatsApp user.' },
        },
      ],
    });
    expect(await messageRow(second)).toMatchObject({
      deliveryStatus: 'failed',
      failureReason:
        'WhatsApp could not deliver the message: The recipient is not a WhatsApp user. (error 131026)',
    });
  });

  it('refuses free-form text after 24 hours but sends an approved template', async () => {
    const { owner, channelId, from, conversationId } = await conversationWithCustomer();
    await ctx.deps.db
      .update(messages)
      .set({ createdAt: new Date(Date.now() - 25 * 3600 * 1000) })
      .where(and(eq(messages.supportChannelId, channelId), eq(messages.direction, 'incoming')));
    const before = fake.sent.length;
    const late = await reply(owner, conversationId, 'Following up');
    await ctx.deps.jobs.drain();
    expect(fake.sent.length).toBe(before);
    expect((await messageRow(late)).failureReason).toContain(
      "WhatsApp allows free-form replies only within 24 hours of the customer's last message",
    );

    const list = await as(ctx, owner).get(
      `/dashboardapi/conversations/${conversationId}/whatsapp/templates`,
    );
    expect(list.json()).toMatchObject({
      window_open: false,
      templates: [
        {
          id: `${FAKE_CLOUD_TEMPLATE.name}:${FAKE_CLOUD_TEMPLATE.language}`,
          body: FAKE_CLOUD_TEMPLATE.body,
          variable_count: 2,
        },
      ],
    });
    const res = await as(ctx, owner).post(
      `/dashboardapi/conversations/${conversationId}/whatsapp/template`,
      { template_id: 'order_update:en_US', params: ['Lena', 'DE-77'] },
    );
    expect(res.statusCode).toBe(201);
    expect(res.json().body).toBe('Hi Lena, your order DE-77 has shipped.');
    await ctx.deps.jobs.drain();
    expect(fake.sent.at(-1)!.body).toEqual({
      messaging_product: 'whatsapp',
      recipient_type: 'individual',
      to: from,
      type: 'template',
      template: {
        name: 'order_update',
        language: { code: 'en_US' },
        components: [
          {
            type: 'body',
            parameters: [
              { type: 'text', text: 'Lena' },
              { type: 'text', text: 'DE-77' },
            ],
          },
        ],
      },
    });
    expect((await messageRow(res.json().id)).deliveryStatus).toBe('sent');
  });

  it('maps errors: 131047 fails in words, 5xx retries once then sends, 190 asks for a new token', async () => {
    const { owner, number, channelId, conversationId } = await conversationWithCustomer();
    fake.answerNext({
      status: 400,
      body: {
        error: {
          message: 'Re-engagement message',
          type: 'OAuthException',
          code: 131047,
          error_data: { details: 'Message failed to send because more than 24 hours have passed' },
        },
      },
    });
    const refused = await reply(owner, conversationId, 'x');
    await ctx.deps.jobs.drain();
    expect(await messageRow(refused)).toMatchObject({
      deliveryStatus: 'failed',
      failureReason:
        'WhatsApp refused the message: more than 24 hours have passed since the customer last wrote (error 131047). Send an approved template instead.',
    });

    fake.answerNext({
      status: 503,
      body: { error: { message: 'Service temporarily unavailable', code: 2 } },
    });
    const before = fake.sent.length;
    const retried = await reply(owner, conversationId, 'Retry me');
    await ctx.deps.jobs.drain();
    const [job] = await ctx.deps.db
      .select()
      .from(jobs)
      .where(and(eq(jobs.accountId, owner.accountId), eq(jobs.status, 'queued')));
    expect(job!.lastError).toContain('Meta is unavailable or throttling (HTTP 503)');
    await ctx.deps.db.update(jobs).set({ runAt: new Date() }).where(eq(jobs.id, job!.id));
    await ctx.deps.jobs.drain();
    expect(fake.sent.length - before).toBe(2);
    expect((await messageRow(retried)).deliveryStatus).toBe('sent');

    fake.revoke(number.token);
    const dead = await reply(owner, conversationId, 'After revoke');
    await ctx.deps.jobs.drain();
    expect((await messageRow(dead)).deliveryStatus).toBe('failed');
    const [channel] = await ctx.deps.db
      .select()
      .from(supportChannels)
      .where(eq(supportChannels.id, channelId));
    expect(channel!.needsReauthorization).toBe(true);
    expect(channel!.lastError).toContain('Paste a new access token for this WhatsApp channel');
  });

  it('sends files as uploaded media: the image captioned with the text, the PDF as a named document', async () => {
    const { owner, number, from, conversationId } = await conversationWithCustomer();
    const image = await upload(owner, { name: 'label.png', type: 'image/png', bytes: PNG });
    const pdf = await upload(owner, {
      name: 'invoice-77.pdf',
      type: 'application/pdf',
      bytes: PDF,
    });
    const sentBefore = fake.sent.length;
    const uploadsBefore = fake.uploads.length;
    const wamidsBefore = fake.wamids.length;
    const id = await reply(owner, conversationId, 'Here are the label and the invoice.', [
      image,
      pdf,
    ]);
    await ctx.deps.jobs.drain();

    const calls = fake.sent.slice(sentBefore);
    // Every file is uploaded (POST /{phone_number_id}/media) before any message is sent.
    expect(calls.map((c) => c.path)).toEqual([
      `/${number.phoneNumberId}/media`,
      `/${number.phoneNumberId}/media`,
      `/${number.phoneNumberId}/messages`,
      `/${number.phoneNumberId}/messages`,
    ]);
    expect(calls.every((c) => c.token === number.token)).toBe(true);
    expect(calls[0]!.body).toEqual({
      messaging_product: 'whatsapp',
      type: 'image/png',
      file: { file_name: 'label.png', content_type: 'image/png', size: PNG.length },
    });
    expect(calls[1]!.body).toMatchObject({
      messaging_product: 'whatsapp',
      type: 'application/pdf',
    });
    const [png, doc] = fake.uploads.slice(uploadsBefore);
    expect(png!.bytes.equals(PNG)).toBe(true);
    expect(doc!.bytes.equals(PDF)).toBe(true);
    expect(doc!.fileName).toBe('invoice-77.pdf');

    expect(calls[2]!.body).toEqual({
      messaging_product: 'whatsapp',
      recipient_type: 'individual',
      to: from,
      type: 'image',
      image: { id: png!.id, caption: 'Here are the label and the invoice.' },
    });
    expect(calls[3]!.body).toEqual({
      messaging_product: 'whatsapp',
      recipient_type: 'individual',
      to: from,
      type: 'document',
      document: { id: doc!.id, filename: 'invoice-77.pdf' },
    });
    const sent = await messageRow(id);
    expect(sent.deliveryStatus).toBe('sent');
    expect(sent.providerMessageId).toBe(fake.wamids[wamidsBefore]);
  });

  it('sends the text as its own message when the first file is audio (no caption there)', async () => {
    const { owner, number, from, conversationId } = await conversationWithCustomer();
    const voice = await upload(owner, { name: 'hello.mp3', type: 'audio/mpeg', bytes: MP3 });
    const before = fake.sent.length;
    const wamidsBefore = fake.wamids.length;
    const id = await reply(owner, conversationId, 'Listen to this', [voice]);
    await ctx.deps.jobs.drain();
    const calls = fake.sent.slice(before);
    expect(calls.map((c) => c.path)).toEqual([
      `/${number.phoneNumberId}/media`,
      `/${number.phoneNumberId}/messages`,
      `/${number.phoneNumberId}/messages`,
    ]);
    expect(calls[1]!.body).toMatchObject({
      to: from,
      type: 'text',
      text: { body: 'Listen to this' },
    });
    expect(calls[2]!.body).toMatchObject({
      to: from,
      type: 'audio',
      audio: { id: fake.uploads.at(-1)!.id },
    });
    expect((calls[2]!.body.audio as Record<string, unknown>).caption).toBeUndefined();
    expect((await messageRow(id)).providerMessageId).toBe(fake.wamids[wamidsBefore]);
  });

  it("a refused upload fails the reply with Meta's words and sends nothing; a 5xx upload is retried", async () => {
    const { owner, number, channelId, conversationId } = await conversationWithCustomer();
    // WhatsApp takes no zip files: Meta refuses the upload's type.
    const zip = await upload(owner, {
      name: 'logs.zip',
      type: 'application/zip',
      bytes: Buffer.concat([Buffer.from('PK\x03\x04', 'latin1'), crypto.randomBytes(64)]),
    });
    const before = fake.sent.length;
    const refused = await reply(owner, conversationId, 'The logs', [zip]);
    await ctx.deps.jobs.drain();
    expect(fake.sent.slice(before).map((c) => c.path)).toEqual([`/${number.phoneNumberId}/media`]);
    const row = await messageRow(refused);
    expect(row.deliveryStatus).toBe('failed');
    expect(row.failureReason).toBe(
      'Meta refused the file "logs.zip": Media upload error: Unsupported media type: application/zip (code 131053)',
    );
    const [channel] = await ctx.deps.db
      .select()
      .from(supportChannels)
      .where(eq(supportChannels.id, channelId));
    expect(channel!.lastError).toBe(row.failureReason);
    expect(channel!.needsReauthorization).toBe(false);

    // Meta unavailable during the upload: retried with back-off; the customer gets one message.
    fake.answerNext({
      status: 500,
      body: { error: { message: 'An unknown error occurred', code: 1, error_subcode: 99 } },
    });
    const image = await upload(owner, { name: 'label.png', type: 'image/png', bytes: PNG });
    const sentBefore = fake.sent.length;
    const retried = await reply(owner, conversationId, 'Your label', [image]);
    await ctx.deps.jobs.drain();
    expect((await messageRow(retried)).deliveryStatus).not.toBe('sent');
    const [job] = await ctx.deps.db
      .select()
      .from(jobs)
      .where(and(eq(jobs.accountId, owner.accountId), eq(jobs.status, 'queued')));
    expect(job!.lastError).toContain('Meta is unavailable or throttling (HTTP 500)');
    await ctx.deps.db.update(jobs).set({ runAt: new Date() }).where(eq(jobs.id, job!.id));
    await ctx.deps.jobs.drain();
    const calls = fake.sent.slice(sentBefore).map((c) => c.path);
    expect(calls).toEqual([
      `/${number.phoneNumberId}/media`,
      `/${number.phoneNumberId}/media`,
      `/${number.phoneNumberId}/messages`,
    ]);
    expect((await messageRow(retried)).deliveryStatus).toBe('sent');
  });

  it('a reply with files outside the 24-hour window is refused before anything is uploaded', async () => {
    const { owner, channelId, conversationId } = await conversationWithCustomer();
    await ctx.deps.db
      .update(messages)
      .set({ createdAt: new Date(Date.now() - 25 * 3600 * 1000) })
      .where(and(eq(messages.supportChannelId, channelId), eq(messages.direction, 'incoming')));
    const image = await upload(owner, { name: 'label.png', type: 'image/png', bytes: PNG });
    const before = fake.sent.length;
    const late = await reply(owner, conversationId, 'Late label', [image]);
    await ctx.deps.jobs.drain();
    expect(fake.sent.length).toBe(before);
    expect((await messageRow(late)).failureReason).toContain(
      "WhatsApp allows free-form replies only within 24 hours of the customer's last message",
    );
  });

  it('a revoked token during an upload asks for a new token', async () => {
    const { owner, number, channelId, conversationId } = await conversationWithCustomer();
    const image = await upload(owner, { name: 'label.png', type: 'image/png', bytes: PNG });
    fake.revoke(number.token);
    const dead = await reply(owner, conversationId, 'x', [image]);
    await ctx.deps.jobs.drain();
    const row = await messageRow(dead);
    expect(row.deliveryStatus).toBe('failed');
    expect(row.failureReason).toContain('Session has expired');
    const [channel] = await ctx.deps.db
      .select()
      .from(supportChannels)
      .where(eq(supportChannels.id, channelId));
    expect(channel!.needsReauthorization).toBe(true);
    expect(channel!.lastError).toContain('Paste a new access token for this WhatsApp channel');
  });
});
