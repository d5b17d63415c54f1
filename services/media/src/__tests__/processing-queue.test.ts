import { ProcessingQueue } from '../processing-queue.js';

describe('ProcessingQueue', () => {
  it('runs at most `concurrency` jobs at once, in arrival order, and passes results and errors through', async () => {
    const queue = new ProcessingQueue(2);
    let running = 0;
    let peak = 0;
    const started: number[] = [];
    const job = (i: number) => async () => {
      started.push(i);
      running++;
      peak = Math.max(peak, running);
      await new Promise((r) => setTimeout(r, 10));
      running--;
      if (i === 3) throw new Error('three');
      return i * 10;
    };
    const results = await Promise.allSettled([0, 1, 2, 3, 4, 5].map((i) => queue.run(job(i))));
    expect(peak).toBe(2);
    expect(started).toEqual([0, 1, 2, 3, 4, 5]);
    expect(results.map((r) => (r.status === 'fulfilled' ? r.value : (r.reason as Error).message))).toEqual([0, 10, 20, 'three', 40, 50]);
    expect(queue.pending).toBe(0);
    await expect(queue.run(async () => 'after')).resolves.toBe('after');
  });

  it('tells whether a batch of jobs would all start or find a place among at most `maxWaiting` waiting', async () => {
    const queue = new ProcessingQueue(2, 3);
    expect(queue.hasRoomFor(5)).toBe(true);
    expect(queue.hasRoomFor(6)).toBe(false);
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const jobs = [0, 1, 2, 3].map(() => queue.run(() => gate));
    // What the operators' "Media queue" panel shows (mboa_work_queue_running / _waiting).
    expect({ running: queue.active, waiting: queue.pending }).toEqual({ running: 2, waiting: 2 });
    expect(queue.pending).toBe(2);
    expect(queue.hasRoomFor(1)).toBe(true);
    expect(queue.hasRoomFor(2)).toBe(false);
    release();
    await Promise.all(jobs);
    expect({ running: queue.active, waiting: queue.pending }).toEqual({ running: 0, waiting: 0 });
    expect(queue.hasRoomFor(5)).toBe(true);
  });
});
