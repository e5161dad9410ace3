import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  dcuserPanelChannel,
  SCHEDULED_MESSAGES_CHANGED_EVENT,
  scheduledMessagePath,
  type RealtimeEventPayloads,
} from '@parley/contracts';
import { as, createTestContext, signUp, type Session, type TestContext } from '../../test/harness';
import { ownerAndTeammate } from '../../test/inbox-fixtures';
import {
  connectPusher,
  listen,
  nextEvent,
  subscribe,
  type TestPusher,
} from '../../realtime/pusher-test-client';
import { conversationOf, makeDue, schedule } from './scheduled-messages.fixtures';

// The agents viewing a conversation hear when its scheduled messages change
// (docs/product/scheduled-send.md), over the real pusher-js client.

type Changed = RealtimeEventPayloads['scheduled_messages_changed'];

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

async function panelOf(session: Session) {
  const client = await connectPusher(port, { session });
  clients.push(client);
  return (await subscribe(client, dcuserPanelChannel(session.userId))).channel;
}

describe('scheduled_messages_changed on private-dcuser-{id}-panel0', () => {
  it('teammates hear of a message scheduled, edited, cancelled and sent; another account hears nothing', async () => {
    const { owner, mate } = await ownerAndTeammate(ctx);
    const outsider = await signUp(ctx, { name: 'Otto Outsider' });
    const { conversationId } = await conversationOf(ctx, owner);
    const [matePanel, outsiderPanel] = await Promise.all([panelOf(mate), panelOf(outsider)]);
    let outsiderHeard = 0;
    outsiderPanel.bind_global(() => outsiderHeard++);
    const next = () =>
      nextEvent<Changed>(
        matePanel,
        SCHEDULED_MESSAGES_CHANGED_EVENT,
        (e) => e.conversation_id === conversationId,
      );
    const expected = { account_id: owner.accountId, conversation_id: conversationId };

    let heard = next();
    const created = await schedule(ctx, owner, conversationId, { body: 'Tomorrow' });
    expect(await heard).toEqual(expected);

    heard = next();
    await as(ctx, owner).patch(scheduledMessagePath(created.id), { body: 'Tomorrow at nine' });
    expect(await heard).toEqual(expected);

    heard = next();
    await as(ctx, owner).delete(scheduledMessagePath(created.id));
    expect(await heard).toEqual(expected);

    heard = next();
    const due = await schedule(ctx, owner, conversationId, { body: 'Now' });
    await heard;
    await makeDue(ctx, due.id);
    // At its time: the message reaches the thread, and the list hears it is no longer waiting.
    const posted = nextEvent(matePanel, 'message_created');
    heard = next();
    await ctx.deps.jobs.drain();
    await posted;
    expect(await heard).toEqual(expected);
    expect(outsiderHeard).toBe(0);
  });
});
