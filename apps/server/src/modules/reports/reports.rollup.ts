import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../../db/client';
import {
  histogramSql,
  nextMonth,
  quarterCountsSql,
  tagHistogramSql,
  type Kind,
} from './reports.conversations';
import { quarter } from './reports.queries';

/**
 * The message volume rollup (report_message_quarters): customer messages and replies per account,
 * channel and UTC quarter hour, read by the reports instead of millions of message rows. Run by a
 * timer in every server instance; the row lock on the mark makes instances take turns.
 */

const MARK = 'message_volume';

export interface RollupOptions {
  /**
   * How old a noted id must be before it is rolled up: longer than any transaction that inserts
   * messages lasts, so every smaller id is committed (or gone) by then.
   */
  settleMs?: number;
  /** Message ids per transaction (keeps each one short). */
  batch?: number;
  /** Transactions per run: a first run over a large history catches up over a few runs. */
  maxBatches?: number;
}

/** Every message id up to this one is counted in report_message_quarters (0: none yet). */
export async function rolledMessageId(db: Db): Promise<number> {
  const result = await db.execute(
    sql`select rolled_id from report_rollup_marks where name = ${MARK}`,
  );
  return Number(rowsOf<{ rolled_id: string | number }>(result)[0]?.rolled_id ?? 0);
}

/**
 * Rolls up the messages between the last rolled id and the last noted one, once that note has
 * settled, then notes the newest id for the next run. Answers how many ids it rolled past.
 */
export async function rollUpMessageVolume(db: Db, options: RollupOptions = {}): Promise<number> {
  const settleMs = options.settleMs ?? 5 * 60_000;
  const batch = options.batch ?? 100_000;
  const maxBatches = options.maxBatches ?? 20;
  let rolledPast = 0;
  for (let i = 0; i < maxBatches; i++) {
    const step = await db.transaction(async (tx) => {
      await tx.execute(
        sql`insert into report_rollup_marks (name) values (${MARK}) on conflict do nothing`,
      );
      const [mark] = rowsOf<{ rolled: string; noted: string | null; settled: boolean }>(
        await tx.execute(sql`
          select rolled_id as rolled, noted_id as noted,
            coalesce(noted_at <= now() - make_interval(secs => ${settleMs / 1000}), false) as settled
          from report_rollup_marks where name = ${MARK} for update`),
      );
      const rolled = Number(mark!.rolled);
      const noted = mark!.noted === null ? null : Number(mark!.noted);
      if (noted === null || noted <= rolled) {
        await tx.execute(sql`
          update report_rollup_marks
          set noted_id = (select coalesce(max(id), 0) from messages), noted_at = now()
          where name = ${MARK}`);
        return { rolledPast: 0, more: false };
      }
      if (!mark!.settled) return { rolledPast: 0, more: false };
      const upTo = Math.min(noted, rolled + batch);
      await tx.execute(sql`
        insert into report_message_quarters as q
          (account_id, support_channel_id, bucket, incoming, outgoing)
        select m.account_id, m.support_channel_id, ${quarter(sql`m.created_at`)},
          count(*) filter (where m.direction = 'incoming'),
          count(*) filter (where m.direction = 'outgoing')
        from messages m
        where m.id > ${rolled} and m.id <= ${upTo} and m.direction <> 'internal'
        group by 1, 2, 3
        on conflict (account_id, bucket, support_channel_id) do update
          set incoming = q.incoming + excluded.incoming, outgoing = q.outgoing + excluded.outgoing`);
      // Caught up with the note: the newest id is noted at once, to settle until the next run.
      await tx.execute(sql`
        update report_rollup_marks set rolled_id = ${upTo}
          ${upTo === noted ? sql`, noted_id = (select coalesce(max(id), 0) from messages), noted_at = now()` : sql``}
        where name = ${MARK}`);
      return { rolledPast: upTo - rolled, more: upTo < noted };
    });
    rolledPast += step.rolledPast;
    if (!step.more) break;
  }
  return rolledPast;
}

const MONTHS_MARK = 'conversation_months';

export interface ConversationRollupOptions {
  /**
   * How long after a month ends it may be rolled up: longer than any transaction that changes
   * conversations lasts (one that began in the month was not marked by the trigger).
   */
  settleMs?: number;
  /** Months recomputed per run (one transaction each). */
  maxMonths?: number;
}

/**
 * Notes every past month that holds conversations as dirty (the job then rolls them up), as
 * migration 0023 did for the conversations of its day: for conversations written with the
 * triggers off (a bulk load with session_replication_role = replica).
 */
export async function noteAllConversationMonths(db: Db): Promise<void> {
  const current = sql`date_trunc('month', now() at time zone 'UTC') at time zone 'UTC'`;
  await db.execute(sql`
    insert into report_conversation_month_state (account_id, kind, month, clean)
    select distinct account_id, 'created', (date_trunc('month', created_at at time zone 'UTC'))::date, false
    from conversations where created_at < ${current}
    union
    select distinct account_id, 'resolved', (date_trunc('month', resolved_at at time zone 'UTC'))::date, false
    from conversations where resolved_at < ${current}
    on conflict (account_id, kind, month) do update set clean = false`);
}

/**
 * Recomputes the dirty months of report_conversation_months, one (account, kind, month) per
 * transaction, skipping months a changing transaction holds. First notes the conversations of
 * the month that last ended (the trigger leaves the current month alone, so nothing marked it).
 * Answers how many months it recomputed.
 */
export async function rollUpConversationMonths(
  db: Db,
  options: ConversationRollupOptions = {},
): Promise<number> {
  const settle = sql`make_interval(secs => ${(options.settleMs ?? 5 * 60_000) / 1000})`;
  const maxMonths = options.maxMonths ?? 24;
  // The first month not yet rollable: the UTC month of (now − settle).
  const open = sql`(date_trunc('month', (now() - ${settle}) at time zone 'UTC'))::date`;
  await db.transaction(async (tx) => {
    await tx.execute(
      sql`insert into report_rollup_marks (name) values (${MONTHS_MARK}) on conflict do nothing`,
    );
    // rolled_id: the last month noted, as (year × 12 + month − 1) of its first day.
    const [mark] = rowsOf<{ noted: string; ended: string; month: string }>(
      await tx.execute(sql`
        select rolled_id as noted,
          ((extract(year from ${open}) * 12 + extract(month from ${open}) - 1) - 1)::bigint as ended,
          to_char(${open} - interval '1 month', 'YYYY-MM-DD') as month
        from report_rollup_marks where name = ${MONTHS_MARK} for update`),
    );
    if (Number(mark!.noted) >= Number(mark!.ended)) return;
    const from = sql`${mark!.month}::date::timestamp at time zone 'UTC'`;
    const to = sql`(${mark!.month}::date + interval '1 month')::timestamp at time zone 'UTC'`;
    await tx.execute(sql`
      insert into report_conversation_month_state (account_id, kind, month, clean)
      select distinct account_id, 'created', ${mark!.month}::date, false
      from conversations where created_at >= ${from} and created_at < ${to}
      union
      select distinct account_id, 'resolved', ${mark!.month}::date, false
      from conversations where resolved_at >= ${from} and resolved_at < ${to}
      on conflict do nothing`);
    await tx.execute(
      sql`update report_rollup_marks set rolled_id = ${mark!.ended} where name = ${MONTHS_MARK}`,
    );
  });

  let recomputed = 0;
  for (; recomputed < maxMonths; recomputed++) {
    const done = await db.transaction(async (tx) => {
      const [dirty] = rowsOf<{ account_id: number; kind: Kind; month: string }>(
        await tx.execute(sql`
          select account_id, kind, to_char(month, 'YYYY-MM-DD') as month
          from report_conversation_month_state
          where not clean and month < ${open}
          order by month desc
          limit 1
          for update skip locked`),
      );
      if (!dirty) return false;
      const accountId = Number(dirty.account_id);
      const month = [
        { from: `${dirty.month}T00:00:00Z`, to: `${nextMonth(dirty.month)}T00:00:00Z` },
      ];
      await tx.execute(sql`
        delete from report_conversation_months
        where account_id = ${accountId} and kind = ${dirty.kind} and month = ${dirty.month}::date`);
      await tx.execute(sql`
        insert into report_conversation_months (account_id, month, kind, dim, key, bucket, n, lo, hi)
        select ${accountId}, ${dirty.month}::date, ${dirty.kind}, h.dim, h.key, h.b, h.n, h.lo, h.hi
        from (
          (${histogramSql(accountId, {}, dirty.kind, month, true)})
          union all
          (${tagHistogramSql(accountId, {}, dirty.kind, month)})
          union all
          (${quarterCountsSql(accountId, {}, dirty.kind, month)})
        ) h`);
      await tx.execute(sql`
        update report_conversation_month_state set clean = true
        where account_id = ${accountId} and kind = ${dirty.kind} and month = ${dirty.month}::date`);
      return true;
    });
    if (!done) break;
  }
  return recomputed;
}
