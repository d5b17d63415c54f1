// Identity and proof of control, checked by staff (docs/api.md#identity-and-proof-of-control),
// through the real gateway, auth, listings, media and moderation on the real PostgreSQL, Redis and
// NATS. MinIO cannot run here: photos and documents are kept in local folders (the default without
// S3_ENDPOINT), each its own store, as in production each is its own bucket.
import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import sharp from 'sharp';
import {
  EVENT_TYPES,
  LIMITS,
  MESSAGES,
  MESSAGES_FR,
  type AdminVerificationDetail,
  type AdminVerificationItem,
  type AuditEntry,
  type PropertyRead,
  type PublicUser,
  type VerificationDecidedPayload,
  type VerificationRequestView,
} from '@mboa/contracts';
import { LocalFileStore } from '@mboa/platform';
import { until } from '@mboa/platform/testing';
import { proveWhatsApp, signInAdmin, signUp, TEST_ADMIN } from './people.js';
import { Browser, startTestSystem, type TestSystem } from './system.js';

let system: TestSystem;
let dir: string;
let photos: LocalFileStore;
let documents: LocalFileStore;
let moderationDb: pg.Client;
let admin: Browser;
/** Everything the processes printed while the tests ran: no document key may be in it. */
const printed: string[] = [];
const restore: (() => void)[] = [];

beforeAll(async () => {
  for (const stream of [process.stdout, process.stderr]) {
    const write = stream.write.bind(stream);
    stream.write = (chunk: string | Uint8Array, ...rest: never[]) => {
      printed.push(String(chunk));
      return write(chunk, ...rest);
    };
    restore.push(() => (stream.write = write));
  }
  dir = await mkdtemp(path.join(tmpdir(), 'mboa-verification-'));
  photos = new LocalFileStore(path.join(dir, 'objects'));
  documents = new LocalFileStore(path.join(dir, 'documents'));
  system = await startTestSystem({
    services: ['auth', 'listings', 'media', 'moderation', 'support'],
    env: { ...TEST_ADMIN, MEDIA_DIR: photos.root, DOCUMENTS_DIR: documents.root, VERIFICATION_SWEEP_MS: '200' },
    gateway: { objectStore: photos, documentStore: documents },
  });
  moderationDb = new pg.Client({ connectionString: system.context.db.urlFor('moderation') });
  await moderationDb.connect();
  admin = (await signInAdmin(system)).browser;
}, 180_000);

afterAll(async () => {
  for (const undo of restore) undo();
  await moderationDb?.end();
  await system?.stop();
  await rm(dir, { recursive: true, force: true });
}, 120_000);

interface Answer {
  status: number;
  headers: Headers;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  body: any;
  bytes: Buffer;
}

type Person = { browser: Browser; user: PublicUser; number: string };

let numbers = 0;
const newNumber = () => `69${String((Date.now() + ++numbers) % 1e7).padStart(7, '0')}`;

/** A landlord or caretaker with a proven number (they post), or a renter. */
async function person(role: 'landlord' | 'caretaker' | 'renter', language: 'en' | 'fr' = 'en'): Promise<Person> {
  const number = newNumber();
  const { browser, user } = await signUp(system, role, { verified: role !== 'renter', whatsapp: number });
  if (language === 'fr') expect((await browser.request('PATCH', '/api/user/me', { language: 'fr' })).status).toBe(200);
  // Posting needs a proven number (staff verifying an account may have proven it already).
  if (role !== 'renter' && !(await browser.get('/api/me/whatsapp')).body.whatsappProvenAt) await proveWhatsApp(system, browser, number);
  return { browser, user, number };
}

let made = 0;

/** A picture of its own (size and colour), as a phone would send. */
const picture = (width: number, height: number, format: 'jpeg' | 'webp') =>
  sharp({ create: { width, height, channels: 3, background: { r: (made * 37) % 256, g: (made * 91) % 256, b: 120 } } })
    .toFormat(format)
    .toBuffer();

async function post(route: string, browser: Browser, fields: [string, string][], files: { name: string; bytes: Buffer; type: string }[], field: string): Promise<Answer> {
  const form = new FormData();
  for (const [name, value] of fields) form.append(name, value);
  for (const file of files) form.append(field, new Blob([new Uint8Array(file.bytes)], { type: file.type }), file.name);
  const res = await fetch(`${system.url}${route}`, { method: 'POST', body: form, headers: { cookie: `mboa_session=${browser.cookie('mboa_session')}` } });
  const bytes = Buffer.from(await res.arrayBuffer());
  let body: unknown;
  try {
    body = JSON.parse(bytes.toString('utf8'));
  } catch {
    body = undefined;
  }
  return { status: res.status, headers: res.headers, body, bytes };
}

/** A listing of the owner's, posted with one photo. */
async function listing(owner: Person): Promise<PropertyRead> {
  const title = `Verification flat ${++made} in Bonapriso ${Date.now()}`;
  const fields: [string, string][] = [
    ['category', 'residential'],
    ['propertyType', 'apartment'],
    ['title', title],
    ['paymentTerm', 'monthly'],
    ['price', '90000'],
    ['description', 'Two bedrooms, tiled, running water.'],
    ['location[town]', 'Douala'],
    ['location[neighbourhood]', 'Bonapriso'],
    ['specifications[bedrooms]', '2'],
    ['specifications[toilets]', '1'],
    ['specifications[size]', '60'],
  ];
  const res = await post('/api/property/post', owner.browser, fields, [{ name: 'front.webp', bytes: await picture(400, 300 + made, 'webp'), type: 'image/webp' }], 'propertyImages');
  expect(res.status).toBe(201);
  return res.body.property as PropertyRead;
}

/** A photo of a document (each a different picture). */
const photo = async (name = 'front.jpg') => ({ name, bytes: await picture(900 + ++made, 600, 'jpeg'), type: 'image/jpeg' });

const send = async (owner: Person, fields: [string, string][], files?: Awaited<ReturnType<typeof photo>>[]) =>
  post('/api/me/verification', owner.browser, fields, files ?? [await photo('front.jpg'), await photo('back.jpg')], 'files');

const identity = (type = 'national-id'): [string, string][] => [
  ['kind', 'identity'],
  ['documentType', type],
];
const control = (type: string, ids: string[]): [string, string][] => [['kind', 'control'], ['documentType', type], ...ids.map((id): [string, string] => ['propertyIds', id])];

/** Every stored document photo, and the staging area: what a refusal must leave as it was. */
const storedDocuments = () => documents.list('documents/');
const staged = () => photos.list('uploads/');

/** The owner's mails, decoded (nodemailer writes non-ASCII subjects as RFC 2047 and bodies as quoted-printable). */
async function mailsTo(email: string): Promise<string[]> {
  const files = (await readdir(system.mailDir)).filter((f) => f.endsWith('.eml')).sort();
  const texts = await Promise.all(files.map((f) => readFile(path.join(system.mailDir, f), 'utf8')));
  return texts.filter((t) => t.includes(email)).map((t) => decodeMail(t).replace(/\r\n/g, '\n'));
}

function decodeMail(raw: string): string {
  const bytes = (s: string) => Buffer.from(s.replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16))), 'latin1').toString('utf8');
  const split = raw.search(/\r?\n\r?\n/);
  const unfolded = raw.slice(0, split).replace(/\r?\n[ \t]+/g, ' ').replace(/\?=\s+=\?UTF-8\?Q\?/g, '');
  const headers = unfolded.replace(/=\?UTF-8\?Q\?(.*?)\?=/g, (_, word: string) => bytes(word.replace(/_/g, ' ')));
  return `${headers}\n\n${bytes(raw.slice(split).replace(/=\r?\n/g, ''))}`;
}

async function latestActions(): Promise<AuditEntry[]> {
  return (await admin.get('/api/admin/stats')).body?.actions ?? [];
}

async function fileAnswer(browser: Browser, requestId: string, fileId: string): Promise<Answer> {
  const res = await fetch(`${system.url}/api/admin/verification/${requestId}/files/${fileId}`, { headers: { cookie: `mboa_session=${browser.cookie('mboa_session')}` } });
  const bytes = Buffer.from(await res.arrayBuffer());
  let body: unknown;
  try {
    body = JSON.parse(bytes.toString('utf8'));
  } catch {
    body = undefined;
  }
  return { status: res.status, headers: res.headers, body, bytes };
}

describe('an owner sends documents', () => {
  test('a landlord sends an identity document and a proof of control for their properties; the answer names no key', async () => {
    const owner = await person('landlord');
    const [a, b] = [await listing(owner), await listing(owner)];
    const before = (await storedDocuments()).length;

    const id = await send(owner, identity());
    expect(id.status).toBe(201);
    const view = id.body as VerificationRequestView;
    expect(view).toEqual({
      id: expect.any(String),
      kind: 'identity',
      documentType: 'national-id',
      status: 'pending',
      propertyIds: [],
      mandateOwnerName: null,
      mandateOwnerWhatsapp: null,
      files: [
        { id: expect.any(String), size: expect.any(Number) },
        { id: expect.any(String), size: expect.any(Number) },
      ],
      reason: null,
      note: null,
      createdAt: expect.any(String),
      decidedAt: null,
      filesDeletedAt: null,
    });

    // Comma-separated and repeated alike; the same set in another order is the same proof.
    const proof = await send(owner, [['kind', 'control'], ['documentType', 'utility-bill'], ['propertyIds', `${b.id},${a.id}`]]);
    expect(proof.status).toBe(201);
    expect([...proof.body.propertyIds].sort()).toEqual([a.id, b.id].sort());
    expect((await send(owner, control('utility-bill', [a.id, b.id]))).status).toBe(409);
    expect((await send(owner, identity('passport'))).body).toEqual({ message: MESSAGES.verification.alreadyPending });

    // Four photos stored in the documents store, none in the photos store /media serves.
    expect((await storedDocuments()).length).toBe(before + 4);
    expect(await photos.list('documents/')).toEqual([]);
    for (const key of await storedDocuments()) expect((await fetch(`${system.url}/media/${key}`)).status).toBe(404);

    const mine = await owner.browser.get('/api/me/verification');
    expect(mine.status).toBe(200);
    expect(mine.body.identity).toBe('pending');
    expect(mine.body.requests.map((r: VerificationRequestView) => r.kind)).toEqual(['control', 'identity']);
    expect(JSON.stringify(mine.body)).not.toContain('documents/');
    expect(JSON.stringify(id.body)).not.toContain('documents/');
  });

  test('a caretaker proves control with the mandate (owner named, number checked); a landlord cannot, nor a caretaker with a bill', async () => {
    const caretaker = await person('caretaker');
    const landlord = await person('landlord');
    const [mine, theirs] = [await listing(caretaker), await listing(landlord)];
    const before = await storedDocuments();

    expect((await send(caretaker, control('utility-bill', [mine.id]))).body.message).toBe(MESSAGES.verification.mandateForCaretakers);
    expect((await send(landlord, [...control('caretaker-mandate', [theirs.id]), ['mandateOwnerName', 'Ngono'], ['mandateOwnerWhatsapp', '677000111']])).body.message).toBe(
      MESSAGES.verification.mandateNotForLandlords,
    );
    const noNumber = await send(caretaker, [...control('caretaker-mandate', [mine.id]), ['mandateOwnerName', 'Ngono Pauline'], ['mandateOwnerWhatsapp', '12']]);
    expect([noNumber.status, noNumber.body.errors]).toEqual([400, [`mandateOwnerWhatsapp: ${MESSAGES.auth.whatsappExactDigits}`]]);
    expect(await storedDocuments()).toEqual(before);

    const mandate = await send(caretaker, [...control('caretaker-mandate', [mine.id]), ['mandateOwnerName', 'Ngono Pauline'], ['mandateOwnerWhatsapp', '677 000 111']]);
    expect(mandate.status).toBe(201);
    expect(mandate.body).toMatchObject({ documentType: 'caretaker-mandate', mandateOwnerName: 'Ngono Pauline', mandateOwnerWhatsapp: '677000111', propertyIds: [mine.id] });
  });

  test("renters and staff are refused before the body is read; another owner's property, a wrong type, no photo: 4xx and nothing stored", async () => {
    const renter = await person('renter');
    const owner = await person('landlord');
    const other = await person('landlord');
    const theirs = await listing(other);
    const before = await storedDocuments();

    expect((await send(renter, identity())).body).toEqual({ message: MESSAGES.verification.ownersOnly });
    expect((await send(renter, identity())).status).toBe(403);
    expect((await send({ browser: admin, user: owner.user, number: '' }, identity())).status).toBe(403);
    expect((await post('/api/me/verification', new Browser(system.url), identity(), [await photo()], 'files')).status).toBe(401);

    const stolen = await send(owner, control('title-deed', [theirs.id]));
    expect([stolen.status, stolen.body.message]).toEqual([404, MESSAGES.verification.propertyNotYours]);
    expect((await send(owner, control('title-deed', []))).body.errors).toEqual([`propertyIds: ${MESSAGES.verification.propertiesRequired}`]);
    expect((await send(owner, [['kind', 'identity'], ['documentType', 'lease']])).body.errors).toEqual([`documentType: ${MESSAGES.verification.documentTypeNotForKind}`]);
    expect((await send(owner, [['kind', 'both'], ['documentType', 'lease']])).status).toBe(400);
    expect((await send(owner, identity(), [])).body).toEqual({ message: MESSAGES.verification.filesRequired, errors: [`files: ${MESSAGES.verification.filesRequired}`] });
    const four = await send(owner, identity(), [await photo('1.jpg'), await photo('2.jpg'), await photo('3.jpg'), await photo('4.jpg')]);
    expect([four.status, four.body.message]).toEqual([400, MESSAGES.verification.tooManyFiles]);

    // French for a French reader, like every refusal.
    const fr = await fetch(`${system.url}/api/me/verification`, {
      method: 'POST',
      body: (() => {
        const form = new FormData();
        form.append('kind', 'identity');
        form.append('documentType', 'lease');
        return form;
      })(),
      headers: { cookie: `mboa_session=${owner.browser.cookie('mboa_session')}`, 'accept-language': 'fr' },
    });
    expect(((await fr.json()) as { message: string }).message).toBe(MESSAGES_FR.verification.documentTypeNotForKind);

    expect(await storedDocuments()).toEqual(before);
    expect(await until(async () => ((await staged()).length === 0 ? true : undefined), 'staged uploads removed')).toBe(true);
    expect((await owner.browser.get('/api/me/verification')).body).toEqual({ identity: 'none', requests: [] });
  });

  test('a text file named .jpg and a photo over 10 MB are refused, and nothing of the upload is kept', async () => {
    const owner = await person('landlord');
    const before = await storedDocuments();
    const fake = await send(owner, identity(), [await photo('front.jpg'), { name: 'back.jpg', bytes: Buffer.from('this is not a picture of anything'), type: 'image/jpeg' }]);
    expect(fake.status).toBe(400);
    expect(fake.body.errors[0]).toMatch(/^back\.jpg: /);
    const huge = await send(owner, identity(), [{ name: 'huge.jpg', bytes: randomBytes(LIMITS.images.maxBytes + 1), type: 'image/jpeg' }]);
    expect([huge.status, huge.body?.message]).toEqual([413, MESSAGES.property.imageTooLarge]);
    expect(await storedDocuments()).toEqual(before);
    await until(async () => ((await staged()).length === 0 ? true : undefined), 'staged uploads removed');
    expect((await owner.browser.get('/api/me/verification')).body.requests).toEqual([]);
  });
});

describe('staff check the documents', () => {
  test('only admins list, read and decide: everyone else 403 before any work, signed out 401', async () => {
    const owner = await person('landlord');
    const sent = (await send(owner, identity())).body as VerificationRequestView;
    const views = async () => (await moderationDb.query(`SELECT count(*)::int AS n FROM moderation.audit_entries WHERE action = 'verification.file-viewed'`)).rows[0].n as number;
    const seen = await views();
    for (const browser of [owner.browser, (await person('renter')).browser]) {
      expect((await browser.get('/api/admin/verification')).status).toBe(403);
      expect((await browser.get(`/api/admin/verification/${sent.id}`)).status).toBe(403);
      expect((await fileAnswer(browser, sent.id, sent.files[0].id)).status).toBe(403);
      expect((await browser.post(`/api/admin/verification/${sent.id}/approve`)).status).toBe(403);
      expect((await browser.post(`/api/admin/verification/${sent.id}/reject`, { reason: 'expired' })).status).toBe(403);
    }
    expect((await new Browser(system.url).get('/api/admin/verification')).status).toBe(401);
    expect(await views()).toBe(seen);
    expect((await owner.browser.get('/api/me/verification')).body.requests[0].status).toBe('pending');
  });

  test('the whole way: refused with a reason (the French owner mailed in French), sent again, approved, recorded; files gone 90 days later', async () => {
    const owner = await person('landlord', 'fr');
    const place = await listing(owner);
    const first = (await send(owner, control('title-deed', [place.id]))).body as VerificationRequestView;

    // The queue: pending oldest first, with the account beside each request.
    const queue = await admin.get('/api/admin/verification?status=pending&limit=50');
    expect([queue.status, queue.body?.message]).toEqual([200, undefined]);
    const item = (queue.body.requests as AdminVerificationItem[]).find((r) => r.id === first.id)!;
    expect(item.owner).toEqual({
      id: owner.user.id,
      name: owner.user.name,
      email: owner.user.email,
      whatsapp: owner.number,
      role: 'landlord',
      whatsappProvenAt: expect.any(String),
      isVerified: true,
      identityCheckedAt: null,
    });
    const created = (queue.body.requests as AdminVerificationItem[]).map((r) => r.createdAt);
    expect(created).toEqual([...created].sort());
    expect(JSON.stringify(queue.body)).not.toContain('documents/');
    expect((await admin.get('/api/admin/verification?status=maybe')).status).toBe(400);
    const stats = await admin.get('/api/admin/stats');
    expect(stats.body.verificationPending).toBeGreaterThanOrEqual(1);

    // The detail: the request beside the owner's listings.
    const detail = await admin.get(`/api/admin/verification/${first.id}`);
    expect(detail.status).toBe(200);
    expect((detail.body as AdminVerificationDetail).listings).toEqual([
      { id: place.id, title: place.title, town: 'Douala', neighbourhood: 'Bonapriso', status: place.status, controlKind: null },
    ]);

    // A file: the image, never cached, and the look is in the staff trail.
    const file = await fileAnswer(admin, first.id, first.files[0].id);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('image/webp');
    expect(file.headers.get('cache-control')).toBe('no-store');
    expect(file.headers.get('x-content-type-options')).toBe('nosniff');
    expect(file.headers.get('content-disposition')).toBe('inline');
    expect((await sharp(file.bytes).metadata()).format).toBe('webp');
    const viewed = await moderationDb.query(`SELECT actor_id, target_type, target_id, summary FROM moderation.audit_entries WHERE action = 'verification.file-viewed' AND target_id = $1`, [first.id]);
    expect(viewed.rows).toEqual([{ actor_id: expect.any(String), target_type: 'verification', target_id: first.id, summary: expect.stringContaining(first.files[0].id) }]);
    expect((await fileAnswer(admin, first.id, first.files[0].id.replace(/.$/, (c) => (c === '0' ? '1' : '0')))).status).toBe(404);
    expect((await fileAnswer(admin, first.id, 'not-an-id')).status).toBe(404);
    expect((await admin.get('/api/admin/verification/not-an-id')).body).toEqual({ message: MESSAGES.verification.notFound });

    // Refused: a reason from the list, a note; 'other' needs the note; decided once.
    expect((await admin.post(`/api/admin/verification/${first.id}/reject`, { reason: 'other' })).body.errors).toEqual([`note: ${MESSAGES.verification.noteRequired}`]);
    expect((await admin.post(`/api/admin/verification/${first.id}/reject`, { reason: 'blurry' })).status).toBe(400);
    expect((await admin.post(`/api/admin/verification/${first.id}/reject`, { reason: 'expired', note: 'x'.repeat(1001) })).status).toBe(400);
    const refused = await admin.post(`/api/admin/verification/${first.id}/reject`, { reason: 'expired', note: 'Le titre foncier date de 1998, envoyez un document récent.' });
    expect(refused.status).toBe(200);
    expect(refused.body).toMatchObject({ id: first.id, status: 'rejected', reason: 'expired', note: 'Le titre foncier date de 1998, envoyez un document récent.', decidedAt: expect.any(String) });
    expect((await admin.post(`/api/admin/verification/${first.id}/approve`)).status).toBe(409);
    expect((await admin.post(`/api/admin/verification/${first.id}/reject`, { reason: 'unreadable' })).body).toEqual({ message: MESSAGES.verification.alreadyDecided });

    const fr = MESSAGES_FR.verification;
    const mail = await until(async () => (await mailsTo(owner.user.email)).find((m) => m.includes(fr.rejectedMailSubject)), 'the refusal mail');
    expect(mail).toContain(fr.rejectedMailBody(fr.documents['title-deed'], fr.reasons.expired, 'Le titre foncier date de 1998, envoyez un document récent.'));
    expect(mail).not.toContain('documents/');

    // A refusal checks nothing.
    expect((await owner.browser.get(`/api/properties/${place.id}`)).body.checks).toMatchObject({ control: null });

    // Sent again after the refusal, then approved.
    const again = await send(owner, control('title-deed', [place.id]));
    expect(again.status).toBe(201);
    const approved = await admin.post(`/api/admin/verification/${again.body.id}/approve`);
    expect(approved.status).toBe(200);
    expect(approved.body).toMatchObject({ status: 'approved', reason: null, note: null });
    expect((approved.body as AdminVerificationDetail).listings.find((l) => l.id === place.id)?.controlKind).toBe('owner');
    await until(async () => (await mailsTo(owner.user.email)).find((m) => m.includes(fr.controlApprovedMailSubject)), 'the approval mail');
    // Listings' checks had the decision handed over before the answer: the listing says its control was checked.
    const details = await owner.browser.get(`/api/properties/${place.id}`);
    expect(details.body.checks).toMatchObject({ control: 'owner' });

    // verification.decided left through moderation's outbox, without a file, key or hash.
    const events = await moderationDb.query(`SELECT payload FROM moderation.outbox_events WHERE subject = $1 AND payload->>'ownerId' = $2 ORDER BY seq`, [
      EVENT_TYPES.verificationDecided,
      owner.user.id,
    ]);
    const payloads = events.rows.map((r) => r.payload as VerificationDecidedPayload);
    expect(payloads.map((p) => [p.requestId, p.outcome, p.reason ?? null])).toEqual([
      [first.id, 'rejected', 'expired'],
      [again.body.id, 'approved', null],
    ]);
    expect(payloads[1]).toEqual({
      requestId: again.body.id,
      ownerId: owner.user.id,
      kind: 'control',
      documentType: 'title-deed',
      propertyIds: [place.id],
      outcome: 'approved',
      decidedAt: expect.any(String),
      actor: expect.objectContaining({ role: 'admin' }),
    });
    expect(JSON.stringify(payloads)).not.toContain('documents/');
    const trail = await until(async () => {
      const actions = await latestActions();
      return actions.some((a) => a.action === 'verification.decided' && a.targetId === again.body.id) ? actions : undefined;
    }, 'the decision in the staff trail');
    expect(trail.find((a) => a.targetId === again.body.id)).toMatchObject({ targetType: 'verification', actorName: TEST_ADMIN.ADMIN_NAME });

    // 90 days after the decision (the clock moved: the decision set back 91 days), the photos go;
    // the decision stays. A pending request keeps its photos.
    const pending = (await send(owner, identity())).body as VerificationRequestView;
    const keys = (await moderationDb.query(`SELECT key FROM moderation.verification_files WHERE request_id = $1`, [first.id])).rows.map((r) => r.key as string);
    expect(keys.length).toBe(2);
    for (const key of keys) expect(await documents.exists(key)).toBe(true);
    await moderationDb.query(
      `UPDATE moderation.verification_requests SET decided_at = (now() AT TIME ZONE 'UTC') - make_interval(days => $2) WHERE id = $1`,
      [first.id, LIMITS.verification.filesKeptDays + 1],
    );
    const emptied = await until(async () => {
      const mine = (await owner.browser.get('/api/me/verification')).body.requests as VerificationRequestView[];
      const row = mine.find((r) => r.id === first.id);
      return row?.filesDeletedAt ? row : undefined;
    }, 'the sweep to delete the old photos');
    expect(emptied).toMatchObject({ status: 'rejected', reason: 'expired', files: [], filesDeletedAt: expect.any(String) });
    for (const key of keys) expect(await documents.exists(key)).toBe(false);
    expect((await fileAnswer(admin, first.id, first.files[0].id)).status).toBe(404);
    const still = (await admin.get(`/api/admin/verification/${pending.id}`)).body as AdminVerificationDetail;
    expect(still.files).toHaveLength(2);
    expect((await fileAnswer(admin, pending.id, pending.files[0].id)).status).toBe(200);
    // The approved one, decided just now, keeps its photos too.
    expect((await fileAnswer(admin, again.body.id, again.body.files[0].id)).status).toBe(200);

    expect(printed.join('')).not.toMatch(/documents\/[A-Za-z0-9_-]+\/[0-9a-f-]{36}/);
  });
});
