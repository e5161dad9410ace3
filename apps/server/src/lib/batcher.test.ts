import { describe, expect, it } from 'vitest';
import { Batcher } from './batcher';

/** A batch runner that records each batch and answers after `release()`. */
function recorder(fail?: (item: number) => boolean) {
  const batches: number[][] = [];
  const gates: (() => void)[] = [];
  const run = async (items: number[]) => {
    batches.push(items);
    await new Promise<void>((resolve) => gates.push(resolve));
    if (fail && items.some(fail)) throw new Error(`bad item in ${items.join(',')}`);
    return items.map((i) => i * 10);
  };
  const release = () => {
    for (const open of gates.splice(0)) open();
  };
  return { batches, run, release };
}

/** A few turns of the event loop: a finished batch hands over to the next one in a later turn. */
const turn = async () => {
  for (let i = 0; i < 3; i++) await new Promise((resolve) => setImmediate(resolve));
};

describe('Batcher (group commit of inbound messages)', () => {
  it('runs calls made in one turn of the event loop together, each answered its own result', async () => {
    const r = recorder();
    const batcher = new Batcher(r.run, { maxInFlight: 1, maxBatch: 100 });
    const answers = Promise.all([1, 2, 3].map((i) => batcher.submit(i)));
    await turn();
    expect(r.batches).toEqual([[1, 2, 3]]);
    r.release();
    expect(await answers).toEqual([10, 20, 30]);
  });

  it('calls that arrive while the batches are running wait and go in the next batch, at most maxBatch at a time', async () => {
    const r = recorder();
    const batcher = new Batcher(r.run, { maxInFlight: 1, maxBatch: 2 });
    const first = batcher.submit(1);
    await turn();
    const later = [2, 3, 4].map((i) => batcher.submit(i));
    await turn();
    expect(r.batches).toEqual([[1]]);
    r.release();
    expect(await first).toBe(10);
    await turn();
    expect(r.batches).toEqual([[1], [2, 3]]);
    r.release();
    await turn();
    r.release();
    expect(await Promise.all(later)).toEqual([20, 30, 40]);
    expect(r.batches).toEqual([[1], [2, 3], [4]]);
  });

  it('keeps maxInFlight batches running at once', async () => {
    const r = recorder();
    const batcher = new Batcher(r.run, { maxInFlight: 2, maxBatch: 100 });
    const a = batcher.submit(1);
    await turn();
    const b = batcher.submit(2);
    await turn();
    const c = batcher.submit(3);
    await turn();
    expect(r.batches).toEqual([[1], [2]]);
    r.release();
    await Promise.all([a, b]);
    await turn();
    expect(r.batches).toEqual([[1], [2], [3]]);
    r.release();
    expect(await c).toBe(30);
  });

  it('runs a failed batch again item by item: only the bad item fails', async () => {
    const r = recorder((i) => i === 2);
    const batcher = new Batcher(r.run, { maxInFlight: 1, maxBatch: 100 });
    const answers = [1, 2, 3].map((i) =>
      batcher.submit(i).then(
        (v) => ({ ok: v }),
        (err: Error) => ({ error: err.message }),
      ),
    );
    for (let i = 0; i < 3; i++) {
      await turn();
      r.release();
    }
    expect(await Promise.all(answers)).toEqual([
      { ok: 10 },
      { error: 'bad item in 2' },
      { ok: 30 },
    ]);
    expect(r.batches).toEqual([[1, 2, 3], [1], [2], [3]]);
  });
});
