// Event-loop delay costs nothing worth speaking of while the process idles (issue 27), and still
// shows the stalls an operator looks for, busy or not.
import { LOOP_DELAY_SAMPLING, sampleLoopDelay, type LoopDelaySampler } from './loop-delay.js';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** Blocks the event loop, as a long synchronous job would. */
const stall = (ms: number) => {
  const until = performance.now() + ms;
  while (performance.now() < until);
};

let sampler: LoopDelaySampler | undefined;
afterEach(() => sampler?.stop());

async function until(probe: () => boolean, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!probe()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await sleep(20);
  }
}

test('an idle process is sampled coarsely, a busy one finely, and a busy loop shows its delay', async () => {
  const current = sampleLoopDelay({ ...LOOP_DELAY_SAMPLING, checkMs: 200 });
  sampler = current;
  await sleep(500);
  // Coarse while the loop idles. Polled: work left by an earlier test file in the same jest worker
  // can keep this process busy for a moment (CI saw it fine after 500 ms). The end of this test
  // proves the switch back to coarse once the loop goes idle.
  await until(() => !current.fine);
  // Work in 30 ms slices: every fine sample lands behind one.
  let working = true;
  const work = (async () => {
    while (working) {
      stall(30);
      await new Promise((r) => setImmediate(r));
    }
  })();
  try {
    await until(() => current.fine);
    current.takeP99Seconds();
    await sleep(400);
    expect(current.takeP99Seconds()).toBeGreaterThanOrEqual(0.01);
  } finally {
    working = false;
    await work;
  }
  await until(() => !current.fine);
});

test('a stall of an otherwise idle process shows in the next reading', async () => {
  const current = sampleLoopDelay({ ...LOOP_DELAY_SAMPLING, checkMs: 200 });
  sampler = current;
  await sleep(500);
  current.takeP99Seconds();
  // Longer than the coarse period: the sampling timer falls due during it and fires at least 300 ms late.
  stall(500);
  await sleep(100);
  expect(current.takeP99Seconds()).toBeGreaterThanOrEqual(0.25);
});
