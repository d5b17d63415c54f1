import { jest } from '@jest/globals';
import { MESSAGES } from '@mboa/contracts';
import { createTestDatabase } from '@mboa/platform/testing';
import pg from 'pg';
import { adminCreate } from '../cli/admin-create.js';

let db: Awaited<ReturnType<typeof createTestDatabase>>;
const saved = { ...process.env };

beforeAll(async () => {
  db = await createTestDatabase(['auth']);
  process.env.DATABASE_URL = db.urlFor('auth');
  process.env.REDIS_PREFIX = `test:admin-create:${Date.now()}:`;
});

afterAll(async () => {
  process.env = saved;
  await db?.drop();
});

async function admins(): Promise<{ email: string; role: string; whatsapp: string; name: string }[]> {
  const client = new pg.Client({ connectionString: db.url });
  await client.connect();
  try {
    return (await client.query("SELECT email, role, whatsapp, name FROM auth.users WHERE role = 'admin'")).rows;
  } finally {
    await client.end();
  }
}

test('creates an admin with defaults, refuses a second one with the same e-mail, and rejects bad input', async () => {
  const errors = jest.spyOn(console, 'error').mockImplementation(() => undefined);
  const log = jest.spyOn(console, 'log').mockImplementation(() => undefined);
  // A staff password: 11 characters refused, 12 accepted.
  expect(await adminCreate(['--email', 'Chief@Mboa.cm', '--password', 'long enough'])).toBe(2);
  expect(await adminCreate(['--email', 'Chief@Mboa.cm', '--password', 'long enough!'])).toBe(0);
  expect(await admins()).toEqual([{ email: 'chief@mboa.cm', role: 'admin', whatsapp: '600000000', name: 'Administrator' }]);
  expect(await adminCreate(['--email', 'chief@mboa.cm', '--password', 'another one!'])).toBe(1);
  expect(await adminCreate(['--email', 'second@mboa.cm', '--password', 'short'])).toBe(2);
  expect(await adminCreate(['--email', 'third@mboa.cm', '--password', 'long enough!', '--whatsapp', '12'])).toBe(2);
  // The site's own words are refused for staff as for anyone.
  expect(await adminCreate(['--email', 'fourth@mboa.cm', '--password', 'Cameroun2026!'])).toBe(2);
  expect(await admins()).toHaveLength(1);
  const printed = errors.mock.calls.map((c) => String(c[0])).join('\n');
  expect(printed).toContain('already exists');
  expect(printed).toContain(MESSAGES.auth.staffPasswordTooShort);
  expect(printed).toContain(MESSAGES.auth.passwordSiteWords);
  expect(printed).toContain(MESSAGES.auth.whatsappExactDigits);
  expect(log.mock.calls.map((c) => String(c[0])).join('\n')).toContain('admin chief@mboa.cm created');
  errors.mockRestore();
  log.mockRestore();
});
