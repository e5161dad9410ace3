import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestContext, type TestContext } from '../test/harness';
import { EventMappings, type Publication } from './event-mappings';

// Batch mappings (docs/benchmarks.md): a burst's events are mapped together, and what they publish goes
// out in one call, so the protocol server writes a socket's frames of it at once.

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const errors: unknown[] = [];
const log = { debug() {}, info() {}, warn() {}, error: (o: unknown) => void errors.push(o) };

/** Records each publication with the number of the publish call that carried it. */
function recorder() {
  const published: { event: string; channel: string; call: number }[] = [];
  let calls = 0;
  const publish = async (publications: readonly Publication[]) => {
    for (const p of publications)
      published.push({ event: p.event, channel: p.channel, call: calls });
    calls += 1;
  };
  return { published, publish };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 100));

describe('EventMappings.mapBatch', () => {
  it("publishes a burst's events of every batch mapping in one call, in the order the mappings were added, each mapping in the order of its events", async () => {
    const { published, publish } = recorder();
    const mappings = new EventMappings(ctx.deps, publish, log)
      .mapBatch('message_created', async (events) => {
        // The slower mapping: the other's publications wait for it.
        await new Promise((resolve) => setTimeout(resolve, 30));
        return events.map((e) => ({
          channel: `private-dcuser-${e.messageId}-panel0`,
          event: 'message_created',
          data: { account_id: e.accountId, conversation_id: e.conversationId } as never,
        }));
      })
      .mapBatch('conversation_updated', async (events) =>
        events.map((e) => ({
          channel: `private-dcuser-${e.conversationId}-panel0`,
          event: 'conversation_updated',
          data: { account_id: e.accountId } as never,
        })),
      );
    try {
      for (const id of [1, 2]) {
        ctx.deps.events.emit('message_created', {
          accountId: 1,
          conversationId: 10 + id,
          messageId: id,
          isPrivate: false,
        });
        ctx.deps.events.emit('conversation_updated', { accountId: 1, conversationId: 10 + id });
      }
      await vi.waitFor(() => expect(published).toHaveLength(4));
      expect(errors).toEqual([]);
      expect(published).toEqual([
        { event: 'message_created', channel: 'private-dcuser-1-panel0', call: 0 },
        { event: 'message_created', channel: 'private-dcuser-2-panel0', call: 0 },
        { event: 'conversation_updated', channel: 'private-dcuser-11-panel0', call: 0 },
        { event: 'conversation_updated', channel: 'private-dcuser-12-panel0', call: 0 },
      ]);
    } finally {
      mappings.stop();
    }
  });

  it("a mapping that fails is logged and loses only its own events; the burst's others are published, and later bursts run", async () => {
    const { published, publish } = recorder();
    errors.length = 0;
    let failNext = true;
    const mappings = new EventMappings(ctx.deps, publish, log)
      .mapBatch('message_updated', async () => {
        if (failNext) {
          failNext = false;
          throw new Error('lookup failed');
        }
        return [
          { channel: 'private-dcuser-7-panel0', event: 'message_updated', data: {} as never },
        ];
      })
      .mapBatch('conversation_updated', async () => [
        { channel: 'private-dcuser-8-panel0', event: 'conversation_updated', data: {} as never },
      ]);
    try {
      ctx.deps.events.emit('message_updated', { accountId: 1, conversationId: 1, messageId: 1 });
      ctx.deps.events.emit('conversation_updated', { accountId: 1, conversationId: 1 });
      await vi.waitFor(() => expect([errors.length, published.length]).toEqual([1, 1]));
      expect(published.map((p) => p.event)).toEqual(['conversation_updated']);
      expect(errors).toEqual([expect.objectContaining({ event: 'message_updated' })]);

      ctx.deps.events.emit('message_updated', { accountId: 1, conversationId: 1, messageId: 1 });
      await vi.waitFor(() => expect(published).toHaveLength(2));
      expect(published.map((p) => p.event)).toEqual(['conversation_updated', 'message_updated']);
    } finally {
      mappings.stop();
    }
  });

  it('a burst the mapping fails on is mapped again event by event: only the bad event is lost, its neighbours are published', async () => {
    const { published, publish } = recorder();
    errors.length = 0;
    // As a lookup by id fails on a whole burst when one id is not a number.
    const mappings = new EventMappings(ctx.deps, publish, log).mapBatch(
      'message_created',
      async (events) => {
        if (events.some((e) => typeof e.messageId !== 'number')) throw new Error('not an integer');
        return events.map((e) => ({
          channel: `private-dcuser-${e.messageId}-panel0`,
          event: 'message_created',
          data: {} as never,
        }));
      },
    );
    try {
      for (const messageId of [1, '2' as unknown as number, 3])
        ctx.deps.events.emit('message_created', {
          accountId: 1,
          conversationId: 1,
          messageId,
          isPrivate: false,
        });
      await vi.waitFor(() => expect(published).toHaveLength(2));
      expect(published.map((p) => p.channel)).toEqual([
        'private-dcuser-1-panel0',
        'private-dcuser-3-panel0',
      ]);
      expect(errors).toEqual([expect.objectContaining({ event: 'message_created' })]);
    } finally {
      mappings.stop();
    }
  });

  it('stop() removes its mappings: later events publish nothing', async () => {
    const { published, publish } = recorder();
    const mappings = new EventMappings(ctx.deps, publish, log).mapBatch(
      'conversation_updated',
      async () => [
        { channel: 'private-dcuser-9-panel0', event: 'conversation_updated', data: {} as never },
      ],
    );
    mappings.stop();
    ctx.deps.events.emit('conversation_updated', { accountId: 1, conversationId: 1 });
    await settle();
    expect(published).toEqual([]);
  });

  it('stop() resolves once the events emitted before it are published (a server shutting down loses none)', async () => {
    const { published, publish } = recorder();
    const mappings = new EventMappings(ctx.deps, publish, log)
      .mapBatch('conversation_updated', async () => {
        await new Promise((resolve) => setTimeout(resolve, 50));
        return [
          { channel: 'private-dcuser-7-panel0', event: 'conversation_updated', data: {} as never },
        ];
      })
      .map('message_updated', async () => {
        await new Promise((resolve) => setTimeout(resolve, 50));
        return [
          { channel: 'private-dcuser-7-panel0', event: 'message_updated', data: {} as never },
        ];
      });
    ctx.deps.events.emit('conversation_updated', { accountId: 1, conversationId: 1 });
    ctx.deps.events.emit('message_updated', { accountId: 1, conversationId: 1, messageId: 1 });
    await mappings.stop();
    expect(published.map((p) => p.event).sort()).toEqual([
      'conversation_updated',
      'message_updated',
    ]);
  });
});
