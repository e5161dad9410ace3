import { inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BUSINESS_HOURS_PATH,
  type ApiErrorBody,
  type ConversationListResponse,
} from '@parley/contracts';
import { conversations } from '../../db/schema';
import { as, createTestContext, signUp, type Session, type TestContext } from '../../test/harness';
import { apiChannelFor } from '../../test/inbox-fixtures';
import { createPolicy, inboxOf, moveClockBack } from '../sla/sla.fixtures';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ AUTH_RATE_LIMIT_PER_MINUTE: '1000' });
});
afterAll(() => ctx.close());

const URL = '/dashboardapi/conversations';

/** The ids the list shows for `query` (every status unless it says otherwise), in list order. */
async function listed(s: Session, query: string): Promise<number[]> {
  const all = /(^|&)status=/.test(query) ? '' : 'status=all&';
  const res = await as(ctx, s).get(`${URL}?${all}${query}`);
  if (res.statusCode !== 200) throw new Error(`list: ${res.statusCode} ${res.body}`);
  return (res.json() as ConversationListResponse).items.map((item) => item.id);
}

const sorted = (ids: number[]) => [...ids].sort((a, b) => a - b);

/** An account with one API channel and `n` conversations from new customers, oldest first. */
async function accountWith(n: number) {
  const owner = await signUp(ctx, { name: 'Olga Owner' });
  const channel = await apiChannelFor(ctx, owner);
  const ids: number[] = [];
  for (let i = 0; i < n; i += 1) {
    const made = await channel.inbound({ identifier: `customer-${i}`, text: `hello ${i}` });
    ids.push(made.conversation_id);
  }
  return { owner, ids };
}

async function setPriority(s: Session, id: number, priority: string) {
  const res = await as(ctx, s).patch(`${URL}/${id}`, { priority });
  expect(res.statusCode).toBe(200);
}

async function setCreated(id: number, at: string) {
  await ctx.deps.db.execute(
    sql`update conversations set created_at = ${at}::timestamptz where id = ${id}`,
  );
}

describe('the inbox list filtered by priority', () => {
  it('shows only the conversations of the priorities asked for, as a list or the key repeated', async () => {
    const { owner, ids } = await accountWith(4);
    const [none, low, high, urgent] = ids as [number, number, number, number];
    await setPriority(owner, low, 'low');
    await setPriority(owner, high, 'high');
    await setPriority(owner, urgent, 'urgent');

    expect(await listed(owner, 'priority=urgent')).toEqual([urgent]);
    expect(sorted(await listed(owner, 'priority=high,urgent'))).toEqual(sorted([high, urgent]));
    expect(sorted(await listed(owner, 'priority=none&priority=low'))).toEqual(sorted([none, low]));
    expect(await listed(owner, 'priority=medium')).toEqual([]);
    // Without the filter, every one.
    expect(sorted(await listed(owner, ''))).toEqual(sorted(ids));
  });

  it('narrows a tag view too (its page is then not read from the tag’s links alone)', async () => {
    const { owner, ids } = await accountWith(3);
    const [a, b, c] = ids as [number, number, number];
    for (const id of ids) {
      const res = await as(ctx, owner).post('/dashboardapi/tag/add/v2', {
        conversation_id: id,
        tags: ['vip'],
      });
      expect(res.statusCode).toBeLessThan(300);
    }
    const tags = await as(ctx, owner).get('/dashboardapi/conversation/mapping');
    const vip = (tags.json() as { tags: { id: number; name: string }[] }).tags.find(
      (tag) => tag.name === 'vip',
    )!;
    await setPriority(owner, b, 'high');
    expect(await listed(owner, `view=tag:${vip.id}&priority=high`)).toEqual([b]);
    expect(sorted(await listed(owner, `view=tag:${vip.id}&priority=none`))).toEqual(sorted([a, c]));
  });
});

describe('the inbox list filtered by creation day', () => {
  it('includes both days of the range whole, counted in UTC for an account without business hours', async () => {
    const { owner, ids } = await accountWith(4);
    const [before, first, last, after] = ids as [number, number, number, number];
    await setCreated(before, '2026-02-28T23:59:59Z');
    await setCreated(first, '2026-03-01T00:00:00Z');
    await setCreated(last, '2026-03-31T23:59:59.900Z');
    await setCreated(after, '2026-04-01T00:00:00Z');

    const march = 'created_from=2026-03-01&created_to=2026-03-31';
    expect(sorted(await listed(owner, march))).toEqual(sorted([first, last]));
    expect(sorted(await listed(owner, 'created_from=2026-03-01'))).toEqual(
      sorted([first, last, after]),
    );
    expect(await listed(owner, 'created_to=2026-02-28')).toEqual([before]);
    expect(await listed(owner, 'created_from=2026-04-01&created_to=2026-04-01')).toEqual([after]);
  });

  it('counts the days in the time zone of the account’s business hours, the same for every teammate', async () => {
    const { owner, ids } = await accountWith(3);
    const [lateEvening, tokyoMorning, nextDay] = ids as [number, number, number];
    const saved = await as(ctx, owner).put(BUSINESS_HOURS_PATH, {
      business_hours: {
        time_zone: 'Asia/Tokyo',
        days: [{ day: 1, open: '09:00', close: '17:00' }],
        holidays: [],
      },
    });
    expect(saved.statusCode).toBe(200);
    // 1 March 23:30 in Tokyo is 14:30 UTC; 2 March 05:00 in Tokyo is still 1 March in UTC.
    await setCreated(lateEvening, '2026-03-01T14:30:00Z');
    await setCreated(tokyoMorning, '2026-03-01T20:00:00Z');
    await setCreated(nextDay, '2026-03-02T15:30:00Z');

    expect(await listed(owner, 'created_from=2026-03-01&created_to=2026-03-01')).toEqual([
      lateEvening,
    ]);
    expect(await listed(owner, 'created_from=2026-03-02&created_to=2026-03-02')).toEqual([
      tokyoMorning,
    ]);
    expect(await listed(owner, 'created_from=2026-03-03')).toEqual([nextDay]);
  });
});

describe('the inbox list filtered by SLA state', () => {
  /**
   * An account whose policy (first response in 4 h for no priority, warning 30 min before) covers
   * conversations created after it: one on track, one due soon, one breached, one paused, and
   * one from before the policy, without a clock.
   */
  async function slaAccount() {
    const owner = await signUp(ctx, { name: 'Olga Owner' });
    const inbox = await inboxOf(ctx, owner);
    const older = await inbox.newConversation();
    await createPolicy(ctx, owner);
    const onTrack = await inbox.newConversation();
    const dueSoon = await inbox.newConversation();
    const breached = await inbox.newConversation();
    const paused = await inbox.newConversation();
    await moveClockBack(ctx, dueSoon, 'first_response', 220 * 60_000);
    await moveClockBack(ctx, breached, 'first_response', 300 * 60_000);
    await inbox.patch(paused, { status: 'pending' });
    return { owner, older, onTrack, dueSoon, breached, paused };
  }

  it('shows each state as the rows show their clock due first, and several at once', async () => {
    const { owner, older, onTrack, dueSoon, breached, paused } = await slaAccount();
    const page = await as(ctx, owner).get(`${URL}?status=all`);
    const shown = new Map(
      (page.json() as ConversationListResponse).items.map((item) => [item.id, item.sla?.state]),
    );
    expect(shown.get(onTrack)).toBe('running');
    expect(shown.get(dueSoon)).toBe('warning');
    expect(shown.get(breached)).toBe('breached');
    expect(shown.get(paused)).toBe('paused');
    expect(shown.get(older)).toBeUndefined();

    expect(await listed(owner, 'sla=breached')).toEqual([breached]);
    expect(await listed(owner, 'sla=due_soon')).toEqual([dueSoon]);
    expect(await listed(owner, 'sla=on_track')).toEqual([onTrack]);
    expect(await listed(owner, 'sla=paused')).toEqual([paused]);
    expect(await listed(owner, 'sla=none')).toEqual([older]);
    expect(sorted(await listed(owner, 'sla=breached,due_soon'))).toEqual(
      sorted([breached, dueSoon]),
    );
    // The status filter still applies: the paused one is pending.
    expect(await listed(owner, 'status=open&sla=paused')).toEqual([]);
  });

  it('finds no clock at all in an account without an SLA policy', async () => {
    const { owner, ids } = await accountWith(2);
    expect(sorted(await listed(owner, 'sla=none'))).toEqual(sorted(ids));
    expect(await listed(owner, 'sla=breached,due_soon,on_track,paused')).toEqual([]);
  });

  it('combines priority, SLA state, creation days and a search', async () => {
    const { owner, onTrack, breached, dueSoon } = await slaAccount();
    await setPriority(owner, onTrack, 'high');
    await setPriority(owner, dueSoon, 'high');
    await ctx.deps.db
      .update(conversations)
      .set({ createdAt: new Date('2025-01-10T12:00:00Z') })
      .where(inArray(conversations.id, [onTrack, breached]));

    const q = 'priority=high&sla=on_track,breached&created_from=2025-01-01&created_to=2025-01-31';
    expect(await listed(owner, q)).toEqual([onTrack]);
    expect(await listed(owner, `${q}&search=${encodeURIComponent(`id:${onTrack}`)}`)).toEqual([
      onTrack,
    ]);
    expect(await listed(owner, `${q}&search=${encodeURIComponent(`id:${breached}`)}`)).toEqual([]);
    expect(await listed(owner, 'priority=high&sla=on_track&created_to=2025-01-09')).toEqual([]);
    expect(await listed(owner, 'priority=none&sla=breached&created_from=2025-01-10')).toEqual([
      breached,
    ]);
  });
});

describe('the list’s filters, checked', () => {
  async function refused(query: string) {
    const owner = await signUp(ctx, { name: 'Olga Owner' });
    const res = await as(ctx, owner).get(`${URL}?${query}`);
    expect(res.statusCode).toBe(400);
    const body = res.json() as ApiErrorBody;
    expect(body.code).toBe('validation_error');
    return body as ApiErrorBody & { details: { path: string; message: string }[] };
  }

  it('refuses a range that ends before it starts, naming its start', async () => {
    const body = await refused('created_from=2026-03-02&created_to=2026-03-01');
    expect(body.details).toEqual([
      {
        path: 'created_from',
        message: 'The “created from” date must be on or before the “created to” date.',
      },
    ]);
  });

  it('refuses a day that is not one, an unknown priority and an unknown SLA state, naming each', async () => {
    expect((await refused('created_to=2026-02-30')).message).toBe(
      'created_to: Give the “created to” date as YYYY-MM-DD, e.g. 2026-03-01.',
    );
    expect((await refused('created_from=yesterday')).details[0]?.path).toBe('created_from');
    expect((await refused('priority=high,critical')).message).toBe(
      'priority.1: Choose priorities among none, low, medium, high, urgent.',
    );
    expect((await refused('sla=late')).message).toBe(
      'sla.0: Choose SLA states among breached, due_soon, on_track, paused, none.',
    );
    expect((await refused('priority=')).details[0]?.path).toBe('priority');
  });
});
