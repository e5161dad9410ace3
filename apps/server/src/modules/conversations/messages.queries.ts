import { sql } from 'drizzle-orm';
import { REACTION_ID_PREFIX, type Message } from '@parley/contracts';
import { executePrepared, intArray, renderedOnce, type Db } from '../../db/client';
import { isoText, jsonText } from '../../db/json-text';

/**
 * A message as the contract's Message, written as JSON text by PostgreSQL (m, with its agent as
 * u and its contact as k): a thread page is read as one text column a row and parsed once,
 * instead of a dozen columns a row mapped and copied field by field. Its attachments are filled
 * by attachFiles (attachments.service), which signs their download links. Rendered to text once.
 */
const MESSAGE_JSON = renderedOnce(
  jsonText.object({
    id: jsonText.scalar(sql`m.id`),
    conversation_id: jsonText.scalar(sql`m.conversation_id`),
    direction: jsonText.string(sql`m.direction`),
    kind: jsonText.string(sql`m.kind`),
    body: jsonText.string(sql`m.body`),
    body_html: jsonText.string(sql`m.body_html`),
    sender: sql`(case
      when m.sender_user_id is not null then ${jsonText.object({
        type: sql`'"agent"'`,
        id: jsonText.scalar(sql`m.sender_user_id`),
        name: jsonText.string(sql`u.name`),
      })}
      when m.sender_contact_id is not null then ${jsonText.object({
        type: sql`'"contact"'`,
        id: jsonText.scalar(sql`m.sender_contact_id`),
        name: jsonText.string(sql`k.name`),
      })}
      else '{"type":"system","id":null,"name":null}' end)`,
    delivery_status: jsonText.string(sql`m.delivery_status`),
    failure_reason: jsonText.string(sql`m.failure_reason`),
    // jsonb's text is JSON.
    email_auth: sql`coalesce(m.email_auth::text, 'null')`,
    activity: sql`coalesce(m.activity::text, 'null')`,
    attachments: sql`'[]'`,
    created_at: jsonText.timestamp(sql`m.created_at`),
    // A reaction names its message by that message's provider id, after REACTION_ID_PREFIX.
    reacted_to: sql`(case when m.kind = 'reaction' then coalesce((
      select ${jsonText.object({
        id: jsonText.scalar(sql`t.id`),
        body: jsonText.string(sql`left(t.body, 300)`),
      })}
      from messages t
      where t.support_channel_id = m.support_channel_id and t.account_id = m.account_id
        and t.provider_message_id = substr(m.provider_message_id, ${sql.raw(String(REACTION_ID_PREFIX.length + 1))})
      limit 1), 'null') else 'null' end)`,
  }),
);

const FROM_MESSAGE = sql`
  from messages m
  left join users u on u.id = m.sender_user_id
  left join contacts k on k.id = m.sender_contact_id`;

const parsed = (rows: { item: string }[]) => rows.map((r) => JSON.parse(r.item) as Message);

/** A page of messages, newest first from the database, answered oldest first for display. */
export async function listMessages(
  db: Db,
  {
    accountId,
    conversationId,
    before,
    limit,
  }: { accountId: number; conversationId: number; before?: number | undefined; limit: number },
) {
  if (!Number.isSafeInteger(limit) || limit < 0) throw new Error(`not a row limit: ${limit}`);
  // Prepared (its text is built once per shape); the limit is written into the text so that the
  // generic plan knows how few rows it reads.
  const rows = await executePrepared<{ item: string }>(
    db,
    sql`
    select ${MESSAGE_JSON} as item
    ${FROM_MESSAGE}
    where m.account_id = ${accountId} and m.conversation_id = ${conversationId}
      ${before ? sql`and m.id < ${before}` : sql``}
    order by m.id desc ${sql.raw(`limit ${limit + 1}`)}`,
  );
  const page = parsed(rows.slice(0, limit)).toReversed();
  return { items: page, has_more: rows.length > limit };
}

export async function findMessage(db: Db, { accountId, id }: { accountId: number; id: number }) {
  return (await findMessages(db, [{ accountId, id }])).get(id) ?? null;
}

/** Several messages (each in its own account) by id. */
export async function findMessages(db: Db, refs: readonly { accountId: number; id: number }[]) {
  if (refs.length === 0) return new Map<number, Message>();
  const rows = await executePrepared<{ item: string }>(
    db,
    sql`
    select ${MESSAGE_JSON} as item
    ${FROM_MESSAGE}
    where m.id = any(${intBigArray(refs.map((r) => r.id))})
      and (m.account_id, m.id) in (
        select * from unnest(${intArray(refs.map((r) => r.accountId))}, ${intBigArray(refs.map((r) => r.id))}))`,
  );
  return new Map(parsed(rows).map((m) => [m.id, m]));
}

/** Message ids as one bigint[] parameter (messages.id is a bigint). */
function intBigArray(values: readonly number[]) {
  for (const v of values) if (!Number.isSafeInteger(v)) throw new Error(`not an integer: ${v}`);
  return sql`${`{${values.join(',')}}`}::bigint[]`;
}

/**
 * The channels a reply of the conversation may go out on: its own first, then each other channel
 * a customer wrote from in its thread (merged-in messages keep theirs), in the order the customer
 * first wrote on them, each with when the customer last wrote there. Empty for another account's
 * conversation. The messages are read by messages_conversation_idx.
 */
export async function findReplyChannels(
  db: Db,
  { accountId, conversationId }: { accountId: number; conversationId: number },
) {
  return executePrepared<{
    id: number;
    type: string;
    name: string;
    last_incoming_at: string | null;
  }>(
    db,
    sql`
    with own as (
      select support_channel_id as id from conversations
      where id = ${conversationId} and account_id = ${accountId}),
    incoming as (
      select m.support_channel_id as id, min(m.created_at) as first_at, max(m.created_at) as last_at
      from messages m
      where m.conversation_id = ${conversationId} and m.account_id = ${accountId}
        and m.direction = 'incoming'
      group by m.support_channel_id)
    select s.id, s.type, s.name, ${isoText(sql`i.last_at`)} as last_incoming_at
    from support_channels s
    left join incoming i on i.id = s.id
    where s.account_id = ${accountId}
      and (s.id in (select id from own) or s.id in (select id from incoming))
    order by s.id in (select id from own) desc, i.first_at, s.id`,
  );
}

/**
 * The conversation's reply channel `channelId` (its own, or one a customer wrote from in its
 * thread), or null: the check of a reply's chosen channel, without reading the whole thread.
 */
export async function findReplyChannel(
  db: Db,
  {
    accountId,
    conversationId,
    channelId,
  }: { accountId: number; conversationId: number; channelId: number },
) {
  const [row] = await executePrepared<{ id: number; type: string }>(
    db,
    sql`
    select s.id, s.type
    from support_channels s
    join conversations c on c.id = ${conversationId} and c.account_id = ${accountId}
    where s.id = ${channelId} and s.account_id = ${accountId}
      and (s.id = c.support_channel_id or exists (
        select 1 from messages m
        where m.conversation_id = c.id and m.account_id = ${accountId}
          and m.direction = 'incoming' and m.support_channel_id = s.id))`,
  );
  return row ?? null;
}
