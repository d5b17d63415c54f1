// infra/scripts/backup.mjs and restore.mjs, run as an operator runs them, on a populated system:
// users, a property with photos, a support ticket. The backup is restored into a NEW database and
// a NEW media folder, the apps start on the restored copy alone (the original is stopped and
// dropped first), and everything is found again: the property, each photo's bytes under /media,
// every user signing in with their password, the ticket.
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { PropertyRead, PublicUser } from '@mboa/contracts';
import { LocalFileStore } from '@mboa/platform';
import { dropDatabase, uniqueDatabaseName, withDatabase } from '@mboa/platform/migrate';
import type { TestDatabase } from '@mboa/platform/testing';
import sharp from 'sharp';
import { passSecondFactor, signUp, TEST_ADMIN } from './people.js';
import { Browser, startTestSystem, type TestSystem } from './system.js';

const run = promisify(execFile);

/** A small photo of one colour: each posted photo is different, so a mix-up would show. */
const photo = (format: 'jpeg' | 'png', rgb: [number, number, number]) =>
  sharp({ create: { width: 640, height: 480, channels: 3, background: { r: rgb[0], g: rgb[1], b: rgb[2] } } })
    .toFormat(format)
    .toBuffer();
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const SERVICES = ['auth', 'listings', 'media', 'moderation', 'support'] as const;

/** Runs one of the scripts with the environment an operator would give it (node from PATH, like theirs). */
async function script(name: 'backup' | 'restore', args: string[], env: Record<string, string>) {
  try {
    // The plain commands (infra/scripts/backup, restore), which run the .mjs scripts.
    const { stdout, stderr } = await run(path.join(repoRoot, 'infra/scripts', name), args, {
      cwd: repoRoot,
      env: { PATH: process.env.PATH ?? '', ...env },
    });
    return { code: 0, stdout, stderr };
  } catch (e) {
    const failed = e as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

const FIELDS: Record<string, string> = {
  category: 'residential',
  propertyType: 'apartment',
  title: 'Studio meublé à Bonapriso',
  paymentTerm: 'monthly',
  price: '150000',
  caution: '300000',
  description: 'Furnished studio, quiet street, constant water.',
  availability: 'available',
  'location[country]': 'Cameroon',
  'location[town]': 'Douala',
  'location[neighbourhood]': 'Bonapriso',
  'specifications[bedrooms]': '1',
  'specifications[toilets]': '1',
  'specifications[kitchens]': '1',
  'specifications[livingRooms]': '1',
  'specifications[size]': '35',
  'specifications[distanceFromRoad]': '2',
  'specifications[sections]': '',
  amenities: JSON.stringify(['water']),
};

async function postProperty(system: TestSystem, browser: Browser, photos: { name: string; bytes: Buffer; type: string }[]) {
  const data = new FormData();
  for (const [name, value] of Object.entries(FIELDS)) data.append(name, value);
  photos.forEach((p, i) => data.append('propertyImages', new Blob([p.bytes], { type: p.type }), `${Date.now()}-${i}-${p.name}`));
  const res = await fetch(`${system.url}/api/property/post`, {
    method: 'POST',
    body: data,
    headers: { cookie: `mboa_session=${browser.cookie('mboa_session')}` },
  });
  expect(res.status).toBe(201);
  return ((await res.json()) as { property: PropertyRead }).property;
}

/** Every URL under /media a property names, with the bytes served there. */
async function mediaBytes(system: TestSystem, property: PropertyRead): Promise<Map<string, Buffer>> {
  const urls = [property.thumbnail, ...property.propertyImages.map((i) => i.url)].filter((u): u is string => Boolean(u));
  const served = new Map<string, Buffer>();
  for (const url of urls) {
    const res = await fetch(system.url + url);
    expect({ url, status: res.status }).toEqual({ url, status: 200 });
    served.set(url, Buffer.from(await res.arrayBuffer()));
  }
  return served;
}

const ADMIN = { email: TEST_ADMIN.ADMIN_EMAIL, password: TEST_ADMIN.ADMIN_PASSWORD };
const tickets = (admin: Browser) => admin.post('/api/admin/manage/support', { type: 'get', payload: { page: 1, limit: 50 } });

describe('backup and restore of a populated system', () => {
  const cleanup: (() => Promise<unknown>)[] = [];
  afterAll(async () => {
    for (const step of cleanup.reverse()) await step().catch(() => undefined);
  }, 120_000);

  it('restores every property, photo, user and ticket into a new database and media folder, where the apps find them', async () => {
    const work = await mkdtemp(path.join(tmpdir(), 'mboa-backup-e2e-'));
    cleanup.push(() => rm(work, { recursive: true, force: true }));
    const mediaDir = path.join(work, 'media');
    const original = await startTestSystem({
      services: [...SERVICES],
      env: { ...TEST_ADMIN, MEDIA_DIR: mediaDir },
      gateway: { objectStore: new LocalFileStore(mediaDir) },
    });
    let originalRunning = true;
    cleanup.push(() => (originalRunning ? original.stop() : Promise.resolve()));

    // Populate: a verified landlord with a two-photo property, a renter, a ticket from the renter.
    const landlord = await signUp(original, 'landlord', { verified: true });
    const renter = await signUp(original, 'renter');
    const property = await postProperty(original, landlord.browser, [
      { name: 'salon.jpg', bytes: await photo('jpeg', [200, 120, 40]), type: 'image/jpeg' },
      { name: 'cuisine.png', bytes: await photo('png', [30, 90, 160]), type: 'image/png' },
    ]);
    expect(property.propertyImages).toHaveLength(2);
    const photos = await mediaBytes(original, property);
    const subject = `Backup check ${Date.now()}`;
    const ticket = await renter.browser.post('/api/properties/support', {
      name: renter.user.name,
      email: renter.user.email,
      phone: '677112233',
      subject,
      message: 'Je ne trouve pas le bouton pour contacter le bailleur.',
    });
    expect(ticket.status).toBe(201);
    const admin = new Browser(original.url);
    expect((await admin.post('/api/auth/login', ADMIN)).status).toBe(200);
    await passSecondFactor(admin, ADMIN.email);
    const ticketsBefore = (await tickets(admin)).body.data;
    expect(ticketsBefore.map((t: { subject: string }) => t.subject)).toContain(subject);

    // Backed up while the apps run: the dump is one consistent snapshot, and nothing writes meanwhile.
    const sourceUrl = original.context.db.url;
    const out = path.join(work, 'backups');
    const backup = await script('backup', ['--out', out], { DATABASE_URL: original.context.db.urlFor('auth'), MEDIA_DIR: mediaDir });
    expect(backup).toMatchObject({ code: 0, stderr: '' });
    const folder = backup.stdout.trim().split('\n').at(-1)!;
    const manifest = JSON.parse(await readFile(path.join(folder, 'manifest.json'), 'utf8'));
    expect(Object.keys(manifest.database.schemas).sort()).toEqual(['auth', 'listings', 'moderation', 'support']);
    expect(manifest.database.schemas.auth.users).toBe(3); // the bootstrap admin, the landlord, the renter
    expect(manifest.database.schemas.support.support_tickets).toBe(1);
    expect(manifest.media.objects).toBe((await new LocalFileStore(mediaDir).list('')).length);
    expect(manifest.media.objects).toBeGreaterThanOrEqual(photos.size);
    // Beside the backups, the time of this success for the "no backup for a day" alert (node exporter's textfile).
    const metric = await readFile(path.join(out, 'mboa_backup.prom'), 'utf8');
    expect(metric).toContain(`mboa_backup_last_success_timestamp_seconds ${Math.floor(Date.parse(manifest.finishedAt) / 1000)}\n`);

    // The original is gone entirely before the restore: nothing below can be read from it.
    originalRunning = false;
    await original.stop();
    await rm(mediaDir, { recursive: true, force: true });

    const restoredName = uniqueDatabaseName('restored');
    const restoredUrl = withDatabase(sourceUrl, restoredName);
    const restoredMedia = path.join(work, 'restored-media');
    const serverUrl = withDatabase(sourceUrl, 'postgres');
    cleanup.push(() => dropDatabase(serverUrl, restoredName));
    const restore = await script('restore', [folder], { DATABASE_URL: restoredUrl, MEDIA_DIR: restoredMedia });
    expect(restore).toMatchObject({ code: 0, stderr: '' });

    // A second restore into the same (now filled) targets is refused and changes nothing.
    const again = await script('restore', [folder], { DATABASE_URL: restoredUrl, MEDIA_DIR: restoredMedia });
    expect(again.code).not.toBe(0);
    expect(again.stderr).toMatch(/refusing to overwrite: .* already has tables in auth, listings, moderation, support; .* already holds \d+ objects/);

    const database: TestDatabase = {
      name: restoredName,
      url: restoredUrl,
      urlFor: (service) => {
        const u = new URL(restoredUrl);
        u.searchParams.set('schema', service);
        return u.toString();
      },
      drop: () => dropDatabase(serverUrl, restoredName),
    };
    const restored = await startTestSystem({
      services: [...SERVICES],
      database,
      env: { ...TEST_ADMIN, MEDIA_DIR: restoredMedia },
      gateway: { objectStore: new LocalFileStore(restoredMedia) },
    });
    cleanup.push(() => restored.stop());

    // Every user signs in with their own password (sessions lived in the old system's Redis keys).
    const signIn = async (email: string, password: string) => {
      const browser = new Browser(restored.url);
      const res = await browser.post('/api/auth/login', { email, password });
      expect({ email, status: res.status }).toEqual({ email, status: 200 });
      return { browser, user: res.body.user as PublicUser };
    };
    const landlordAgain = await signIn(landlord.user.email, landlord.password);
    expect(landlordAgain.user).toMatchObject({ id: landlord.user.id, role: 'landlord', name: landlord.user.name });
    expect((await signIn(renter.user.email, renter.password)).user.id).toBe(renter.user.id);
    const adminAgain = await signIn(ADMIN.email, ADMIN.password);
    // The admin's authenticator app was restored with the rest: the same phone's codes open the admin area.
    await passSecondFactor(adminAgain.browser, ADMIN.email);
    expect((await adminAgain.browser.post('/api/auth/login', { ...ADMIN, password: 'not the password' })).status).toBe(401);

    // The property, as its owner sees it, with the same photos, byte for byte.
    const seen = await landlordAgain.browser.get(`/api/properties/${property.id}`);
    expect(seen.status).toBe(200);
    expect(seen.body).toMatchObject({ id: property.id, title: FIELDS.title, price: 150000, location: { town: 'Douala', neighbourhood: 'Bonapriso' } });
    expect((seen.body as PropertyRead).propertyImages.map((i) => i.url)).toEqual(property.propertyImages.map((i) => i.url));
    const mine = await landlordAgain.browser.post('/api/property/my-listings', { action: 'fetch', payload: { page: 1, limit: 10 } });
    expect(mine.body.meta.total).toBe(1);
    const photosAgain = await mediaBytes(restored, seen.body as PropertyRead);
    expect([...photosAgain.keys()]).toEqual([...photos.keys()]);
    for (const [url, bytes] of photos) expect({ url, same: photosAgain.get(url)!.equals(bytes) }).toEqual({ url, same: true });

    // The ticket, for staff.
    expect((await tickets(adminAgain.browser)).body.data).toEqual(ticketsBefore);
  }, 120_000);
});
