import { sql } from 'drizzle-orm';
import { executePrepared, type Db } from '../../db/client';
import { Batcher } from '../../lib/batcher';

/** A customer message for the common case: a contact the channel knows, writing again. */
export interface OpenConversationInput {
  accountId: number;
  supportChannelId: number;
  /** When set, the message is stored only if the channel is the account's and of this type. */
  channelType: string | null;
  identityKind: string;
  identityValue: string;
  body: string;
  bodyHtml: string | null;
  providerMessageId: string | null;
  automatic: boolean;
  at: Date;
  preview: string;
}

/**
 * Null fields: the contact or their open conversation is unknown (the caller takes the full path).
 * A null messageId with a conversation: the provider message was stored before (a retry).
 */
export interface OpenConversationRow {
  contactId: number | null;
  conversationId: number | null;
  messageId: number | null;
}

/**
 * Two batches at a time: while they run, the messages that arrive wait and go in the next one
 * (design.md §7, inbound throughput: one statement and one commit for a burst instead of one
 * each, and two of the pool's connections instead of one per waiting request).
 */
const MAX_IN_FLIGHT = 2;
const MAX_BATCH = 100;

/**
 * The text with each lone UTF-16 surrogate replaced by U+FFFD, as the driver's UTF-8 encoding
 * writes a text parameter: JSON keeps a lone surrogate as an escape (`\ud83d`) that PostgreSQL's
 * jsonb refuses, and a preview cut after 140 units can end in half an emoji.
 */
const wellFormed = (text: string) =>
  text.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD');

const batchers = new WeakMap<Db, Batcher<OpenConversationInput, OpenConversationRow>>();

/** Stores the message in its contact's open conversation on the channel, in a batch. */
export function recordOnOpenConversationBatched(
  db: Db,
  input: OpenConversationInput,
): Promise<OpenConversationRow> {
  let batcher = batchers.get(db);
  if (!batcher) {
    batcher = new Batcher((inputs) => recordBatch(db, inputs), {
      maxInFlight: MAX_IN_FLIGHT,
      maxBatch: MAX_BATCH,
    });
    batchers.set(db, batcher);
  }
  return batcher.submit(input);
}

/**
 * One statement for a batch of messages (atomic, like the transaction of the full path):
 *   - each message finds its contact by the channel identity and the contact's newest open
 *     conversation on the channel (and, with a channel type, that the channel is the account's);
 *   - the found ones are inserted with ids drawn beforehand, to answer each its own id; a retried
 *     provider message conflicts on messages_provider_id_key and is skipped (also when the same
 *     id comes twice in one batch);
 *   - each conversation is touched once, as its stored messages would touch it one by one: the
 *     last one's time and preview, reopened and waiting from the first that is not automatic
 *     (an auto-reply only shows up in the thread). Rows are locked in id order, so two batches
 *     never deadlock on the conversations they share.
 */
async function recordBatch(
  db: Db,
  inputs: OpenConversationInput[],
): Promise<OpenConversationRow[]> {
  const payload = JSON.stringify(
    inputs.map((m, ord) => ({
      ord,
      account_id: m.accountId,
      channel_id: m.supportChannelId,
      channel_type: m.channelType,
      kind: m.identityKind,
      value: m.identityValue,
      body: m.body,
      body_html: m.bodyHtml,
      provider_message_id: m.providerMessageId,
      automatic: m.automatic,
      at: m.at.toISOString(),
      preview: m.preview,
    })),
    (_key, value: unknown) => (typeof value === 'string' ? wellFormed(value) : value),
  );
  // Prepared: one text whatever the batch's size (design.md §7 inbound rate).
  const rows = await executePrepared<{
    ord: number;
    contactId: number | null;
    conversationId: number | null;
    messageId: number | string | null;
  }>(
    db,
    sql`
    with input as (
      select * from jsonb_to_recordset(${payload}::jsonb) as i(ord int, account_id int,
        channel_id int, channel_type text, kind text, value text, body text, body_html text,
        provider_message_id text, automatic boolean, at timestamptz, preview text)
    ), matched as (
      select i.*, known.contact_id, open.id as conversation_id,
        nextval('messages_id_seq') as message_id
      from input i
      -- limit 1 keeps each lookup an index probe, whatever the planner guesses of the input
      cross join lateral (
        select ci.contact_id from contact_identities ci
        where ci.account_id = i.account_id and ci.kind = i.kind and ci.value = i.value
        limit 1
      ) known
      cross join lateral (
        select c.id from conversations c
        where c.account_id = i.account_id and c.support_channel_id = i.channel_id
          and c.contact_id = known.contact_id and c.status <> 'closed'
          and (i.channel_type is null or exists (
            select 1 from support_channels s
            where s.id = i.channel_id and s.account_id = i.account_id and s.type = i.channel_type))
        order by c.last_activity_at desc
        limit 1
      ) open
    ), stored as (
      insert into messages (id, account_id, conversation_id, support_channel_id, direction,
        kind, body, body_html, sender_contact_id, provider_message_id, auto_submitted, created_at)
      overriding system value
      select message_id, account_id, conversation_id, channel_id, 'incoming', 'message', body,
        body_html, contact_id, provider_message_id, automatic, at
      from matched
      order by ord
      on conflict do nothing
      returning id
    ), touch as (
      select m.conversation_id,
        bool_or(not m.automatic) as reopens,
        (array_agg(m.at order by m.ord) filter (where not m.automatic))[1] as waits_from,
        (array_agg(m.at order by m.ord desc))[1] as last_at,
        (array_agg(m.preview order by m.ord desc))[1] as last_preview
      from matched m
      join stored s on s.id = m.message_id
      group by m.conversation_id
    ), locked as (
      select c.id from conversations c
      where c.id in (select conversation_id from touch)
      order by c.id
      for no key update
    ), touched as (
      update conversations c set
        status = case when t.reopens then 'open' else c.status end,
        snoozed_until = case when t.reopens then null else c.snoozed_until end,
        waiting_since = coalesce(c.waiting_since, t.waits_from),
        last_activity_at = t.last_at,
        last_incoming_at = t.last_at,
        last_message_preview = t.last_preview
      from touch t
      where c.id = t.conversation_id and c.id in (select id from locked)
      returning c.id
    )
    select i.ord, m.contact_id as "contactId", m.conversation_id as "conversationId",
      s.id as "messageId", (select count(*) from touched)::int as touched
    from input i
    left join matched m on m.ord = i.ord
    left join stored s on s.id = m.message_id
    order by i.ord`,
  );
  const byOrd = new Map(rows.map((r) => [r.ord, r]));
  return inputs.map((_, ord) => {
    const row = byOrd.get(ord);
    return {
      contactId: row?.contactId ?? null,
      conversationId: row?.conversationId ?? null,
      messageId: row?.messageId == null ? null : Number(row.messageId),
    };
  });
}
