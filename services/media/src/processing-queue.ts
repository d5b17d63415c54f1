/**
 * At most `concurrency` jobs run at once; the others wait in arrival order. Image work is CPU
 * bound on libuv's thread pool, so queueing here keeps one big posting from taking every core
 * (and the pool's threads that file reads and DNS also need) away from everyone else.
 */
export class ProcessingQueue {
  private running = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(readonly concurrency: number) {
    if (!Number.isInteger(concurrency) || concurrency < 1) throw new Error(`concurrency must be a positive integer, got ${concurrency}`);
  }

  get pending(): number {
    return this.waiting.length;
  }

  async run<T>(job: () => Promise<T>): Promise<T> {
    if (this.running >= this.concurrency) await new Promise<void>((resolve) => this.waiting.push(resolve));
    else this.running++;
    try {
      return await job();
    } finally {
      // Hand the slot straight to the next job, so a newcomer can never overtake the queue.
      const next = this.waiting.shift();
      if (next) next();
      else this.running--;
    }
  }
}
