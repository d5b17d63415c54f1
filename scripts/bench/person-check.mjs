#!/usr/bin/env node
// Measures what the person check (docs/api.md#the-person-check) costs a person's browser and a
// script, to choose LIMITS.personCheck (results and arithmetic in docs/benchmarks.md#the-person-check).
//
//   npm run bench:person-check -- [--solves 40] [--phone-factor 3]   (about a minute on 2 cores)
//
// Challenges are made as the gateway makes them (altcha-lib's createChallenge, node:crypto PBKDF2)
// and solved with solvePersonCheck from the built contracts: the WebCrypto code every browser runs.
// A script that knows the scheme calls node:crypto's PBKDF2 directly, without WebCrypto's promise per
// try; its cost per try is measured too. A phone is not at hand on this machine: `--phone-factor` says
// how many times slower than one core here a mid-range Android phone is taken to be.
import { spawnSync } from 'node:child_process';
import { pbkdf2Sync, randomBytes } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const { values } = parseArgs({ options: { solves: { type: 'string', default: '40' }, 'phone-factor': { type: 'string', default: '3' } } });
const solves = Number(values.solves);
const phoneFactor = Number(values['phone-factor']);

const build = spawnSync('npx', ['nx', 'run', 'contracts:build', '--outputStyle=static'], {
  cwd: root,
  stdio: ['ignore', 'ignore', 'inherit'],
  env: { ...process.env, NX_DAEMON: 'false', NX_NO_CLOUD: 'true' },
});
if (build.status !== 0) process.exit(build.status ?? 1);

const { LIMITS, readPersonCheckAnswer, solvePersonCheck } = await import('@mboa/contracts');
const { createChallenge, randomInt, verifySolution } = await import('altcha-lib');
const { deriveKey } = await import('altcha-lib/algorithms/pbkdf2');
const { deriveKey: webDeriveKey } = await import('altcha-lib/algorithms/web/pbkdf2');

const P = LIMITS.personCheck;
const secret = randomBytes(32).toString('hex');
const keySecret = randomBytes(32).toString('hex');
const ms = (n) => `${n.toFixed(2)} ms`;
const s = (n) => `${(n / 1000).toFixed(2)} s`;

// 1. One try: the browser's WebCrypto call, and a script's direct node:crypto call.
const salt = randomBytes(16);
async function perTry(fn, n) {
  const started = performance.now();
  for (let i = 0; i < n; i++) await fn(i);
  return (performance.now() - started) / n;
}
const params = { algorithm: 'PBKDF2/SHA-256', cost: P.iterationsPerTry, keyLength: 32 };
const webTry = await perTry((i) => webDeriveKey(params, salt, Buffer.from(`nonce${i}`)), 300);
const scriptTry = await perTry((i) => pbkdf2Sync(Buffer.from(`nonce${i}`), salt, P.iterationsPerTry, 32, 'sha256'), 300);

// 2. Whole person checks at the smallest difficulty (factor 1), end to end.
async function challenge(factor = 1) {
  return createChallenge({
    algorithm: 'PBKDF2/SHA-256',
    cost: P.iterationsPerTry,
    counter: randomInt(P.triesMax * factor, P.triesMin * factor),
    deriveKey,
    hmacSignatureSecret: secret,
    hmacKeySignatureSecret: keySecret,
    expiresAt: Math.floor(Date.now() / 1000) + P.validitySeconds,
  });
}
const issueMs = [];
const solveMs = [];
const verifyMs = [];
for (let i = 0; i < solves; i++) {
  let t = performance.now();
  const c = await challenge();
  issueMs.push(performance.now() - t);
  t = performance.now();
  const header = await solvePersonCheck(c);
  solveMs.push(performance.now() - t);
  const answer = readPersonCheckAnswer(header ?? undefined);
  t = performance.now();
  const result = await verifySolution({ challenge: answer.challenge, solution: answer.solution, deriveKey, hmacSignatureSecret: secret, hmacKeySignatureSecret: keySecret });
  verifyMs.push(performance.now() - t);
  if (!result.verified) throw new Error('a solved challenge was not verified');
}
const mean = (a) => a.reduce((x, y) => x + y, 0) / a.length;
const sorted = [...solveMs].sort((a, b) => a - b);
const meanTries = (P.triesMin + P.triesMax) / 2;

console.log(`person check: PBKDF2-SHA-256, ${P.iterationsPerTry} iterations a try, ${P.triesMin}–${P.triesMax} tries (mean ${meanTries}), factor up to ${P.maxFactor}`);
console.log(`one try here: browser code (WebCrypto) ${ms(webTry)}, script (node:crypto) ${ms(scriptTry)}`);
console.log(`${solves} person checks here (browser code, one core): mean ${s(mean(solveMs))}, fastest ${s(sorted[0])}, median ${s(sorted[Math.floor(sorted.length / 2)])}, slowest ${s(sorted.at(-1))}`);
console.log(`gateway per challenge: issue ${ms(mean(issueMs))} (one try), verify ${ms(mean(verifyMs))} (two HMACs)`);
console.log(`a mid-range phone taken as ${phoneFactor}× one core here: ${s(P.triesMin * webTry * phoneFactor)} to ${s(P.triesMax * webTry * phoneFactor)}, mean ${s(meanTries * webTry * phoneFactor)}; at factor ${P.maxFactor}: mean ${s(meanTries * P.maxFactor * webTry * phoneFactor)}`);
const perAttempt = meanTries * scriptTry;
console.log(
  `a script, per attempt past the allowance: ${s(perAttempt)} of CPU at factor 1, ${s(perAttempt * P.maxFactor)} at factor ${P.maxFactor}; ` +
    `1,000 attempts: ${(perAttempt / 1000 / 60 * 1000).toFixed(1)} to ${((perAttempt * P.maxFactor) / 1000 / 60 * 1000).toFixed(1)} CPU-minutes`,
);
