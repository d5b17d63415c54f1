// A process of its own for the loop-delay sampler: idle, then busy, then idle again. Work left in a
// shared jest worker by earlier test files (CI saw one stay busy for a minute) cannot blur "idle"
// here. Prints one line: RESULT {json}.
import { LOOP_DELAY_SAMPLING, sampleLoopDelay } from '../loop-delay.js';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const stall = (ms: number) => {
  const until = performance.now() + ms;
  while (performance.now() < until);
};
async function until(probe: () => boolean, timeoutMs = 30_000): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (!probe()) {
    if (Date.now() > deadline) return false;
    await sleep(20);
  }
  return true;
}

const sampler = sampleLoopDelay({ ...LOOP_DELAY_SAMPLING, checkMs: 200 });
await sleep(500);
const coarseWhileIdle = await until(() => !sampler.fine);
// Work in 30 ms slices: every fine sample lands behind one.
let working = true;
const work = (async () => {
  while (working) {
    stall(30);
    await new Promise((r) => setImmediate(r));
  }
})();
const fineWhileBusy = await until(() => sampler.fine);
sampler.takeP99Seconds();
await sleep(400);
const busyP99Seconds = sampler.takeP99Seconds();
working = false;
await work;
const coarseAgain = await until(() => !sampler.fine);
sampler.stop();
console.log(`RESULT ${JSON.stringify({ coarseWhileIdle, fineWhileBusy, busyP99Seconds, coarseAgain })}`);
