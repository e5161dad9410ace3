import crypto from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attachments, conversations, jobs, messages, supportChannels } from '../../db/schema';
import { readStored } from '../../lib/file-store';
import { fileStoreOf } from '../attachments/attachments.service';
import { as, signUp, type Session, type TestContext } from '../../test/harness';
import { ownerAndTeammate } from '../../test/inbox-fixtures';
import { twilioError, type FakeTwilio } from '../../test/fake-twilio';
import { PUBLIC_URL, twilioSid as sid, withFakeTwilio } from '../../test/provider-fixtures';
import { twilioSignature } from './twilio-signature';

let ctx: TestContext;
let fake: FakeTwilio;
let close: () => Promise<void>;

beforeAll(async () => {
  ({ ctx, fake, close } = await withFakeTwilio());
});
afterAll(() => close());

let phoneCounter = 0;
const customerPhone = () => `+1415555${String(1000 + ++phoneCounter).padStart(4, '0')}`;

async function smsChannel(s: Session, creds = { sid: fake.accountSid, token: fake.authToken }) {
  const res = await as(ctx, s).post('/dashboardapi/supportchannel', {
    type: 'sms',
    name: 'Support line',
    account_sid: creds.sid,
    auth_token: creds.token,
    phone_number: '+14155550100',
  });
  expect(res.statusCode).toBe(201);
  return res.json() as { id: number; callback_urls: { label: string; url: string }[] };
}

/** Twilio's webhook call: the form signed with the token over PUBLIC_URL + path. */
function twilioPost(
  path: string,
  params: Record<string, string>,
  opts: { token?: string; signature?: string | null } = {},
) {
  const signature =
    opts.signature === undefined
      ? twilioSignature(opts.token ?? fake.authToken, `${PUBLIC_URL}${path}`, params)
      : opts.signature;
  return ctx.app.inject({
    method: 'POST',
    url: path,
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      ...(signature === null ? {} : { 'x-twilio-signature': signature }),
    },
    payload: new URLSearchParams(params).toString(),
  });
}

const inboundSms = (
  channelId: number,
  from: string,
  body: string,
  extra: Record<string, string> = {},
) =>
  twilioPost(`/dashboardapi/twilio/sms/${channelId}`, {
    MessageSid: sid('SM'),
    AccountSid: fake.accountSid,
    From: from,
    To: '+14155550100',
    Body: body,
    NumMedia: '0',
    ...extra,
  });

async function messagesOf(channelId: number) {
  return ctx.deps.db.select().from(messages).where(eq(messages.supportChannelId, channelId));
}

async function conversationOf(channelId: number) {
  const [row] = await ctx.deps.db
    .select()
    .from(conversations)
    .where(eq(conversations.supportChannelId, channelId));
  return row!;
}

async function reply(s: Session, conversationId: number, body: string) {
  const res = await as(ctx, s).post(`/dashboardapi/conversations/${conversationId}/messages`, {
    body,
  });
  expect(res.statusCode).toBe(201);
  return res.json() as { id: number };
}

async function thread(s: Session, conversationId: number) {
  return (await as(ctx, s).get(`/dashboardapi/conversations/${conversationId}/messages`)).json()
    .items as {
    id: number;
    body: string;
    delivery_status: string | null;
    failure_reason: string | null;
    attachments: { file_name: string; content_type: string; size: number }[];
  }[];
}

describe('X-Twilio-Signature', () => {
  it("matches Twilio's documented vector", () => {
    const params = {
      CallSid: 'CA1234567890ABCDE',
      Caller: '+14158675309',
      Digits: '1234',
      From: '+14158675309',
      To: '+18005551212',
    };
    expect(twilioSignature('12345', 'https://mycompany.com/myapp.php?foo=1&bar=2', params)).toBe(
      'RSOYDt4T1cUTdK1PDd93/VVr8B8=',
    );
  });
});

describe('SMS channel setup', () => {
  it('creates a channel with its callback URLs, keeps the token secret, and tests the connection', async () => {
    const owner = await signUp(ctx);
    const channel = await smsChannel(owner);
    expect(channel.callback_urls.map((c) => c.url)).toEqual([
      `${PUBLIC_URL}/dashboardapi/twilio/sms/${channel.id}`,
      `${PUBLIC_URL}/dashboardapi/twilio/sms/${channel.id}/status`,
    ]);
    const list = await as(ctx, owner).get('/dashboardapi/supportchannel/all');
    expect(list.body).not.toContain(fake.authToken);
    expect(list.json()[0]).toMatchObject({
      type: 'sms',
      details: `+14155550100 · Twilio ${fake.accountSid}`,
      last_inbound_at: null,
      last_error: null,
    });
    const [row] = await ctx.deps.db
      .select()
      .from(supportChannels)
      .where(eq(supportChannels.id, channel.id));
    expect(row!.secretsEncrypted).not.toContain(fake.authToken);

    const saved = await as(ctx, owner).post('/dashboardapi/supportchannel/test-connection', {
      id: channel.id,
    });
    expect(saved.json()).toEqual({
      ok: true,
      message: 'Connected to the Twilio account "Acme Support".',
    });
    const wrong = await as(ctx, owner).post('/dashboardapi/supportchannel/test-connection', {
      type: 'sms',
      account_sid: fake.accountSid,
      auth_token: 'f'.repeat(32),
    });
    expect(wrong.json()).toEqual({
      ok: false,
      message:
        'Twilio refused: Authenticate (error 20003). Check the Account SID and the Auth Token.',
    });
  });

  it('refuses a malformed Account SID in words', async () => {
    const owner = await signUp(ctx);
    const res = await as(ctx, owner).post('/dashboardapi/supportchannel', {
      type: 'sms',
      name: 'x',
      account_sid: 'nope',
      auth_token: fake.authToken,
      phone_number: '+14155550100',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain('An Account SID starts with AC');
  });

  it('changes credentials with PATCH, typed by channel type', async () => {
    const owner = await signUp(ctx);
    const channel = await smsChannel(owner);
    const res = await as(ctx, owner).patch(`/dashboardapi/supportchannel?id=${channel.id}`, {
      provider: { type: 'sms', phone_number: '+14155550199' },
    });
    expect(res.statusCode).toBe(200);
    const list = (await as(ctx, owner).get('/dashboardapi/supportchannel/all')).json();
    expect(list[0].details).toContain('+14155550199');
    const wrongType = await as(ctx, owner).patch(`/dashboardapi/supportchannel?id=${channel.id}`, {
      provider: { type: 'whatsapp_gupshup_isv', app_name: 'x' },
    });
    expect(wrongType.statusCode).toBe(400);
  });
});

describe('inbound SMS', () => {
  it('files a signed message, answers empty TwiML, and stores a retried webhook once', async () => {
    const owner = await signUp(ctx);
    const channel = await smsChannel(owner);
    const from = customerPhone();
    const params = {
      MessageSid: sid('SM'),
      AccountSid: fake.accountSid,
      From: from,
      To: '+14155550100',
      Body: 'Where is my order?',
      NumMedia: '0',
    };
    const first = await twilioPost(`/dashboardapi/twilio/sms/${channel.id}`, params);
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toContain('text/xml');
    expect(first.body).toContain('<Response/>');
    const again = await twilioPost(`/dashboardapi/twilio/sms/${channel.id}`, params);
    expect(again.statusCode).toBe(200);
    const stored = await messagesOf(channel.id);
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({
      direction: 'incoming',
      body: 'Where is my order?',
      providerMessageId: params.MessageSid,
    });
    const list = (await as(ctx, owner).get('/dashboardapi/supportchannel/all')).json();
    expect(list[0].last_inbound_at).not.toBeNull();
  });

  it('refuses a wrong or missing signature with 403 and stores nothing', async () => {
    const owner = await signUp(ctx);
    const channel = await smsChannel(owner);
    const path = `/dashboardapi/twilio/sms/${channel.id}`;
    const params = { MessageSid: sid('SM'), From: customerPhone(), Body: 'hi', NumMedia: '0' };
    const wrongToken = await twilioPost(path, params, { token: 'a'.repeat(32) });
    const missing = await twilioPost(path, params, { signature: null });
    const otherUrl = await twilioPost(path, params, {
      signature: twilioSignature(fake.authToken, `${PUBLIC_URL}/elsewhere`, params),
    });
    // A parameter changed after signing (the body of the message).
    const signedFor = twilioSignature(fake.authToken, `${PUBLIC_URL}${path}`, params);
    const tampered = await twilioPost(
      path,
      { ...params, Body: 'changed' },
      { signature: signedFor },
    );
    for (const res of [wrongToken, missing, otherUrl, tampered]) {
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe('forbidden');
    }
    expect(await messagesOf(channel.id)).toHaveLength(0);
  });

  it('accepts a signature computed over the URL with its default port, as Twilio validators do', async () => {
    const owner = await signUp(ctx);
    const channel = await smsChannel(owner);
    const path = `/dashboardapi/twilio/sms/${channel.id}`;
    const params = { MessageSid: sid('SM'), From: customerPhone(), Body: 'port', NumMedia: '0' };
    const res = await twilioPost(path, params, {
      signature: twilioSignature(fake.authToken, `https://parley.example.com:443${path}`, params),
    });
    expect(res.statusCode).toBe(200);
  });

  it('fetches MMS media from Twilio with basic auth and stores it as attachments', async () => {
    const owner = await signUp(ctx);
    const channel = await smsChannel(owner);
    const photo = crypto.randomBytes(2048);
    const mediaUrl = fake.addMedia('image/jpeg', photo);
    const res = await inboundSms(channel.id, customerPhone(), 'Broken on arrival', {
      NumMedia: '2',
      MediaUrl0: mediaUrl,
      MediaContentType0: 'image/jpeg',
      // A media link that is not on Twilio's API is never fetched.
      MediaUrl1: 'http://169.254.169.254/latest/meta-data',
      MediaContentType1: 'image/png',
    });
    expect(res.statusCode).toBe(200);
    const [message] = await messagesOf(channel.id);
    expect(message!.body).toContain('Broken on arrival');
    expect(message!.body).toContain("[Attachment 2 was not fetched: it is not on Twilio's API.]");
    const files = await ctx.deps.db
      .select()
      .from(attachments)
      .where(eq(attachments.messageId, message!.id));
    expect(files).toMatchObject([{ fileName: 'mms-1.jpg', contentType: 'image/jpeg', size: 2048 }]);
    const chunks: Buffer[] = [];
    for await (const c of readStored(fileStoreOf(ctx.deps), files[0]!.storageKey))
      chunks.push(c as Buffer);
    expect(Buffer.concat(chunks).equals(photo)).toBe(true);
    // The account's credentials never followed the redirect to the CDN.
    expect(fake.cdnAuthorization.at(-1)).toBeUndefined();
  });
});

describe('outbound SMS', () => {
  async function conversationWithCustomer() {
    const owner = await signUp(ctx);
    const channel = await smsChannel(owner);
    const from = customerPhone();
    await inboundSms(channel.id, from, 'Hello?');
    const conversation = await conversationOf(channel.id);
    return { owner, channel, from, conversationId: conversation.id };
  }

  it('sends a reply through the Messages API; status callbacks move it to delivered, live', async () => {
    const { owner, channel, from, conversationId } = await conversationWithCustomer();
    const updates: number[] = [];
    const off = ctx.deps.events.on('message_updated', (e) => updates.push(e.messageId));
    try {
      const sent = await reply(owner, conversationId, 'It ships today.');
      await ctx.deps.jobs.drain();
      const call = fake.sent.at(-1)!;
      expect(call.authorized).toBe(true);
      expect(Object.fromEntries(call.form)).toEqual({
        To: from,
        From: '+14155550100',
        Body: 'It ships today.',
        StatusCallback: `${PUBLIC_URL}/dashboardapi/twilio/sms/${channel.id}/status?message_id=${sent.id}`,
      });
      expect((await thread(owner, conversationId)).at(-1)).toMatchObject({
        delivery_status: 'sent',
      });

      const statusPath = call.form.get('StatusCallback')!.slice(PUBLIC_URL.length);
      const [row] = await ctx.deps.db.select().from(messages).where(eq(messages.id, sent.id));
      const status = (s: string, extra: Record<string, string> = {}) =>
        twilioPost(statusPath, {
          MessageSid: row!.providerMessageId!,
          AccountSid: fake.accountSid,
          MessageStatus: s,
          To: from,
          ...extra,
        });
      expect((await status('delivered')).statusCode).toBe(200);
      // An earlier status arriving late never moves it back.
      expect((await status('sent')).statusCode).toBe(200);
      expect((await thread(owner, conversationId)).at(-1)).toMatchObject({
        delivery_status: 'delivered',
      });
      expect(updates.filter((id) => id === sent.id).length).toBeGreaterThanOrEqual(2);

      // A status callback not signed by the channel's account changes nothing.
      const forged = await twilioPost(
        statusPath,
        { MessageSid: row!.providerMessageId!, MessageStatus: 'failed', ErrorCode: '30003' },
        { token: 'b'.repeat(32) },
      );
      expect(forged.statusCode).toBe(403);
      expect((await thread(owner, conversationId)).at(-1)!.delivery_status).toBe('delivered');
    } finally {
      off();
    }
  });

  it('sends files as MediaUrl links Twilio can download (signed, expiring)', async () => {
    const { owner, conversationId } = await conversationWithCustomer();
    const photo = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47]), crypto.randomBytes(512)]);
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(photo)], { type: 'image/png' }), 'label.png');
    form.append('file_name', 'label.png');
    form.append('size', String(photo.length));
    form.append('content_type', 'image/png');
    form.append('is_embedded', 'false');
    const encoded = new Response(form);
    const uploaded = await ctx.app.inject({
      method: 'POST',
      url: '/attachment/',
      headers: {
        'content-type': encoded.headers.get('content-type')!,
        authorization: `Token ${owner.token}`,
        'x-dc-account-id': String(owner.accountId),
        'x-csrftoken': owner.csrf,
        cookie: `csrftoken=${owner.csrf}; auth_token=${owner.token}; account_id=${owner.accountId}`,
      },
      payload: Buffer.from(await encoded.arrayBuffer()),
    });
    expect(uploaded.statusCode).toBe(201);
    const res = await as(ctx, owner).post(
      `/dashboardapi/conversations/${conversationId}/messages`,
      {
        body: 'Here is the label',
        attachment_ids: [uploaded.json().id],
      },
    );
    expect(res.statusCode).toBe(201);
    await ctx.deps.jobs.drain();
    const mediaUrls = fake.sent.at(-1)!.form.getAll('MediaUrl');
    expect(mediaUrls).toHaveLength(1);
    expect(mediaUrls[0]).toMatch(
      new RegExp(`^${PUBLIC_URL}/dashboardapi/attachments/\\d+/download\\?exp=\\d+&sig=`),
    );
    const download = await ctx.app.inject({
      method: 'GET',
      url: mediaUrls[0]!.slice(PUBLIC_URL.length),
    });
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(photo)).toBe(true);
  });

  it('marks a reply failed with the carrier reason from an undelivered status callback', async () => {
    const { owner, channel, conversationId } = await conversationWithCustomer();
    const sent = await reply(owner, conversationId, 'Are you there?');
    await ctx.deps.jobs.drain();
    const statusPath = fake.sent.at(-1)!.form.get('StatusCallback')!.slice(PUBLIC_URL.length);
    await twilioPost(statusPath, {
      MessageSid: sid('SM'),
      AccountSid: fake.accountSid,
      MessageStatus: 'undelivered',
      ErrorCode: '30003',
    });
    expect((await thread(owner, conversationId)).find((m) => m.id === sent.id)).toMatchObject({
      delivery_status: 'failed',
      failure_reason:
        "Twilio could not deliver the text: The customer's phone is unreachable (switched off or out of coverage). (error 30003)",
    });
    const list = (await as(ctx, owner).get('/dashboardapi/supportchannel/all')).json();
    expect(list.find((c: { id: number }) => c.id === channel.id).last_error).toContain('30003');
  });

  it('retries a 5xx from Twilio with back-off and then sends exactly once', async () => {
    const { owner, conversationId } = await conversationWithCustomer();
    fake.answerNext(twilioError(503, 20500, 'Service Unavailable'));
    const before = fake.sent.length;
    const sent = await reply(owner, conversationId, 'Retry me');
    await ctx.deps.jobs.drain();
    const [job] = await ctx.deps.db
      .select()
      .from(jobs)
      .where(and(eq(jobs.accountId, owner.accountId), eq(jobs.status, 'queued')));
    expect(job).toMatchObject({ attempts: 1 });
    expect(job!.lastError).toContain('Twilio is unavailable (HTTP 503): Service Unavailable');
    expect(job!.runAt.getTime()).toBeGreaterThan(Date.now());
    // The agent sees it still on its way.
    expect(
      (await thread(owner, conversationId)).find((m) => m.id === sent.id)!.delivery_status,
    ).toBe('queued');
    await ctx.deps.db.update(jobs).set({ runAt: new Date() }).where(eq(jobs.id, job!.id));
    await ctx.deps.jobs.drain();
    await ctx.deps.jobs.drain();
    const calls = fake.sent.slice(before);
    expect(calls).toHaveLength(2); // one refused with 503, one accepted
    expect(
      (await thread(owner, conversationId)).find((m) => m.id === sent.id)!.delivery_status,
    ).toBe('sent');
  });

  it("fails a reply Twilio refuses for good with Twilio's own words", async () => {
    const { owner, conversationId } = await conversationWithCustomer();
    fake.answerNext(twilioError(400, 21211, "The 'To' number +1415 is not a valid phone number."));
    const sent = await reply(owner, conversationId, 'Never arrives');
    await ctx.deps.jobs.drain();
    expect((await thread(owner, conversationId)).find((m) => m.id === sent.id)).toMatchObject({
      delivery_status: 'failed',
      failure_reason:
        "Twilio refused the text: The 'To' number +1415 is not a valid phone number. (error 21211)",
    });
  });

  it('honours STOP: replies fail with the reason and never reach Twilio; START opts back in', async () => {
    const { owner, channel, from, conversationId } = await conversationWithCustomer();
    await inboundSms(channel.id, from, ' stop ');
    const before = fake.sent.length;
    const refused = await reply(owner, conversationId, 'One more thing');
    await ctx.deps.jobs.drain();
    expect(fake.sent.length).toBe(before);
    const failed = (await thread(owner, conversationId)).find((m) => m.id === refused.id)!;
    expect(failed.delivery_status).toBe('failed');
    expect(failed.failure_reason).toContain('texted STOP to unsubscribe');

    await inboundSms(channel.id, from, 'START');
    const allowed = await reply(owner, conversationId, 'Welcome back');
    await ctx.deps.jobs.drain();
    expect(fake.sent.length).toBe(before + 1);
    expect(
      (await thread(owner, conversationId)).find((m) => m.id === allowed.id)!.delivery_status,
    ).toBe('sent');
  });
});

describe('SMS channels across accounts (docs/security.md)', () => {
  it("B's signed data sent to A's channel URL files nowhere, and B cannot configure A's channel", async () => {
    const a = await signUp(ctx);
    const b = await signUp(ctx);
    const channelA = await smsChannel(a);
    const bCreds = { sid: sid('AC'), token: crypto.randomBytes(16).toString('hex') };
    const channelB = await smsChannel(b, bCreds);
    const params = {
      MessageSid: sid('SM'),
      AccountSid: bCreds.sid,
      From: customerPhone(),
      Body: 'cross',
      NumMedia: '0',
    };
    // Signed with B's token for A's URL: A's token does not match.
    const res = await twilioPost(`/dashboardapi/twilio/sms/${channelA.id}`, params, {
      token: bCreds.token,
    });
    expect(res.statusCode).toBe(403);
    expect(await messagesOf(channelA.id)).toHaveLength(0);
    expect(await messagesOf(channelB.id)).toHaveLength(0);

    const asB = as(ctx, b);
    const attempts = await Promise.all([
      asB.patch(`/dashboardapi/supportchannel?id=${channelA.id}`, {
        provider: { type: 'sms', phone_number: '+14155550666' },
      }),
      asB.post('/dashboardapi/supportchannel/test-connection', { id: channelA.id }),
      asB.delete(`/dashboardapi/supportchannel?id=${channelA.id}`),
    ]);
    for (const r of attempts) expect(r.statusCode).toBe(404);
    const [row] = await ctx.deps.db
      .select()
      .from(supportChannels)
      .where(eq(supportChannels.id, channelA.id));
    expect(row!.settings.phone_number).toBe('+14155550100');
  });

  it('agents (not admins) cannot create or test provider channels', async () => {
    const { owner, mate } = await ownerAndTeammate(ctx);
    const channel = await smsChannel(owner);
    const tested = await as(ctx, mate).post('/dashboardapi/supportchannel/test-connection', {
      id: channel.id,
    });
    expect(tested.statusCode).toBe(403);
    const created = await as(ctx, mate).post('/dashboardapi/supportchannel', {
      type: 'sms',
      name: 'Mine',
      account_sid: fake.accountSid,
      auth_token: fake.authToken,
      phone_number: '+14155550100',
    });
    expect(created.statusCode).toBe(403);
  });
});
