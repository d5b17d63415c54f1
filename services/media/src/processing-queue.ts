/**
 * At most `concurrency` jobs run at once; the others wait in arrival order, at most `maxWaiting`
 * of them. Image work is CPU bound on libuv's thread pool, so queueing here keeps one big posting
 * from taking every core (and the pool's threads that file reads and DNS also need) away from
 * everyone else; the bound on waiting keeps a burst from queueing work nobody will wait for.
 */
/** The queue's name on the metrics (mboa_work_queue_*): photos and identity documents share it. */
export const MEDIA_QUEUE = 'media-images';

export class ProcessingQueue {
  private running = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(
    readonly concurrency: number,
    readonly maxWaiting: number = Number.POSITIVE_INFINITY,
  ) {
    if (!Number.isInteger(concurrency) || concurrency < 1) throw new Error(`concurrency must be a positive integer, got ${concurrency}`);
    if (!(maxWaiting >= 0)) throw new Error(`maxWaiting must be at least 0, got ${maxWaiting}`);
  }

  get pending(): number {
    return this.waiting.length;
  }

  /** Jobs running now (at most `concurrency`). */
  get active(): number {
    return this.running;
  }

  /** Whether `jobs` more jobs, run now, would all start or find a place in the waiting line. */
  hasRoomFor(jobs: number): boolean {
    const free = this.concurrency - this.running;
    return this.waiting.length + Math.max(0, jobs - free) <= this.maxWaiting;
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
