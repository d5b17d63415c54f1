#!/usr/bin/env node
// Times the built ImageProcessor on a 12 MP (4000 × 3000) photo-like JPEG.
//
//   npm run bench:media -- [--runs 20] [--batch 10] [--noisy] [--concurrency N]
//   (= node services/media/bench/pipeline.bench.mjs …; it imports dist/, the code that really ships,
//   and builds media and the libraries it uses first when a source file is newer than its build)
//
// --batch B   also time B photos submitted at once (one property posting with B images)
// --noisy     a grainier image, the hard case for the quality search (more encodes)
// --smooth    a calmer image (plain walls), usually done in one encode
// --concurrency N   libvips threads per image (sharp.concurrency); sharp's default on glibc is 1
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import sharp from 'sharp';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/** Newest modification time of the .ts sources under a folder (tests excluded), in ms. */
function newestSource(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile() || !entry.name.endsWith('.ts') || /\.test\.ts$|\.d\.ts$/.test(entry.name)) continue;
    const file = path.join(entry.parentPath ?? entry.path, entry.name);
    if (file.includes(`${path.sep}__tests__${path.sep}`) || file.includes(`${path.sep}generated${path.sep}`)) continue;
    newest = Math.max(newest, statSync(file).mtimeMs);
  }
  return newest;
}

/** Builds @mboa/media (nx builds contracts and platform first) when any of their dist/ is missing or older than its sources. */
function ensureBuilt() {
  const projects = [
    ['libs/contracts', 'dist/index.js'],
    ['libs/platform', 'dist/index.js'],
    ['services/media', 'dist/images/index.js'],
  ];
  const stale = projects.filter(([dir, built]) => {
    const out = path.join(root, dir, built);
    return !existsSync(out) || statSync(out).mtimeMs < newestSource(path.join(root, dir, 'src'));
  });
  if (stale.length === 0) return;
  console.log(`building ${stale.map(([dir]) => dir).join(', ')} (stale dist)…`);
  const result = spawnSync('npx', ['nx', 'run', '@mboa/media:build', '--outputStyle=static'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, NX_DAEMON: 'false', NX_NO_CLOUD: 'true' },
  });
  if (result.status !== 0) {
    console.error('build failed');
    process.exit(1);
  }
}

ensureBuilt();

const { ImageProcessor } = await import('../dist/images/index.js');

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '20' },
    batch: { type: 'string', default: '10' },
    noisy: { type: 'boolean', default: false },
    smooth: { type: 'boolean', default: false },
    concurrency: { type: 'string' },
  },
});
if (values.concurrency) sharp.concurrency(Number(values.concurrency));

const W = 4000;
const H = 3000;

async function noiseLayer(fromW, fromH, sigma) {
  const small = await sharp({ create: { width: fromW, height: fromH, channels: 3, background: '#000', noise: { type: 'gaussian', mean: 128, sigma } } })
    .png()
    .toBuffer();
  return sharp(small).resize(W, H, { kernel: 'cubic' }).raw().toBuffer();
}

/** Broad colour blobs + mid-sized detail + grain: roughly as hard to compress as a room photo. */
async function photoJpeg(noisy, smooth) {
  const [blobs, detail, grain] = await Promise.all([
    noiseLayer(40, 30, 70),
    noiseLayer(400, 300, smooth ? 8 : 25),
    noiseLayer(W, H, noisy ? 14 : smooth ? 2 : 5),
  ]);
  const px = Buffer.allocUnsafe(W * H * 3);
  for (let i = 0; i < px.length; i++) {
    const v = blobs[i] + detail[i] + grain[i] - 256;
    px[i] = v < 0 ? 0 : v > 255 ? 255 : v;
  }
  return sharp(px, { raw: { width: W, height: H, channels: 3 } })
    .withExif({ IFD0: { Make: 'Bench' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '4/1 3/1 0/1' } })
    .withMetadata({ orientation: 6 })
    .jpeg({ quality: 90 })
    .toBuffer();
}

const stats = (ms) => {
  const sorted = [...ms].sort((a, b) => a - b);
  const at = (q) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)];
  const mean = ms.reduce((a, b) => a + b, 0) / ms.length;
  return `mean ${mean.toFixed(0)} ms · p50 ${at(0.5).toFixed(0)} · p95 ${at(0.95).toFixed(0)} · max ${sorted.at(-1).toFixed(0)}`;
};

const runs = Number(values.runs);
const batch = Number(values.batch);
const input = await photoJpeg(values.noisy, values.smooth);
const processor = new ImageProcessor();

console.log(
  `node ${process.version}, sharp ${sharp.versions.sharp} / libvips ${sharp.versions.vips}, ` +
    `${availableParallelism()} cores, sharp.concurrency ${sharp.concurrency()}, UV_THREADPOOL_SIZE ${process.env.UV_THREADPOOL_SIZE ?? 4}`,
);
console.log(`input: ${W}×${H} JPEG (orientation 6, EXIF GPS)${values.noisy ? ', noisy' : values.smooth ? ', smooth' : ''}, ${(input.length / 1024).toFixed(0)} KB`);

for (let i = 0; i < 2; i++) await processor.process(input); // warm-up

const times = [];
let out;
for (let i = 0; i < runs; i++) {
  const t0 = performance.now();
  out = await processor.process(input);
  times.push(performance.now() - t0);
}
console.log(`one photo at a time, ${runs} runs: ${stats(times)}`);
console.log(
  `  large ${out.large.width}×${out.large.height} ${(out.large.bytes / 1024).toFixed(1)} KB · ` +
    `thumb ${out.thumb.width}×${out.thumb.height} ${(out.thumb.bytes / 1024).toFixed(1)} KB`,
);

// What the web app usually sends: already compressed in the browser to ~1024 px.
const browserInput = await sharp(input, { autoOrient: true }).resize(1024, 1024, { fit: 'inside' }).jpeg({ quality: 80 }).toBuffer();
for (let i = 0; i < 2; i++) await processor.process(browserInput);
const small = [];
for (let i = 0; i < runs; i++) {
  const t0 = performance.now();
  out = await processor.process(browserInput);
  small.push(performance.now() - t0);
}
console.log(`browser-compressed 768×1024 JPEG (${(browserInput.length / 1024).toFixed(0)} KB), ${runs} runs: ${stats(small)}`);
console.log(
  `  large ${out.large.width}×${out.large.height} ${(out.large.bytes / 1024).toFixed(1)} KB · ` +
    `thumb ${out.thumb.width}×${out.thumb.height} ${(out.thumb.bytes / 1024).toFixed(1)} KB`,
);

if (batch > 1) {
  const rounds = Math.max(1, Math.round(runs / batch));
  const walls = [];
  for (let r = 0; r < rounds; r++) {
    const t0 = performance.now();
    await Promise.all(Array.from({ length: batch }, () => processor.process(input)));
    walls.push(performance.now() - t0);
  }
  const mean = walls.reduce((a, b) => a + b, 0) / walls.length;
  console.log(
    `${batch} photos at once, ${rounds} rounds: ${mean.toFixed(0)} ms per batch, ${(mean / batch).toFixed(0)} ms per photo (throughput)`,
  );
}
console.log(`rss ${(process.memoryUsage().rss / 1024 / 1024).toFixed(0)} MB`);
