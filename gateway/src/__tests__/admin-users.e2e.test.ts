import { MESSAGES, type PublicUser } from '@mboa/contracts';
import { EVENT_TYPES, type UserEventPayload } from '@mboa/contracts';
import { waitForEvent } from '@mboa/platform/testing';
import { connect } from '@nats-io/transport-node';
import { signInAdmin, signUp, TEST_ADMIN } from './people.js';
import { Browser, startTestSystem, type TestSystem } from './system.js';

let system: TestSystem;
let admin: Browser;

beforeAll(async () => {
  system = await startTestSystem({ services: ['auth'], env: TEST_ADMIN });
  admin = (await signInAdmin(system)).browser;
});

afterAll(async () => {
  await system?.stop();
});

const manage = (browser: Browser, body: unknown) => browser.post('/api/admin/manage/user', body);

test('verify lets a landlord be verified once; the event names the admin who did it', async () => {
  const { user } = await signUp(system, 'landlord');
  const res = await manage(admin, { type: 'verify', payload: { userId: user.id } });
  expect(res.status).toBe(200);
  expect(res.body.message).toBe(MESSAGES.toast.userStatusUpdated);
  expect(res.body.user).toMatchObject({ id: user.id, isVerified: true });
  const again = await manage(admin, { type: 'verify', payload: { userId: user.id } });
  expect(again.status).toBe(409);
  expect(again.body.message).toBe(MESSAGES.auth.userAlreadyVerified);

  const nc = await connect({ servers: system.config.natsUrl });
  try {
    const event = await waitForEvent<UserEventPayload>(nc, {
      prefix: system.config.subjectPrefix,
      stream: system.context.streamName,
      type: EVENT_TYPES.userVerified,
      match: (e) => e.payload.user.id === user.id,
    });
    expect(event.payload.actor).toMatchObject({ role: 'admin', name: TEST_ADMIN.ADMIN_NAME });
  } finally {
    await nc.drain();
  }
});

test('ban signs the user out everywhere and blocks login; unban restores it', async () => {
  const { browser, user, password } = await signUp(system, 'renter');
  expect((await manage(admin, { type: 'ban', payload: { userId: user.id } })).status).toBe(200);
  expect((await browser.get('/api/me')).status).toBe(401);
  const login = await new Browser(system.url).post('/api/auth/login', { email: user.email, password });
  expect(login.status).toBe(403);
  expect(login.body.message).toBe(MESSAGES.auth.accountBanned);
  expect((await manage(admin, { type: 'ban', payload: { userId: user.id } })).status).toBe(409);
  expect((await manage(admin, { type: 'unban', payload: { userId: user.id } })).status).toBe(200);
  expect((await new Browser(system.url).post('/api/auth/login', { email: user.email, password })).status).toBe(200);
});

test('an admin cannot be banned', async () => {
  const { user } = await signInAdmin(system);
  const res = await manage(admin, { type: 'ban', payload: { userId: user.id } });
  expect(res.status).toBe(409);
});

test('list pages 10 at a time, filters, and searches by WhatsApp', async () => {
  const made: PublicUser[] = [];
  for (let i = 0; i < 11; i++) made.push((await signUp(system, 'renter', { whatsapp: `67788${String(i).padStart(4, '0')}` })).user);
  const page1 = await manage(admin, { type: 'list', payload: { page: 1, limit: 10 } });
  expect(page1.status).toBe(200);
  expect(page1.body.users).toHaveLength(10);
  expect(page1.body.total).toBeGreaterThanOrEqual(12);
  expect(page1.body.totalPages).toBe(Math.ceil(page1.body.total / 10));
  const found = await manage(admin, { type: 'list', payload: { page: 1, limit: 10, search: '677880007' } });
  expect(found.body.users.map((u: PublicUser) => u.id)).toEqual([made[7].id]);
  const verified = await manage(admin, { type: 'list', payload: { page: 1, limit: 10, filter: 'verified' } });
  expect(verified.body.users.every((u: PublicUser) => u.isVerified)).toBe(true);
});

test('edit changes name and WhatsApp with the sign-up rules, and bad input changes nothing', async () => {
  const { browser, user } = await signUp(system, 'caretaker');
  const bad = await admin.request('PATCH', `/api/admin/users/${user.id}`, { whatsapp: '1234' });
  expect(bad.status).toBe(400);
  expect(bad.body.message).toBe(MESSAGES.auth.whatsappExactDigits);
  const empty = await admin.request('PATCH', `/api/admin/users/${user.id}`, {});
  expect(empty.status).toBe(400);
  const ok = await admin.request('PATCH', `/api/admin/users/${user.id}`, { name: 'Mbah Emmanuel', whatsapp: '670000123' });
  expect(ok.status).toBe(200);
  expect(ok.body.user).toMatchObject({ name: 'Mbah Emmanuel', whatsapp: '670000123' });
  expect((await browser.get('/api/me')).body.user).toMatchObject({ name: 'Mbah Emmanuel', whatsapp: '670000123' });
  const missing = await admin.request('PATCH', '/api/admin/users/00000000-0000-4000-8000-000000000000', { name: 'X' });
  expect(missing.status).toBe(404);
});

test.each([
  ['an unknown type', { type: 'delete', payload: {} }],
  ['no payload', { type: 'ban' }],
  ['a payload of the wrong type', { type: 'verify', payload: 'x' }],
  ['not an object', 'hello'],
])('%s is a 400, never a 5xx', async (_label, body) => {
  const res = await manage(admin, body);
  expect(res.status).toBe(400);
  expect(typeof res.body.message).toBe('string');
});

test('renters, landlords and caretakers get 403; signed out gets 401', async () => {
  for (const role of ['renter', 'landlord', 'caretaker'] as const) {
    const { browser } = await signUp(system, role, { verified: role !== 'renter' });
    expect((await manage(browser, { type: 'list', payload: {} })).status).toBe(403);
    expect((await browser.request('PATCH', '/api/admin/users/x', { name: 'x' })).status).toBe(403);
  }
  expect((await manage(new Browser(system.url), { type: 'list', payload: {} })).status).toBe(401);
});
