import { sql, type SQL } from 'drizzle-orm';
import type { NpsSummary } from '@parley/contracts';
import { rowsOf, type Db } from '../../db/client';

// The operator reads across accounts on purpose: these are the requests and answers people sent
// to the operator. Nothing here is reachable with an agent's session (auth mode 'operator').

export interface Period {
  from?: string | undefined;
  to?: string | undefined;
}

export interface PageArgs {
  limit: number;
  before_id?: number | undefined;
}

const iso = (v: Date | string) => new Date(v).toISOString();

/** `from` and `to` are days (UTC); `to` includes its whole day. */
function inPeriod(column: SQL, { from, to }: Period): SQL {
  return sql`${from ? sql`${column} >= ${from}::date` : sql`true`}
    and ${to ? sql`${column} < ${to}::date + 1` : sql`true`}`;
}

const beforeId = (column: SQL, page: PageArgs) =>
  page.before_id ? sql`${column} < ${page.before_id}` : sql`true`;

function nextBeforeId<T extends { id: number }>(rows: T[], limit: number) {
  return {
    items: rows.slice(0, limit),
    next_before_id: rows.length > limit ? rows[limit - 1]!.id : null,
  };
}

export async function npsSummary(db: Db, period: Period): Promise<NpsSummary> {
  const [row] = rowsOf<{
    ratings: number;
    submitted: number;
    average: string | null;
    d: Record<string, number>;
  }>(
    await db.execute(sql`
      select count(*)::int as ratings,
        count(f.submitted_at)::int as submitted,
        round(avg(f.rating_star)::numeric, 2)::text as average,
        json_build_object(
          '1', count(*) filter (where f.rating_star = 1), '2', count(*) filter (where f.rating_star = 2),
          '3', count(*) filter (where f.rating_star = 3), '4', count(*) filter (where f.rating_star = 4),
          '5', count(*) filter (where f.rating_star = 5)) as d
      from nps_feedback f
      where ${inPeriod(sql`f.created_at`, period)}`),
  );
  const d = row!.d;
  const n = row!.ratings;
  const detractors = (d['1'] ?? 0) + (d['2'] ?? 0) + (d['3'] ?? 0);
  return {
    ratings: n,
    submitted: row!.submitted,
    average_rating: row!.average === null ? null : Number(row!.average),
    distribution: {
      '1': d['1'] ?? 0,
      '2': d['2'] ?? 0,
      '3': d['3'] ?? 0,
      '4': d['4'] ?? 0,
      '5': d['5'] ?? 0,
    },
    score: n === 0 ? null : Math.round((100 * ((d['5'] ?? 0) - detractors)) / n),
  };
}

export async function npsResponses(db: Db, period: Period, page: PageArgs) {
  const rows = rowsOf<{
    id: number;
    account_id: number;
    account_name: string;
    user_id: number;
    user_name: string;
    user_email: string;
    milestone: string;
    rating_star: number;
    rated_at: Date | string;
    submitted_at: Date | string | null;
    answers: { question: string; options: string[] | null; other_text: string | null }[] | null;
  }>(
    await db.execute(sql`
      select f.id, a.id as account_id, a.name as account_name, u.id as user_id, u.name as user_name,
        u.email as user_email, m.name as milestone, f.rating_star, f.created_at as rated_at,
        f.submitted_at,
        (select json_agg(json_build_object(
            'question', q.text,
            'options', (select array_agg(o.text order by o.position, o.id) from nps_answer_options o
                        where o.id = any(r.selected_option_ids)),
            'other_text', r.other_text) order by q.position, q.id)
          from nps_responses r join nps_questions q on q.id = r.question_id
          where r.feedback_id = f.id) as answers
      from nps_feedback f
      join accounts a on a.id = f.account_id
      join users u on u.id = f.user_id
      join nps_milestones m on m.id = f.milestone_id
      where ${inPeriod(sql`f.created_at`, period)} and ${beforeId(sql`f.id`, page)}
      order by f.id desc
      limit ${page.limit + 1}`),
  );
  return nextBeforeId(
    rows.map((r) => ({
      id: r.id,
      account: { id: r.account_id, name: r.account_name },
      user: { id: r.user_id, name: r.user_name, email: r.user_email },
      milestone: r.milestone,
      rating_star: r.rating_star,
      rated_at: iso(r.rated_at),
      submitted_at: r.submitted_at === null ? null : iso(r.submitted_at),
      answers: (r.answers ?? []).map((x) => ({
        question: x.question,
        options: x.options ?? [],
        other_text: x.other_text,
      })),
    })),
    page.limit,
  );
}

export async function demoRequests(db: Db, status: string | undefined, page: PageArgs) {
  const rows = rowsOf<{
    id: number;
    account_id: number;
    account_name: string;
    user_id: number | null;
    user_name: string | null;
    user_email: string | null;
    slot: Date | string;
    timezone: string;
    phone: string | null;
    notes: string | null;
    status: 'requested' | 'confirmed' | 'done' | 'cancelled';
    created_at: Date | string;
  }>(
    await db.execute(sql`
      select d.id, a.id as account_id, a.name as account_name, u.id as user_id, u.name as user_name,
        u.email as user_email, d.slot, d.timezone, d.phone, d.notes, d.status, d.created_at
      from demo_requests d
      join accounts a on a.id = d.account_id
      left join users u on u.id = d.user_id
      where ${status ? sql`d.status = ${status}` : sql`true`} and ${beforeId(sql`d.id`, page)}
      order by d.id desc
      limit ${page.limit + 1}`),
  );
  return nextBeforeId(
    rows.map((r) => ({
      id: r.id,
      account: { id: r.account_id, name: r.account_name },
      user: r.user_id === null ? null : { id: r.user_id, name: r.user_name!, email: r.user_email! },
      slot: iso(r.slot),
      timezone: r.timezone,
      phone: r.phone,
      notes: r.notes,
      status: r.status,
      created_at: iso(r.created_at),
    })),
    page.limit,
  );
}

export async function setDemoRequestStatus(db: Db, id: number, status: string) {
  const rows = rowsOf<{ id: number }>(
    await db.execute(
      sql`update demo_requests set status = ${status} where id = ${id} returning id`,
    ),
  );
  return rows.length > 0;
}

export async function callbackRequests(db: Db, period: Period, page: PageArgs) {
  const rows = rowsOf<{
    id: number;
    account_id: number;
    account_name: string;
    customer_name: string;
    contact_number: string;
    email_address: string;
    best_time_to_call: string;
    query_type: string;
    message: string | null;
    myshopify_domain: string | null;
    attachment_ids: number[];
    operator_conversation_id: number | null;
    created_at: Date | string;
  }>(
    await db.execute(sql`
      select c.id, a.id as account_id, a.name as account_name, c.customer_name, c.contact_number,
        c.email_address, c.best_time_to_call, c.query_type, c.message, c.myshopify_domain,
        c.attachment_ids, c.operator_conversation_id, c.created_at
      from callback_requests c
      join accounts a on a.id = c.account_id
      where ${inPeriod(sql`c.created_at`, period)} and ${beforeId(sql`c.id`, page)}
      order by c.id desc
      limit ${page.limit + 1}`),
  );
  return nextBeforeId(
    rows.map(({ account_id, account_name, created_at, ...r }) => ({
      ...r,
      account: { id: account_id, name: account_name },
      created_at: iso(created_at),
    })),
    page.limit,
  );
}
