#!/usr/bin/env node
// `npm run seed`: fills an EMPTY system with about 60 approved demo listings in many towns, owned by
// four verified demo landlords, each with 1–4 generated photos that go through the real media
// pipeline (staged in the object store, then `media.images.process`).
//
// It talks to the services over NATS. When they are not running (as during `npm start` with
// SEED_DEMO=1, which seeds before launching them), it starts auth, listings and media in this
// process for the time of the seed. Needs PostgreSQL, Redis and NATS (`npm start` ensures them) and
// applied migrations (`npm run db:migrate`). Does nothing when any property exists.
//
// Approval: published as the `property.approved` event moderation would publish (reviewer "seed").
// The demo owners prove their WhatsApp numbers as anyone does (the code read from WHATSAPP_DIR),
// since landlords post only from a proven number; with the Cloud API configured the seed posts for
// them as staff instead, sending nothing to the demo numbers.
// Settings: SEED_COUNT (60), SEED_PASSWORD (the demo landlords' password), SKIP_BUILD=1.
import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
process.chdir(root);
try { process.loadEnvFile(path.join(root, '.env')); } catch { /* no .env: defaults apply */ }
const say = (line) => console.log(`[seed] ${line}`);

const SERVICES = ['auth', 'listings', 'media'];
if (process.env.SKIP_BUILD !== '1' || SERVICES.some((s) => !existsSync(`services/${s}/dist/main.js`))) {
  say('building auth, listings and media…');
  const build = spawnSync('npx', ['nx', 'run-many', '-t', 'build', '-p', ...SERVICES.map((s) => `@mboa/${s}`), '--outputStyle=static'], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, NX_NO_CLOUD: 'true', NX_DAEMON: 'false' },
  });
  if (build.status !== 0) say('warning: the build failed; using whatever dist/ folders exist');
}

const { AUTH_PATTERNS, EVENT_TYPES, LISTINGS_PATTERNS, MEDIA_PATTERNS } = await import('@mboa/contracts');
const { RpcClient, publishEvent, createObjectStore, subjectPrefixFromEnv, DEFAULT_WHATSAPP_DIR } = await import('@mboa/platform');
const { connect } = await import('@nats-io/transport-node');
const { default: sharp } = await import('sharp');
const { DEMO_LANDLORDS, demoListings, prng } = await import('./seed-data.mjs');

const natsUrl = process.env.NATS_URL ?? 'nats://127.0.0.1:4222';
const prefix = subjectPrefixFromEnv(process.env);
const count = Number(process.env.SEED_COUNT ?? 60);
const password = process.env.SEED_PASSWORD ?? 'demo password 237';

const rpc = new RpcClient({ servers: natsUrl, subjectPrefix: prefix, timeoutMs: 60_000, name: 'seed' });
await rpc.connect();
const nc = await connect({ servers: natsUrl.split(',').map((u) => u.trim()), name: 'seed' });
const started = [];

async function answers(pattern) {
  try {
    await rpc.call(pattern, {}, { timeoutMs: 1500 });
    return true;
  } catch {
    return false;
  }
}

/** Starts a service from its build in this process unless one already answers over NATS. */
async function ensureService(name, healthPattern, start) {
  if (await answers(healthPattern)) return true;
  const main = path.join(root, `services/${name}/dist/main.js`);
  const config = path.join(root, `services/${name}/dist/config.js`);
  if (!existsSync(main) || !existsSync(config)) return false;
  say(`${name} is not running: starting it for the seed…`);
  const app = await start(await import(pathToFileURL(main).href), await import(pathToFileURL(config).href));
  started.push(app);
  return true;
}

async function finish(code) {
  for (const app of started.reverse()) await app.close().catch(() => undefined);
  await rpc.close().catch(() => undefined);
  await nc.drain().catch(() => undefined);
  process.exit(code);
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

// ---------------------------------------------------------------------------------------------
// Generated photos: simple painted scenes (JPEG, camera-like size) so the pipeline has real work.

function hsl(h, s, l) {
  return `hsl(${Math.round(h) % 360},${s}%,${l}%)`;
}

function scene(category, palette, index) {
  const h = (palette * 37 + index * 53) % 360;
  const W = 1600;
  const H = 1067;
  // Each listing's drawings have their own layout, not only their own colours: staff see
  // photos reused from another owner's listing (photoMatches, docs/api.md), and one drawing
  // recoloured is, to the photo hash, the same picture.
  const r = prng(palette * 7 + index + 1);
  const at = (min, max) => min + (max - min) * r.next();
  const kind = index === 0 ? 'outside' : ['inside', 'outside', 'inside'][index % 3];
  // Light falling from one side, as in a photo: the flat areas of a drawing would otherwise all
  // look alike to the hash.
  const light = `<defs><radialGradient id="l" cx="${at(0, 1).toFixed(2)}" cy="${at(0, 1).toFixed(2)}" r="${at(0.5, 0.9).toFixed(2)}">
      <stop offset="0" stop-color="#fff" stop-opacity="${at(0.35, 0.6).toFixed(2)}"/><stop offset="1" stop-color="#000" stop-opacity="${at(0.25, 0.45).toFixed(2)}"/>
    </radialGradient></defs><rect width="${W}" height="${H}" fill="url(#l)"/>`;
  if (kind === 'inside') {
    const wall = hsl(h, 25, 82);
    const floor = hsl(h + 30, 30, 45);
    const horizon = H * at(0.6, 0.8);
    const back = { x: W * at(0.05, 0.35), w: W * at(0.4, 0.6) };
    const window = { x: W * at(0.05, 0.75), y: H * at(0.1, 0.3), w: W * at(0.12, 0.22), h: H * at(0.18, 0.3) };
    const sofa = { x: W * at(0.05, 0.65), w: W * at(0.18, 0.3) };
    const door = { x: W * at(0.02, 0.88), w: W * at(0.08, 0.11) };
    return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}">
      <rect width="${W}" height="${H}" fill="${wall}"/>
      <polygon points="0,${H} ${W},${H} ${back.x + back.w},${horizon} ${back.x},${horizon}" fill="${floor}"/>
      <rect x="${back.x}" y="${H * 0.1}" width="${back.w}" height="${horizon - H * 0.1}" fill="${hsl(h, 20, 88)}"/>
      <rect x="${door.x}" y="${horizon - H * 0.42}" width="${door.w}" height="${H * 0.42}" fill="${hsl(h + 20, 40, 30)}"/>
      <rect x="${window.x}" y="${window.y}" width="${window.w}" height="${window.h}" fill="${hsl(200, 70, 75)}" stroke="#fff" stroke-width="10"/>
      <rect x="${sofa.x}" y="${horizon - H * 0.16}" width="${sofa.w}" height="${H * 0.14}" rx="20" fill="${hsl(h + 180, 40, 40)}"/>
      <rect x="${W * at(0.1, 0.8)}" y="${H * at(0.18, 0.3)}" width="${W * 0.12}" height="${H * 0.12}" fill="${hsl(h + 90, 50, 55)}"/>
      ${light}
    </svg>`;
  }
  const sky = hsl(205, 70, 72);
  const wall = category === 'commercial' ? hsl(h, 15, 70) : hsl(h, 45, 70);
  const roof = hsl(h + 15, 55, 35);
  const ground = H * at(0.66, 0.8);
  const house = { x: W * at(0.05, 0.45), w: W * at(0.35, 0.5), h: H * at(0.24, 0.36) };
  const top = ground - house.h;
  const tree = W * (house.x > W * 0.25 ? at(0.04, 0.16) : at(0.84, 0.96));
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}">
    <defs><linearGradient id="s" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${sky}"/><stop offset="1" stop-color="#eaf4fb"/></linearGradient></defs>
    <rect width="${W}" height="${H}" fill="url(#s)"/>
    <circle cx="${W * at(0.1, 0.9)}" cy="${H * at(0.08, 0.2)}" r="70" fill="#ffe79a"/>
    <rect y="${ground}" width="${W}" height="${H - ground}" fill="${hsl(100, 40, 38)}"/>
    <rect y="${H * 0.88}" width="${W}" height="${H * 0.12}" fill="#6b6b6b"/>
    <ellipse cx="${tree}" cy="${ground - 150}" rx="90" ry="160" fill="${hsl(120, 45, 28)}"/>
    <rect x="${house.x}" y="${top}" width="${house.w}" height="${house.h}" fill="${wall}"/>
    ${
      category === 'commercial'
        ? `<rect x="${house.x - W * 0.02}" y="${top - H * 0.08}" width="${house.w + W * 0.04}" height="${H * 0.08}" fill="${roof}"/>
           <rect x="${house.x + house.w * 0.1}" y="${top + house.h * 0.3}" width="${house.w * 0.8}" height="${house.h * 0.7}" fill="${hsl(200, 30, 55)}"/>`
        : `<polygon points="${house.x - W * 0.05},${top} ${house.x + house.w / 2},${top - H * at(0.14, 0.24)} ${house.x + house.w + W * 0.05},${top}" fill="${roof}"/>
           <rect x="${house.x + house.w * 0.42}" y="${ground - H * 0.17}" width="${house.w * 0.16}" height="${H * 0.17}" fill="${hsl(h + 20, 50, 25)}"/>
           <rect x="${house.x + house.w * 0.12}" y="${top + house.h * 0.25}" width="${house.w * 0.18}" height="${house.h * 0.3}" fill="${hsl(200, 60, 80)}"/>
           <rect x="${house.x + house.w * 0.7}" y="${top + house.h * 0.25}" width="${house.w * 0.18}" height="${house.h * 0.3}" fill="${hsl(200, 60, 80)}"/>`
    }
    ${light}
  </svg>`;
}

/** Soft blotches of light and shade (walls, plaster, dust), seeded like the drawing. */
function blotches(palette, index) {
  const r = prng(palette * 13 + index + 7);
  const pixels = Buffer.alloc(16 * 12 * 3);
  for (let i = 0; i < 16 * 12; i++) pixels.fill(Math.round(128 + (r.next() - 0.5) * 120), i * 3, i * 3 + 3);
  return sharp(pixels, { raw: { width: 16, height: 12, channels: 3 } }).resize(1600, 1067, { kernel: 'cubic' }).png().toBuffer();
}

async function photo(category, palette, index) {
  return sharp(Buffer.from(scene(category, palette, index)))
    .composite([{ input: await blotches(palette, index), blend: 'soft-light' }])
    .jpeg({ quality: 85 })
    .toBuffer();
}

// ---------------------------------------------------------------------------------------------

// auth verifies accounts only for an admin; the seed acts as staff, under its own name in the audit trail.
const SEED_STAFF = { userId: 'demo-seed', role: 'admin', isVerified: true, name: 'Demo seed' };

async function landlord(person) {
  let user;
  try {
    ({ user } = await rpc.call(AUTH_PATTERNS.signup, { ...person, password, agreeToTerms: true }));
    say(`demo ${person.role} ${person.email} created`);
  } catch (error) {
    if (error.status !== 409) throw error;
    ({ user } = await rpc.call(AUTH_PATTERNS.login, { email: person.email, password }).catch(() => {
      throw new Error(`${person.email} already exists with another password; set SEED_PASSWORD or remove that user`);
    }));
    say(`demo ${person.role} ${person.email} already exists`);
  }
  if (!user.isVerified) {
    await rpc.call(AUTH_PATTERNS.usersVerify, { userId: user.id, actor: SEED_STAFF }).catch((e) => {
      if (e.status !== 409) throw e;
    });
  }
  return { ...user, isVerified: true, proven: await proveNumber(user) };
}

/**
 * A demo owner proves their WhatsApp number as anyone does (a landlord or caretaker may not post
 * before, docs/api.md#proving-a-whatsapp-number): a code sent to it, read from the WhatsApp outbox
 * folder (WHATSAPP_DIR) where auth writes messages without the Cloud API, typed back. With the
 * Cloud API configured the demo numbers (maybe someone's) get no message: the seed then posts for
 * the owners as staff, which is not held. Whether the number is proven now.
 */
async function proveNumber(user) {
  const actor = { userId: user.id, role: user.role, isVerified: true, name: user.name };
  const { whatsappProvenAt } = await rpc.call(AUTH_PATTERNS.whatsappProofGet, { actor });
  if (whatsappProvenAt) return true;
  if (process.env.WHATSAPP_PHONE_NUMBER_ID && process.env.WHATSAPP_ACCESS_TOKEN) return false;
  const sent = await rpc.call(AUTH_PATTERNS.whatsappCodeSend, { actor }).catch((error) => {
    say(`warning: no code could be sent to ${user.whatsapp} (${error.message}); the seed posts for ${user.email} as staff`);
    return null;
  });
  if (!sent) return false;
  const dir = path.resolve(process.env.WHATSAPP_DIR || DEFAULT_WHATSAPP_DIR);
  const files = (await readdir(dir).catch(() => [])).filter((f) => f.endsWith('.json')).sort().reverse();
  for (const file of files) {
    const message = JSON.parse(await readFile(path.join(dir, file), 'utf8'));
    const code = message.to === `237${user.whatsapp}` ? /\b(\d{6})\b/.exec(message.text)?.[1] : undefined;
    if (!code) continue;
    await rpc.call(AUTH_PATTERNS.whatsappCodeVerify, { actor, code });
    say(`demo ${user.role} ${user.email}: WhatsApp number ${user.whatsapp} proven`);
    return true;
  }
  say(`warning: the code sent to ${user.whatsapp} was not found in ${dir}; the seed posts for ${user.email} as staff`);
  return false;
}

async function processPhotos(store, owner, listing) {
  const uploads = [];
  for (let i = 0; i < listing.photos; i++) {
    const key = `uploads/${randomUUID()}`;
    await store.put(key, await photo(listing.category, listing.palette, i), 'image/jpeg');
    uploads.push({ key, filename: `${Date.now()}-${i}-photo-${i + 1}.jpg` });
  }
  const reply = await rpc.call(MEDIA_PATTERNS.imagesProcess, { ownerId: owner.id, title: listing.title, uploads });
  return reply.images;
}

try {
  const listingsUp = await ensureService('listings', LISTINGS_PATTERNS.health, (m, c) => m.startListingsService(c.listingsConfigFromEnv(), { logger: false }));
  const authUp = await ensureService('auth', AUTH_PATTERNS.health, (m, c) => m.startAuthService({ ...c.authConfigFromEnv(), admin: undefined }, { logger: false }));
  if (!listingsUp || !authUp) {
    say('the auth and listings services are neither running nor built; run `npm run build` first.');
    await finish(1);
  }
  const { total } = await rpc.call(LISTINGS_PATTERNS.stats, {});
  if (total > 0) {
    say(`${total} properties already exist: nothing seeded (the seed only fills an empty system).`);
    await finish(0);
  }
  const mediaUp = await ensureService('media', MEDIA_PATTERNS.health, (m, c) => m.startMediaService(c.mediaConfigFromEnv(), { logger: false }));
  if (!mediaUp) say('warning: the media service is not available; listings are seeded WITHOUT photos.');
  const store = mediaUp ? createObjectStore(process.env) : undefined;

  const owners = [];
  for (const person of DEMO_LANDLORDS) owners.push(await landlord(person));

  const listings = demoListings(count);
  const ids = [];
  const t0 = Date.now();
  for (const [i, listing] of listings.entries()) {
    const owner = owners[i % owners.length];
    const images = store ? await processPhotos(store, owner, listing) : [];
    const { photos: _p, palette: _c, ...data } = listing;
    const property = await rpc.call(LISTINGS_PATTERNS.propertyCreate, {
      actor: owner.proven ? { userId: owner.id, role: owner.role, isVerified: true, name: owner.name } : SEED_STAFF,
      data: owner.proven ? data : { ...data, userId: owner.id },
      images,
    });
    await publishEvent(
      nc,
      {
        type: EVENT_TYPES.propertyApproved,
        payload: { propertyId: property.id, action: 'approve', feedback: '', reviewerId: 'seed', decidedAt: new Date().toISOString() },
        source: 'seed',
      },
      { prefix },
    );
    ids.push(property.id);
    say(`${String(i + 1).padStart(2)}/${listings.length} ${listing.title}, ${listing.location.town} (${images.length} photo${images.length === 1 ? '' : 's'})`);
  }

  say('waiting for the approvals to reach search…');
  const deadline = Date.now() + 60_000;
  let found = 0;
  while (Date.now() < deadline) {
    found = (await rpc.call(LISTINGS_PATTERNS.propertySearch, { limit: 1 })).total;
    if (found >= ids.length) break;
    await sleep(250);
  }
  say(`${found} of ${ids.length} demo listings searchable; done in ${((Date.now() - t0) / 1000).toFixed(1)} s.`);
  say(`demo landlords sign in with their e-mail (${DEMO_LANDLORDS.map((p) => p.email).join(', ')}) and the password "${password}".`);
  await finish(found >= ids.length ? 0 : 1);
} catch (error) {
  console.error(`[seed] failed: ${error instanceof Error ? error.message : String(error)}`);
  await finish(1);
}
