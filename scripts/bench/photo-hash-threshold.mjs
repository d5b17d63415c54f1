#!/usr/bin/env node
// Measures how far apart the photo hashes of the same picture (after a copier's edits) and of
// different pictures fall, to choose listings' PHOTO_MATCH_MAX_DISTANCE
// (services/listings/src/rules/photo-match.ts; results in docs/benchmarks.md).
//
//   npm run bench:photo-hash -- [--scenes 48] [--threshold N]   (about 2 minutes on 2 cores)
//
// Each scene (scripts/bench/photo-scenes.mjs: seeded gradients, blocks, shapes, grain and signs,
// 1600 × 1200 JPEG) and each edit of it goes through the built media ImageProcessor (dist/, the
// code that ships: the hashes are taken from the same decoded pixels as the stored variants).
// Distances come from listings' photoDistance (a later photo against an earlier one, whole and
// with their cropped centres). Same-photo pairs: each edit posted after the original, and
// each edit after another edit; different-photo pairs: every version of a scene posted after every
// version of every other scene.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { editedPhoto, PHOTO_EDITS, scenePhoto } from './photo-scenes.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const { values } = parseArgs({ options: { scenes: { type: 'string', default: '48' }, threshold: { type: 'string' } } });
const sceneCount = Number(values.scenes);

// nx rebuilds only what changed (media and listings, and the libraries they read).
const build = spawnSync('npx', ['nx', 'run-many', '-t', 'build', '-p', '@mboa/media', '@mboa/listings', '--outputStyle=static'], {
  cwd: root,
  stdio: ['ignore', 'ignore', 'inherit'],
  env: { ...process.env, NX_DAEMON: 'false', NX_NO_CLOUD: 'true' },
});
if (build.status !== 0) {
  console.error('build failed');
  process.exit(1);
}
const { ImageProcessor, configureImageLibrary } = await import(path.join(root, 'services/media/dist/images/index.js'));
const { photoDistance, PHOTO_MATCH_MAX_DISTANCE } = await import(path.join(root, 'services/listings/dist/rules/photo-match.js'));
const threshold = values.threshold === undefined ? PHOTO_MATCH_MAX_DISTANCE : Number(values.threshold);

configureImageLibrary();
const processor = new ImageProcessor();
const edits = Object.keys(PHOTO_EDITS);
const started = Date.now();

/** hashes[scene] = { original, [edit]: { perceptualHash, croppedHashes, turnedHashes } } */
const hashes = [];
for (let scene = 0; scene < sceneCount; scene++) {
  const photo = await scenePhoto(scene);
  const hashesOf = async (bytes) => {
    const { perceptualHash, croppedHashes, turnedHashes } = await processor.process(bytes);
    return { perceptualHash, croppedHashes, turnedHashes };
  };
  const versions = { original: await hashesOf(photo) };
  for (const edit of edits) versions[edit] = await hashesOf(await editedPhoto(photo, edit));
  hashes.push(versions);
  process.stderr.write(`\rscene ${scene + 1}/${sceneCount}`);
}
process.stderr.write(`\r${sceneCount} scenes × ${edits.length + 1} versions hashed in ${((Date.now() - started) / 1000).toFixed(0)} s\n\n`);

function summary(distances) {
  const sorted = [...distances].sort((a, b) => a - b);
  const at = (q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
  const mean = sorted.reduce((s, d) => s + d, 0) / sorted.length;
  return { n: sorted.length, min: sorted[0], p50: at(0.5), p95: at(0.95), max: sorted[sorted.length - 1], mean, sorted };
}
const row = (label, s, extra = '') =>
  `| ${label} | ${s.n} | ${s.min} | ${s.p50} | ${s.p95} | ${s.max} | ${s.mean.toFixed(1)} |${extra}`;

/** `later` posted after `earlier`. */
const distance = (later, earlier) => photoDistance(later, earlier);

console.log('Same photo (the edited copy posted after the original):\n');
console.log('| edit | pairs | min | p50 | p95 | max | mean | matched at ≤ ' + threshold + ' |');
console.log('|---|---:|---:|---:|---:|---:|---:|---:|');
const sameAll = [];
for (const edit of edits) {
  const s = summary(hashes.map((v) => distance(v[edit], v.original)));
  sameAll.push(...s.sorted);
  const matched = s.sorted.filter((d) => d <= threshold).length;
  console.log(row(edit, s, ` ${matched}/${s.n} |`));
}
// A copy of a copy: two edits that do not turn the picture, as before turns were hashed. A turned
// copy against another edit is a turn and an edit together (a crop, or a mirror and a rotation),
// which the hashes do not claim to catch: reported apart, left out of the thresholds below.
const turned = (edit) => /mirrored|rotated/.test(edit);
const copies = [];
const turnedCopies = [];
for (const v of hashes) {
  for (const a of edits) {
    for (const b of edits) if (a !== b) (turned(a) || turned(b) ? turnedCopies : copies).push(distance(v[b], v[a]));
  }
}
const sameCopies = summary(copies);
console.log(row('one edited copy after another (neither turned)', sameCopies, ` ${copies.filter((d) => d <= threshold).length}/${copies.length} |`));
const sameTurnedCopies = summary(turnedCopies);
console.log(row('a turned copy and another copy (a turn and an edit together)', sameTurnedCopies, ` ${turnedCopies.filter((d) => d <= threshold).length}/${turnedCopies.length} |`));

const different = [];
const versionsOf = (v) => ['original', ...edits].map((k) => v[k]);
for (let a = 0; a < hashes.length; a++) {
  for (let b = 0; b < hashes.length; b++) {
    if (a !== b) for (const x of versionsOf(hashes[a])) for (const y of versionsOf(hashes[b])) different.push(distance(y, x));
  }
}
const originals = [];
for (let a = 0; a < hashes.length; a++) for (let b = 0; b < hashes.length; b++) if (a !== b) originals.push(distance(hashes[b].original, hashes[a].original));
const diff = summary(different);
const diffOriginals = summary(originals);
const p001 = diff.sorted[Math.floor(0.001 * diff.sorted.length)];
const p01 = diff.sorted[Math.floor(0.01 * diff.sorted.length)];
console.log('\nDifferent photos:\n');
console.log('| later photo, earlier photo | pairs | min | p50 | p95 | max | mean | matched at ≤ ' + threshold + ' |');
console.log('|---|---:|---:|---:|---:|---:|---:|---:|');
console.log(row('original of a scene, original of another', diffOriginals, ` ${originals.filter((d) => d <= threshold).length}/${originals.length} |`));
console.log(row('any version of a scene, any version of another', diff, ` ${different.filter((d) => d <= threshold).length}/${different.length} |`));
console.log(`\ndifferent photos: 0.1st percentile ${p001}, 1st percentile ${p01}`);

const same = summary([...sameAll, ...copies]);
const missed = same.sorted.filter((d) => d > threshold).length;
const falseMatches = diff.sorted.filter((d) => d <= threshold).length;
console.log(`\nthreshold ${threshold}: same-photo pairs missed ${missed}/${same.n} (${((100 * missed) / same.n).toFixed(2)} %), ` +
  `different-photo pairs matched ${falseMatches}/${diff.n} (${((100 * falseMatches) / diff.n).toFixed(3)} %)`);
console.log(`gap: largest same-photo distance ${same.max}, smallest different-photo distance ${diff.min}`);
// Pairs of scenes (distinct pictures) any of whose versions come within a threshold of each other:
// the false flags a reviewer would see, counted per pair of pictures rather than per file.
const closestOfScenes = [];
for (let a = 0; a < hashes.length; a++) {
  for (let b = a + 1; b < hashes.length; b++) {
    let closest = 64;
    for (const x of versionsOf(hashes[a])) for (const y of versionsOf(hashes[b])) closest = Math.min(closest, distance(y, x), distance(x, y));
    closestOfScenes.push({ a, b, closest, originals: distance(hashes[b].original, hashes[a].original) });
  }
}
closestOfScenes.sort((x, y) => x.closest - y.closest);
console.log('\nclosest pairs of different scenes (any versions / originals):',
  closestOfScenes.slice(0, 5).map((p) => `${p.a}–${p.b}: ${p.closest} / ${p.originals}`).join(', '));

console.log('\n| threshold | same-photo pairs missed | different-photo pairs matched | pairs of scenes with any match |');
console.log('|---:|---:|---:|---:|');
for (let t = Math.max(0, threshold - 4); t <= threshold + 4; t++) {
  const miss = same.sorted.filter((d) => d > t).length;
  const fm = diff.sorted.filter((d) => d <= t).length;
  const scenesMatched = closestOfScenes.filter((p) => p.closest <= t).length;
  console.log(`| ${t}${t === threshold ? ' (chosen)' : ''} | ${miss}/${same.n} | ${fm}/${diff.n} (${((100 * fm) / diff.n).toFixed(3)} %) | ${scenesMatched}/${closestOfScenes.length} |`);
}

console.log('\ndistance histogram (same | different):');
for (let d = 0; d <= Math.max(same.max, 24); d++) {
  const s = same.sorted.filter((x) => x === d).length;
  const f = diff.sorted.filter((x) => x === d).length;
  if (s || f) console.log(`${String(d).padStart(2)}: ${String(s).padStart(5)} | ${f}`);
}
