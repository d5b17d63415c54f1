// The owners projection applies auth's `user.*` facts in version order, also when two of them for
// a new account arrive at once (the direct hand-off of the newer one and JetStream's copy of the
// older one): the older fact must not overwrite the newer one. Real PostgreSQL.
import { createTestDatabase } from '@mboa/platform/testing';
import { ListingsDb } from '../db.js';
import { OwnersService } from '../owners/owners.service.js';
import type { ListingsConfig } from '../config.js';
import { user } from './helpers.js';

let db: Awaited<ReturnType<typeof createTestDatabase>>;
let listingsDb: ListingsDb;
let owners: OwnersService;

beforeAll(async () => {
  db = await createTestDatabase(['listings']);
  const config = { databaseUrl: db.urlFor('listings'), dbSchema: 'listings', ownerWaitMs: 0 } as ListingsConfig;
  listingsDb = new ListingsDb(config);
  owners = new OwnersService(listingsDb, config);
});

afterAll(async () => {
  await listingsDb?.$disconnect();
  await db?.drop();
});

test('an older fact arriving while the newer one is being written for a new account leaves the newer one', async () => {
  const renter = user('renter', { language: 'en' });
  let commitNewer!: () => void;
  const newerHeld = new Promise<void>((resolve) => (commitNewer = resolve));
  let newerWritten!: () => void;
  const written = new Promise<void>((resolve) => (newerWritten = resolve));

  // The newer fact (the renter switched to French) is written and its transaction held open…
  const newer = listingsDb.$transaction(
    async (tx) => {
      const outcome = await owners.apply(tx, { user: { ...renter, language: 'fr' }, version: 2 });
      newerWritten();
      await newerHeld;
      return outcome;
    },
    { timeout: 30_000 },
  );
  await written;
  // …while the older one (registered, English) arrives.
  const older = listingsDb.$transaction((tx) => owners.apply(tx, { user: renter, version: 1 }), { timeout: 30_000 });
  // Give the older one time to reach the row before the newer one commits.
  await new Promise((r) => setTimeout(r, 300));
  commitNewer();

  expect(await newer).toBe('applied');
  expect(await older).toBe('stale');
  const row = await owners.find(renter.id);
  expect(row).toMatchObject({ version: 2, language: 'fr' });
});
