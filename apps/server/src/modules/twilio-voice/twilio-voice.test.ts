import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attachments, calls, conversations, messages, supportChannels } from '../../db/schema';
import { recordInbound } from '../conversations/inbound.service';
import { readStored } from '../../lib/file-store';
import { fileStoreOf } from '../attachments/attachments.service';
import { as, signUp, type Session, type TestContext } from '../../test/harness';
import { ownerAndTeammate } from '../../test/inbox-fixtures';
import { twilioError, type FakeTwilio } from '../../test/fake-twilio';
import { PUBLIC_URL, twilioSid as sid, withFakeTwilio } from '../../test/provider-fixtures';
import { twilioSignature } from '../twilio-sms/twilio-sms.public';

const NUMBER = '+14155550100';
const FORWARD_TO = '+14155550199';
let ctx: TestContext;
let fake: FakeTwilio;
let close: () => Promise<void>;

beforeAll(async () => {
  ({ ctx, fake, close } = await withFakeTwilio());
});
afterAll(() => close());

let phoneCounter = 0;
const customerPhone = () => `+1415666${String(1000 + ++phoneCounter).padStart(4, '0')}`;

async function callChannel(s: Session, extra: Record<string, unknown> = {}) {
  const res = await as(ctx, s).post('/dashboardapi/supportchannel', {
    type: 'call',
    name: 'Phone line',
    account_sid: fake.accountSid,
    auth_token: fake.authToken,
    phone_number: NUMBER,
    greeting: 'Hello & welcome to Acme.',
    forward_to: FORWARD_TO,
    ring_seconds: 15,
    voicemail_max_seconds: 90,
    ...extra,
  });
  expect(res.statusCode).toBe(201);
  return res.json() as { id: number; callback_urls: { label: string; url: string }[] };
}

/** Twilio's webhook request: the form signed with the token over PUBLIC_URL + path. */
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

const voice = (channelId: number, name: string) =>
  `/dashboardapi/twilio/voice/${channelId}/${name}`;
const incomingCall = (
  channelId: number,
  callSid: string,
  from: string,
  opts: { token?: string; signature?: string | null } = {},
) =>
  twilioPost(
    voice(channelId, 'incoming'),
    {
      CallSid: callSid,
      AccountSid: fake.accountSid,
      From: from,
      To: NUMBER,
      CallStatus: 'ringing',
      Direction: 'inbound',
    },
    opts,
  );

async function callRowsOf(channelId: number) {
  return ctx.deps.db.select().from(calls).where(eq(calls.supportChannelId, channelId));
}
async function conversationOfMessage(messageId: number) {
  const [m] = await ctx.deps.db.select().from(messages).where(eq(messages.id, messageId));
  const [c] = await ctx.deps.db
    .select()
    .from(conversations)
    .where(eq(conversations.id, m!.conversationId));
  return { message: m!, conversation: c! };
}

describe('Incoming calls answered by TwiML', () => {
  it('greets, then forwards to the number with the ring timeout and the dial-status action', async () => {
    const owner = await signUp(ctx);
    const channel = await callChannel(owner);
    expect(channel.callback_urls.map((c) => c.url)).toEqual([
      `${PUBLIC_URL}${voice(channel.id, 'incoming')}`,
      `${PUBLIC_URL}${voice(channel.id, 'status')}`,
    ]);
    const res = await incomingCall(channel.id, sid('CA'), customerPhone());
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/xml');
    expect(res.body).toContain('<Say>Hello &amp; welcome to Acme.</Say>');
    expect(res.body).toContain(
      `<Dial timeout="15" action="${PUBLIC_URL}${voice(channel.id, 'dial-status')}" method="POST"`,
    );
    expect(res.body).toContain(`<Number>${FORWARD_TO}</Number>`);
  });

  it('goes to voicemail (Record with transcription) when nobody answers the forwarded phone', async () => {
    const owner = await signUp(ctx);
    const channel = await callChannel(owner);
    const callSid = sid('CA');
    await incomingCall(channel.id, callSid, customerPhone());
    const res = await twilioPost(voice(channel.id, 'dial-status'), {
      CallSid: callSid,
      AccountSid: fake.accountSid,
      DialCallStatus: 'no-answer',
    });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain(
      `<Record maxLength="90" playBeep="true" action="${PUBLIC_URL}${voice(channel.id, 'voicemail')}" method="POST" transcribe="true" transcribeCallback="${PUBLIC_URL}${voice(channel.id, 'transcription')}"/>`,
    );
  });

  it('outside business hours answers with the closed message and voicemail, no Dial', async () => {
    const owner = await signUp(ctx);
    const channel = await callChannel(owner, {
      business_hours: { time_zone: 'UTC', days: [] },
      closed_message: 'We are closed. Leave a message.',
    });
    const res = await incomingCall(channel.id, sid('CA'), customerPhone());
    expect(res.body).toContain('<Say>We are closed. Leave a message.</Say>');
    expect(res.body).toContain('<Record ');
    expect(res.body).not.toContain('<Dial');
  });

  it('without a forward-to number goes straight to voicemail after the greeting', async () => {
    const owner = await signUp(ctx);
    const channel = await callChannel(owner, { forward_to: null });
    const res = await incomingCall(channel.id, sid('CA'), customerPhone());
    expect(res.body).toContain('<Record ');
    expect(res.body).not.toContain('<Dial');
  });
});

describe('Editing a call channel (provider channels edited after creation)', () => {
  const settingsOf = (s: Session, id: number) =>
    as(ctx, s).get(`/dashboardapi/supportchannel/settings?id=${id}`);
  const patchCall = (s: Session, id: number, provider: Record<string, unknown>) =>
    as(ctx, s).patch(`/dashboardapi/supportchannel?id=${id}`, {
      provider: { type: 'call', ...provider },
    });

  it('loads the saved settings without the auth token; the next call is answered by the new ones', async () => {
    const owner = await signUp(ctx);
    const channel = await callChannel(owner);
    const loaded = await settingsOf(owner, channel.id);
    expect(loaded.statusCode).toBe(200);
    expect(loaded.json()).toEqual({
      id: channel.id,
      type: 'call',
      name: 'Phone line',
      brand_id: null,
      needs_reauthorization: false,
      settings: {
        kind: 'call',
        account_sid: fake.accountSid,
        phone_number: NUMBER,
        greeting: 'Hello & welcome to Acme.',
        forward_to: FORWARD_TO,
        ring_seconds: 15,
        voicemail_max_seconds: 90,
        business_hours: null,
        closed_message: null,
      },
    });
    expect(loaded.body).not.toContain(fake.authToken);

    const allWeek = Array.from({ length: 7 }, (_, day) => ({ day, open: '00:00', close: '24:00' }));
    const saved = await patchCall(owner, channel.id, {
      greeting: 'Thanks for calling Acme support.',
      forward_to: '+14155550123',
      ring_seconds: 30,
      voicemail_max_seconds: 200,
      business_hours: { time_zone: 'Europe/Paris', days: allWeek },
      closed_message: 'Acme is closed now. Leave us a message.',
    });
    expect(saved.statusCode).toBe(200);
    expect((await settingsOf(owner, channel.id)).json().settings).toMatchObject({
      greeting: 'Thanks for calling Acme support.',
      forward_to: '+14155550123',
      ring_seconds: 30,
      voicemail_max_seconds: 200,
      business_hours: { time_zone: 'Europe/Paris', days: allWeek },
    });

    const callSid = sid('CA');
    const open = await incomingCall(channel.id, callSid, customerPhone());
    expect(open.body).toContain('<Say>Thanks for calling Acme support.</Say>');
    expect(open.body).toContain(`<Dial timeout="30" `);
    expect(open.body).toContain('<Number>+14155550123</Number>');
    const noAnswer = await twilioPost(voice(channel.id, 'dial-status'), {
      CallSid: callSid,
      AccountSid: fake.accountSid,
      DialCallStatus: 'no-answer',
    });
    expect(noAnswer.body).toContain('<Record maxLength="200" ');

    // Closed every day: the closed message and voicemail, no Dial.
    await patchCall(owner, channel.id, { business_hours: { time_zone: 'UTC', days: [] } });
    const closed = await incomingCall(channel.id, sid('CA'), customerPhone());
    expect(closed.body).toContain('<Say>Acme is closed now. Leave us a message.</Say>');
    expect(closed.body).not.toContain('<Dial');

    // No forward-to number any more, always open: greeting then voicemail.
    await patchCall(owner, channel.id, { forward_to: null, business_hours: null });
    const voicemailOnly = await incomingCall(channel.id, sid('CA'), customerPhone());
    expect(voicemailOnly.body).toContain('Thanks for calling Acme support.');
    expect(voicemailOnly.body).toContain('<Record maxLength="200" ');
    expect(voicemailOnly.body).not.toContain('<Dial');
  });

  it("checks business hours as the widget's are checked (known time zone, closing after opening); nothing is saved", async () => {
    const owner = await signUp(ctx);
    const channel = await callChannel(owner);
    const unknownZone = await patchCall(owner, channel.id, {
      greeting: 'Not saved',
      business_hours: { time_zone: 'Mars/Olympus', days: [] },
    });
    expect(unknownZone.statusCode).toBe(400);
    expect(unknownZone.json()).toMatchObject({
      code: 'validation_error',
      message: '"Mars/Olympus" is not a time zone we know (e.g. Europe/Paris).',
      details: [{ path: 'provider.business_hours.time_zone', message: 'Unknown time zone.' }],
    });
    const backwards = await patchCall(owner, channel.id, {
      business_hours: {
        time_zone: 'UTC',
        days: [
          { day: 1, open: '09:00', close: '17:00' },
          { day: 2, open: '18:00', close: '09:00' },
        ],
      },
    });
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().message).toContain('close after they open');
    expect(backwards.json().details).toEqual([
      { path: 'provider.business_hours.days.1', message: 'Closes before it opens.' },
    ]);
    const badNumber = await patchCall(owner, channel.id, { forward_to: '0415 555' });
    expect(badNumber.statusCode).toBe(400);
    expect(badNumber.json().details[0].path).toBe('provider.forward_to');
    expect((await settingsOf(owner, channel.id)).json().settings).toMatchObject({
      greeting: 'Hello & welcome to Acme.',
      forward_to: FORWARD_TO,
      business_hours: null,
    });
    // The same checks when the channel is created.
    const created = await as(ctx, owner).post('/dashboardapi/supportchannel', {
      type: 'call',
      name: 'Second line',
      account_sid: fake.accountSid,
      auth_token: fake.authToken,
      phone_number: NUMBER,
      business_hours: { time_zone: 'Atlantis/Capital', days: [] },
    });
    expect(created.statusCode).toBe(400);
    expect(created.json().details).toEqual([
      { path: 'business_hours.time_zone', message: 'Unknown time zone.' },
    ]);
  });

  it("another account's channel is not found; agents cannot open the edit form", async () => {
    const { owner, mate } = await ownerAndTeammate(ctx);
    const channel = await callChannel(owner);
    const stranger = await signUp(ctx);
    expect((await settingsOf(stranger, channel.id)).statusCode).toBe(404);
    expect((await patchCall(stranger, channel.id, { greeting: 'Hijacked' })).statusCode).toBe(404);
    expect((await settingsOf(mate, channel.id)).statusCode).toBe(403);
    expect((await patchCall(mate, channel.id, { greeting: 'Hijacked' })).statusCode).toBe(403);
    expect((await settingsOf(owner, channel.id)).json().settings.greeting).toBe(
      'Hello & welcome to Acme.',
    );
  });
});

describe('Twilio Voice signatures (bad or missing signature stores nothing)', () => {
  it('a right signature is accepted; a wrong or missing one gets 403 and stores nothing', async () => {
    const owner = await signUp(ctx);
    const channel = await callChannel(owner);
    const wrong = await incomingCall(channel.id, sid('CA'), customerPhone(), {
      token: 'f'.repeat(32),
    });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json().code).toBe('forbidden');
    const missing = await incomingCall(channel.id, sid('CA'), customerPhone(), { signature: null });
    expect(missing.statusCode).toBe(403);
    expect(await callRowsOf(channel.id)).toHaveLength(0);
    const right = await incomingCall(channel.id, sid('CA'), customerPhone());
    expect(right.statusCode).toBe(200);
    expect(await callRowsOf(channel.id)).toHaveLength(1);
  });
});

describe('Calls as conversation entries', () => {
  it('a retried incoming webhook with the same CallSid makes one entry', async () => {
    const owner = await signUp(ctx);
    const channel = await callChannel(owner);
    const callSid = sid('CA');
    const from = customerPhone();
    await incomingCall(channel.id, callSid, from);
    const again = await incomingCall(channel.id, callSid, from);
    expect(again.statusCode).toBe(200);
    const rows = await callRowsOf(channel.id);
    expect(rows).toHaveLength(1);
    const entries = await ctx.deps.db
      .select()
      .from(messages)
      .where(eq(messages.supportChannelId, channel.id));
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ kind: 'call', direction: 'incoming' });
  });

  it('an answered call records its duration and does not wait for an answer', async () => {
    const owner = await signUp(ctx);
    const channel = await callChannel(owner);
    const callSid = sid('CA');
    await incomingCall(channel.id, callSid, customerPhone());
    await twilioPost(voice(channel.id, 'dial-status'), {
      CallSid: callSid,
      AccountSid: fake.accountSid,
      DialCallStatus: 'completed',
      DialCallDuration: '125',
    });
    const [row] = await callRowsOf(channel.id);
    expect(row).toMatchObject({ outcome: 'answered', durationSeconds: 125 });
    const { message, conversation } = await conversationOfMessage(row!.messageId);
    expect(message.body).toContain('answered · 2:05');
    expect(conversation.waitingSince).toBeNull();
  });

  it('a missed call is an entry on the caller’s contact and makes the conversation wait', async () => {
    const owner = await signUp(ctx);
    const channel = await callChannel(owner);
    const callSid = sid('CA');
    const from = customerPhone();
    await incomingCall(channel.id, callSid, from);
    await twilioPost(voice(channel.id, 'status'), {
      CallSid: callSid,
      AccountSid: fake.accountSid,
      CallStatus: 'completed',
      CallDuration: '4',
    });
    const [row] = await callRowsOf(channel.id);
    expect(row).toMatchObject({ outcome: 'missed', durationSeconds: 4, fromNumber: from });
    const { conversation } = await conversationOfMessage(row!.messageId);
    expect(conversation.status).toBe('open');
    expect(conversation.waitingSince).not.toBeNull();
    const list = await as(ctx, owner).get(`/dashboardapi/conversations/${conversation.id}/calls`);
    expect(list.json().items).toEqual([
      expect.objectContaining({ call_sid: callSid, direction: 'incoming', outcome: 'missed' }),
    ]);
  });

  it('stores the voicemail recording as an attachment and attaches the transcription', async () => {
    const owner = await signUp(ctx);
    const channel = await callChannel(owner);
    const callSid = sid('CA');
    await incomingCall(channel.id, callSid, customerPhone());
    await twilioPost(voice(channel.id, 'dial-status'), {
      CallSid: callSid,
      AccountSid: fake.accountSid,
      DialCallStatus: 'busy',
    });
    const audio = Buffer.from('ID3 fake mp3 voicemail bytes');
    const { recordingSid, recordingUrl } = fake.addRecording(audio);
    const voicemailParams = {
      CallSid: callSid,
      AccountSid: fake.accountSid,
      RecordingSid: recordingSid,
      RecordingUrl: recordingUrl,
      RecordingDuration: '12',
    };
    const res = await twilioPost(voice(channel.id, 'voicemail'), voicemailParams);
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<Hangup/>');
    // A retried Record action does not store the recording twice.
    await twilioPost(voice(channel.id, 'voicemail'), voicemailParams);
    expect(fake.recordingAuthorization.at(-1)).toMatch(/^Basic /);

    const [row] = await callRowsOf(channel.id);
    expect(row).toMatchObject({ outcome: 'voicemail', recordingSid });
    const files = await ctx.deps.db
      .select()
      .from(attachments)
      .where(eq(attachments.messageId, row!.messageId));
    expect(files).toHaveLength(1);
    expect(files[0]).toMatchObject({ contentType: 'audio/mpeg', size: audio.length });
    expect(row!.recordingAttachmentId).toBe(files[0]!.id);
    const chunks: Buffer[] = [];
    for await (const c of readStored(fileStoreOf(ctx.deps), files[0]!.storageKey))
      chunks.push(c as Buffer);
    expect(Buffer.concat(chunks).equals(audio)).toBe(true);

    await twilioPost(voice(channel.id, 'transcription'), {
      CallSid: callSid,
      AccountSid: fake.accountSid,
      RecordingSid: recordingSid,
      TranscriptionStatus: 'completed',
      TranscriptionText: 'Hi, please call me about my order.',
    });
    const [after] = await callRowsOf(channel.id);
    expect(after!.transcription).toBe('Hi, please call me about my order.');
    const { message, conversation } = await conversationOfMessage(row!.messageId);
    expect(message.body).toContain('Hi, please call me about my order.');
    expect(conversation.waitingSince).not.toBeNull();
  });
});

describe('The call’s inbox row follows the call', () => {
  it('a call that went straight to voicemail reads voicemail in the list, not ringing; a later message keeps its own preview', async () => {
    const owner = await signUp(ctx);
    const channel = await callChannel(owner, { forward_to: null });
    const callSid = sid('CA');
    const from = customerPhone();
    await incomingCall(channel.id, callSid, from);
    const [ringing] = await callRowsOf(channel.id);
    const { conversation: before } = await conversationOfMessage(ringing!.messageId);
    expect(before.lastMessagePreview).toBe(`Incoming call from ${from} · ringing`);

    const { recordingSid, recordingUrl } = fake.addRecording(Buffer.from('ID3 voicemail'));
    await twilioPost(voice(channel.id, 'voicemail'), {
      CallSid: callSid,
      AccountSid: fake.accountSid,
      RecordingSid: recordingSid,
      RecordingUrl: recordingUrl,
      RecordingDuration: '7',
    });
    await twilioPost(voice(channel.id, 'status'), {
      CallSid: callSid,
      AccountSid: fake.accountSid,
      CallStatus: 'completed',
      CallDuration: '21',
    });
    const { conversation } = await conversationOfMessage(ringing!.messageId);
    expect(conversation.lastMessagePreview).toBe(`Incoming call from ${from} · voicemail · 0:21`);
    const listed = await as(ctx, owner).get(`/dashboardapi/conversations/${conversation.id}`);
    expect(listed.json()).toMatchObject({
      last_message_preview: `Incoming call from ${from} · voicemail · 0:21`,
    });

    // The customer writes afterwards: the transcription arriving late changes the entry only.
    await recordInbound(ctx.deps, {
      accountId: owner.accountId,
      supportChannelId: channel.id,
      brandId: null,
      identity: { kind: 'phone', value: from, phone: from },
      body: 'Did you get my voicemail?',
      conversationId: conversation.id,
    });
    await twilioPost(voice(channel.id, 'transcription'), {
      CallSid: callSid,
      AccountSid: fake.accountSid,
      RecordingSid: recordingSid,
      TranscriptionStatus: 'completed',
      TranscriptionText: 'Please call me back.',
    });
    const { conversation: last } = await conversationOfMessage(ringing!.messageId);
    expect(last.lastMessagePreview).toBe('Did you get my voicemail?');
  });
});

describe('Calling the customer back', () => {
  async function missedCallConversation(owner: Session) {
    const channel = await callChannel(owner);
    const callSid = sid('CA');
    const from = customerPhone();
    await incomingCall(channel.id, callSid, from);
    const [row] = await callRowsOf(channel.id);
    const { conversation } = await conversationOfMessage(row!.messageId);
    return { channel, conversationId: conversation.id, from };
  }

  it("asks Twilio's Calls API to call the customer, then follows the status callbacks", async () => {
    const owner = await signUp(ctx);
    const { channel, conversationId, from } = await missedCallConversation(owner);
    const res = await as(ctx, owner).post(`/dashboardapi/conversations/${conversationId}/call`, {
      agent_phone: '+14155550777',
    });
    expect(res.statusCode).toBe(201);
    const created = res.json();
    expect(created).toMatchObject({ direction: 'outgoing', outcome: 'ringing', to_number: from });
    const sent = fake.calls.at(-1)!;
    expect(sent.authorized).toBe(true);
    const callRow = (await callRowsOf(channel.id)).find((c) => c.direction === 'outgoing')!;
    expect(Object.fromEntries(sent.form)).toMatchObject({
      To: from,
      From: NUMBER,
      Url: `${PUBLIC_URL}${voice(channel.id, 'connect-agent')}?call_id=${callRow.id}`,
      StatusCallback: `${PUBLIC_URL}${voice(channel.id, 'status')}?call_id=${callRow.id}`,
    });
    expect(sent.form.getAll('StatusCallbackEvent')).toEqual([
      'initiated',
      'ringing',
      'answered',
      'completed',
    ]);

    // The customer picks up: Twilio asks for the TwiML, which rings the agent's phone.
    const twiml = await twilioPost(`${voice(channel.id, 'connect-agent')}?call_id=${callRow.id}`, {
      CallSid: created.call_sid,
      AccountSid: fake.accountSid,
      CallStatus: 'in-progress',
    });
    expect(twiml.body).toContain(`<Dial callerId="${NUMBER}"><Number>+14155550777</Number></Dial>`);

    const status = (CallStatus: string, extra: Record<string, string> = {}) =>
      twilioPost(`${voice(channel.id, 'status')}?call_id=${callRow.id}`, {
        CallSid: created.call_sid,
        AccountSid: fake.accountSid,
        CallStatus,
        ...extra,
      });
    await status('ringing');
    await status('in-progress');
    await status('completed', { CallDuration: '61' });
    const list = await as(ctx, owner).get(`/dashboardapi/conversations/${conversationId}/calls`);
    expect(list.json().items.at(-1)).toMatchObject({
      direction: 'outgoing',
      outcome: 'answered',
      provider_status: 'completed',
      duration_seconds: 61,
    });
  });

  it('Twilio answering 5xx on call creation is a clear error and leaves no entry', async () => {
    const owner = await signUp(ctx);
    const { channel, conversationId } = await missedCallConversation(owner);
    fake.answerNextCall(twilioError(503, 20500, 'Service Unavailable'));
    const res = await as(ctx, owner).post(`/dashboardapi/conversations/${conversationId}/call`, {
      agent_phone: '+14155550777',
    });
    expect(res.statusCode).toBe(502);
    expect(res.json()).toMatchObject({ code: 'provider_error' });
    expect(res.json().message).toContain('Twilio is unavailable right now (HTTP 503)');
    expect((await callRowsOf(channel.id)).filter((c) => c.direction === 'outgoing')).toHaveLength(
      0,
    );
  });

  it('refuses an agent phone that is not in international form', async () => {
    const owner = await signUp(ctx);
    const { conversationId } = await missedCallConversation(owner);
    const bad = await as(ctx, owner).post(`/dashboardapi/conversations/${conversationId}/call`, {
      agent_phone: '555',
    });
    expect(bad.statusCode).toBe(400);
  });
});

describe('Callback requests an agent calls from', () => {
  it("calls from a callback request's conversation through the account's Twilio call channel", async () => {
    const owner = await signUp(ctx);
    const channel = await callChannel(owner);
    // The help widget's callback requests land on a bare `call` channel without Twilio.
    const [bare] = await ctx.deps.db
      .insert(supportChannels)
      .values({ accountId: owner.accountId, type: 'call', name: 'Callback requests', settings: {} })
      .returning();
    const phone = customerPhone();
    const filed = await recordInbound(ctx.deps, {
      accountId: owner.accountId,
      supportChannelId: bare!.id,
      brandId: null,
      identity: { kind: 'phone', value: phone, phone, name: 'Cara Customer' },
      body: 'Callback requested: Billing',
      providerMessageId: `callback-${bare!.id}`,
    });
    // Twilio never reaches the bare channel: it has no credentials to verify a signature with.
    const stray = await incomingCall(bare!.id, sid('CA'), phone);
    expect(stray.statusCode).toBe(403);

    const res = await as(ctx, owner).post(
      `/dashboardapi/conversations/${filed.conversationId}/call`,
      { agent_phone: '+14155550777' },
    );
    expect(res.statusCode).toBe(201);
    expect(Object.fromEntries(fake.calls.at(-1)!.form)).toMatchObject({ To: phone, From: NUMBER });
    const list = await as(ctx, owner).get(
      `/dashboardapi/conversations/${filed.conversationId}/calls`,
    );
    expect(list.json().items).toEqual([
      expect.objectContaining({ direction: 'outgoing', to_number: phone }),
    ]);
    expect((await callRowsOf(channel.id)).map((c) => c.direction)).toEqual(['outgoing']);
  });
});

describe('Twilio Voice across accounts (docs/security.md)', () => {
  it("A's channel URL never files into B, and B cannot call on A's conversation", async () => {
    const a = await signUp(ctx);
    const b = await signUp(ctx);
    const aChannel = await callChannel(a);
    const bChannel = await callChannel(b);
    // Signed with the same Twilio token but naming A's channel: filed only into A.
    const callSid = sid('CA');
    await incomingCall(aChannel.id, callSid, customerPhone());
    expect(await callRowsOf(bChannel.id)).toHaveLength(0);
    const [row] = await callRowsOf(aChannel.id);
    expect(row!.accountId).toBe(a.accountId);
    // A status callback on B's URL for A's call changes nothing.
    await twilioPost(voice(bChannel.id, 'status'), {
      CallSid: callSid,
      AccountSid: fake.accountSid,
      CallStatus: 'completed',
      CallDuration: '9',
    });
    const [still] = await callRowsOf(aChannel.id);
    expect(still!.outcome).toBe('ringing');

    const { conversation } = await conversationOfMessage(row!.messageId);
    const callsBefore = fake.calls.length;
    const res = await as(ctx, b).post(`/dashboardapi/conversations/${conversation.id}/call`, {
      agent_phone: '+14155550777',
    });
    expect(res.statusCode).toBe(404);
    const list = await as(ctx, b).get(`/dashboardapi/conversations/${conversation.id}/calls`);
    expect(list.statusCode).toBe(404);
    expect(fake.calls.length).toBe(callsBefore);
  });
});
