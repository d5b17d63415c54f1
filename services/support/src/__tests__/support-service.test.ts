import type { INestMicroservice } from '@nestjs/common';
import { jetstreamManager } from '@nats-io/jetstream';
import { connect } from '@nats-io/transport-node';
import { MESSAGES, REQUEST_STATUSES, SUPPORT_PATTERNS, TICKET_STATUSES } from '@mboa/contracts';
import { RpcClient, uniqueTestPrefix } from '@mboa/platform';
import { TEST_STAFF, createTestDatabase, testActor, wrongOnPurpose } from '@mboa/platform/testing';
import pg from 'pg';
import { startSupportService } from '../main.js';
import type { SupportConfig } from '../config.js';

let db: Awaited<ReturnType<typeof createTestDatabase>>;
let config: SupportConfig;
let service: INestMicroservice;
let rpc: RpcClient;

beforeAll(async () => {
  db = await createTestDatabase(['support']);
  const prefix = uniqueTestPrefix('support');
  config = {
    databaseUrl: db.urlFor('support'),
    dbSchema: 'support',
    natsUrl: process.env.NATS_URL ?? 'nats://127.0.0.1:4222',
    subjectPrefix: prefix,
    streamName: `T_${prefix.replace(/\W/g, '_')}`,
    relay: true,
  };
  service = await startSupportService(config, { logger: false });
  rpc = new RpcClient({ servers: config.natsUrl, subjectPrefix: prefix });
  await rpc.connect();
});

afterAll(async () => {
  await rpc?.close();
  await service?.close();
  const nc = await connect({ servers: config.natsUrl });
  await (await jetstreamManager(nc)).streams.delete(config.streamName).catch(() => undefined);
  await nc.drain();
  await db?.drop();
});

const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';

async function count(table: 'property_requests' | 'support_tickets'): Promise<number> {
  const client = new pg.Client({ connectionString: db.url });
  await client.connect();
  try {
    const { rows } = await client.query(`SELECT count(*)::int AS n FROM support.${table}`);
    return rows[0].n;
  } finally {
    await client.end();
  }
}

describe('property requests', () => {
  test('a request is stored trimmed, starts "searching", and carries _id and id', async () => {
    const reply = await rpc.call(SUPPORT_PATTERNS.requestsCreate, wrongOnPurpose({ requestText: '  2-bedroom flat in Buea  ', whatsapp: 674123456 }));
    expect(reply).toEqual({
      _id: reply.id,
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      requestText: '2-bedroom flat in Buea',
      whatsapp: '674123456',
      status: 'searching',
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
  });

  test.each([
    ['blank text', { requestText: '   ', whatsapp: '674123456' }, MESSAGES.request.textRequired],
    ['missing WhatsApp', { requestText: 'A shop in Limbe' }, MESSAGES.request.whatsappRequired],
    ['text of the wrong type', { requestText: ['x'], whatsapp: '674123456' }, MESSAGES.request.textRequired],
    ['an empty payload', {}, MESSAGES.request.textRequired],
  ])('%s is 400 with the catalog text and stores nothing', async (_label, payload, message) => {
    const before = await count('property_requests');
    await expect(rpc.call(SUPPORT_PATTERNS.requestsCreate, wrongOnPurpose(payload))).rejects.toMatchObject({ status: 400, message });
    expect(await count('property_requests')).toBe(before);
  });

  test('status moves to every other status; the same status is 409; an unknown id is 404; a bad status is 400', async () => {
    const created = await rpc.call(SUPPORT_PATTERNS.requestsCreate, { requestText: 'Studio in Douala', whatsapp: '699000111' });
    await expect(
      rpc.call(SUPPORT_PATTERNS.requestsUpdateStatus, { actor: TEST_STAFF, requestId: created.id, newStatus: 'searching' }),
    ).rejects.toMatchObject({ status: 409, message: MESSAGES.status.sameStatus });
    for (const newStatus of ['match-found', 'contacted', 'searching', 'contacted', 'match-found'] as const) {
      const reply = await rpc.call(SUPPORT_PATTERNS.requestsUpdateStatus, { actor: TEST_STAFF, requestId: created.id, newStatus });
      expect(reply).toMatchObject({ id: created.id, status: newStatus });
    }
    await expect(rpc.call(SUPPORT_PATTERNS.requestsUpdateStatus, { actor: TEST_STAFF, requestId: UNKNOWN_ID, newStatus: 'contacted' })).rejects.toMatchObject({
      status: 404,
      message: MESSAGES.request.notFound,
    });
    await expect(rpc.call(SUPPORT_PATTERNS.requestsUpdateStatus, { actor: TEST_STAFF, requestId: 'not-a-uuid', newStatus: 'contacted' })).rejects.toMatchObject({ status: 404 });
    await expect(rpc.call(SUPPORT_PATTERNS.requestsUpdateStatus, wrongOnPurpose({ actor: TEST_STAFF, requestId: created.id, newStatus: 'done' }))).rejects.toMatchObject({
      status: 400,
      message: MESSAGES.common.invalidStatus,
    });
    const list = await rpc.call(SUPPORT_PATTERNS.requestsList, { page: 1, limit: 50 });
    expect(list.data.find((r) => r.id === created.id)?.status).toBe('match-found');
  });

  test('only an admin moves a request: a renter or landlord is refused (403), a message without actor too (400), and the status stays', async () => {
    const created = await rpc.call(SUPPORT_PATTERNS.requestsCreate, { requestText: 'Shop in Bafoussam', whatsapp: '699000222' });
    for (const role of ['renter', 'landlord', 'caretaker'] as const) {
      await expect(
        rpc.call(SUPPORT_PATTERNS.requestsUpdateStatus, { actor: testActor(role), requestId: created.id, newStatus: 'contacted' }),
      ).rejects.toMatchObject({ status: 403, message: MESSAGES.auth.adminOnly });
    }
    await expect(rpc.call(SUPPORT_PATTERNS.requestsUpdateStatus, wrongOnPurpose({ requestId: created.id, newStatus: 'contacted' }))).rejects.toMatchObject({
      status: 400,
    });
    const list = await rpc.call(SUPPORT_PATTERNS.requestsList, { page: 1, limit: 50 });
    expect(list.data.find((r) => r.id === created.id)?.status).toBe('searching');
  });
});

describe('support tickets', () => {
  const ticket = (over: Record<string, unknown> = {}) => ({
    name: 'Awa Nkem',
    email: ' Awa@Example.CM ',
    phone: '',
    subject: 'Listing question',
    message: 'How do I get verified?',
    ...over,
  });

  test('a ticket is stored with optional fields empty, starts "pending", and keeps the sender id when given', async () => {
    const reply = await rpc.call(SUPPORT_PATTERNS.ticketsCreate, ticket());
    expect(reply).toEqual({
      _id: reply.id,
      id: expect.any(String),
      name: 'Awa Nkem',
      email: 'awa@example.cm',
      phone: null,
      subject: 'Listing question',
      message: 'How do I get verified?',
      whatsapp: null,
      userId: null,
      status: 'pending',
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    const signedIn = await rpc.call(SUPPORT_PATTERNS.ticketsCreate, ticket({ phone: '677 11 22 33', whatsapp: '677112233', userId: UNKNOWN_ID }));
    expect(signedIn).toMatchObject({ phone: '677 11 22 33', whatsapp: '677112233', userId: UNKNOWN_ID });
  });

  test.each([
    ['name', { name: '' }, MESSAGES.contact.nameRequired],
    ['email', { email: '  ' }, MESSAGES.contact.emailRequired],
    ['subject', { subject: undefined }, MESSAGES.contact.subjectRequired],
    ['message', { message: '\n' }, MESSAGES.contact.messageRequired],
    ['a valid e-mail', { email: 'nope' }, MESSAGES.contact.invalidEmail],
    ['a sender id that is a uuid', { userId: 'x' }, MESSAGES.common.invalidId],
  ])('a ticket without %s is 400 and stores nothing', async (_label, over, message) => {
    const before = await count('support_tickets');
    await expect(rpc.call(SUPPORT_PATTERNS.ticketsCreate, ticket(over))).rejects.toMatchObject({ status: 400, message });
    expect(await count('support_tickets')).toBe(before);
  });

  test('status moves to every other status; the same status is 409; an unknown id is 404', async () => {
    const created = await rpc.call(SUPPORT_PATTERNS.ticketsCreate, ticket());
    await expect(rpc.call(SUPPORT_PATTERNS.ticketsUpdateStatus, { actor: TEST_STAFF, ticketId: created.id, newStatus: 'pending' })).rejects.toMatchObject({
      status: 409,
      message: MESSAGES.status.sameStatus,
    });
    for (const newStatus of ['in-progress', 'completed', 'pending', 'completed', 'in-progress'] as const) {
      const reply = await rpc.call(SUPPORT_PATTERNS.ticketsUpdateStatus, { actor: TEST_STAFF, ticketId: created.id, newStatus });
      expect(reply).toMatchObject({ id: created.id, status: newStatus });
    }
    await expect(rpc.call(SUPPORT_PATTERNS.ticketsUpdateStatus, { actor: TEST_STAFF, ticketId: UNKNOWN_ID, newStatus: 'completed' })).rejects.toMatchObject({
      status: 404,
      message: MESSAGES.contact.ticketNotFound,
    });
    await expect(rpc.call(SUPPORT_PATTERNS.ticketsUpdateStatus, wrongOnPurpose({ actor: TEST_STAFF }))).rejects.toMatchObject({ status: 400 });
  });

  test('only an admin moves a ticket: a renter or landlord is refused (403), a message without actor too (400), and the status stays', async () => {
    const created = await rpc.call(SUPPORT_PATTERNS.ticketsCreate, ticket({ subject: 'Not yours to close' }));
    for (const role of ['renter', 'landlord', 'caretaker'] as const) {
      await expect(
        rpc.call(SUPPORT_PATTERNS.ticketsUpdateStatus, { actor: testActor(role), ticketId: created.id, newStatus: 'completed' }),
      ).rejects.toMatchObject({ status: 403, message: MESSAGES.auth.adminOnly });
    }
    await expect(rpc.call(SUPPORT_PATTERNS.ticketsUpdateStatus, wrongOnPurpose({ ticketId: created.id, newStatus: 'completed' }))).rejects.toMatchObject({
      status: 400,
    });
    const list = await rpc.call(SUPPORT_PATTERNS.ticketsList, { page: 1, limit: 50 });
    expect(list.data.find((t) => t.id === created.id)?.status).toBe('pending');
  });
});

describe('admin lists and stats', () => {
  let dbList: pg.Client;

  beforeAll(async () => {
    // A clean slate, so counts below are exact.
    dbList = new pg.Client({ connectionString: db.url });
    await dbList.connect();
    await dbList.query('TRUNCATE support.property_requests, support.support_tickets');
  });

  afterAll(async () => {
    await dbList.end();
  });

  test('lists page newest first, filter by status, and treat "all" and "" as every status', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 12; i++) {
      const data = await rpc.call(SUPPORT_PATTERNS.requestsCreate, { requestText: `Request ${i}`, whatsapp: '674000000' });
      ids.push(data.id);
    }
    await rpc.call(SUPPORT_PATTERNS.requestsUpdateStatus, { actor: TEST_STAFF, requestId: ids[2], newStatus: 'contacted' });
    await rpc.call(SUPPORT_PATTERNS.requestsUpdateStatus, { actor: TEST_STAFF, requestId: ids[5], newStatus: 'match-found' });

    const page1 = await rpc.call(SUPPORT_PATTERNS.requestsList, {});
    expect(page1.success).toBe(true);
    expect(page1.pagination).toEqual({ total: 12, page: 1, limit: 10, totalPages: 2 });
    expect(page1.data.map((r) => r.requestText)).toEqual(Array.from({ length: 10 }, (_, i) => `Request ${11 - i}`));
    const page2 = await rpc.call(SUPPORT_PATTERNS.requestsList, wrongOnPurpose({ page: '2', limit: '10', status: 'all' }));
    expect(page2.data.map((r) => r.requestText)).toEqual(['Request 1', 'Request 0']);
    expect(page2.pagination).toEqual({ total: 12, page: 2, limit: 10, totalPages: 2 });
    const contacted = await rpc.call(SUPPORT_PATTERNS.requestsList, { status: 'contacted' });
    expect(contacted.data.map((r) => r.id)).toEqual([ids[2]]);
    const searching = await rpc.call(SUPPORT_PATTERNS.requestsList, { status: 'searching', limit: 50 });
    expect(searching.pagination.total).toBe(10);
    expect((await rpc.call(SUPPORT_PATTERNS.requestsList, wrongOnPurpose({ status: '' }))).pagination.total).toBe(12);
    const beyond = await rpc.call(SUPPORT_PATTERNS.requestsList, { page: 9 });
    expect(beyond).toMatchObject({ data: [], pagination: { total: 12, page: 9, totalPages: 2 } });

    await expect(rpc.call(SUPPORT_PATTERNS.requestsList, wrongOnPurpose({ status: 'lost' }))).rejects.toMatchObject({ status: 400, message: MESSAGES.common.invalidStatus });
    await expect(rpc.call(SUPPORT_PATTERNS.requestsList, { page: 0 })).rejects.toMatchObject({ status: 400, message: MESSAGES.common.pageInvalid });
    await expect(rpc.call(SUPPORT_PATTERNS.requestsList, { limit: 51 })).rejects.toMatchObject({ status: 400, message: MESSAGES.common.limitInvalid });
  });

  test('ticket lists filter by every status', async () => {
    const made: string[] = [];
    for (let i = 0; i < 3; i++) {
      const data = await rpc.call(SUPPORT_PATTERNS.ticketsCreate, { name: 'N', email: 'n@example.cm', subject: `S${i}`, message: 'M' });
      made.push(data.id);
    }
    await rpc.call(SUPPORT_PATTERNS.ticketsUpdateStatus, { actor: TEST_STAFF, ticketId: made[0], newStatus: 'in-progress' });
    await rpc.call(SUPPORT_PATTERNS.ticketsUpdateStatus, { actor: TEST_STAFF, ticketId: made[1], newStatus: 'completed' });
    for (const [status, expected] of [
      ['pending', [made[2]]],
      ['in-progress', [made[0]]],
      ['completed', [made[1]]],
      ['', [made[2], made[1], made[0]]],
    ] as const) {
      const list = await rpc.call(SUPPORT_PATTERNS.ticketsList, wrongOnPurpose({ page: 1, limit: 10, status }));
      expect(list.data.map((t) => t.id)).toEqual(expected);
    }
  });

  test('stats count searching requests and pending tickets', async () => {
    expect(await rpc.call(SUPPORT_PATTERNS.stats, {})).toEqual({ searchingCount: 10, pendingCount: 1 });
  });
});

test('every status value of the contracts round-trips through the database', async () => {
  const request = await rpc.call(SUPPORT_PATTERNS.requestsCreate, { requestText: 'x', whatsapp: 'y' });
  for (const s of REQUEST_STATUSES.filter((s) => s !== 'searching')) {
    expect((await rpc.call(SUPPORT_PATTERNS.requestsUpdateStatus, { actor: TEST_STAFF, requestId: request.id, newStatus: s })).status).toBe(s);
  }
  const ticket = await rpc.call(SUPPORT_PATTERNS.ticketsCreate, { name: 'N', email: 'n@example.cm', subject: 'S', message: 'M' });
  for (const s of TICKET_STATUSES.filter((s) => s !== 'pending')) {
    expect((await rpc.call(SUPPORT_PATTERNS.ticketsUpdateStatus, { actor: TEST_STAFF, ticketId: ticket.id, newStatus: s })).status).toBe(s);
  }
});

test('health reports PostgreSQL', async () => {
  expect(await rpc.call(SUPPORT_PATTERNS.health, {})).toEqual({ service: 'support', status: 'ok', checks: { postgres: 'ok' } });
});
