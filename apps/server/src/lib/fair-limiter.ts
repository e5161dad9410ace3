/**
 * Runs at most `limit` tasks at once; the others wait, and the waiting ones are served in turn
 * across keys (an account), each key's own tasks first come, first served. So a burst of heavy
 * work from one key queues behind itself instead of in front of everyone else's.
 *
 * Why a queue in the server: PostgreSQL shares its cores among every statement it runs. Eight
 * heavy searches on two cores each take four times as long as alone, and the inbox pages that
 * run beside them wait too. Run two at a time, the others wait their turn and the database keeps
 * time for the rest (docs/adr/0015).
 */
export class FairLimiter {
  private running = 0;
  /** Waiting starts by key, in the order the keys take turns (a key is here while it waits). */
  private readonly waiting = new Map<string | number, (() => void)[]>();
  /** The tasks of runOnce still waiting or running, by their `same` key. */
  private readonly flights = new Map<string, Promise<unknown>>();

  constructor(readonly limit: number) {
    if (!Number.isSafeInteger(limit) || limit < 1) throw new Error(`not a task limit: ${limit}`);
  }

  /** How many tasks wait for a turn. */
  get queued(): number {
    let n = 0;
    for (const starts of this.waiting.values()) n += starts.length;
    return n;
  }

  /**
   * Like run, but a task asked again under the same `same` key while an earlier one waits or runs
   * joins the earlier one and shares its answer instead of doing the work again: several agents
   * asking the same search at once (a pair of common words costs the database about 20 ms of CPU
   * each time) cost it once.
   */
  runOnce<T>(key: string | number, same: string, task: () => Promise<T>): Promise<T> {
    const flying = this.flights.get(same);
    if (flying) return flying as Promise<T>;
    const flight = this.run(key, task).finally(() => this.flights.delete(same));
    this.flights.set(same, flight);
    return flight;
  }

  async run<T>(key: string | number, task: () => Promise<T>): Promise<T> {
    if (this.running < this.limit) this.running += 1;
    else
      await new Promise<void>((start) => {
        const starts = this.waiting.get(key);
        if (starts) starts.push(start);
        else this.waiting.set(key, [start]);
      });
    try {
      return await task();
    } finally {
      this.next();
    }
  }

  /** A finished task hands its place to the key whose turn it is, or frees it. */
  private next() {
    const turn = this.waiting.entries().next();
    if (turn.done) {
      this.running -= 1;
      return;
    }
    const [key, starts] = turn.value;
    // The key goes to the back of the turns: delete, then set again if it still waits.
    this.waiting.delete(key);
    const start = starts.shift()!;
    if (starts.length > 0) this.waiting.set(key, starts);
    start();
  }
}
