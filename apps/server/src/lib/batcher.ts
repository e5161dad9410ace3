/**
 * Group commit in the application: calls that arrive while `maxInFlight` batches are running wait
 * and go together in the next batch, so a burst of small writes costs one statement (one round
 * trip, one commit) instead of one each. A batch starts once the event loop has read what
 * arrived (setImmediate: after I/O): a lone call waits for nothing else, batches grow with the
 * load by themselves, and a database that runs in this thread (PGlite, which blocks the loop
 * while it works) still sees the requests that came in meanwhile together.
 *
 * A batch that fails is run again item by item, so one bad item fails alone.
 */
export class Batcher<I, O> {
  private readonly waiting: {
    item: I;
    resolve: (out: O) => void;
    reject: (err: unknown) => void;
  }[] = [];
  private inFlight = 0;
  private scheduled = false;

  constructor(
    /** Answers one output per item, in the items' order. */
    private readonly run: (items: I[]) => Promise<O[]>,
    private readonly opts: { maxInFlight: number; maxBatch: number },
  ) {}

  submit(item: I): Promise<O> {
    return new Promise<O>((resolve, reject) => {
      this.waiting.push({ item, resolve, reject });
      this.schedule();
    });
  }

  private schedule() {
    if (this.scheduled || this.waiting.length === 0) return;
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      this.pump();
    });
  }

  private pump() {
    while (this.inFlight < this.opts.maxInFlight && this.waiting.length > 0) {
      const batch = this.waiting.splice(0, this.opts.maxBatch);
      this.inFlight += 1;
      void this.runBatch(batch).finally(() => {
        this.inFlight -= 1;
        this.schedule();
      });
    }
  }

  private async runBatch(batch: typeof this.waiting) {
    try {
      const outs = await this.run(batch.map((b) => b.item));
      if (outs.length !== batch.length)
        throw new Error(`a batch of ${batch.length} answered ${outs.length} results`);
      batch.forEach((b, i) => b.resolve(outs[i]!));
    } catch (err) {
      if (batch.length === 1) {
        batch[0]!.reject(err);
        return;
      }
      await Promise.all(batch.map((b) => this.runBatch([b])));
    }
  }
}
