// Event-loop delay costs nothing worth speaking of while the process idles (issue 27), and still
// shows the stalls an operator looks for, busy or not.
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { LOOP_DELAY_SAMPLING, sampleLoopDelay, type LoopDelaySampler } from './loop-delay.js';

const registerTs = fileURLToPath(new URL('../events/__tests__/register-ts.mjs', import.meta.url));
const child = fileURLToPath(new URL('./__tests__/loop-delay-child.ts', import.meta.url));

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** Blocks the event loop, as a long synchronous job would. */
const stall = (ms: number) => {
  const until = performance.now() + ms;
  while (performance.now() < until);
};

let sampler: LoopDelaySampler | undefined;
afterEach(() => sampler?.stop());

test('an idle process is sampled coarsely, a busy one finely, and a busy loop shows its delay', async () => {
  // In a process of its own (see the child's header), through the events tests' TypeScript hooks.
  const { stdout } = await promisify(execFile)(process.execPath, ['--import', registerTs, child], { env: { ...process.env, NODE_OPTIONS: '' } });
  const line = stdout.split('\n').find((l) => l.startsWith('RESULT '));
  const result = JSON.parse(line!.slice(7)) as { coarseWhileIdle: boolean; fineWhileBusy: boolean; busyP99Seconds: number; coarseAgain: boolean };
  expect(result).toMatchObject({ coarseWhileIdle: true, fineWhileBusy: true, coarseAgain: true });
  expect(result.busyP99Seconds).toBeGreaterThanOrEqual(0.01);
}, 120_000);

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
