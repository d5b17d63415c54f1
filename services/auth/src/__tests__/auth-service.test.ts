import type { NatsConnection } from '@nats-io/transport-node';
import { AUTH_PATTERNS, EVENT_TYPES, MESSAGES, type PublicUser, type SignupInput, type UserEventPayload } from '@mboa/contracts';
import type { RpcClient } from '@mboa/platform';
import { TEST_STAFF, testActor, waitForEvent, wrongOnPurpose } from '@mboa/platform/testing';
import pg from 'pg';
import { startAuthTestbed, type AuthTestbed } from './testbed.js';

let bed: AuthTestbed;
let db: AuthTestbed['db'];
let rpc: RpcClient;
let nc: NatsConnection;

beforeAll(async () => {
  bed = await startAuthTestbed('auth', {
    admin: { email: 'Boss@Mboa.cm', password: 'admin password', name: 'Boss', whatsapp: '600000001' },
  });
  ({ db, rpc, nc } = bed);
});

afterAll(() => bed?.stop());

const bus = () => bed.bus();

async function signup(email: string, role: SignupInput['role'] = 'landlord'): Promise<PublicUser> {
  const reply = await rpc.call(AUTH_PATTERNS.signup, {
    name: 'Ngono Paul',
    email,
    password: 'password 123',
    role,
    whatsapp: '699112233',
    agreeToTerms: true,
  });
  return reply.user;
}

test('stores the password as an argon2id hash, never in clear', async () => {
  const user = await signup('hash.check@example.cm');
  const client = new pg.Client({ connectionString: db.url });
  await client.connect();
  try {
    const { rows } = await client.query('SELECT password_hash FROM auth.users WHERE id = $1', [user.id]);
    expect(rows[0].password_hash).toMatch(/^\$argon2id\$/);
    expect(rows[0].password_hash).not.toContain('password 123');
  } finally {
    await client.end();
  }
});

test('sign-up publishes user.registered through the outbox', async () => {
  const user = await signup('events@example.cm');
  const event = await waitForEvent<UserEventPayload>(nc, {
    ...bus(),
    type: EVENT_TYPES.userRegistered,
    match: (e) => e.payload.user.id === user.id,
  });
  expect(event.payload).toEqual({ user, version: 1 });
  expect(JSON.stringify(event)).not.toMatch(/password|argon/i);
});

test('verify, update, ban and unban each publish their event with a growing version', async () => {
  const user = await signup('lifecycle@example.cm');
  await rpc.call(AUTH_PATTERNS.usersVerify, { userId: user.id, actor: TEST_STAFF });
  await rpc.call(AUTH_PATTERNS.usersUpdate, { userId: user.id, actor: TEST_STAFF, name: 'Ngono P.', whatsapp: '677000111' });
  await rpc.call(AUTH_PATTERNS.usersBan, { userId: user.id, actor: TEST_STAFF });
  await rpc.call(AUTH_PATTERNS.usersUnban, { userId: user.id, actor: TEST_STAFF });
  const seen = await Promise.all(
    [EVENT_TYPES.userVerified, EVENT_TYPES.userUpdated, EVENT_TYPES.userBanned, EVENT_TYPES.userUnbanned].map((type) =>
      waitForEvent<UserEventPayload>(nc, { ...bus(), type, match: (e) => e.payload.user.id === user.id }),
    ),
  );
  expect(seen.map((e) => e.payload.version)).toEqual([2, 3, 4, 5]);
  expect(seen[0].payload.user.isVerified).toBe(true);
  expect(seen[1].payload.user).toMatchObject({ name: 'Ngono P.', whatsapp: '677000111' });
  expect(seen[2].payload.user.status).toBe('banned');
  expect(seen[3].payload.user.status).toBe('active');
  // The audit trail names who did it.
  for (const event of seen) expect(event.payload.actor).toEqual(TEST_STAFF);
});

test('only an admin verifies, bans, unbans or edits someone: others are refused (403), a message without actor too (400), and nothing changes', async () => {
  const user = await signup('not.yours@example.cm');
  const banned = await signup('banned.meanwhile@example.cm', 'renter');
  await rpc.call(AUTH_PATTERNS.usersBan, { userId: banned.id, actor: TEST_STAFF });
  const adminOnly = { status: 403, message: MESSAGES.auth.adminOnly };
  for (const role of ['renter', 'landlord', 'caretaker'] as const) {
    const actor = testActor(role);
    await expect(rpc.call(AUTH_PATTERNS.usersVerify, { userId: user.id, actor })).rejects.toMatchObject(adminOnly);
    await expect(rpc.call(AUTH_PATTERNS.usersBan, { userId: user.id, actor })).rejects.toMatchObject(adminOnly);
    await expect(rpc.call(AUTH_PATTERNS.usersUnban, { userId: banned.id, actor })).rejects.toMatchObject(adminOnly);
    await expect(rpc.call(AUTH_PATTERNS.usersUpdate, { userId: user.id, actor, name: 'Taken Over' })).rejects.toMatchObject(adminOnly);
    await expect(rpc.call(AUTH_PATTERNS.usersUpdate, { userId: user.id, actor, language: 'fr' })).rejects.toMatchObject(adminOnly);
  }
  // The owner themselves may not verify their own account or change more than its language and WhatsApp number.
  const self = { userId: user.id, role: user.role, isVerified: user.isVerified };
  await expect(rpc.call(AUTH_PATTERNS.usersVerify, { userId: user.id, actor: self })).rejects.toMatchObject(adminOnly);
  await expect(rpc.call(AUTH_PATTERNS.usersUpdate, { userId: user.id, actor: self, name: 'Taken Over', whatsapp: '677000999' })).rejects.toMatchObject(adminOnly);
  for (const pattern of [AUTH_PATTERNS.usersVerify, AUTH_PATTERNS.usersBan, AUTH_PATTERNS.usersUnban]) {
    await expect(rpc.call(pattern, wrongOnPurpose({ userId: user.id }))).rejects.toMatchObject({ status: 400 });
  }
  await expect(rpc.call(AUTH_PATTERNS.usersUpdate, wrongOnPurpose({ userId: user.id, name: 'Taken Over' }))).rejects.toMatchObject({ status: 400 });
  await expect(rpc.call(AUTH_PATTERNS.usersUnban, wrongOnPurpose({ userId: banned.id }))).rejects.toMatchObject({ status: 400 });
  expect((await rpc.call(AUTH_PATTERNS.usersGet, { userId: user.id })).user).toMatchObject({
    isVerified: false,
    status: 'active',
    name: 'Ngono Paul',
    whatsapp: user.whatsapp,
    language: user.language,
  });
  expect((await rpc.call(AUTH_PATTERNS.usersGet, { userId: banned.id })).user.status).toBe('banned');
  // Out of the way of the admin list's counts below.
  await rpc.call(AUTH_PATTERNS.usersUnban, { userId: banned.id, actor: TEST_STAFF });
});

test('refusals change nothing and publish nothing', async () => {
  const user = await signup('refusals@example.cm');
  await rpc.call(AUTH_PATTERNS.usersVerify, { userId: user.id, actor: TEST_STAFF });
  await expect(rpc.call(AUTH_PATTERNS.usersVerify, { userId: user.id, actor: TEST_STAFF })).rejects.toMatchObject({ status: 409, message: MESSAGES.auth.userAlreadyVerified });
  await expect(rpc.call(AUTH_PATTERNS.usersUnban, { userId: user.id, actor: TEST_STAFF })).rejects.toMatchObject({ status: 409 });
  await expect(rpc.call(AUTH_PATTERNS.usersUpdate, { userId: user.id, actor: TEST_STAFF, whatsapp: '12' })).rejects.toMatchObject({ status: 400 });
  await expect(rpc.call(AUTH_PATTERNS.usersBan, { userId: 'not-a-uuid', actor: TEST_STAFF })).rejects.toMatchObject({ status: 404 });
  await expect(rpc.call(AUTH_PATTERNS.usersBan, { userId: '00000000-0000-4000-8000-000000000000', actor: TEST_STAFF })).rejects.toMatchObject({ status: 404 });
  const { user: after } = await rpc.call(AUTH_PATTERNS.usersGet, { userId: user.id });
  expect(after).toMatchObject({ isVerified: true, status: 'active', whatsapp: user.whatsapp });
});

test('the admin list filters by state and searches by WhatsApp, 10 a page, newest first', async () => {
  const made: PublicUser[] = [];
  for (let i = 0; i < 12; i++) {
    const reply = await rpc.call(AUTH_PATTERNS.signup, {
      name: `Person ${i}`,
      email: `list${i}@example.cm`,
      password: 'password 123',
      role: 'renter',
      whatsapp: `65000${String(i).padStart(4, '0')}`,
      agreeToTerms: true,
    });
    made.push(reply.user);
  }
  await rpc.call(AUTH_PATTERNS.usersBan, { userId: made[3].id, actor: TEST_STAFF });
  const page1 = await rpc.call(AUTH_PATTERNS.usersList, { page: 1 });
  expect(page1.users).toHaveLength(10);
  expect(page1.total).toBeGreaterThanOrEqual(13);
  expect(new Date(page1.users[0].createdAt) >= new Date(page1.users[9].createdAt)).toBe(true);
  const banned = await rpc.call(AUTH_PATTERNS.usersList, { page: 1, filter: 'banned' });
  expect(banned.users.map((u: PublicUser) => u.id)).toEqual([made[3].id]);
  const search = await rpc.call(AUTH_PATTERNS.usersList, { page: 1, search: '650000011' });
  expect(search.users.map((u: PublicUser) => u.id)).toEqual([made[11].id]);
  const unverified = await rpc.call(AUTH_PATTERNS.usersList, { page: 1, limit: 50, filter: 'unverified' });
  expect(unverified.users.every((u: PublicUser) => !u.isVerified)).toBe(true);
});

test('the admin of ADMIN_EMAIL exists once, verified, and signs in', async () => {
  const login = await rpc.call(AUTH_PATTERNS.login, { email: 'boss@mboa.cm', password: 'admin password' });
  expect(login.user).toMatchObject({ role: 'admin', name: 'Boss', whatsapp: '600000001', isVerified: true });
  const again = await rpc.call(AUTH_PATTERNS.adminEnsure, { email: 'boss@mboa.cm', password: 'other password', name: 'X' });
  expect(again.created).toBe(false);
  const still = await rpc.call(AUTH_PATTERNS.login, { email: 'boss@mboa.cm', password: 'admin password' });
  expect(still.user.role).toBe('admin');
});

test('health reports PostgreSQL and Redis', async () => {
  expect(await rpc.call(AUTH_PATTERNS.health, {})).toEqual({ service: 'auth', status: 'ok', checks: { postgres: 'ok', redis: 'ok' } });
});
