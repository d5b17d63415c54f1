// infra/scripts/backup.mjs and restore.mjs with the object store on an S3 server (s3rver, started
// here on a free port; no MinIO binary installs on these machines): every object of the bucket is
// saved with its content type and comes back into a new bucket, or into a media folder the local
// file adapter reads. The whole system's restore (local folder) is
// gateway/src/__tests__/backup-restore.e2e.test.ts.
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import S3rver from 's3rver';
import { dropDatabase, uniqueDatabaseName, withConnection, withDatabase } from '../migrate/index.js';
import { LocalFileStore, MinioObjectStore, type ObjectStore } from '../storage/index.js';
import { createTestDatabase, type TestDatabase } from '../testing/database.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const run = promisify(execFile);

async function script(name: 'backup' | 'restore', args: string[], env: Record<string, string>) {
  try {
    const { stdout, stderr } = await run(process.execPath, [path.join(root, 'infra/scripts', `${name}.mjs`), ...args], {
      env: { PATH: process.env.PATH ?? '', ...env },
    });
    return { code: 0, stdout, stderr };
  } catch (e) {
    const failed = e as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

const OBJECTS = [
  { key: 'properties/p1/aaa-large.webp', body: Buffer.from('large photo bytes'), type: 'image/webp' },
  { key: 'properties/p1/aaa-thumb.webp', body: Buffer.from('thumb'), type: 'image/webp' },
  { key: 'avatars/u1/b.jpg', body: Buffer.from([0xff, 0xd8, 0xff, 0x00, 0x01]), type: 'image/jpeg' },
];

let server: S3rver;
let dir: string;
let endpoint: string;
let db: TestDatabase;
const dropLater: string[] = [];

const bucket = (name: string) => new MinioObjectStore({ endpoint, accessKey: 'S3RVER', secretKey: 'S3RVER', bucket: name });
const s3Env = (name: string) => ({ S3_ENDPOINT: endpoint, S3_ACCESS_KEY: 'S3RVER', S3_SECRET_KEY: 'S3RVER', S3_BUCKET: name });

async function contents(store: ObjectStore) {
  const keys = await store.list('');
  return Promise.all(
    keys.map(async (key) => {
      const object = await store.get(key);
      const chunks: Buffer[] = [];
      for await (const chunk of object.body) chunks.push(chunk as Buffer);
      return { key, body: Buffer.concat(chunks), type: object.contentType };
    }),
  );
}

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'mboa-backup-s3-'));
  server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory: path.join(dir, 's3') });
  const { port } = await server.run();
  endpoint = `http://127.0.0.1:${port}`;
  const source = bucket('media-source');
  for (const o of OBJECTS) await source.put(o.key, o.body, o.type);
  db = await createTestDatabase(['support']);
  await withConnection(db.url, (c) =>
    c.query(`INSERT INTO support.property_requests (id, request_text, whatsapp, status, updated_at)
             VALUES (gen_random_uuid(), 'A shop in Limbe', '674000111', 'searching', now())`),
  );
}, 120_000);

afterAll(async () => {
  await server?.close();
  await db?.drop();
  for (const name of dropLater) await dropDatabase(withDatabase(db.url, 'postgres'), name).catch(() => undefined);
  await rm(dir, { recursive: true, force: true });
});

describe('backup and restore with an S3 bucket', () => {
  let folder: string;

  it('backs up every object of the bucket with its content type, and the database, counted in the manifest', async () => {
    const res = await script('backup', ['--out', path.join(dir, 'backups')], { DATABASE_URL: db.urlFor('support'), ...s3Env('media-source') });
    expect(res).toMatchObject({ code: 0, stderr: '' });
    folder = res.stdout.trim().split('\n').at(-1)!;
    const manifest = JSON.parse(await readFile(path.join(folder, 'manifest.json'), 'utf8'));
    expect(manifest.media).toMatchObject({ objects: 3, bytes: OBJECTS.reduce((n, o) => n + o.body.length, 0) });
    expect(manifest.database.schemas.support.property_requests).toBe(1);
    // The backup's media folder is a local file adapter's folder: readable as such.
    expect(await contents(new LocalFileStore(path.join(folder, 'media')))).toEqual(
      [...OBJECTS].sort((a, b) => a.key.localeCompare(b.key)),
    );
  });

  it('never copies the identity documents: their bucket (or a folder holding theirs) is refused, nothing is written, and a backup says so', async () => {
    const documents = bucket('papers');
    await documents.put('identity/r1/front.jpg', Buffer.from('an identity card'), 'image/jpeg');
    // An identity photo still in the staging area of the photos' bucket (in flight, or left by a crash).
    const staged = bucket('media-staging');
    for (const o of OBJECTS) await staged.put(o.key, o.body, o.type);
    await staged.put('uploads/u1/passport.jpg', Buffer.from('a passport in flight'), 'image/jpeg');
    const env = { DATABASE_URL: db.urlFor('support'), ...s3Env('media-staging'), S3_DOCUMENTS_BUCKET: 'papers' };
    const out = path.join(dir, 'backups-documents');

    const ok = await script('backup', ['--out', out], env);
    expect(ok).toMatchObject({ code: 0, stderr: '' });
    const made = ok.stdout.trim().split('\n').at(-1)!;
    const manifest = JSON.parse(await readFile(path.join(made, 'manifest.json'), 'utf8'));
    expect(manifest.documents).toEqual({ backedUp: false, why: 'identity documents are never backed up (kept at most 90 days after the decision; a restore brings none back)' });
    expect(await new LocalFileStore(path.join(made, 'media')).list('')).toEqual(OBJECTS.map((o) => o.key).sort());
    expect(manifest.media.objects).toBe(OBJECTS.length);

    for (const [args, extra, refusal] of [
      [['--s3-bucket', 'papers'], {}, /refusing bucket papers: it holds the identity documents \(S3_DOCUMENTS_BUCKET\)/],
      [[], { S3_BUCKET: 'mboa-documents', S3_DOCUMENTS_BUCKET: '' }, /refusing bucket mboa-documents/],
      [['--media-dir', path.join(dir, 'data')], { DOCUMENTS_DIR: path.join(dir, 'data', 'documents') }, /refusing folder .*data: it is or holds the identity documents' folder/],
    ] as const) {
      const refused = await script('backup', ['--out', path.join(dir, 'refused'), ...args], { ...env, ...extra });
      expect({ code: refused.code, stderr: refused.stderr }).toEqual({ code: 1, stderr: expect.stringMatching(refusal) });
    }
    await expect(readFile(path.join(dir, 'refused'))).rejects.toMatchObject({ code: 'ENOENT' });
    // Nor does a restore write photos over the documents.
    const name = uniqueDatabaseName('restored');
    dropLater.push(name);
    const restore = await script('restore', [made], { DATABASE_URL: withDatabase(db.url, name), ...s3Env('papers'), S3_DOCUMENTS_BUCKET: 'papers' });
    expect(restore.code).toBe(1);
    expect(await documents.list('')).toEqual(['identity/r1/front.jpg']);
  });

  it('restores into a new database and a new bucket, with the same bytes and content types', async () => {
    const name = uniqueDatabaseName('restored');
    dropLater.push(name);
    const res = await script('restore', [folder], { DATABASE_URL: withDatabase(db.url, name), ...s3Env('media-restored') });
    expect(res).toMatchObject({ code: 0, stderr: '' });
    expect(await contents(bucket('media-restored'))).toEqual(await contents(bucket('media-source')));
    const rows = await withConnection(withDatabase(db.url, name), (c) => c.query('SELECT request_text FROM support.property_requests'));
    expect(rows.rows).toEqual([{ request_text: 'A shop in Limbe' }]);
  });

  it('refuses a bucket that already holds objects, unless --force, and writes nothing then', async () => {
    const name = uniqueDatabaseName('restored');
    dropLater.push(name);
    const target = bucket('media-occupied');
    await target.put('keep/me.webp', Buffer.from('already here'), 'image/webp');
    const refused = await script('restore', [folder], { DATABASE_URL: withDatabase(db.url, name), ...s3Env('media-occupied') });
    expect(refused.code).not.toBe(0);
    expect(refused.stderr).toMatch(/refusing to overwrite: bucket media-occupied at .* already holds 1 objects/);
    expect(await target.list('')).toEqual(['keep/me.webp']);

    const forced = await script('restore', [folder, '--force'], { DATABASE_URL: withDatabase(db.url, name), ...s3Env('media-occupied') });
    expect(forced).toMatchObject({ code: 0, stderr: '' });
    expect((await target.list('')).length).toBe(4);
  });
});
