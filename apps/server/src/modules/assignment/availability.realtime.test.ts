import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  AGENT_AVAILABILITY_EVENT,
  availabilityPresenceChannel,
  dcuserPanelChannel,
} from '@parley/contracts';
import { as, createTestContext, type Session, type TestContext } from '../../test/harness';
import { ownerAndTeammate } from '../../test/inbox-fixtures';
import {
  connectPusher,
  listen,
  nextEvent,
  subscribe,
  type TestPusher,
} from '../../realtime/pusher-test-client';
import { sweepGoneAgents } from './assignment.service';

let ctx: TestContext;
let port: number;
const clients: TestPusher[] = [];
beforeAll(async () => {
  ctx = await createTestContext({ AUTH_RATE_LIMIT_PER_MINUTE: '1000' });
  port = await listen(ctx.app);
});
afterAll(async () => {
  for (const c of clients) c.disconnect();
  await ctx.close();
});

async function client(session: Session) {
  const c = await connectPusher(port, { session });
  clients.push(c);
  return c;
}

const statusOf = async (viewer: Session, userId: number) =>
  (
    (await as(ctx, viewer).get('/dashboardapi/availability')).json().agents as {
      user_id: number;
      status: string;
    }[]
  ).find((a) => a.user_id === userId)?.status;

describe('availability over realtime', () => {
  it('an agent whose app holds the availability channel is online, and every agent hears it', async () => {
    const { owner, mate } = await ownerAndTeammate(ctx);
    const watcher = await client(owner);
    const { channel: panel } = await subscribe(watcher, dcuserPanelChannel(owner.userId));
    const heard = nextEvent<{ account_id: number; agent: { user_id: number; status: string } }>(
      panel,
      AGENT_AVAILABILITY_EVENT,
    );

    const app = await client(mate);
    await subscribe(app, availabilityPresenceChannel(mate.accountId));
    expect(await heard).toMatchObject({
      account_id: mate.accountId,
      agent: { user_id: mate.userId, status: 'online' },
    });
    expect(await statusOf(owner, mate.userId)).toBe('online');

    // The socket goes: still online for a short while, offline once it has been gone long enough.
    app.disconnect();
    await vi.waitFor(async () => {
      await sweepGoneAgents(ctx.deps, 0);
      expect(await statusOf(owner, mate.userId)).toBe('offline');
    });
  });

  it('another account’s availability channel is refused', async () => {
    const { owner } = await ownerAndTeammate(ctx);
    const { owner: stranger } = await ownerAndTeammate(ctx);
    const c = await client(stranger);
    await expect(subscribe(c, availabilityPresenceChannel(owner.accountId))).rejects.toMatchObject({
      detail: { type: 'AuthError' },
    });
  });
});
