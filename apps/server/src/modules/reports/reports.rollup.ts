import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../../db/client';
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
