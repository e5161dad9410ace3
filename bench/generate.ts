/**
 * Builds a benchmark account on PostgreSQL with server-side generate_series, fast enough for
 * 1M conversations / 5M messages in a few minutes on 2 cores:
 *   - contacts with real-looking names, emails (85 %) and phone numbers (60 %, mixed formats);
 *   - conversations over two years: recent ones mostly open / pending, old ones mostly closed,
 *     5 % reopened long after they started; skewed channels, assignees (15 % unassigned), teams,
 *     priorities, and 0–2 tags from a Zipf-like distribution (a few common tags, a long tail);
 *   - 5 messages per conversation (incoming, replies, some internal notes), whose words follow
 *     a Zipf distribution over a help-desk vocabulary (stop words first, then a long tail), and
 *     order numbers in some first messages, so full-text search meets common and rare terms.
 * Secondary indexes are dropped during the bulk load and rebuilt after it (definitions read from
 * pg_indexes, so they stay exactly the migrations' ones), then the tables are vacuumed and analysed.
 */
import { Client } from 'pg';

/** Bump when the shape of the data changes: the cached bench database is then rebuilt. */
export const GENERATOR_VERSION = 3;

const FIRST_NAMES = (
  'James Mary Robert Patricia John Jennifer Michael Linda David Elizabeth William Barbara Richard ' +
  'Susan Joseph Jessica Thomas Sarah Charles Karen Christopher Lisa Daniel Nancy Matthew Betty ' +
  'Anthony Sandra Mark Margaret Donald Ashley Steven Kimberly Andrew Emily Paul Donna Joshua ' +
  'Michelle Kenneth Carol Kevin Amanda Brian Melissa George Deborah Timothy Stephanie Maria Jose ' +
  'Juan Carlos Luis Ana Sofia Lucia Mateo Hugo Lea Emma Louis Chloe Lukas Mia Leon Hannah Noah ' +
  'Olivia Liam Ava Ethan Isabella Mason Amelia Priya Arjun Aisha Omar Fatima Yusuf Mei Wei Hiroshi ' +
  'Yuki Sakura Kenji Ingrid Lars Astrid Sven Freya Niamh Siobhan Aoife Ciaran Giulia Marco Chiara'
).split(' ');
const LAST_NAMES = (
  'Smith Johnson Williams Brown Jones Garcia Miller Davis Rodriguez Martinez Hernandez Lopez ' +
  'Gonzalez Wilson Anderson Thomas Taylor Moore Jackson Martin Lee Perez Thompson White Harris ' +
  'Sanchez Clark Ramirez Lewis Robinson Walker Young Allen King Wright Scott Torres Nguyen Hill ' +
  'Flores Green Adams Nelson Baker Hall Rivera Campbell Mitchell Carter Roberts Muller Schmidt ' +
  'Schneider Fischer Weber Meyer Wagner Becker Dubois Durand Lefebvre Moreau Laurent Rossi Russo ' +
  'Ferrari Esposito Bianchi Romano Silva Santos Oliveira Pereira Costa Kowalski Nowak Novak ' +
  'Horvat Jensen Nielsen Hansen Larsen Andersen Johansson Karlsson Nilsson Eriksson Murphy Kelly ' +
  'Byrne Ryan OBrien Walsh Tanaka Suzuki Sato Watanabe Kim Park Chen Wang Singh Patel Khan'
).split(' ');
const DOMAINS = (
  'gmail.com yahoo.com outlook.com hotmail.com icloud.com proton.me gmx.de orange.fr web.de ' +
  'live.co.uk aol.com mail.com example.com acme-outdoor.com northwind.io'
).split(' ');

// Most frequent first: a Zipf draw over this list makes the first words very common.
const VOCABULARY = (
  'i the to my and a is it for you of on in have not with me this was can your be that at but we ' +
  'do are so hi hello thanks please order still when would will just an what from get if no how ' +
  'there been could they need got any about one as up back help by or time days has did out know ' +
  'received delivery item refund return package shipping tracking number email account yesterday ' +
  'week today again since address payment card size new wrong damaged missing sent website problem ' +
  'working replacement exchange cancel charged price store discount code jacket boots tent ' +
  'backpack zipper broken late courier parcel invoice receipt warranty repair colour pair box ' +
  'product quality customer service reply update status confirmation subscription login password ' +
  'reset app phone call message chat weekend monday tuesday friday morning urgent asap disappointed ' +
  'happy great perfect love fit small large medium waterproof rain snow hiking trail mountain lake ' +
  'sleeping bag stove lantern rope harness helmet gloves socks fleece shell breathable insulated ' +
  'down synthetic merino hood pocket seam stitching sole lace buckle strap frame pole peg fly ' +
  'groundsheet voucher gift wrapping birthday christmas holiday sale promo newsletter unsubscribe ' +
  'points loyalty member tier shipping-label customs duty import vat tax euro dollar pound bank ' +
  'transfer paypal klarna installment declined pending authorised chargeback dispute fraud ' +
  'stolen doorstep neighbour locker pickup collection depot warehouse restock preorder backorder ' +
  'discontinued alternative recommendation advice guide manual instructions assembly missing-part ' +
  'screw bolt spare buckle-clip toggle drawcord elastic velcro membrane goretex dwr reproofing ' +
  'wash dry tumble shrink faded stain smell mould leak condensation zip slider teeth pull ' +
  'carabiner crampon ice axe belay chalk climbing bouldering kayak paddle canoe bike pannier ' +
  'helmet-light headlamp battery charger solar powerbank compass gps map altimeter watch strap-band'
).split(' ');

/** Deterministic PRNG (mulberry32), so every run generates the same words. */
function prng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** 20,000 sentence fragments of 4–9 Zipf-drawn words; a message body joins two of them. */
export const FRAGMENTS = 20_000;
function fragments(): string[] {
  const rand = prng(42);
  const v = VOCABULARY.length;
  const zipf = () => Math.min(v - 1, Math.floor(Math.exp(rand() * Math.log(v + 1))) - 1);
  return Array.from({ length: FRAGMENTS }, () =>
    Array.from({ length: 4 + Math.floor(rand() * 6) }, () => VOCABULARY[zipf()]!).join(' '),
  );
}

export interface GeneratedAccount {
  accountId: number;
  agentIds: number[];
  teamIds: number[];
  channelIds: number[];
  /** Most used first. */
  tagIds: number[];
  agentEmail: string;
}

export const generatingName = (name: string) => `${name} (generating)`;

const BULK_TABLES = [
  'contacts',
  'conversations',
  'messages',
  'conversation_tags',
  'conversation_reads',
];

async function dropSecondaryIndexes(db: Client): Promise<string[]> {
  const defs = (
    await db.query(
      `select i.indexname, i.indexdef from pg_indexes i
       where i.schemaname = 'public' and i.tablename = any($1)
         and not exists (select 1 from pg_constraint c where c.conname = i.indexname)`,
      [BULK_TABLES],
    )
  ).rows as { indexname: string; indexdef: string }[];
  // Kept so that an interrupted generation can still rebuild them on the next run.
  await db.query(
    `create table if not exists bench_dropped_indexes (name text primary key, def text not null)`,
  );
  for (const d of defs) {
    await db.query(
      `insert into bench_dropped_indexes values ($1, $2) on conflict (name) do nothing`,
      [d.indexname, d.indexdef],
    );
    await db.query(`drop index if exists "${d.indexname}"`);
  }
  return defs.map((d) => d.indexname);
}

/** Rebuilds the dropped indexes, two at a time (one per core). */
export async function rebuildIndexes(url: string, log: (s: string) => void) {
  const db = new Client({ connectionString: url });
  await db.connect();
  const exists = (await db.query(`select to_regclass('bench_dropped_indexes') as t`)).rows[0].t;
  const defs = exists
    ? ((await db.query(`select name, def from bench_dropped_indexes order by name`)).rows as {
        name: string;
        def: string;
      }[])
    : [];
  await db.end();
  const queue = [...defs];
  await Promise.all(
    [0, 1].map(async () => {
      const c = new Client({ connectionString: url });
      await c.connect();
      await c.query(`set maintenance_work_mem = '512MB'`);
      try {
        for (let d = queue.shift(); d; d = queue.shift()) {
          const t = Date.now();
          await c.query(d.def.replace(/^CREATE (UNIQUE )?INDEX /, 'CREATE $1INDEX IF NOT EXISTS '));
          await c.query(`delete from bench_dropped_indexes where name = $1`, [d.name]);
          log(`    index ${d.name} in ${((Date.now() - t) / 1000).toFixed(1)} s`);
        }
      } finally {
        await c.end();
      }
    }),
  );
}

/**
 * The rows are consistent by construction: skip the per-row foreign-key triggers (5 per message)
 * when the role may (superuser); otherwise they are checked, only slower.
 */
async function skipForeignKeyChecks(db: Client) {
  await db.query(`set session_replication_role = replica`).catch(() => {});
}

async function timed<T>(log: (s: string) => void, what: string, fn: () => Promise<T>) {
  const t = Date.now();
  const result = await fn();
  log(`  ${what} in ${((Date.now() - t) / 1000).toFixed(1)} s`);
  return result;
}

export async function generateAccount(
  url: string,
  opts: { name: string; conversations: number; passwordHash: string; log?: (s: string) => void },
): Promise<GeneratedAccount> {
  const log = opts.log ?? (() => {});
  const n = opts.conversations;
  const bulk = n >= 100_000;
  const db = new Client({ connectionString: url });
  await db.connect();
  const q = async (text: string, values: unknown[] = []) => (await db.query(text, values)).rows;
  const ids = (rows: { id: number }[]) => rows.map((r) => r.id);
  try {
    await q(`set synchronous_commit = off`);
    await skipForeignKeyChecks(db);
    await q(
      `create unlogged table if not exists bench_fragments (i int primary key, t text not null)`,
    );
    if ((await q(`select count(*)::int as n from bench_fragments`))[0].n !== FRAGMENTS) {
      await q(`truncate bench_fragments`);
      await q(
        `insert into bench_fragments select g - 1, t from unnest($1::text[]) with ordinality u(t, g)`,
        [fragments()],
      );
    }

    const acc = (
      await q(
        `insert into accounts (name, trial_end_date, is_subscription_active) values ($1, now() + interval '14 days', true) returning id`,
        [generatingName(opts.name)],
      )
    )[0].id as number;
    await q(
      `insert into global_settings (account_id, default_fonts, live_chat_notification_sound, auto_assign_user_on_reply,
      treat_subject_and_sender_combination_as_single_thread, are_keyboard_shortcuts_disabled) values ($1, '["Tahoma"]', 1, false, false, false)`,
      [acc],
    );
    const agentEmail = `agent-${acc}@bench.localhost`;
    const agentIds = ids(
      await q(
        `insert into users (email, name, password_hash, profile_color)
         select case when g = 1 then $2 else 'agent-' || $1 || '-' || g || '@bench.localhost' end,
           ($4::text[])[1 + (g * 7) % 100] || ' ' || ($5::text[])[1 + (g * 13) % 100], $3, '#1677ff'
         from generate_series(1, 20) g order by g returning id`,
        [acc, agentEmail, opts.passwordHash, FIRST_NAMES, LAST_NAMES],
      ),
    );
    await q(
      `insert into memberships (account_id, user_id, permission_level)
       select $1, u, case when o = 1 then 'owner' when o <= 3 then 'admin' else 'agent' end
       from unnest($2::int[]) with ordinality x(u, o)`,
      [acc, agentIds],
    );
    const teamIds = ids(
      await q(
        `insert into teams (account_id, name) select $1, t from unnest(array['Customer care','Billing','Returns','VIP']) with ordinality x(t, o) order by o returning id`,
        [acc],
      ),
    );
    await q(
      `insert into team_members (team_id, user_id) select ($1::int[])[1 + o % 4], u from unnest($2::int[]) with ordinality x(u, o)`,
      [teamIds, agentIds],
    );
    const channelIds = ids(
      await q(
        `insert into support_channels (account_id, type, name)
         select $1, t, initcap(replace(t, '_', ' '))
         from unnest(array['email','live_chat','whatsapp_gupshup_isv','facebook','instagram_dm','api']) with ordinality x(t, o) order by o returning id`,
        [acc],
      ),
    );
    const tagNames = [
      'shipping',
      'refund',
      'return',
      'damaged',
      'exchange',
      'billing',
      'vip',
      'warranty',
      'size',
      'tracking',
      'wholesale',
      'feedback',
      'urgent',
      'complaint',
      'order-change',
      'missing-item',
      'gift-card',
      'loyalty',
      'repair',
      'press',
      'partnership',
      'b2b',
      'bug',
      'website',
      'app',
      'customs',
      'preorder',
      'restock',
      'fraud',
      'legal',
    ];
    const tagIds = ids(
      await q(
        `insert into tags (account_id, name) select $1, t from unnest($2::text[]) with ordinality x(t, o) order by o returning id`,
        [acc, tagNames],
      ),
    );

    if (bulk) await timed(log, 'dropped secondary indexes', () => dropSecondaryIndexes(db));

    const contacts = Math.max(1, Math.floor(n / 2));
    await timed(log, `${contacts.toLocaleString('en')} contacts`, () =>
      q(
        `insert into contacts (account_id, name, email, phone, created_at)
         select $1::int, f || ' ' || l,
           case when r1 < 0.85 then lower(f) || '.' || lower(l) || g || '@' || ($5::text[])[1 + (g * 31) % ${DOMAINS.length}] end,
           case when r2 < 0.6 then
             case g % 3
               when 0 then '+1' || (200 + g % 800) || lpad(((g::bigint * 7919) % 10000000)::text, 7, '0')
               when 1 then '(' || (200 + g % 800) || ') ' || lpad(((g * 31) % 1000)::text, 3, '0') || '-' || lpad(((g * 7) % 10000)::text, 4, '0')
               else '+44 7' || lpad(((g::bigint * 104729) % 1000000000)::text, 9, '0')
             end
           end,
           now() - make_interval(secs => ($2 - g) * (63072000.0 / $2))
         from (select g, random() r1, random() r2,
                 ($3::text[])[1 + (g * 7 + g / 100) % 100] f, ($4::text[])[1 + (g * 13 + g / 1000) % 100] l
               from generate_series(1, $2) g) s`,
        [acc, contacts, FIRST_NAMES, LAST_NAMES, DOMAINS],
      ),
    );
    const firstContact = (
      await q(`select min(id) as id from contacts where account_id = $1`, [acc])
    )[0].id as number;

    // k = 0 is the oldest conversation; they span two years up to now.
    await timed(log, `${n.toLocaleString('en')} conversations`, () =>
      q(
        `insert into conversations (account_id, support_channel_id, contact_id, subject, status, priority, snoozed_until,
           assignee_id, team_id, last_message_preview, last_activity_at, last_incoming_at, waiting_since, created_at,
           first_response_at, resolved_at)
         select $1, channel, contact, subject, status, priority,
           case when status = 'snoozed' then now() + make_interval(secs => r5 * 259200) end,
           case when r3 < (case when status = 'closed' then 0.08 else 0.3 end) then null
                else ($6::int[])[1 + floor(power(r4, 1.3) * 20)::int] end,
           case when r6 < 0.3 then null else ($7::int[])[1 + floor(power(r7, 1.6) * 4)::int] end,
           left(fa.t || ' ' || fb.t, 120), la, li,
           case when status in ('open', 'pending') and li = la then li - make_interval(secs => r5 * 1800) end,
           ca,
           case when r8 < 0.9 then ca + make_interval(secs => r8 * 14400) end,
           case when status = 'closed' then la end
         from (
           select k, ca, la, r3, r4, r5, r6, r7, r8,
             case when r9 < 0.55 then la else la - make_interval(secs => 60 + r9 * 7200) end as li,
             ($5::int[])[case when r1 < 0.4 then 1 when r1 < 0.7 then 2 when r1 < 0.8 then 3
                              when r1 < 0.88 then 4 when r1 < 0.95 then 5 else 6 end] as channel,
             $3 + ((k::bigint * 7919) % $4)::int as contact,
             case when r1 < 0.4 then 'Re: ' || left(fs.t, 60) else null end as subject,
             case when now() - la < interval '3 days'
               then (array['open','open','open','open','open','pending','pending','snoozed','closed','closed'])[1 + floor(r2 * 10)::int]
               else case when r2 < 0.025 then 'open' when r2 < 0.045 then 'pending' when r2 < 0.05 then 'snoozed' else 'closed' end
             end as status,
             case when r5 < 0.7 then 'none' when r5 < 0.8 then 'low' when r5 < 0.9 then 'medium' when r5 < 0.97 then 'high' else 'urgent' end as priority
           from (
             select k, ca, r1, r2, r3, r4, r5, r6, r7, r8, r9,
               least(now(), ca + make_interval(secs => case when r3 < 0.05 then r4 * 5184000 else r4 * 172800 end)) as la
             from (
               select k, now() - make_interval(secs => ($2 - k) * (63072000.0 / $2)) as ca,
                 random() r1, random() r2, random() r3, random() r4, random() r5, random() r6,
                 random() r7, random() r8, random() r9
               from generate_series(0, $2 - 1) k
             ) s0
           ) s1
           join bench_fragments fs on fs.i = (k::bigint * 31) % ${FRAGMENTS}
         ) s
         join bench_fragments fa on fa.i = (((k::bigint * 5 + 4) * 7919) % ${FRAGMENTS})
         join bench_fragments fb on fb.i = (((k::bigint * 5 + 4) * 104729 + 13) % ${FRAGMENTS})
         order by k`,
        [acc, n, firstContact, contacts, channelIds, agentIds, teamIds],
      ),
    );
    const firstConv = (
      await q(`select min(id) as id from conversations where account_id = $1`, [acc])
    )[0].id as number;
    const lastConv = (
      await q(`select max(id) as id from conversations where account_id = $1`, [acc])
    )[0].id as number;

    await timed(log, 'tags', () =>
      q(
        // Triggers are off here: the links get their conversation's list keys written directly.
        `insert into conversation_tags (conversation_id, tag_id, status, last_activity_at, waiting_since)
         select c.id, ($2::int[])[least(30, floor(exp(random() * ln(31)))::int)],
           c.status, c.last_activity_at, c.waiting_since
         from conversations c cross join generate_series(1, 2) j
         where c.account_id = $1 and random() < 0.35
         on conflict do nothing`,
        [acc, tagIds],
      ),
    );
    await timed(log, 'read state of the first agent', () =>
      q(
        `insert into conversation_reads (conversation_id, user_id, last_read_at)
         select id, $2, last_activity_at from conversations
         where account_id = $1 and assignee_id = $2 and random() < 0.85`,
        [acc, agentIds[0]],
      ),
    );

    // Messages in two halves on two connections (one per core).
    const mid = Math.floor((firstConv + lastConv) / 2);
    await timed(log, `${(n * 5).toLocaleString('en')} messages`, () =>
      Promise.all(
        [
          [firstConv, mid],
          [mid + 1, lastConv],
        ].map(async ([lo, hi]) => {
          const c = new Client({ connectionString: url });
          await c.connect();
          try {
            await c.query(`set synchronous_commit = off`);
            await skipForeignKeyChecks(c);
            await c.query(
              `insert into messages (account_id, conversation_id, support_channel_id, direction, kind, body,
                 sender_user_id, sender_contact_id, delivery_status, created_at)
               select c.account_id, c.id, c.support_channel_id, dir,
                 case when dir = 'internal' then 'note' else 'message' end,
                 fa.t || ' ' || fb.t || case when j = 0 and c.id % 4 = 0 then ' order #' || (100000 + c.id - $2) else '' end,
                 case when dir = 'incoming' then null else coalesce(c.assignee_id, $5) end,
                 case when dir = 'incoming' then c.contact_id end,
                 case when dir = 'outgoing' then 'delivered' end,
                 c.created_at + (c.last_activity_at - c.created_at) * (j / 4.0)
               from (
                 select c.*, j, case
                     when j = 0 then 'incoming'
                     when j = 4 then case when c.last_incoming_at = c.last_activity_at then 'incoming' else 'outgoing' end
                     when j = 2 and c.id % 10 = 0 then 'internal'
                     when (c.id + j) % 2 = 0 then 'incoming' else 'outgoing' end as dir
                 from conversations c cross join generate_series(0, 4) j
                 where c.id between $3 and $4 and c.account_id = $1
               ) c
               join bench_fragments fa on fa.i = ((((c.id - $2)::bigint * 5 + j) * 7919) % ${FRAGMENTS})
               join bench_fragments fb on fb.i = ((((c.id - $2)::bigint * 5 + j) * 104729 + 13) % ${FRAGMENTS})`,
              [acc, firstConv, lo, hi, agentIds[0]],
            );
          } finally {
            await c.end();
          }
        }),
      ),
    );
    // The view counts are kept by triggers, which the bulk load skipped: counted once here.
    await timed(log, 'view counts', () => q(`select conversation_counts_rebuild($1)`, [acc]));
    await q(`update accounts set name = $2 where id = $1`, [acc, opts.name]);
    return {
      accountId: acc,
      agentIds,
      teamIds,
      channelIds,
      tagIds,
      agentEmail,
    };
  } finally {
    await db.end();
  }
}
