import { and, eq, sql } from 'drizzle-orm';
import {
  ATTACHMENT_TOTAL_LIMIT_BYTES,
  CALL_CHANNEL_DEFAULTS,
  WIDGET_CHAT_DEFAULTS,
  type CallChannelCreateBody,
  type CallChannelSettings,
  type CallDetails,
  type CallOutcome,
  type ProviderSettingsPatch,
  type StartCallBody,
  type WidgetChatSettings,
} from '@parley/contracts';
import { attachments, calls, conversations, messages } from '../../db/schema';
import type { Deps } from '../../lib/deps';
import { AppError, apiText, badRequest, notFound } from '../../lib/errors';
import type { AgentContext } from '../../lib/http-types';
import { safeGet } from '../../lib/safe-fetch';
import { storeInboundFiles } from '../attachments/attachments.service';
import {
  noteChannelError,
  noteChannelInbound,
  type ChannelDescription,
  type ChannelRow,
} from '../channels/channels.public';
import {
  assertOwnBrand,
  createProviderChannel,
  findOwnChannel,
  saveProviderCredentials,
} from '../channels/channels.service';
import { preview } from '../conversations/conversations.service';
import { recordInbound } from '../conversations/inbound.service';
import { checkBusinessHours, isOpenAt } from '../widget-chat/widget-chat.public';
import {
  basicAuth,
  param,
  twilioApi,
  twilioCredentialsOf,
  twilioErrorText,
  verifyTwilioCallback,
  type FormParams,
  type TwilioCredentials,
  type TwilioWebhookRequest,
} from '../twilio-sms/twilio-sms.public';
import {
  findCallBySid,
  findConversationForCall,
  findOutgoingCall,
  listCallsOfConversation,
  toCallDetails,
  twilioCallChannels,
  updateCall,
  type CallRow,
} from './twilio-voice.queries';
import {
  HANG_UP,
  VOICEMAIL_PROMPT,
  connectAgentTwiml,
  dialTwiml,
  sayAndHangUp,
  voicemailTwiml,
} from './twiml';

export const CALL = 'call';

type BusinessHours = WidgetChatSettings['business_hours'];

interface CallSettings {
  account_sid: string;
  phone_number: string;
  greeting: string;
  forward_to: string | null;
  ring_seconds: number;
  voicemail_max_seconds: number;
  business_hours: BusinessHours;
  closed_message: string | null;
}

const base = (channelId: number) => `/dashboardapi/twilio/voice/${channelId}`;
export const voicePaths = {
  incoming: (id: number) => `${base(id)}/incoming`,
  dialStatus: (id: number) => `${base(id)}/dial-status`,
  voicemail: (id: number) => `${base(id)}/voicemail`,
  transcription: (id: number) => `${base(id)}/transcription`,
  status: (id: number) => `${base(id)}/status`,
  connectAgent: (id: number) => `${base(id)}/connect-agent`,
};

function settingsOf(channel: ChannelRow): CallSettings {
  const s = channel.settings;
  const num = (v: unknown, fallback: number) => (typeof v === 'number' ? v : fallback);
  return {
    account_sid: String(s.account_sid ?? ''),
    phone_number: String(s.phone_number ?? ''),
    greeting: typeof s.greeting === 'string' ? s.greeting : CALL_CHANNEL_DEFAULTS.greeting,
    forward_to: typeof s.forward_to === 'string' ? s.forward_to : null,
    ring_seconds: num(s.ring_seconds, CALL_CHANNEL_DEFAULTS.ring_seconds),
    voicemail_max_seconds: num(
      s.voicemail_max_seconds,
      CALL_CHANNEL_DEFAULTS.voicemail_max_seconds,
    ),
    business_hours: (s.business_hours as BusinessHours | undefined) ?? null,
    closed_message: typeof s.closed_message === 'string' ? s.closed_message : null,
  };
}

/** The callback-request channel (modules/callbacks) is a `call` channel without Twilio. */
const isTwilioConnected = (channel: ChannelRow) =>
  channel.secretsEncrypted !== null && settingsOf(channel).account_sid !== '';

export function callCallbackUrls(deps: Deps, channelId: number) {
  return [
    {
      label: "A call comes in (the number's Voice webhook, HTTP POST)",
      url: `${deps.config.publicUrl}${voicePaths.incoming(channelId)}`,
    },
    {
      label: "Call status changes (the number's Voice status callback, HTTP POST)",
      url: `${deps.config.publicUrl}${voicePaths.status(channelId)}`,
    },
  ];
}

export function describeCallChannel(deps: Deps, channel: ChannelRow): ChannelDescription {
  if (!isTwilioConnected(channel)) return { details: null, callbackUrls: [] };
  const s = settingsOf(channel);
  const rings = s.forward_to
    ? `forwards to ${s.forward_to} for ${s.ring_seconds}s, then voicemail`
    : 'voicemail only';
  return {
    details: `${s.phone_number} · ${rings} · Twilio ${s.account_sid}`,
    callbackUrls: callCallbackUrls(deps, channel.id),
  };
}

/** A call channel: the Twilio number, how calls are answered, the auth token sealed at rest. */
export async function createCallChannel(
  deps: Deps,
  accountId: number,
  body: CallChannelCreateBody,
) {
  checkBusinessHours(body.business_hours ?? null, 'business_hours');
  await assertOwnBrand(deps.db, accountId, body.brand_id);
  const settings: CallSettings = {
    account_sid: body.account_sid,
    phone_number: body.phone_number,
    greeting: body.greeting,
    forward_to: body.forward_to ?? null,
    ring_seconds: body.ring_seconds,
    voicemail_max_seconds: body.voicemail_max_seconds,
    business_hours: body.business_hours ?? null,
    closed_message: body.closed_message ?? null,
  };
  return createProviderChannel(
    deps,
    accountId,
    body,
    { type: CALL, settings, secrets: { auth_token: body.auth_token } },
    (row) => callCallbackUrls(deps, row.id),
  );
}

/** What the channel's edit form loads: its settings as saved (the auth token never leaves). */
export function callChannelSettingsOf(channel: ChannelRow): CallChannelSettings {
  const { account_sid, phone_number, ...answering } = settingsOf(channel);
  return { kind: 'call', account_sid, phone_number, ...answering };
}

/**
 * The edit form's changes (PATCH `provider`): omitted fields keep their value; the answering
 * (greeting, forward-to, ring and voicemail time, business hours) applies from the next call.
 */
export async function updateCallSettings(
  deps: Deps,
  channel: ChannelRow,
  patch: Extract<ProviderSettingsPatch, { type: 'call' }>,
) {
  checkBusinessHours(patch.business_hours ?? null, 'provider.business_hours');
  const { type: _type, auth_token, ...changes } = patch;
  const defined = Object.fromEntries(Object.entries(changes).filter(([, v]) => v !== undefined));
  const next = { ...settingsOf(channel), ...defined };
  if (!next.account_sid) throw badRequest('Enter the Account SID of the Twilio account.');
  const token =
    auth_token ?? (channel.secretsEncrypted ? twilioCredentialsOf(deps, channel).authToken : null);
  if (!token) throw badRequest('Enter the Auth Token of the Twilio account.');
  await saveProviderCredentials(deps, channel, { settings: next, secrets: { auth_token: token } });
}

/** The call channel a Twilio Voice callback names, proven by X-Twilio-Signature (else 403). */
const authenticateCallback = (deps: Deps, webhook: TwilioWebhookRequest) =>
  verifyTwilioCallback(
    deps,
    {
      type: CALL,
      credentialsOf: (channel) =>
        isTwilioConnected(channel) ? twilioCredentialsOf(deps, channel) : null,
    },
    webhook,
  );

const requireParam = (params: FormParams, key: string) => {
  const v = param(params, key);
  if (!v) throw badRequest(apiText('{key} is required.', { key }));
  return v;
};

function formatDuration(seconds: number) {
  const m = Math.floor(seconds / 60);
  const s = seconds % 60;
  return `${m}:${String(s).padStart(2, '0')}`;
}

const OUTCOME_WORDS: Record<CallOutcome, string> = {
  ringing: 'ringing',
  answered: 'answered',
  missed: 'missed',
  voicemail: 'voicemail',
  failed: 'not connected',
};

/** The entry's text (inbox preview, search): "Incoming call · missed", then the transcription. */
export function callSummary(
  c: Pick<
    CallRow,
    'direction' | 'outcome' | 'durationSeconds' | 'transcription' | 'fromNumber' | 'toNumber'
  >,
) {
  const who =
    c.direction === 'incoming'
      ? `Incoming call from ${c.fromNumber ?? 'unknown'}`
      : `Outgoing call to ${c.toNumber ?? 'unknown'}`;
  const parts = [who, OUTCOME_WORDS[c.outcome]];
  if (c.durationSeconds !== null && c.durationSeconds > 0)
    parts.push(formatDuration(c.durationSeconds));
  const lines = [parts.join(' · ')];
  if (c.transcription) lines.push(`Voicemail: “${c.transcription}”`);
  return lines.join('\n');
}

/**
 * The call's row changes; its entry's text follows, and the agents see it live. While the call is
 * still the conversation's latest entry, the inbox row's preview follows too (a call that ended in
 * voicemail no longer reads "ringing" in the list).
 */
async function changeCall(deps: Deps, call: CallRow, patch: Partial<CallRow>) {
  const next = await updateCall(deps.db, call.id, patch);
  const [msg] = await deps.db
    .update(messages)
    .set({ body: callSummary(next) })
    .where(eq(messages.id, next.messageId))
    .returning({ conversationId: messages.conversationId });
  const conversationId = msg!.conversationId;
  deps.events.emit('message_updated', {
    accountId: next.accountId,
    conversationId,
    messageId: next.messageId,
  });
  const before = preview(callSummary(call));
  const after = preview(callSummary(next));
  if (before !== after) {
    // Only the preview this entry wrote is replaced: a later message's preview stays.
    const changed = await deps.db
      .update(conversations)
      .set({ lastMessagePreview: after })
      .where(
        and(
          eq(conversations.id, conversationId),
          eq(conversations.accountId, next.accountId),
          eq(conversations.lastMessagePreview, before),
        ),
      )
      .returning({ id: conversations.id });
    if (changed.length > 0)
      deps.events.emit('conversation_updated', { accountId: next.accountId, conversationId });
  }
  return next;
}

/** A missed call waits for an answer in the inbox like a customer message (reopened, unread). */
async function markWaiting(deps: Deps, call: CallRow) {
  const at = new Date();
  const [msg] = await deps.db
    .select({ conversationId: messages.conversationId })
    .from(messages)
    .where(eq(messages.id, call.messageId))
    .limit(1);
  if (!msg) return;
  await deps.db
    .update(conversations)
    .set({
      status: 'open',
      snoozedUntil: null,
      waitingSince: sql`coalesce(${conversations.waitingSince}, ${at.toISOString()}::timestamptz)`,
      lastIncomingAt: at,
      lastActivityAt: at,
    })
    .where(eq(conversations.id, msg.conversationId));
  deps.events.emit('conversation_updated', {
    accountId: call.accountId,
    conversationId: msg.conversationId,
  });
}

const absolute = (deps: Deps, path: string) => `${deps.config.publicUrl}${path}`;

function voicemailFor(deps: Deps, channel: ChannelRow, prompt = VOICEMAIL_PROMPT) {
  const s = settingsOf(channel);
  return voicemailTwiml({
    prompt,
    maxLength: s.voicemail_max_seconds,
    action: absolute(deps, voicePaths.voicemail(channel.id)),
    transcribeCallback: absolute(deps, voicePaths.transcription(channel.id)),
  });
}

/**
 * A call comes in: filed once per CallSid as a `call` entry on the caller's contact (identity
 * `phone`), then answered — closed hours or no forward number go to voicemail; else the greeting
 * and the forwarded phone rings for ring_seconds.
 */
export async function handleIncomingCall(
  deps: Deps,
  webhook: TwilioWebhookRequest,
  now = new Date(),
) {
  const { channel } = await authenticateCallback(deps, webhook);
  const params = webhook.form;
  const callSid = requireParam(params, 'CallSid');
  const from = requireParam(params, 'From');
  const to = param(params, 'To') ?? settingsOf(channel).phone_number;
  const entry = {
    direction: 'incoming' as const,
    outcome: 'ringing' as const,
    durationSeconds: null,
    transcription: null,
    fromNumber: from,
    toNumber: to,
  };
  await recordInbound(deps, {
    accountId: channel.accountId,
    supportChannelId: channel.id,
    brandId: channel.brandId,
    identity: { kind: 'phone', value: from, phone: from },
    body: callSummary(entry),
    providerMessageId: callSid,
    // Ringing is not yet waiting: only a missed call or a voicemail asks for an answer.
    automatic: true,
    inTransaction: async (tx, stored) => {
      await tx.update(messages).set({ kind: 'call' }).where(eq(messages.id, stored.messageId));
      await tx.insert(calls).values({
        accountId: channel.accountId,
        supportChannelId: channel.id,
        messageId: stored.messageId,
        callSid,
        providerStatus: param(params, 'CallStatus') ?? 'ringing',
        ...entry,
      });
    },
  });
  await noteChannelInbound(deps.db, channel.id);

  const s = settingsOf(channel);
  const open = isOpenAt({ ...WIDGET_CHAT_DEFAULTS, business_hours: s.business_hours }, now);
  if (!open)
    return voicemailFor(
      deps,
      channel,
      s.closed_message ?? `We are closed right now. ${VOICEMAIL_PROMPT}`,
    );
  if (!s.forward_to) return voicemailFor(deps, channel, `${s.greeting} ${VOICEMAIL_PROMPT}`);
  return dialTwiml({
    greeting: s.greeting,
    forwardTo: s.forward_to,
    callerId: from,
    timeout: s.ring_seconds,
    action: absolute(deps, voicePaths.dialStatus(channel.id)),
  });
}

async function callOfChannel(deps: Deps, channel: ChannelRow, params: FormParams) {
  const call = await findCallBySid(deps.db, channel.id, requireParam(params, 'CallSid'));
  if (!call || call.accountId !== channel.accountId) throw notFound('That call was not found.');
  return call;
}

/** <Dial>'s action: answered ends the call; no-answer, busy or failed goes to voicemail. */
export async function handleDialStatus(deps: Deps, webhook: TwilioWebhookRequest) {
  const { channel } = await authenticateCallback(deps, webhook);
  const params = webhook.form;
  const call = await callOfChannel(deps, channel, params);
  const dialStatus = (param(params, 'DialCallStatus') ?? '').toLowerCase();
  if (dialStatus === 'completed' || dialStatus === 'answered') {
    const duration = Number(param(params, 'DialCallDuration'));
    await changeCall(deps, call, {
      outcome: 'answered',
      durationSeconds: Number.isFinite(duration) ? duration : call.durationSeconds,
    });
    return HANG_UP;
  }
  if (call.outcome === 'ringing') {
    await changeCall(deps, call, { outcome: 'missed' });
    await markWaiting(deps, call);
  }
  return voicemailFor(deps, channel);
}

/**
 * A recording (voicemail): fetched from Twilio's own API (TWILIO_API_BASE, never another host a
 * payload names) as MP3 with the account's basic auth, through the egress guard.
 */
async function fetchRecording(deps: Deps, creds: TwilioCredentials, recordingUrl: string) {
  let origin: string | null = null;
  try {
    origin = new URL(recordingUrl).origin;
  } catch {
    origin = null;
  }
  if (origin !== new URL(deps.config.twilio.apiBase).origin)
    throw new Error("the recording is not on Twilio's API");
  const answer = await safeGet(
    `${recordingUrl.replace(/\.(mp3|wav)$/, '')}.mp3`,
    { authorization: basicAuth(creds) },
    { allowPrivate: deps.config.outboundAllowPrivate, maxBytes: ATTACHMENT_TOTAL_LIMIT_BYTES },
  );
  if (answer.status !== 200) throw new Error(`Twilio answered HTTP ${answer.status}`);
  return answer.bytes;
}

/** <Record>'s action: the voicemail is stored as the call's attachment, once per RecordingSid. */
export async function handleVoicemail(deps: Deps, webhook: TwilioWebhookRequest) {
  const { channel, creds } = await authenticateCallback(deps, webhook);
  const params = webhook.form;
  const call = await callOfChannel(deps, channel, params);
  const recordingSid = requireParam(params, 'RecordingSid');
  const recordingUrl = requireParam(params, 'RecordingUrl');
  if (call.recordingSid === recordingSid) return HANG_UP;
  let attachmentId: number | null = null;
  try {
    const bytes = await fetchRecording(deps, creds, recordingUrl);
    const [file] = await storeInboundFiles(deps, [
      {
        file_name: `voicemail-${recordingSid}.mp3`,
        content_type: 'audio/mpeg',
        data: bytes.toString('base64'),
      },
    ]);
    const [row] = await deps.db
      .insert(attachments)
      .values({
        accountId: call.accountId,
        messageId: call.messageId,
        fileName: file!.fileName,
        contentType: file!.contentType,
        size: file!.size,
        storageKey: file!.key,
      })
      .returning({ id: attachments.id });
    attachmentId = row!.id;
  } catch (err) {
    await noteChannelError(
      deps.db,
      channel.id,
      `A voicemail recording could not be stored: ${(err as Error).message}`,
    );
  }
  const wasWaiting = call.outcome === 'missed';
  await changeCall(deps, call, {
    outcome: 'voicemail',
    recordingSid,
    recordingAttachmentId: attachmentId,
  });
  if (!wasWaiting) await markWaiting(deps, call);
  return sayAndHangUp('Thank you. We will call you back. Goodbye.');
}

/** Twilio's transcription of the voicemail, attached to the call when it is ready. */
export async function handleTranscription(deps: Deps, webhook: TwilioWebhookRequest) {
  const { channel } = await authenticateCallback(deps, webhook);
  const params = webhook.form;
  const call = await callOfChannel(deps, channel, params);
  const status = (param(params, 'TranscriptionStatus') ?? '').toLowerCase();
  const text = param(params, 'TranscriptionText')?.trim();
  if (status !== 'completed' || !text) return { updated: false };
  if (call.transcription === text) return { updated: false };
  await changeCall(deps, call, { transcription: text.slice(0, 10_000) });
  return { updated: true };
}

/** Outgoing CallStatus → outcome; incoming calls take theirs from <Dial> and <Record>. */
const OUTGOING_OUTCOMES: Record<string, CallOutcome> = {
  'in-progress': 'answered',
  busy: 'missed',
  'no-answer': 'missed',
  failed: 'failed',
  canceled: 'failed',
};

/**
 * The call's status callback (the number's, for incoming calls; set by Parley on outgoing ones):
 * status and duration; an incoming call hung up while still ringing is a missed call.
 */
export async function handleCallStatus(
  deps: Deps,
  webhook: TwilioWebhookRequest,
  callIdInUrl: number | null,
) {
  const { channel } = await authenticateCallback(deps, webhook);
  const params = webhook.form;
  const callSid = requireParam(params, 'CallSid');
  const call =
    callIdInUrl !== null
      ? await findOutgoingCall(deps.db, {
          accountId: channel.accountId,
          supportChannelId: channel.id,
          id: callIdInUrl,
        })
      : await findCallBySid(deps.db, channel.id, callSid);
  if (!call || call.accountId !== channel.accountId) return { updated: false };
  if (call.callSid && call.callSid !== callSid) return { updated: false };
  const status = (param(params, 'CallStatus') ?? '').toLowerCase();
  const patch: Partial<CallRow> = { providerStatus: status || call.providerStatus, callSid };
  const duration = Number(param(params, 'CallDuration'));
  if (status === 'completed' && Number.isFinite(duration) && call.durationSeconds === null)
    patch.durationSeconds = duration;
  let missed = false;
  if (call.direction === 'outgoing') {
    const outcome = OUTGOING_OUTCOMES[status];
    // A completed call that never reported in-progress was answered when it lasted.
    if (outcome && call.outcome === 'ringing') patch.outcome = outcome;
    else if (outcome === 'answered' && call.outcome !== 'answered') patch.outcome = 'answered';
    else if (status === 'completed' && call.outcome === 'ringing')
      patch.outcome = duration > 0 ? 'answered' : 'missed';
  } else if (
    status === 'completed' ||
    status === 'no-answer' ||
    status === 'busy' ||
    status === 'canceled' ||
    status === 'failed'
  ) {
    if (call.outcome === 'ringing') {
      patch.outcome = 'missed';
      missed = true;
    }
  }
  await changeCall(deps, call, patch);
  if (missed) await markWaiting(deps, call);
  return { updated: true };
}

/** The TwiML of an outgoing call once the customer picks up: the agent's phone rings. */
export async function handleConnectAgent(
  deps: Deps,
  webhook: TwilioWebhookRequest,
  callIdInUrl: number,
) {
  const { channel } = await authenticateCallback(deps, webhook);
  const call = await findOutgoingCall(deps.db, {
    accountId: channel.accountId,
    supportChannelId: channel.id,
    id: callIdInUrl,
  });
  if (!call?.agentPhone) return sayAndHangUp('Sorry, this call can no longer be connected.');
  return connectAgentTwiml({
    agentPhone: call.agentPhone,
    callerId: settingsOf(channel).phone_number,
  });
}

/** GET /dashboardapi/conversations/{id}/calls: the details of the conversation's call entries. */
export async function listCalls(
  deps: Deps,
  agent: AgentContext,
  conversationId: number,
): Promise<CallDetails[]> {
  const conversation = await findConversationForCall(deps.db, {
    accountId: agent.accountId,
    conversationId,
  });
  if (!conversation) throw notFound('That conversation was not found.');
  const rows = await listCallsOfConversation(deps.db, {
    accountId: agent.accountId,
    conversationId,
  });
  return rows.map(toCallDetails);
}

/** The channel an agent's call goes out through: chosen, the conversation's own, or the first. */
async function channelForOutgoingCall(
  deps: Deps,
  accountId: number,
  conversationChannelId: number,
  chosen: number | undefined,
) {
  if (chosen !== undefined) {
    const channel = await findOwnChannel(deps.db, accountId, chosen);
    if (channel.type !== CALL || !isTwilioConnected(channel))
      throw badRequest('That channel is not a Twilio call channel.', {
        support_channel_id: 'Choose a call channel connected to Twilio.',
      });
    return channel;
  }
  const connected = await twilioCallChannels(deps.db, accountId);
  const channel = connected.find((c) => c.id === conversationChannelId) ?? connected[0];
  if (!channel)
    throw badRequest(
      'Connect a Twilio call channel under Settings → Support channels before calling customers.',
    );
  return channel;
}

/**
 * "Call back": Twilio calls the customer from the channel's number (Calls API) and, once they
 * pick up, connects them to the agent's phone. The outgoing `call` entry follows the status
 * callbacks. Twilio refusing or unreachable: a clear error, and no entry is left behind.
 */
export async function startCall(
  deps: Deps,
  agent: AgentContext,
  conversationId: number,
  body: StartCallBody,
) {
  const conversation = await findConversationForCall(deps.db, {
    accountId: agent.accountId,
    conversationId,
  });
  if (!conversation) throw notFound('That conversation was not found.');
  const customerPhone = (conversation.identityPhone ?? conversation.contactPhone ?? '').replace(
    /[\s().-]/g,
    '',
  );
  if (!/^\+[1-9]\d{7,14}$/.test(customerPhone))
    throw badRequest(
      'This contact has no phone number in international form (like +14155550100): add one to the contact first.',
    );
  const channel = await channelForOutgoingCall(
    deps,
    agent.accountId,
    conversation.supportChannelId,
    body.support_channel_id,
  );
  const settings = settingsOf(channel);
  const entry = {
    direction: 'outgoing' as const,
    outcome: 'ringing' as const,
    durationSeconds: null,
    transcription: null,
    fromNumber: settings.phone_number,
    toNumber: customerPhone,
  };
  const created = await deps.db.transaction(async (tx) => {
    const [msg] = await tx
      .insert(messages)
      .values({
        accountId: agent.accountId,
        conversationId,
        supportChannelId: channel.id,
        direction: 'outgoing',
        kind: 'call',
        body: callSummary(entry),
        senderUserId: agent.userId,
      })
      .returning({ id: messages.id });
    const [call] = await tx
      .insert(calls)
      .values({
        accountId: agent.accountId,
        supportChannelId: channel.id,
        messageId: msg!.id,
        agentUserId: agent.userId,
        agentPhone: body.agent_phone,
        providerStatus: 'queued',
        ...entry,
      })
      .returning();
    return call!;
  });
  const forget = () => deps.db.delete(messages).where(eq(messages.id, created.messageId));

  const creds = twilioCredentialsOf(deps, channel);
  const form = new URLSearchParams();
  form.set('To', customerPhone);
  form.set('From', settings.phone_number);
  form.set('Url', absolute(deps, `${voicePaths.connectAgent(channel.id)}?call_id=${created.id}`));
  form.set('Method', 'POST');
  form.set(
    'StatusCallback',
    absolute(deps, `${voicePaths.status(channel.id)}?call_id=${created.id}`),
  );
  form.set('StatusCallbackMethod', 'POST');
  for (const event of ['initiated', 'ringing', 'answered', 'completed'])
    form.append('StatusCallbackEvent', event);

  let answer;
  try {
    answer = await twilioApi(
      deps.config,
      creds,
      'POST',
      `/2010-04-01/Accounts/${encodeURIComponent(creds.accountSid)}/Calls.json`,
      form,
    );
  } catch (err) {
    await forget();
    const unreachable = new AppError(
      502,
      'provider_error',
      apiText('Twilio could not be reached to place the call: {error}. Try again in a moment.', {
        error: (err as Error).message,
      }),
    );
    await noteChannelError(deps.db, channel.id, unreachable.message);
    throw unreachable;
  }
  if (answer.status < 200 || answer.status >= 300) {
    await forget();
    const words = twilioErrorText(answer);
    await noteChannelError(deps.db, channel.id, `Twilio refused a call: ${words}`);
    if (answer.status === 429 || answer.status >= 500)
      throw new AppError(
        502,
        'provider_error',
        apiText(
          'Twilio is unavailable right now (HTTP {status}): {words}. Try the call again in a moment.',
          { status: answer.status, words },
        ),
      );
    throw new AppError(
      422,
      'provider_error',
      apiText('Twilio refused the call: {words}', { words }),
    );
  }
  const sid = typeof answer.json?.sid === 'string' ? answer.json.sid : null;
  const status = typeof answer.json?.status === 'string' ? answer.json.status : 'queued';
  const call = await updateCall(deps.db, created.id, { callSid: sid, providerStatus: status });
  await deps.db
    .update(conversations)
    .set({ lastActivityAt: new Date() })
    .where(and(eq(conversations.id, conversationId), eq(conversations.accountId, agent.accountId)));
  deps.events.emit('message_created', {
    accountId: agent.accountId,
    conversationId,
    messageId: call.messageId,
    isPrivate: false,
  });
  deps.events.emit('conversation_updated', { accountId: agent.accountId, conversationId });
  return toCallDetails(call);
}
