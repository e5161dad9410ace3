import { sql, type SQL } from 'drizzle-orm';
import {
  CONVERSATION_STATUSES,
  type ConversationListItem,
  type ConversationListQuery,
  type ConversationListResponse,
  type ViewCounts,
} from '@parley/contracts';
import {
  executePrepared,
  intArray,
  queryKey,
  renderedOnce,
  rowsOf,
  type Db,
} from '../../db/client';
import { isoText, jsonText, type JsonText } from '../../db/json-text';
import { badRequest } from '../../lib/errors';
import type { FairLimiter } from '../../lib/fair-limiter';
import {
  accountDayBounds,
  slaStateFilter,
  slaSummaries,
  slaSummariesOf,
  withSlaText,
} from '../sla/sla.public';

interface Scope {
  accountId: number;
  userId: number;
}

/** The filter of one inbox view, always inside the caller's account. */
function viewFilter(view: string, userId: number): SQL {
  if (view === 'mine') return sql`c.assignee_id = ${userId}`;
  if (view === 'unassigned') return sql`c.assignee_id is null`;
  if (view === 'all') return sql`true`;
  const [kind, rawId] = view.split(':');
  const id = Number(rawId);
  if (kind === 'team') return sql`c.team_id = ${id}`;
  if (kind === 'channel') return sql`c.support_channel_id = ${id}`;
  if (kind === 'tag') return hasTag(id);
  throw badRequest('Unknown view.');
}

const hasTag = (tagId: number) =>
  sql`exists (select 1 from conversation_tags ct where ct.conversation_id = c.id and ct.tag_id = ${tagId})`;

/** The tag of a `tag:{id}` view, or null for other views. */
function tagOfView(view: string): number | null {
  const m = /^tag:(\d+)$/.exec(view);
  return m ? Number(m[1]) : null;
}

function statusFilter(status: string): SQL {
  return status === 'all' ? sql`true` : sql`c.status = ${status}`;
}

/**
 * The list's optional filters (docs/product/saved-views.md), each only when given: priorities,
 * the SLA state of the clock due first, and the days of creation (in the account's time zone, both
 * included; by the account's created_at index when the range is narrow). Null when none is given.
 */
async function optionalFilters(
  db: Db,
  accountId: number,
  q: Pick<ConversationListQuery, 'priority' | 'sla' | 'created_from' | 'created_to'>,
): Promise<SQL | null> {
  const parts: SQL[] = [];
  if (q.priority?.length) parts.push(sql`c.priority = any(${`{${q.priority.join(',')}}`}::text[])`);
  if (q.created_from || q.created_to) {
    const bounds = await accountDayBounds(db, accountId, {
      from: q.created_from,
      to: q.created_to,
    });
    if (bounds.from) parts.push(sql`c.created_at >= ${bounds.from.toISOString()}::timestamptz`);
    if (bounds.toBefore)
      parts.push(sql`c.created_at < ${bounds.toBefore.toISOString()}::timestamptz`);
  }
  if (q.sla?.length) parts.push(await slaStateFilter(db, accountId, q.sla));
  return parts.length > 0 ? sql.join(parts, sql` and `) : null;
}

/**
 * `limit n` with n written into the text: a limit passed as a parameter makes PostgreSQL's generic
 * plan assume a tenth of the table, so a prepared inbox page would be re-planned on every call.
 */
function limitTo(n: number): SQL {
  if (!Number.isSafeInteger(n) || n < 0) throw new Error(`not a row limit: ${n}`);
  return sql.raw(`limit ${n}`);
}

/** One page of a list query: its filters (including the account), its keyset order, its size. */
interface Page {
  filters: SQL;
  orderBy: SQL;
  limit: number;
}

/** How many of the newest conversations a word search walks first, stopping at a full page. */
const WALK = 2000;

/** A search's page: the list's page, and its sort key and direction to walk on from a row. */
interface SearchPage extends Page {
  /** The sort key of c (a timestamptz, 'infinity' for those nobody waits on). */
  key: SQL;
  /** `<` or `>`: the side of a row that comes after it in the list's order. */
  cmp: SQL;
}

/**
 * One stretch of a walk: the next `stretch` conversations of the list after `after`, in list
 * order, each checked against `match` (a `select 1` of c's rows that match, asked as a scalar
 * subquery: an EXISTS here may be planned as a hash of every match, all the matching contacts
 * read to check a few hundred conversations), stopping once `wanted` match. Its rows are the matches in
 * order (n: their place in the stretch) and, when the walk reached it, the stretch's last
 * conversation (n = stretch) with its sort key as text, where the next stretch starts. Every
 * level keeps the list's order, so the planner streams the index and stops early (no sort).
 */
function walkStretch(p: SearchPage, match: SQL, after: SQL, stretch: number, wanted: number): SQL {
  if (!Number.isSafeInteger(stretch) || stretch < 1) throw new Error(`not a stretch: ${stretch}`);
  return sql`
    select c.id, c.matched, c.n::int as n, c.at from (
      select c.id, c.last_activity_at, c.waiting_since, c.n, c.at,
        (${match} limit 1) is not null as matched from (
        select c.id, c.contact_id, c.last_activity_at, c.waiting_since, (${p.key})::text as at,
          row_number() over (${p.orderBy}) as n
        from conversations c
        where ${p.filters} and ${after} ${p.orderBy} ${limitTo(stretch)}
      ) c ${p.orderBy} offset 0
    ) c
    where c.matched or c.n = ${sql.raw(String(stretch))}
    ${p.orderBy} ${limitTo(wanted + 1)}`;
}

/** The longest stretch a walk reads in one statement (each stretch is four times the last). */
const WALK_STRETCH = 64000;

/**
 * A walk of the list's conversations in order, each checked against `match`, that goes on from
 * where it stopped. Called with a budget, it walks on in stretches four times longer each (the
 * first at most `first`) and answers the page's ids as soon as it has a full page or has read the
 * whole list, or null once it has walked `budget` conversations without either. What a stretch
 * found stays found: the next one starts after the last conversation walked.
 */
function walker(db: Db, p: SearchPage, match: SQL, first: number) {
  const found: number[] = [];
  let after = sql`true`;
  let walked = 0;
  let answered = false;
  const walkOn = async (stretch: number) => {
    const rows = rowsOf<{ id: number; matched: boolean; n: number; at: string }>(
      await db.execute(walkStretch(p, match, after, stretch, p.limit - found.length)),
    ).toSorted((x, y) => x.n - y.n);
    // A conversation walked before may have moved past the cursor since (new activity): once.
    for (const r of rows)
      if (r.matched && found.length < p.limit && !found.includes(r.id)) found.push(r.id);
    walked += stretch;
    const last = rows.find((r) => r.n === stretch);
    if (found.length >= p.limit || !last) answered = true;
    else after = sql`(${p.key}, c.id) ${p.cmp} (${last.at}::timestamptz, ${last.id})`;
    return answered;
  };
  return async (budget: number): Promise<number[] | null> => {
    const upTo = Number.isFinite(budget) ? Math.round(budget) : WALK;
    let stretch = walked > 0 ? 4 * walked : first;
    let done = answered;
    let at = walked;
    while (!done && at < upTo) {
      const size = Math.min(stretch, WALK_STRETCH, upTo - at);
      done = await walkOn(size);
      at += size;
      stretch *= 4;
    }
    return done ? found : null;
  };
}

/** The first page of the list among candidate ids (an int[] expression). */
function candidatesPage(p: Page, candidates: SQL): SQL {
  return sql`
    select c.id from conversations c
    where c.id = any(${candidates}) and ${p.filters}
    ${p.orderBy} ${limitTo(p.limit)}`;
}

async function idsOf(db: Db, query: SQL): Promise<number[]> {
  return rowsOf<{ id: number }>(await db.execute(query)).map((r) => r.id);
}

/** How many matching messages make a word search "rare": all of its conversations are read. */
export const RARE_WORDS = 5000;
/**
 * Contacts matching alike beyond which a contact search once stopped reading their ids (tests
 * still make this many: however many match, the answer is exact).
 */
export const NARROW_CONTACTS = 10000;

/**
 * How many rows the planner expects `query` to return, from the table statistics (an EXPLAIN
 * plans without running: about a millisecond). Infinity when it cannot say.
 */
async function expectedRows(db: Db, query: SQL): Promise<number> {
  const [row] = rowsOf<Record<string, unknown>>(
    await db.execute(sql`explain (format json) ${query}`),
  );
  const raw = row ? Object.values(row)[0] : undefined;
  const plan = (typeof raw === 'string' ? JSON.parse(raw) : raw) as
    [{ Plan?: { 'Plan Rows'?: number } }] | undefined;
  const rows = plan?.[0]?.Plan?.['Plan Rows'];
  return typeof rows === 'number' && Number.isFinite(rows) ? rows : Infinity;
}

/** The conversation ids of the account's messages holding every word, by messages_words_idx. */
export function messagesWithWords(accountId: number, search: string): SQL {
  return sql`select m.conversation_id from messages m
    where m.account_id = ${accountId}
      and parley_account_words(m.account_id, m.body) @@ parley_account_query(${accountId}, ${search})`;
}

/**
 * How many conversations a walk of common words may read for each message the index names,
 * before it hands over to every conversation the index names: walking one conversation (its
 * messages read and tested) costs about what reading three matching messages does, so a walk
 * given up at that length has cost at most as much as the hand-over it avoided (ADR 0018).
 */
const WALK_PER_MATCH = 1 / 3;
/**
 * Memory for the hand-over to every conversation the index names: the bitmap of a common word's
 * messages must stay exact, since a lossy one makes PostgreSQL parse every message of its heap
 * pages again (tens of seconds for a word in 3 % of 5M messages).
 */
const HAND_OVER_WORK_MEM = '64MB';

/**
 * The ids of the first page of the conversations whose messages contain every word, exact in
 * every case. Two ways answer it, each cheap for its kind of words:
 * - the index way: the account's full-text index names up to RARE_WORDS matching messages;
 *   fewer means rare words (an email address, an order number, a name), whose conversations
 *   are the candidates, filtered and sorted;
 * - the walk: the newest conversations of the list are checked one by one, stopping at a full
 *   page; common words fill it early.
 * The planner's estimates pick which goes first: the walk when the words' matching messages,
 * spread over the account's conversations, promise two pages among the WALK newest (common
 * words), else the index. A walk that finds no full page goes on from where it stopped, in
 * longer stretches, while the index names RARE_WORDS or more messages and the walk has read
 * fewer than WALK_PER_MATCH conversations per matching message (the newest conversations may
 * lack a word common in older ones: a burst of new customers writing about something else).
 * Only then is every conversation the index names read. A walk that reaches the end of the list
 * is the whole answer. Each step is its own short query, planned for its words (one statement
 * holding every step spent longer planning than running); an EXPLAIN costs about a millisecond.
 */
async function wordsPageIds(db: Db, search: string, accountId: number, p: SearchPage) {
  const withWords = messagesWithWords(accountId, search);
  // The same words, read from each message of a walked conversation. Parsing a message costs
  // ten times a substring test, so a message is parsed only when it holds each plain word
  // ([a-z0-9]) of the search as a substring: a word of a message is a piece of its text, folded
  // to lower case as ILIKE folds it, so the test never drops a message that matches.
  const hasWords = sql`
    select 1 from messages m
    where m.conversation_id = c.id and m.account_id = ${accountId}
      and m.body ilike all (array(
        select '%' || w.lexeme || '%' from unnest(to_tsvector('simple', ${search})) w
        where w.lexeme ~ '^[a-z0-9]+$'))
      and to_tsvector('simple', m.body) @@ plainto_tsquery('simple', ${search})`;
  const walk = walker(db, p, hasWords, WALK);
  const [matchingMessages, conversations] = await Promise.all([
    expectedRows(db, withWords),
    expectedRows(db, sql`select c.id from conversations c where c.account_id = ${accountId}`),
  ]);
  const common = (matchingMessages / conversations) * WALK >= 2 * p.limit;
  // Common words walk on until a full page, the end of the list, or WALK_PER_MATCH conversations
  // per message the index names (by the estimate, at least RARE_WORDS): a walk given up there
  // has cost about what the hand-over costs.
  const walkBudget = Math.max(
    WALK,
    Math.max(Number.isFinite(matchingMessages) ? matchingMessages : 0, RARE_WORDS) * WALK_PER_MATCH,
  );
  // The index's steps for many matching messages run with memory enough to keep their bitmap
  // exact (HAND_OVER_WORK_MEM).
  const withMemory = <T>(step: (tx: Db) => Promise<T>) =>
    db.transaction(async (tx) => {
      await tx.execute(sql.raw(`set local work_mem = '${HAND_OVER_WORK_MEM}'`));
      return step(tx);
    });
  if (common) {
    const walked = await walk(walkBudget);
    if (walked) return walked;
  }
  // One row: how many messages match (up to RARE_WORDS) and their conversations as int[] text,
  // which goes back to PostgreSQL as it is. Thousands of rows read into JavaScript and written
  // out again cost the server more than the page itself.
  const countHits = async (on: Db) => {
    const [hits = { messages: 0, conversations: '{}' }] = rowsOf<{
      messages: number;
      conversations: string;
    }>(
      await on.execute(sql`
        select count(*)::int as messages,
          coalesce(array_agg(distinct h.conversation_id), '{}')::text as conversations
        from (${withWords} ${limitTo(RARE_WORDS)}) h`),
    );
    if (hits.messages >= RARE_WORDS) return null;
    return hits.messages === 0
      ? []
      : idsOf(on, candidatesPage(p, sql`${hits.conversations}::int[]`));
  };
  const rare = await (common ? withMemory(countHits) : countHits(db));
  if (rare) return rare;
  if (!common) {
    const walked = await walk(walkBudget);
    if (walked) return walked;
  }
  return withMemory((tx) => idsOf(tx, candidatesPage(p, sql`array(${withWords})`)));
}

/** How far the page a contact search expects to walk may be for the walk to go first. */
const CONTACT_WALK = 5000;
/**
 * How many conversations a contact search may walk for each contact the estimates say matches,
 * before it hands over to the contacts-first statement: checking a walked conversation's contact
 * costs about a quarter of reading a matching contact and its conversations.
 */
const CONTACT_WALK_PER_MATCH = 4;

/**
 * The ids of the first page of the conversations of contacts matching by name, email or phone
 * (a substring, letter case aside), exact in every case. Two ways answer it, and nothing but the
 * page's ids comes back to the server:
 * - the walk: the newest conversations are checked one by one against their contact, stopping
 *   at a full page; a few letters an agent has typed ("mar") match so many contacts that a page
 *   is found among the first few hundred, whatever the account's size;
 * - the contacts first, in one statement: the trigram indexes name the matching contacts and
 *   the index of their conversations gives the rest, sorted; cheap for a full name, an email, a
 *   phone number.
 * The planner's estimates pick the way: the walk when the page it expects to read (a page over
 * the share of contacts that match) is shorter than twice the matching contacts and within
 * CONTACT_WALK. A walk that finds no full page goes on from where it stopped (the newest
 * conversations may be a burst of other customers) up to CONTACT_WALK_PER_MATCH conversations
 * per matching contact, then hands over to the contacts-first statement.
 */
async function contactPageIds(db: Db, search: string, accountId: number, p: SearchPage) {
  const like = `%${search.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
  const digits = search.replace(/\D/g, '');
  // The phone expression must stay the one indexed by contacts_phone_digits_trgm_idx.
  const matches = sql`(k.name ilike ${like} or k.email ilike ${like}
    ${digits.length >= 4 ? sql`or regexp_replace(coalesce(k.phone, ''), '\\D', '', 'g') like ${`%${digits}%`}` : sql``})`;
  const matching = sql`select k.id from contacts k where k.account_id = ${accountId} and ${matches}`;
  const [matchingContacts, contacts] = await Promise.all([
    expectedRows(db, matching),
    expectedRows(db, sql`select k.id from contacts k where k.account_id = ${accountId}`),
  ]);
  const walkLength = (p.limit * Math.max(1, contacts)) / Math.max(1, matchingContacts);
  if (walkLength <= CONTACT_WALK && walkLength < 2 * matchingContacts) {
    const walked = await walker(
      db,
      p,
      sql`select 1 from contacts k where k.id = c.contact_id and ${matches}`,
      CONTACT_WALK,
    )(
      Math.max(
        CONTACT_WALK,
        Number.isFinite(matchingContacts) ? matchingContacts * CONTACT_WALK_PER_MATCH : 0,
      ),
    );
    if (walked) return walked;
  }
  // Contacts first, in a join the planner cannot turn into a walk (`offset 0` keeps the lateral
  // subquery from being merged into a join it may reorder): a misestimated match walked the
  // newest conversations probing each one's contact (hundreds of milliseconds for a rare one).
  return idsOf(
    db,
    sql`
    select c.id from (${matching}) k
    cross join lateral (
      select c.id, c.last_activity_at, c.waiting_since from conversations c
      where c.contact_id = k.id and ${p.filters} offset 0
    ) c
    ${p.orderBy} ${limitTo(p.limit)}`,
  );
}

/**
 * `id:{id}` finds one ticket; other text matches the contact (name, email, phone digits) or the
 * words of the messages. Each way of matching gives the ids of its own first page, using its own
 * indexes (trigram indexes on contacts, the full-text index on messages); the list is the first
 * page of their union. One OR over all of them could use none of the indexes.
 */
async function searchMatch(
  db: Db,
  search: string | undefined,
  accountId: number,
  p: SearchPage,
  searches: FairLimiter | undefined,
): Promise<SQL> {
  if (!search) return sql`true`;
  const byId = /^id:\s*(\d{1,10})$/i.exec(search);
  if (byId) return sql`c.id = ${Number(byId[1])}`;
  const both = async () => {
    const [byContact, byWords] = await Promise.all([
      contactPageIds(db, search, accountId, p),
      wordsPageIds(db, search, accountId, p),
    ]);
    return [...new Set([...byContact, ...byWords])];
  };
  // The same search of the same page asked while one runs (or waits) shares its ids: they are
  // the account's matches as of a moment earlier, and each asker's page is still read for them.
  const same = queryKey(
    sql`${accountId}::int ${search} ${p.filters} ${p.orderBy} ${limitTo(p.limit)}`,
  );
  const ids = await (searches ? searches.runOnce(accountId, same, both) : both());
  return sql`c.id = any(${intArray(ids)})`;
}

/** Each sort's key on a conversation (c) and on a tag link (ct), which carries the same keys. */
const SORT = {
  newest: {
    key: sql`c.last_activity_at`,
    linkKey: sql`ct.last_activity_at`,
    dir: sql`desc`,
    cmp: sql`<`,
  },
  oldest: {
    key: sql`c.last_activity_at`,
    linkKey: sql`ct.last_activity_at`,
    dir: sql`asc`,
    cmp: sql`>`,
  },
  waiting_longest: {
    key: sql`coalesce(c.waiting_since, 'infinity'::timestamptz)`,
    linkKey: sql`coalesce(ct.waiting_since, 'infinity'::timestamptz)`,
    dir: sql`asc`,
    cmp: sql`>`,
  },
} as const;

/**
 * The ids of a tag view's page, read in order from the tag's links: each link carries its
 * conversation's status, last activity and wait (copied by the triggers of migration 0026), so
 * a common and a rare tag both cost one short index range. The caller still checks the account.
 */
function tagLinksPage(
  tagId: number,
  status: string,
  sort: (typeof SORT)[keyof typeof SORT],
  cursor: Cursor | null,
  limit: number,
): SQL {
  const key = sort.linkKey;
  return sql`
    select ct.conversation_id from conversation_tags ct
    where ct.tag_id = ${tagId}
      and ${status === 'all' ? sql`true` : sql`ct.status = ${status}`}
      and ${cursor ? sql`(${key}, ct.conversation_id) ${sort.cmp} (${cursor.at}::timestamptz, ${cursor.id})` : sql`true`}
    order by ${key} ${sort.dir}, ct.conversation_id ${sort.dir} ${limitTo(limit)}`;
}

/**
 * The first page of the union of each status's first page (newest or oldest first). The
 * assignee, team and channel indexes order a view by status, then by the sort's key: read as one
 * range over every status, the page was a walk of the account's newest conversations checking
 * each one's assignee (3,500 rows for an agent's page at 1M conversations, 1.5–4 ms), where four
 * ranges of a page each take 0.1 ms.
 */
function eachStatusPage(p: Page): SQL {
  return sql`select c.id from ${EVERY_STATUS} s(status) cross join lateral (
      select c.id, c.last_activity_at from conversations c
      where ${p.filters} and c.status = s.status ${p.orderBy} ${limitTo(p.limit)}
    ) c ${p.orderBy} ${limitTo(p.limit)}`;
}

/** The statuses as a constant of the statement's text (their names are fixed words). */
const EVERY_STATUS = sql.raw(
  `unnest(array[${CONVERSATION_STATUSES.map((status) => `'${status}'`).join(',')}]::text[])`,
);

interface Cursor {
  at: string;
  id: number;
}

/**
 * A sort key as a page cursor holds it: to the microsecond, as PostgreSQL stores it. Cut to
 * milliseconds, the next page would find the last row again (an ascending sort) or pass by the
 * rows of the same millisecond (a descending one).
 */
function cursorText(timestamp: SQL): SQL {
  return sql`to_char(${timestamp} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;
}

export function encodeCursor(c: Cursor): string {
  return Buffer.from(JSON.stringify([c.at, c.id])).toString('base64url');
}

function decodeCursor(raw: string | undefined): Cursor | null {
  if (!raw) return null;
  try {
    const [at, id] = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8')) as [
      unknown,
      unknown,
    ];
    const validAt = typeof at === 'string' && (at === 'infinity' || !Number.isNaN(Date.parse(at)));
    if (!validAt || typeof id !== 'number' || !Number.isInteger(id)) throw new Error('bad cursor');
    return { at, id };
  } catch {
    throw badRequest('The page cursor is not valid; start again from the first page.');
  }
}

/**
 * A conversation as a list item (the contract's ConversationListItem), as the agent joined as
 * `viewer` (VIEWER) sees it, written as JSON text by PostgreSQL: the hottest read passes it through as it is, instead of
 * parsing two dozen columns a row and serialising them again (a third of the server's CPU for a
 * page, the list budget, docs/benchmarks.md). The read state and the tags are subqueries, one index lookup
 * per row of the page: as joins, a search's misestimated page made the planner scan every read
 * mark of the account for each row (a 6 ms search answered in 270 ms). Rendered to text once.
 */
const ITEM_JSON = renderedOnce(
  jsonText.object({
    id: jsonText.scalar(sql`c.id`),
    subject: jsonText.string(sql`c.subject`),
    status: jsonText.string(sql`c.status`),
    priority: jsonText.string(sql`c.priority`),
    snoozed_until: jsonText.timestamp(sql`c.snoozed_until`),
    assignee_id: jsonText.scalar(sql`c.assignee_id`),
    team_id: jsonText.scalar(sql`c.team_id`),
    support_channel_id: jsonText.scalar(sql`c.support_channel_id`),
    channel_type: jsonText.string(sql`ch.type`),
    brand_id: jsonText.scalar(sql`c.brand_id`),
    contact: jsonText.object({
      id: jsonText.scalar(sql`k.id`),
      name: jsonText.string(sql`k.name`),
      email: jsonText.string(sql`k.email`),
      phone: jsonText.string(sql`k.phone`),
      avatar: jsonText.string(sql`k.avatar`),
    }),
    last_message_preview: jsonText.string(sql`c.last_message_preview`),
    last_activity_at: jsonText.timestamp(sql`c.last_activity_at`),
    waiting_since: jsonText.timestamp(sql`c.waiting_since`),
    unread: jsonText.scalar(sql`c.last_incoming_at is not null and c.last_incoming_at > coalesce(
      (select r.last_read_at from conversation_reads r where r.conversation_id = c.id and r.user_id = viewer.id),
      '-infinity'::timestamptz)`),
    tag_ids: jsonText.intArray(
      sql`(select array_agg(ct.tag_id order by ct.tag_id) from conversation_tags ct where ct.conversation_id = c.id)`,
    ),
    created_at: jsonText.timestamp(sql`c.created_at`),
  }),
);

/** The agent whose read state the list items show (ITEM_JSON). */
const VIEWER = (userId: number) => sql`cross join (select ${userId}::int as id) viewer`;

const FROM_ITEM = sql`
  from conversations c
  join contacts k on k.id = c.contact_id
  join support_channels ch on ch.id = c.support_channel_id`;

/**
 * A page of an inbox view: the contract's ConversationListResponse, as JSON text. Each row's SLA
 * clock (docs/product/sla.md) is read for the whole page in one more indexed query.
 */
export async function listConversations(
  db: Db,
  scope: Scope,
  q: ConversationListQuery,
  /** Takes turns for the searches by contact and words (an `id:` search needs none). */
  searches?: FairLimiter,
  /** false: the caller reads the ids only (bulk selections), the rows' `sla` stay null. */
  { withSla = true }: { withSla?: boolean } = {},
): Promise<JsonText<ConversationListResponse>> {
  const sort = SORT[q.sort];
  const cursor = decodeCursor(q.cursor);
  const limit = q.limit + 1;
  const { filters, matching, orderBy } = await listFilter(db, scope, q, cursor, limit, searches);
  // The page itself holds no words (a search's steps gave its ids): always prepared.
  const rows = await executePrepared<{ item: string; id: number; sort_at: string | null }>(
    db,
    sql`
    select ${ITEM_JSON} as item, c.id, ${cursorText(sort.key)} as sort_at
    ${FROM_ITEM} ${VIEWER(scope.userId)}
    where ${filters} and ${matching}
    ${orderBy} ${limitTo(limit)}`,
  );
  const page = rows.slice(0, q.limit);
  const slas = withSla
    ? await slaSummaries(
        db,
        scope.accountId,
        page.map((r) => r.id),
      )
    : new Map();
  const last = page.at(-1);
  // The infinite key (waiting_longest's conversations nobody waits on) has no text: null.
  const nextCursor =
    rows.length > q.limit && last
      ? encodeCursor({ at: last.sort_at ?? 'infinity', id: last.id })
      : null;
  const items = page.map((r) => withSlaText(r.item, slas.get(r.id)));
  return `{"items":[${items.join(',')}],"next_cursor":${JSON.stringify(nextCursor)}}`;
}

/**
 * How many conversations a list shows, counting at most `cap` of them (saved views' counts): the
 * list's own filters and ways of matching, in one statement but for a search's steps, stopping
 * at `cap` rows whatever the account's size.
 */
export async function countListed(
  db: Db,
  scope: Scope,
  q: Omit<ConversationListQuery, 'cursor' | 'limit'>,
  cap: number,
  searches?: FairLimiter,
): Promise<number> {
  const { filters, matching } = await listFilter(db, scope, q, null, cap, searches);
  const [row] = rowsOf<{ n: number }>(
    await db.execute(sql`
    select count(*)::int as n from (
      select c.id from conversations c where ${filters} and ${matching} ${limitTo(cap)}
    ) c`),
  );
  return row?.n ?? 0;
}

/**
 * Which conversations a list shows from `cursor` on: `filters` (the account, the view, the
 * status, the optional filters, the cursor) and `matching` (the way its first `limit` rows are
 * found), both on c.
 */
async function listFilter(
  db: Db,
  scope: Scope,
  q: Omit<ConversationListQuery, 'cursor' | 'limit'>,
  cursor: Cursor | null,
  limit: number,
  searches: FairLimiter | undefined,
): Promise<{ filters: SQL; matching: SQL; orderBy: SQL }> {
  const sort = SORT[q.sort];
  const cursorFilter = cursor
    ? sql`(${sort.key}, c.id) ${sort.cmp} (${cursor.at}::timestamptz, ${cursor.id})`
    : sql`true`;
  const orderBy = sql`order by ${sort.key} ${sort.dir}, c.id ${sort.dir}`;
  const tagId = tagOfView(q.view);
  const optional = await optionalFilters(db, scope.accountId, q);
  // A tag view without a search or other filter takes its page from the tag's links, in list
  // order (the links know no priority, SLA or creation day).
  const byTagLinks = tagId !== null && !q.search && !optional;
  const filters = sql`c.account_id = ${scope.accountId}
      and ${byTagLinks ? sql`true` : viewFilter(q.view, scope.userId)}
      and ${statusFilter(q.status)}
      ${optional ? sql`and ${optional}` : sql``}
      and ${cursorFilter}`;
  // Every status of a view whose index leads with the status (mine, unassigned, team, channel),
  // newest or oldest first: one short index range per status, merged.
  const byEachStatus =
    !q.search &&
    tagId === null &&
    q.status === 'all' &&
    q.view !== 'all' &&
    q.sort !== 'waiting_longest';
  const matching = byTagLinks
    ? sql`c.id in (${tagLinksPage(tagId, q.status, sort, cursor, limit)})`
    : byEachStatus
      ? sql`c.id in (${eachStatusPage({ filters, orderBy, limit })})`
      : await searchMatch(
          db,
          q.search,
          scope.accountId,
          { filters, orderBy, limit, key: sort.key, cmp: sort.cmp },
          searches,
        );
  return { filters, matching, orderBy };
}

/** The contact's other conversations shown beside one (c), newest first, as a JSON array. */
const OTHERS_JSON = renderedOnce(sql`(
  select '[' || coalesce(string_agg(${jsonText.object({
    id: jsonText.scalar(sql`o.id`),
    subject: jsonText.string(sql`o.subject`),
    status: jsonText.string(sql`o.status`),
    last_activity_at: jsonText.timestamp(sql`o.last_activity_at`),
  })}, ',' order by o.last_activity_at desc, o.id desc), '') || ']'
  from (
    select o.id, o.subject, o.status, o.last_activity_at from conversations o
    where o.account_id = c.account_id and o.contact_id = c.contact_id and o.id <> c.id
    order by o.last_activity_at desc, o.id desc limit 20
  ) o)`);

/**
 * What the conversation's detail adds to its list item, in one prepared statement: the item, its
 * answer and resolution times, and the contact's other conversations (JSON text), or null when
 * the conversation is not the account's.
 */
export async function findConversationDetail(db: Db, scope: Scope, id: number) {
  const [[row], slas] = await Promise.all([
    findDetailRow(db, scope, id),
    slaSummaries(db, scope.accountId, [id]),
  ]);
  return row ? { ...row, item: withSlaText(row.item, slas.get(id)) } : null;
}

function findDetailRow(db: Db, scope: Scope, id: number) {
  return executePrepared<{
    item: string;
    first_response_at: string | null;
    resolved_at: string | null;
    others: string;
  }>(
    db,
    sql`
    select ${ITEM_JSON} as item,
      ${isoText(sql`c.first_response_at`)} as first_response_at,
      ${isoText(sql`c.resolved_at`)} as resolved_at,
      ${OTHERS_JSON} as others
    ${FROM_ITEM} ${VIEWER(scope.userId)}
    where c.id = ${id} and c.account_id = ${scope.accountId}`,
  );
}

/** One conversation as a list item, for realtime patches of the list. */
export async function findListItem(db: Db, scope: Scope, id: number) {
  const items = await findListItems(db, scope.userId, [{ accountId: scope.accountId, id }]);
  return items.get(id) ?? null;
}

/** Several conversations' list items (each in its own account), by id, as `userId` sees them. */
export async function findListItems(
  db: Db,
  userId: number,
  refs: readonly { accountId: number; id: number }[],
): Promise<Map<number, ConversationListItem>> {
  if (refs.length === 0) return new Map();
  const [rows, slas] = await Promise.all([
    listItemRows(db, userId, refs),
    slaSummariesOf(db, refs),
  ]);
  return new Map(
    rows.map((row) => [
      row.id,
      { ...(JSON.parse(row.item) as ConversationListItem), sla: slas.get(row.id) ?? null },
    ]),
  );
}

function listItemRows(db: Db, userId: number, refs: readonly { accountId: number; id: number }[]) {
  return executePrepared<{ item: string; id: number }>(
    db,
    sql`
    select ${ITEM_JSON} as item, c.id
    ${FROM_ITEM} ${VIEWER(userId)}
    where c.id = any(${intArray(refs.map((r) => r.id))})
      and (c.account_id, c.id) in (
        select * from unnest(${intArray(refs.map((r) => r.accountId))}, ${intArray(refs.map((r) => r.id))}))`,
  );
}

/**
 * Changes of the counts that a reader folds into conversation_counts once it sees more than this
 * many: the counts are then summed from a few hundred rows at most, and folding costs one short
 * write now and then instead of one per read.
 */
export const FOLD_AT = 256;

const byKey = (rows: { key: number; n: number }[]) =>
  Object.fromEntries(rows.filter((r) => r.n > 0).map((r) => [String(r.key), r.n]));

/**
 * The counts of every view, read from the counts the triggers of migration 0029 keep with the
 * conversations (conversation_counts plus the changes not folded in yet): a few hundred rows
 * whatever the account's size, the same for every agent but their own `mine` and `unread_mine`.
 */
export async function countViews(db: Db, scope: Scope, status: string): Promise<ViewCounts> {
  const rows = await executePrepared<{ dim: string; key: number; n: number; pending: number }>(
    db,
    sql`
    select x.dim, x.key, sum(x.n)::int as n, count(*) filter (where x.pending)::int as pending
    from (
      select k.dim, k.key, k.n, false as pending from conversation_counts k
      where k.account_id = ${scope.accountId} and (${status}::text = 'all' or k.status = ${status}::text)
      union all
      select k.dim, k.key, k.n, true from conversation_count_changes k
      where k.account_id = ${scope.accountId} and (${status}::text = 'all' or k.status = ${status}::text)
    ) x
    where (x.dim not in ('assignee', 'unread') or x.key in (0, ${scope.userId}::int))
      -- a deleted tag's links are gone, its count is not
      and (x.dim <> 'tag' or exists (
        select 1 from tags t where t.id = x.key and t.account_id = ${scope.accountId}))
    group by x.dim, x.key`,
  );
  const of = (dim: string) => rows.filter((r) => r.dim === dim);
  const one = (dim: string, key: number) => of(dim).find((r) => r.key === key)?.n ?? 0;
  if (rows.reduce((sum, r) => sum + r.pending, 0) > FOLD_AT)
    await foldCountChanges(db, scope.accountId);
  return {
    mine: one('assignee', scope.userId),
    unassigned: one('assignee', 0),
    all: one('all', 0),
    unread_mine: one('unread', scope.userId),
    teams: byKey(of('team')),
    channels: byKey(of('channel')),
    tags: byKey(of('tag')),
  };
}

/**
 * Moves the account's pending changes of the counts into conversation_counts, in one statement
 * (a reader sees either the changes or their sum, never both). Changes another folder holds are
 * skipped, not waited for; the counter rows are written in key order, so two folders never
 * deadlock.
 */
export async function foldCountChanges(db: Db, accountId: number): Promise<void> {
  await executePrepared(
    db,
    sql`
    with moved as (
      delete from conversation_count_changes where id in (
        select id from conversation_count_changes where account_id = ${accountId}
        for update skip locked)
      returning status, dim, key, n
    )
    insert into conversation_counts (account_id, status, dim, key, n)
    select ${accountId}::int, status, dim, key, sum(n)::int from moved
    group by status, dim, key
    order by status, dim, key
    on conflict (account_id, status, dim, key)
      do update set n = conversation_counts.n + excluded.n`,
  );
}

/**
 * Folds the pending count changes of up to `limit` accounts. Readers fold their own account when
 * its changes pile up; this keeps the changes of accounts nobody is looking at (an API-only
 * inbox, a night without agents) from growing without end.
 */
export async function foldPendingCountChanges(db: Db, limit = 100): Promise<number> {
  const accounts = rowsOf<{ account_id: number }>(
    await db.execute(
      sql`select distinct account_id from conversation_count_changes limit ${limit}`,
    ),
  );
  for (const { account_id } of accounts) await foldCountChanges(db, account_id);
  return accounts.length;
}

/**
 * The counts of every view counted again from the conversations, in one query: what the kept
 * counts (countViews) must always equal. 0.5-1 s at a million conversations: for checks only.
 */
export async function recountViews(db: Db, scope: Scope, status: string): Promise<ViewCounts> {
  // Planned per call, not prepared: its plan hinges on the account's size (a generic plan,
  // made for an average account, tripled the count of a 1M-conversation one).
  const [row] = rowsOf<ViewCounts>(
    await db.execute(sql`
    with base as (
      select c.id, c.assignee_id, c.team_id, c.support_channel_id, c.last_incoming_at
      from conversations c
      where c.account_id = ${scope.accountId} and ${statusFilter(status)}
    )
    select
      (select count(*) from base where assignee_id = ${scope.userId})::int as mine,
      (select count(*) from base where assignee_id is null)::int as unassigned,
      (select count(*) from base)::int as all,
      (select count(*) from base b left join conversation_reads r on r.conversation_id = b.id and r.user_id = ${scope.userId}
        where b.assignee_id = ${scope.userId} and b.last_incoming_at > coalesce(r.last_read_at, '-infinity'::timestamptz))::int as unread_mine,
      (select coalesce(json_object_agg(team_id, n), '{}'::json) from
        (select team_id, count(*)::int as n from base where team_id is not null group by team_id) t) as teams,
      (select coalesce(json_object_agg(support_channel_id, n), '{}'::json) from
        (select support_channel_id, count(*)::int as n from base group by support_channel_id) t) as channels,
      (select coalesce(json_object_agg(tag_id, n), '{}'::json) from
        (select ct.tag_id, count(*)::int as n from base join conversation_tags ct on ct.conversation_id = base.id group by ct.tag_id) t) as tags`),
  );
  if (!row) throw new Error('the view counts query answered no row');
  return {
    mine: row.mine,
    unassigned: row.unassigned,
    all: row.all,
    unread_mine: row.unread_mine,
    teams: row.teams,
    channels: row.channels,
    tags: row.tags,
  };
}
