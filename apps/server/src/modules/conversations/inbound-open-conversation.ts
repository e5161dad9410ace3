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
  /**
   * Set when the message may start a new customer: an identity the account does not know yet
   * (and no contact with the same email or phone to merge it with) then gets its contact,
   * identity, conversation and message in one statement for the whole batch.
   */
  newCustomer?: NewCustomer | null | undefined;
}

/** A new customer's contact and first conversation, as the full path would make them. */
export interface NewCustomer {
  name: string | null;
  /** Lower case. */
  email: string | null;
  phone: string | null;
  subject: string | null;
  /** The conversation's brand; undefined: the channel's. */
  brandId?: number | null | undefined;
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
 * (the inbound throughput budget, docs/benchmarks.md: one statement and one commit for a burst instead of one
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
  // Prepared: one text whatever the batch's size (the inbound rate budget, docs/benchmarks.md).
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
  const answers = inputs.map((_, ord) => {
    const row = byOrd.get(ord);
    return {
      contactId: row?.contactId ?? null,
      conversationId: row?.conversationId ?? null,
      messageId: row?.messageId == null ? null : Number(row.messageId),
    };
  });
  // Unknown identities that may be new customers: a second statement for all of them.
  const fresh = inputs.flatMap((m, ord) =>
    answers[ord]!.contactId === null && m.newCustomer ? [ord] : [],
  );
  if (fresh.length > 0) {
    const made = await recordNewCustomers(
      db,
      fresh.map((ord) => inputs[ord]!),
    );
    fresh.forEach((ord, i) => (answers[ord] = made[i]!));
  }
  return answers;
}

/**
 * One statement for the first messages of new customers in a batch (atomic, as the full path's
 * transaction): messages whose identity the account does not know and whose email or phone no
 * contact has (those are merged into that contact by the full path) get
 *   - one contact and identity per identity, however many of its messages the batch holds. The
 *     identity is inserted first and the rest follows only from the identities this statement
 *     inserted: when another batch (or server) stores the same new identity at once, the unique
 *     key makes this one wait for it and skip the identity, and its messages answer null and take
 *     the full path, which finds the contact and conversation the other one made (one contact,
 *     one conversation, never two);
 *   - one conversation per new contact and channel, written as the full path leaves it after
 *     its messages (open, waiting from the first that is not automatic, the last one's time and
 *     preview);
 *   - the messages, with ids drawn beforehand; a retried provider message is skipped.
 * The foreign keys are checked at the end of the statement, when every row is in.
 */
async function recordNewCustomers(
  db: Db,
  inputs: OpenConversationInput[],
): Promise<OpenConversationRow[]> {
  const payload = JSON.stringify(
    inputs.map((m, ord) => {
      const c = m.newCustomer!;
      const digits = c.phone?.replace(/\D/g, '') ?? '';
      return {
        ord,
        account_id: m.accountId,
        channel_id: m.supportChannelId,
        channel_type: m.channelType,
        kind: m.identityKind,
        value: m.identityValue,
        name: c.name,
        email: c.email,
        // the email as an ILIKE pattern matching itself alone (for the trigram index)
        email_like: c.email?.replace(/[\\%_]/g, (ch) => `\\${ch}`) ?? null,
        phone: c.phone,
        digits: digits.length >= 6 ? digits : null,
        subject: c.subject,
        has_brand: c.brandId !== undefined,
        brand_id: c.brandId ?? null,
        body: m.body,
        body_html: m.bodyHtml,
        provider_message_id: m.providerMessageId,
        automatic: m.automatic,
        at: m.at.toISOString(),
        preview: m.preview,
      };
    }),
    (_key, value: unknown) => (typeof value === 'string' ? wellFormed(value) : value),
  );
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
        channel_id int, channel_type text, kind text, value text, name text, email text,
        email_like text, phone text, digits text, subject text, has_brand boolean, brand_id int,
        body text, body_html text, provider_message_id text, automatic boolean, at timestamptz,
        preview text)
    ), eligible as (
      select i.*, case when i.has_brand then i.brand_id else s.brand_id end as conversation_brand
      from input i
      join support_channels s on s.id = i.channel_id and s.account_id = i.account_id
        and (i.channel_type is null or s.type = i.channel_type)
      -- Each check a probe per message (an anti-join read every identity or contact of the
      -- account); LIKE / ILIKE without wildcards are equalities the trigram indexes answer.
      cross join lateral (
        select exists (
            select 1 from contact_identities ci
            where ci.account_id = i.account_id and ci.kind = i.kind and ci.value = i.value
          ) as known,
          case when i.email is null then false else exists (
            select 1 from contacts k
            where k.account_id = i.account_id and k.email ilike i.email_like
              and lower(k.email) = i.email
          ) end as same_email,
          case when i.digits is null then false else exists (
            select 1 from contacts k
            where k.account_id = i.account_id
              and regexp_replace(coalesce(k.phone, ''), '\\D', '', 'g') like i.digits
          ) end as same_phone
      ) seen
      where not seen.known and not seen.same_email and not seen.same_phone
    ), people as (
      select p.*, nextval(pg_get_serial_sequence('contacts', 'id')) as contact_id
      from (
        select distinct on (e.account_id, e.kind, e.value) e.account_id, e.kind, e.value,
          e.channel_id, e.name, e.email, e.phone
        from eligible e order by e.account_id, e.kind, e.value, e.ord
      ) p
    ), identities as (
      insert into contact_identities (account_id, contact_id, kind, value, support_channel_id)
      select account_id, contact_id, kind, value, channel_id from people
      order by account_id, kind, value
      on conflict do nothing
      returning contact_id
    ), new_contacts as (
      insert into contacts (id, account_id, name, email, phone)
      select p.contact_id, p.account_id, p.name, p.email, p.phone
      from people p join identities d on d.contact_id = p.contact_id
      returning id
    ), matched as (
      select e.*, p.contact_id, nextval('messages_id_seq') as message_id
      from eligible e
      join people p on p.account_id = e.account_id and p.kind = e.kind and p.value = e.value
      join identities d on d.contact_id = p.contact_id
    ), threads as (
      select t.*, nextval(pg_get_serial_sequence('conversations', 'id')) as conversation_id
      from (
        select m.contact_id, m.channel_id, min(m.account_id) as account_id,
          (array_agg(m.conversation_brand order by m.ord))[1] as brand_id,
          (array_agg(m.subject order by m.ord))[1] as subject,
          (array_agg(m.at order by m.ord))[1] as created_at,
          (array_agg(m.at order by m.ord) filter (where not m.automatic))[1] as waits_from,
          (array_agg(m.at order by m.ord desc))[1] as last_at,
          (array_agg(m.preview order by m.ord desc))[1] as last_preview
        from matched m group by m.contact_id, m.channel_id
      ) t
    ), new_conversations as (
      insert into conversations (id, account_id, support_channel_id, brand_id, contact_id, subject,
        status, waiting_since, last_activity_at, last_incoming_at, last_message_preview, created_at)
      select conversation_id, account_id, channel_id, brand_id, contact_id, subject, 'open',
        waits_from, last_at, last_at, last_preview, created_at
      from threads
      returning id
    ), stored as (
      insert into messages (id, account_id, conversation_id, support_channel_id, direction,
        kind, body, body_html, sender_contact_id, provider_message_id, auto_submitted, created_at)
      overriding system value
      select m.message_id, m.account_id, t.conversation_id, m.channel_id, 'incoming', 'message',
        m.body, m.body_html, m.contact_id, m.provider_message_id, m.automatic, m.at
      from matched m join threads t on t.contact_id = m.contact_id and t.channel_id = m.channel_id
      order by m.ord
      on conflict do nothing
      returning id
    )
    select i.ord, m.contact_id::int as "contactId", t.conversation_id::int as "conversationId",
      s.id as "messageId",
      (select count(*) from new_contacts)::int + (select count(*) from new_conversations)::int as made
    from input i
    left join matched m on m.ord = i.ord
    left join threads t on t.contact_id = m.contact_id and t.channel_id = m.channel_id
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
