// The moderation service against the real servers: its own database (with listings', whose
// service runs beside it because a review reads the property from listings and listings applies
// the decision), its own NATS subject prefix and event stream.
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import type { INestMicroservice } from '@nestjs/common';
import { jetstreamManager } from '@nats-io/jetstream';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import {
  EVENT_TYPES,
  LISTINGS_PATTERNS,
  MESSAGES,
  MESSAGES_FR,
  MODERATION_PATTERNS,
  type Actor,
  type AuditEntry,
  type PropertyRead,
  type PropertyReviewedPayload,
  type PublicUser,
  type Role,
} from '@mboa/contracts';
import { FileMailer, publishEvent, RpcClient, uniqueTestPrefix, type MailMessage } from '@mboa/platform';
import { createTestDatabase, eventually, waitForEvent, wrongOnPurpose } from '@mboa/platform/testing';
import pg from 'pg';
// Listings is a real neighbour here, not a stand-in: moderation asks it for the property under review.
import { startListingsService } from '../../../listings/src/main.js';
import type { ModerationConfig } from '../config.js';
import { startModerationService } from '../main.js';

const PUBLIC_ORIGIN = 'http://mboa.test';

let db: Awaited<ReturnType<typeof createTestDatabase>>;
let config: ModerationConfig;
let listings: INestMicroservice;
let moderation: INestMicroservice;
let rpc: RpcClient;
let nc: NatsConnection;
let sql: pg.Client;
let mailDir: string;
/** What moderation handed to its mail port (the file mailer writes each one too). */
const mailed: MailMessage[] = [];

let n = 0;
function person(role: Role): PublicUser {
  const id = randomUUID();
  n += 1;
  return {
    _id: id,
    id,
    name: `${role} ${n}`,
    email: `${role}${n}.${id.slice(0, 6)}@example.cm`,
    whatsapp: '677001122',
    role,
    status: 'active',
    isVerified: role !== 'renter',
    createdAt: new Date().toISOString(),
  };
}
const actorOf = (u: PublicUser): Actor => ({ userId: u.id, role: u.role, isVerified: u.isVerified, name: u.name });

const admin = person('admin');
const secondAdmin = person('admin');
const landlord = person('landlord');
const PROVEN_AT = new Date().toISOString();
const renter = person('renter');

beforeAll(async () => {
  db = await createTestDatabase(['listings', 'moderation']);
  const prefix = uniqueTestPrefix('mod');
  const streamName = `T_${prefix.replace(/\W/g, '_')}`;
  const natsUrl = process.env.NATS_URL ?? 'nats://127.0.0.1:4222';
  mailDir = await mkdtemp(path.join(tmpdir(), 'mboa-moderation-mail-'));
  const files = new FileMailer({ mailDir, from: 'Mboa Rentals <test@mboa.local>' });
  config = {
    databaseUrl: db.urlFor('moderation'),
    dbSchema: 'moderation',
    natsUrl,
    subjectPrefix: prefix,
    streamName,
    relay: true,
    mailer: {
      async send(message) {
        mailed.push(message);
        await files.send(message);
      },
    },
    publicOrigin: PUBLIC_ORIGIN,
  };
  listings = await startListingsService(
    {
      databaseUrl: db.urlFor('listings'),
      dbSchema: 'listings',
      natsUrl,
      subjectPrefix: prefix,
      streamName,
      relay: true,
      consumers: true,
      search: {},
      ownerWaitMs: 2000,
    },
    { logger: false },
  );
  moderation = await startModerationService(config, { logger: false });
  rpc = new RpcClient({ servers: natsUrl, subjectPrefix: prefix });
  await rpc.connect();
  nc = await connect({ servers: natsUrl });
  sql = new pg.Client({ connectionString: db.url });
  await sql.connect();
  // Auth's registrations, as listings' owners projection learns them.
  for (const u of [admin, secondAdmin, landlord, renter]) {
    await publishEvent(nc, { type: EVENT_TYPES.userRegistered, payload: { user: u, version: 1 }, source: 'auth' }, { prefix });
  }
  // The landlord proves their WhatsApp number, as one must before posting.
  await publishEvent(nc, { type: EVENT_TYPES.userUpdated, payload: { user: landlord, version: 2, whatsappProvenAt: PROVEN_AT }, source: 'auth' }, { prefix });
  await eventually(
    async () => (await sql.query('SELECT whatsapp_proven_at FROM listings.owners WHERE id = $1', [landlord.id])).rows[0]?.whatsapp_proven_at,
    (at) => !!at,
  );
  await eventually(
    async () => Number((await sql.query('SELECT count(*) FROM listings.owners')).rows[0].count),
    (count) => count === 4,
  );
});

afterAll(async () => {
  await rpc?.close();
  await moderation?.close();
  await listings?.close();
  await sql?.end();
  if (nc) {
    await (await jetstreamManager(nc)).streams.delete(config.streamName).catch(() => undefined);
    await nc.drain();
  }
  await db?.drop();
  if (mailDir) await rm(mailDir, { recursive: true, force: true });
});

const bus = () => ({ prefix: config.subjectPrefix, stream: config.streamName });

let titles = 0;
async function postProperty(owner: PublicUser = landlord): Promise<PropertyRead> {
  titles += 1;
  return rpc.call(LISTINGS_PATTERNS.propertyCreate, {
    actor: actorOf(owner),
    data: {
      category: 'residential',
      propertyType: 'apartment',
      title: `Apartment ${titles} in Bonapriso`,
      description: 'Two bedrooms, tiled floors, water and electricity, close to the main road.',
      paymentTerm: 'monthly',
      price: 150000,
      caution: 300000,
      availability: 'available',
      location: { country: 'Cameroon', town: 'Douala', neighbourhood: 'Bonapriso' },
      amenities: ['water'],
      specifications: { bedrooms: 2, toilets: 1, size: 60 },
    },
    images: [
      {
        large: { url: '/media/p/1.webp', key: 'p/1.webp', width: 1024, height: 768, bytes: 90_000, mimeType: 'image/webp' },
        thumbnail: { url: '/media/p/1-t.webp', key: 'p/1-t.webp', width: 320, height: 240, bytes: 9_000, mimeType: 'image/webp' },
        alt: 'Front',
      },
    ],
  });
}

const review = (propertyId: string, decision: { action: string; feedback?: string }, by: PublicUser = admin) =>
  rpc.call(MODERATION_PATTERNS.review, wrongOnPurpose({ propertyId, actor: actorOf(by), review: decision }));

const reviewsOf = async (propertyId: string) => (await rpc.call(MODERATION_PATTERNS.reviewsOf, { propertyId })).reviews;

/** The property as its owner sees it in listings. */
const asOwner = (id: string) => rpc.call(LISTINGS_PATTERNS.propertyGet, { id, actor: actorOf(landlord) });

/** The events moderation recorded about a property: `subject` is the event type, `published` once the relay sent it. */
async function outboxOf(propertyId: string): Promise<Array<{ subject: string; published: boolean; payload: PropertyReviewedPayload }>> {
  const { rows } = await sql.query(
    `SELECT subject, published_at IS NOT NULL AS published, payload FROM moderation.outbox_events
      WHERE payload->>'propertyId' = $1 ORDER BY seq`,
    [propertyId],
  );
  return rows;
}

/** Waits until moderation's consumers have taken in this event (whatever they made of it). */
async function processed(eventId: string): Promise<void> {
  const seen = await eventually(
    async () => Number((await sql.query('SELECT count(*) FROM moderation.processed_events WHERE event_id = $1', [eventId])).rows[0].count),
    (count) => count > 0,
  );
  if (!seen) throw new Error(`moderation never processed event ${eventId}`);
}

const mailsTo = (to: string) => mailed.filter((m) => m.to === to);

async function auditEntries(): Promise<AuditEntry[]> {
  return (await rpc.call(MODERATION_PATTERNS.auditLatest, { limit: 50 })).actions;
}

describe('reviews', () => {
  it('a rejection is recorded with its reason, leaves as property.rejected through the outbox, and listings shows it to the owner', async () => {
    const property = await postProperty();
    const answer = await review(property.id, { action: 'reject', feedback: '  The photos show another house  ' });
    expect(answer).toEqual({
      review: expect.objectContaining({
        propertyId: property.id,
        action: 'reject',
        feedback: 'The photos show another house',
        reviewerId: admin.id,
        reviewerName: admin.name,
      }),
    });
    expect(await reviewsOf(property.id)).toEqual([answer.review]);

    const event = await waitForEvent<PropertyReviewedPayload>(nc, {
      ...bus(),
      type: EVENT_TYPES.propertyRejected,
      match: (e) => e.payload.propertyId === property.id,
    });
    expect(event.payload).toMatchObject({ action: 'reject', feedback: 'The photos show another house', reviewId: answer.review.id, actor: { userId: admin.id } });
    const outbox = await eventually(() => outboxOf(property.id), (rows) => rows.every((r) => r.published));
    expect(outbox).toHaveLength(1);
    expect(outbox[0]).toMatchObject({ published: true, subject: EVENT_TYPES.propertyRejected, payload: { reviewId: answer.review.id } });

    // Read your writes: the owner sees the decision as soon as the admin has the answer.
    expect(await asOwner(property.id)).toMatchObject({ isVerified: false, review: { state: 'rejected', feedback: 'The photos show another house' } });
  });

  it('an approval is recorded, leaves as property.approved, and the property is verified and public', async () => {
    const property = await postProperty();
    const answer = await review(property.id, { action: 'approve' });
    expect(answer).toMatchObject({ review: { action: 'approve', feedback: '' } });
    const event = await waitForEvent<PropertyReviewedPayload>(nc, {
      ...bus(),
      type: EVENT_TYPES.propertyApproved,
      match: (e) => e.payload.propertyId === property.id,
    });
    expect(event.payload.reviewId).toBe(answer.review.id);
    expect(await asOwner(property.id)).toMatchObject({ isVerified: true, review: { state: 'approved' } });
    expect(await rpc.call(LISTINGS_PATTERNS.propertyGet, { id: property.id })).toMatchObject({ id: property.id });
  });

  it('a rejected property may be decided again; a later list shows the newest decision first', async () => {
    const property = await postProperty();
    await review(property.id, { action: 'reject', feedback: 'Blurry photos' });
    await review(property.id, { action: 'approve' });
    expect((await reviewsOf(property.id)).map((r) => r.action)).toEqual(['approve', 'reject']);
  });

  it('once verified, neither an approval nor a rejection is accepted (409) and nothing more is recorded or published', async () => {
    const property = await postProperty();
    await review(property.id, { action: 'approve' });
    const conflict = { status: 409, message: MESSAGES.property.alreadyVerified };
    await expect(review(property.id, { action: 'approve' })).rejects.toMatchObject(conflict);
    await expect(review(property.id, { action: 'reject', feedback: 'Changed my mind' })).rejects.toMatchObject(conflict);
    expect(await reviewsOf(property.id)).toHaveLength(1);
    expect(await outboxOf(property.id)).toHaveLength(1);
  });

  it('two admins approving at once: exactly one succeeds, the other gets 409, one review and one event', async () => {
    const property = await postProperty();
    const outcomes = await Promise.allSettled([review(property.id, { action: 'approve' }), review(property.id, { action: 'approve' }, secondAdmin)]);
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
    const refused = outcomes.filter((o): o is PromiseRejectedResult => o.status === 'rejected');
    expect(refused).toHaveLength(1);
    expect(refused[0].reason).toMatchObject({ status: 409, message: MESSAGES.property.alreadyVerified });
    expect(await reviewsOf(property.id)).toHaveLength(1);
    expect((await outboxOf(property.id)).map((r) => r.subject)).toEqual([EVENT_TYPES.propertyApproved]);
  });

  it('a rejection without a reason, an unknown action or property, and a non-admin are refused, and nothing is recorded', async () => {
    const property = await postProperty();
    await expect(review(property.id, { action: 'reject', feedback: '   ' })).rejects.toMatchObject({
      status: 400,
      message: MESSAGES.property.rejectionReasonRequired,
    });
    await expect(review(property.id, { action: 'reject' })).rejects.toMatchObject({ status: 400, message: MESSAGES.property.rejectionReasonRequired });
    await expect(review(property.id, { action: 'publish' })).rejects.toMatchObject({ status: 400 });
    await expect(review(randomUUID(), { action: 'approve' })).rejects.toMatchObject({ status: 404, message: MESSAGES.property.notFound });
    await expect(review(property.id, { action: 'approve' }, landlord)).rejects.toMatchObject({ status: 403, message: MESSAGES.auth.adminOnly });
    await expect(review(property.id, { action: 'approve' }, renter)).rejects.toMatchObject({ status: 403 });
    expect(await reviewsOf(property.id)).toEqual([]);
    expect(await outboxOf(property.id)).toEqual([]);
    expect(await asOwner(property.id)).toMatchObject({ isVerified: false });
  });
});

describe('the owner mail', () => {
  it('on approval: the owner is told, once, with a link to the property', async () => {
    const property = await postProperty();
    await review(property.id, { action: 'approve' });
    const mails = await eventually(
      async () => mailsTo(landlord.email).filter((m) => m.text.includes(property.title)),
      (m) => m.length > 0,
    );
    expect(mails).toHaveLength(1);
    expect(mails[0].subject).toBe(MESSAGES.moderation.approvedMailSubject);
    expect(mails[0].text).toContain(`Hello ${landlord.name},`);
    expect(mails[0].text).toContain(`${PUBLIC_ORIGIN}/property-details/${property.id}`);
    expect(mails[0].text).not.toContain('Reason:');
  });

  it('on rejection: the owner gets the reason; the mail is written (a file in the mail folder) and marked sent', async () => {
    const property = await postProperty();
    const { review: recorded } = await review(property.id, { action: 'reject', feedback: 'Please add a photo of the kitchen' });
    const mails = await eventually(
      async () => mailsTo(landlord.email).filter((m) => m.text.includes(property.title)),
      (m) => m.length > 0,
    );
    expect(mails).toHaveLength(1);
    expect(mails[0].subject).toBe(MESSAGES.moderation.rejectedMailSubject);
    expect(mails[0].text).toContain('Reason: Please add a photo of the kitchen');
    const notified = await eventually(
      async () => (await sql.query('SELECT notified_at FROM moderation.reviews WHERE id = $1', [recorded.id])).rows[0]?.notified_at,
      (v) => !!v,
    );
    expect(notified).toBeInstanceOf(Date);
    expect((await readdir(mailDir)).filter((f) => f.endsWith('.eml')).length).toBeGreaterThanOrEqual(1);
  });

  it("goes out in the owner's language, as listings' owners projection knows it", async () => {
    const owner: PublicUser = { ...person('landlord'), name: 'Mbarga Jean', language: 'fr' };
    const registered = { type: EVENT_TYPES.userRegistered, payload: { user: owner, version: 1 }, source: 'auth' } as const;
    await publishEvent(nc, registered, { prefix: config.subjectPrefix });
    // Their number proven, as one must before posting (every later fact carries the proof while it holds).
    const proven = { type: EVENT_TYPES.userUpdated, payload: { user: owner, version: 2, whatsappProvenAt: PROVEN_AT }, source: 'auth' } as const;
    await publishEvent(nc, proven, { prefix: config.subjectPrefix });
    await eventually(
      async () => (await sql.query('SELECT language, whatsapp_proven_at FROM listings.owners WHERE id = $1', [owner.id])).rows[0],
      (row) => row?.language === 'fr' && !!row.whatsapp_proven_at,
    );

    const approved = await postProperty(owner);
    await review(approved.id, { action: 'approve' });
    const rejected = await postProperty(owner);
    await review(rejected.id, { action: 'reject', feedback: 'Ajoutez une photo de la cuisine' });
    const [yes] = await eventually(async () => mailsTo(owner.email).filter((m) => m.text.includes(approved.title)), (m) => m.length > 0);
    expect(yes.subject).toBe(MESSAGES_FR.moderation.approvedMailSubject);
    expect(yes.text).toBe(
      `Bonjour Mbarga Jean,\n\nBonne nouvelle : votre annonce « ${approved.title} » a été validée et les locataires peuvent maintenant la voir.\n\n${PUBLIC_ORIGIN}/property-details/${approved.id}\n\nMboa Rentals`,
    );
    const [no] = await eventually(async () => mailsTo(owner.email).filter((m) => m.text.includes(rejected.title)), (m) => m.length > 0);
    expect(no.subject).toBe(MESSAGES_FR.moderation.rejectedMailSubject);
    expect(no.text).toContain('Motif : Ajoutez une photo de la cuisine');
    expect(no.text).toContain('Mes annonces');

    // The owner switches to English: the next decision follows.
    const updated = { type: EVENT_TYPES.userUpdated, payload: { user: { ...owner, language: 'en' }, version: 3, whatsappProvenAt: PROVEN_AT }, source: 'auth' } as const;
    await publishEvent(nc, updated, { prefix: config.subjectPrefix });
    await eventually(async () => (await sql.query('SELECT language FROM listings.owners WHERE id = $1', [owner.id])).rows[0]?.language, (l) => l === 'en');
    const later = await postProperty(owner);
    await review(later.id, { action: 'approve' });
    const [english] = await eventually(async () => mailsTo(owner.email).filter((m) => m.text.includes(later.title)), (m) => m.length > 0);
    expect(english.subject).toBe(MESSAGES.moderation.approvedMailSubject);
    expect(english.text.startsWith('Hello Mbarga Jean,\n\nGood news: your property')).toBe(true);
  });

  it('the same decision delivered twice mails the owner once', async () => {
    const property = await postProperty();
    await review(property.id, { action: 'reject', feedback: 'Wrong town' });
    const event = await waitForEvent<PropertyReviewedPayload>(nc, {
      ...bus(),
      type: EVENT_TYPES.propertyRejected,
      match: (e) => e.payload.propertyId === property.id,
    });
    await eventually(async () => mailsTo(landlord.email).filter((m) => m.text.includes(property.title)), (m) => m.length > 0);
    // A redelivery (a new stream message with the same event id) finds the review already notified.
    await publishEvent(nc, event, { prefix: config.subjectPrefix, msgID: randomUUID() });
    const marker = await postProperty();
    await review(marker.id, { action: 'approve' });
    await eventually(async () => mailsTo(landlord.email).filter((m) => m.text.includes(marker.title)), (m) => m.length > 0);
    expect(mailsTo(landlord.email).filter((m) => m.text.includes(property.title))).toHaveLength(1);
  });
});

describe('the audit trail', () => {
  const entryFor = (entries: AuditEntry[], action: string, targetId: string) => entries.find((e) => e.action === action && e.targetId === targetId);

  it("records admins' decisions and property changes from the events' actor, and ignores owners' own changes", async () => {
    const property = await postProperty();
    await review(property.id, { action: 'reject', feedback: 'Too dark' });
    await review(property.id, { action: 'approve' }, secondAdmin);
    await rpc.call(LISTINGS_PATTERNS.adminStatus, { actor: actorOf(admin), propertyId: property.id, action: 'markRented' });
    const owned = await postProperty();
    await rpc.call(LISTINGS_PATTERNS.myListingsUpdate, { actor: actorOf(landlord), payload: { id: owned.id, data: { status: 'deactivated' } } });

    // The owner's own change leaves an event too; once moderation has taken it in, the trail is read.
    const ownersChange = await waitForEvent(nc, {
      ...bus(),
      type: EVENT_TYPES.propertyStatusChanged,
      match: (e) => (e.payload as { propertyId: string }).propertyId === owned.id,
    });
    await processed(ownersChange.id);
    const entries = await eventually(auditEntries, (all) => !!entryFor(all, 'property.status-changed', property.id));
    expect(entryFor(entries, 'property.rejected', property.id)).toMatchObject({
      actorId: admin.id,
      actorName: admin.name,
      targetType: 'property',
      summary: `Rejected (“Too dark”) property ${property.id}`,
    });
    expect(entryFor(entries, 'property.approved', property.id)).toMatchObject({ actorId: secondAdmin.id, summary: `Approved property ${property.id}` });
    expect(entryFor(entries, 'property.status-changed', property.id)).toMatchObject({
      actorId: admin.id,
      summary: 'Changed property status from available to rented',
    });
    // The trail is for staff actions only.
    expect(entries.some((e) => e.targetId === owned.id)).toBe(false);
  });

  it("records user, request and ticket actions from other services' events, each once, newest first", async () => {
    const banned = person('landlord');
    const requestId = randomUUID();
    const ticketId = randomUUID();
    const publish = (type: string, payload: unknown) => publishEvent(nc, { type, payload, source: 'test' }, { prefix: config.subjectPrefix });
    await publish(EVENT_TYPES.userRegistered, { user: banned, version: 1 });
    const ban = await publish(EVENT_TYPES.userBanned, { user: { ...banned, status: 'banned' }, version: 2, actor: actorOf(admin) });
    // A user's own profile edit carries no staff actor: not in the trail.
    const ownEdit = await publish(EVENT_TYPES.userUpdated, { user: { ...banned, name: 'Renamed' }, version: 3 });
    await publish('request.status-changed', { requestId, from: 'searching', to: 'contacted', actor: actorOf(admin) });
    await publish('ticket.status-changed', { ticketId, from: 'pending', to: 'completed', actor: actorOf(secondAdmin) });
    // Delivered twice: still one entry.
    await publishEvent(nc, ban, { prefix: config.subjectPrefix, msgID: randomUUID() });

    await processed(ownEdit.id);
    const entries = await eventually(
      auditEntries,
      (all) => !!entryFor(all, 'user.banned', banned.id) && !!entryFor(all, 'request.status-changed', requestId) && !!entryFor(all, 'ticket.status-changed', ticketId),
    );
    expect(entryFor(entries, 'user.banned', banned.id)).toMatchObject({ actorId: admin.id, targetType: 'user', summary: `Banned user ${banned.name}` });
    expect(entryFor(entries, 'request.status-changed', requestId)).toMatchObject({
      actorId: admin.id,
      targetType: 'request',
      summary: 'Moved request from searching to contacted',
    });
    expect(entryFor(entries, 'ticket.status-changed', ticketId)).toMatchObject({
      actorId: secondAdmin.id,
      actorName: secondAdmin.name,
      targetType: 'ticket',
      summary: 'Moved ticket from pending to completed',
    });
    expect(entries.filter((e) => e.targetId === banned.id)).toHaveLength(1);
    const times = entries.map((e) => Date.parse(e.createdAt));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    expect((await rpc.call(MODERATION_PATTERNS.auditLatest, { limit: 2 })).actions).toHaveLength(2);
  });
});

describe('health', () => {
  it('answers ok with its database reachable', async () => {
    expect(await rpc.call(MODERATION_PATTERNS.health, {})).toMatchObject({ service: 'moderation', status: 'ok', checks: { postgres: 'ok' } });
  });
});
