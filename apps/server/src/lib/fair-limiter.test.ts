import { describe, expect, it } from 'vitest';
import { FairLimiter } from './fair-limiter';

/** A task that runs until `finish()` and records when it started. */
function gate(started: string[], name: string) {
  let finish!: () => void;
  const done = new Promise<void>((resolve) => (finish = resolve));
  return {
    task: async () => {
      started.push(name);
      await done;
      return name;
    },
    finish: () => finish(),
  };
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('FairLimiter', () => {
  it('never runs more than its limit at once, and runs every task', async () => {
    const limiter = new FairLimiter(3);
    let running = 0;
    let most = 0;
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        limiter.run(i % 4, async () => {
          running += 1;
          most = Math.max(most, running);
          await new Promise((resolve) => setTimeout(resolve, 1 + (i % 3)));
          running -= 1;
          return i;
        }),
      ),
    );
    expect(results).toEqual(Array.from({ length: 20 }, (_, i) => i));
    expect(most).toBe(3);
    expect(limiter.queued).toBe(0);
  });

  it('serves the waiting keys in turn: a burst from one account does not hold back the search of another', async () => {
    const limiter = new FairLimiter(1);
    const started: string[] = [];
    const tasks = ['a1', 'a2', 'a3', 'a4', 'b1'].map((name) => ({ name, ...gate(started, name) }));
    const runs = tasks.map((t) => limiter.run(t.name[0]!, t.task));
    await tick();
    expect(started).toEqual(['a1']);
    expect(limiter.queued).toBe(4);
    for (const name of ['a1', 'a2', 'b1', 'a3', 'a4']) {
      tasks.find((t) => t.name === name)!.finish();
      await tick();
    }
    expect(await Promise.all(runs)).toEqual(['a1', 'a2', 'a3', 'a4', 'b1']);
    // a2 waited before b1 came; then the keys take turns, so b1 goes before a3 and a4.
    expect(started).toEqual(['a1', 'a2', 'b1', 'a3', 'a4']);
  });

  it('a task that fails gives its place to the next one and its caller gets the error', async () => {
    const limiter = new FairLimiter(1);
    const failing = limiter.run('a', () => Promise.reject(new Error('statement timeout')));
    const next = limiter.run('b', () => Promise.resolve('ran'));
    await expect(failing).rejects.toThrow('statement timeout');
    await expect(next).resolves.toBe('ran');
    expect(limiter.queued).toBe(0);
  });

  it('the same task asked while it waits or runs is done once and every asker gets its answer; later asks run again', async () => {
    const limiter = new FairLimiter(1);
    const started: string[] = [];
    const first = gate(started, 'first');
    const other = gate(started, 'other');
    const runs = [
      limiter.runOnce('a', 'search:x', first.task),
      limiter.runOnce('b', 'search:y', other.task),
      // Joins "first" while it runs, whatever its account.
      limiter.runOnce('b', 'search:x', () => Promise.resolve('not run')),
    ];
    await tick();
    // Joins "other" while it waits for its turn.
    runs.push(limiter.runOnce('a', 'search:y', () => Promise.resolve('not run')));
    expect(limiter.queued).toBe(1);
    first.finish();
    await tick();
    other.finish();
    expect(await Promise.all(runs)).toEqual(['first', 'other', 'first', 'other']);
    expect(started).toEqual(['first', 'other']);
    // Finished: the same key asked again is a new task.
    await expect(limiter.runOnce('a', 'search:x', () => Promise.resolve('again'))).resolves.toBe(
      'again',
    );
    expect(limiter.queued).toBe(0);
  });

  it('a failed shared task fails each of its askers, and the next ask runs again', async () => {
    const limiter = new FairLimiter(2);
    const failing = () => Promise.reject(new Error('statement timeout'));
    const asks = [limiter.runOnce('a', 'k', failing), limiter.runOnce('b', 'k', failing)];
    for (const ask of asks) await expect(ask).rejects.toThrow('statement timeout');
    await expect(limiter.runOnce('a', 'k', () => Promise.resolve('ran'))).resolves.toBe('ran');
  });

  it('refuses a limit below one', () => {
    expect(() => new FairLimiter(0)).toThrow('not a task limit');
    expect(() => new FairLimiter(1.5)).toThrow('not a task limit');
  });
});
