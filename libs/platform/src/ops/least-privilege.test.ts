// The compose stack's two least-privilege one-shots, run here without Docker:
// - infra/scripts/storage-init.mjs (Garage: layout, bucket, the apps' key on that bucket only, the
//   staged-uploads lifecycle rule). Its S3 signing and the lifecycle refusal path run against a real
//   S3 server (s3rver, which checks signatures and has no lifecycle support); Garage's admin API and
//   its lifecycle endpoint are played by a small node:http STAND-IN below (Garage cannot be
//   installed on these machines), following Garage's admin API v2 document.
// - infra/scripts/meili-keys.mjs (Meilisearch: a search-only key and an index-scoped indexer key
//   made from the master key). Meilisearch cannot run here either: a node:http STAND-IN plays its
//   documented /keys routes, with key values derived from the master key and the uid as Meilisearch
//   does, so a second run must find the same keys.
import { execFile } from 'node:child_process';
import { createHmac } from 'node:crypto';
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { signV4 } from 'minio/dist/esm/signing.mjs';
import S3rver from 's3rver';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const run = promisify(execFile);

interface S3Target {
  endpoint: string;
  region: string;
  accessKey: string;
  secretKey: string;
}
interface StorageInit {
  STAGING_EXPIRY_RULE: { id: string; prefix: string; days: number };
  s3Request(s3: S3Target, method: string, bucketPath: string, body?: string): Promise<{ status: number; text: string }>;
  signS3Request(request: { method: string; url: string; region: string; accessKey: string; secretKey: string; body?: string; headers?: Record<string, string>; now?: Date }): Record<string, string>;
  applyStagingExpiry(s3: S3Target, bucket: string): Promise<void>;
  lifecycleXml(): string;
  parseLifecycleRules(xml: string): { id?: string; status?: string; prefix: string; days: number }[];
  initStorage(options: Record<string, unknown>): Promise<{ bucketId: string; documentsBucketId: string }>;
  withRetries<T>(work: () => Promise<T>, options: { attempts?: number; delayMs?: number; log?: (line: string) => void }): Promise<T>;
}
interface KeySpec {
  role: string;
  uid: string;
  actions: string[];
  indexes: string[];
}
interface MeiliKeys {
  SEARCH_KEY_UID: string;
  INDEXER_KEY_UID: string;
  meiliKeySpecs(index: string): KeySpec[];
  ensureMeiliKeys(options: { url: string; masterKey: string; index: string }): Promise<Record<string, string>>;
}

let storage: StorageInit;
let meili: MeiliKeys;

async function script(name: string, env: Record<string, string>) {
  try {
    const { stdout, stderr } = await run(process.execPath, [path.join(root, 'infra/scripts', name)], { env: { PATH: process.env.PATH ?? '', ...env } });
    return { code: 0, stdout, stderr };
  } catch (e) {
    const failed = e as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

async function listen(handler: (req: IncomingMessage, body: string, res: ServerResponse) => void): Promise<{ server: Server; url: string }> {
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => handler(req, Buffer.concat(chunks).toString('utf8'), res));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}
const json = (res: ServerResponse, status: number, body?: unknown) => {
  res.writeHead(status, { 'content-type': 'application/json' }).end(body === undefined ? '' : JSON.stringify(body));
};

const ACCESS_KEY = 'GK0123456789abcdef01234567';
const SECRET_KEY = 'a'.repeat(64);

beforeAll(async () => {
  storage = (await import(path.join(root, 'infra/scripts/storage-init.mjs'))) as StorageInit;
  meili = (await import(path.join(root, 'infra/scripts/meili-keys.mjs'))) as MeiliKeys;
});

describe('infra/scripts/storage-init.mjs', () => {
  let s3rver: S3rver;
  let s3dir: string;
  let s3: S3Target;

  beforeAll(async () => {
    s3dir = await mkdtemp(path.join(tmpdir(), 'mboa-storage-init-'));
    s3rver = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory: s3dir });
    const { port } = await s3rver.run();
    s3 = { endpoint: `http://127.0.0.1:${port}`, region: 'us-east-1', accessKey: 'S3RVER', secretKey: 'S3RVER' };
  });
  afterAll(async () => {
    await s3rver?.close();
    await rm(s3dir, { recursive: true, force: true });
  });

  it("signs S3 requests exactly as the apps' S3 client does (s3rver does not check V4 signatures, so minio's signer is the reference)", async () => {
    const now = new Date('2026-11-25T01:02:03Z');
    const body = storage.lifecycleXml();
    const ours = storage.signS3Request({ method: 'PUT', url: 'http://garage:3900/mboa-media?lifecycle', region: 'garage', accessKey: ACCESS_KEY, secretKey: SECRET_KEY, body, headers: { 'content-md5': 'bWQ1' }, now });
    const sha = ours['x-amz-content-sha256'];
    const headers = { host: 'garage:3900', 'x-amz-date': ours['x-amz-date'], 'x-amz-content-sha256': sha, 'content-md5': 'bWQ1' };
    expect(ours.authorization).toBe(signV4({ protocol: 'http:', method: 'PUT', path: '/mboa-media?lifecycle', headers }, ACCESS_KEY, SECRET_KEY, 'garage', now, sha));
    const list = storage.signS3Request({ method: 'GET', url: 'http://127.0.0.1:9000/b?prefix=uploads/&list-type=2', region: 'us-east-1', accessKey: 'A', secretKey: 'S', now });
    const listHeaders = { host: '127.0.0.1:9000', 'x-amz-date': list['x-amz-date'], 'x-amz-content-sha256': list['x-amz-content-sha256'] };
    expect(list.authorization).toBe(signV4({ protocol: 'http:', method: 'GET', path: '/b?list-type=2&prefix=uploads%2F', headers: listHeaders }, 'A', 'S', 'us-east-1', now, list['x-amz-content-sha256']));
    // And the requests reach a real S3 server and come back.
    expect((await storage.s3Request(s3, 'PUT', 'signed-bucket')).status).toBe(200);
    const listed = await storage.s3Request(s3, 'GET', 'signed-bucket?list-type=2&prefix=uploads/');
    expect(listed.status).toBe(200);
    expect(listed.text).toContain('<Prefix>uploads/</Prefix>');
  });

  it('a store that cannot keep the lifecycle rule fails the setup in its own words (s3rver has no lifecycles)', async () => {
    const error = (await storage.applyStagingExpiry(s3, 'signed-bucket').catch((e: unknown) => e)) as Error;
    expect(error.message).toBe(
      'setting the lifecycle rule "uploads/ expires after 1 day(s)" on bucket signed-bucket: the store answered 501 NotImplemented: A parameter you provided implies functionality that is not implemented',
    );
  });

  it('the rule expires uploads/ after one day and reads back as set', () => {
    expect(storage.STAGING_EXPIRY_RULE).toEqual({ id: 'mboa-expire-staged-uploads', prefix: 'uploads/', days: 1 });
    expect(storage.parseLifecycleRules(storage.lifecycleXml())).toEqual([{ id: 'mboa-expire-staged-uploads', status: 'Enabled', prefix: 'uploads/', days: 1 }]);
  });

  describe('against a stand-in of Garage (admin API v2 and its S3 lifecycle route)', () => {
    const TOKEN = 'admin-token';
    let garage: { server: Server; url: string };
    let calls: string[];
    // Garage's state: one node without a role, no bucket, no key; a bucket the key must leave.
    const state = {
      layoutVersion: 0,
      role: null as null | Record<string, unknown>,
      buckets: new Map<string, { id: string; alias: string; lifecycle?: string; websiteAccess?: boolean }>([['other-id', { id: 'other-id', alias: 'other-bucket' }]]),
      // Garage ignoring UpdateBucket: the documents' bucket would stay public.
      ignoreWebsiteChange: false,
      keys: new Map<string, { secret: string; createBucket: boolean; perms: Map<string, { read: boolean; write: boolean; owner: boolean }> }>(),
      refuseLifecycle: false,
      unavailable: 0,
    };
    const keyInfo = (id: string) => {
      const key = state.keys.get(id)!;
      return {
        accessKeyId: id,
        name: 'mboa-apps',
        secretAccessKey: key.secret,
        permissions: { createBucket: key.createBucket },
        buckets: [...key.perms].filter(([, p]) => p.read || p.write || p.owner).map(([bucketId, p]) => ({ id: bucketId, globalAliases: [state.buckets.get(bucketId)!.alias], localAliases: [], permissions: { owner: p.owner, read: p.read, write: p.write } })),
      };
    };

    beforeAll(async () => {
      garage = await listen((req, body, res) => {
        const url = new URL(req.url ?? '/', 'http://x');
        if (url.pathname.startsWith('/v2/')) {
          calls.push(`${req.method} ${url.pathname.slice(4)}`);
          if (req.headers.authorization !== `Bearer ${TOKEN}`) return json(res, 403, { code: 'AccessDenied', message: 'Forbidden: Invalid API key' });
          if (state.unavailable > 0) {
            state.unavailable -= 1;
            return json(res, 500, { code: 'InternalError', message: 'Could not reach quorum of 1' });
          }
          const input = body ? (JSON.parse(body) as Record<string, never>) : {};
          switch (url.pathname.slice(4)) {
            case 'GetClusterStatus':
              return json(res, 200, { layoutVersion: state.layoutVersion, nodes: [{ id: 'node0'.padEnd(64, '0'), isUp: true, draining: false, role: state.role }] });
            case 'UpdateClusterLayout':
              state.role = (input.roles as Record<string, unknown>[])[0];
              return json(res, 200, {});
            case 'ApplyClusterLayout':
              if (input.version !== state.layoutVersion + 1) return json(res, 400, { message: 'bad version' });
              state.layoutVersion = input.version;
              return json(res, 200, {});
            case 'GetBucketInfo': {
              const found = [...state.buckets.values()].find((b) => b.alias === url.searchParams.get('globalAlias') || b.id === url.searchParams.get('id'));
              return found
                ? json(res, 200, { id: found.id, globalAliases: [found.alias], websiteAccess: Boolean(found.websiteAccess) })
                : json(res, 404, { code: 'NoSuchBucket', message: 'Bucket not found' });
            }
            case 'UpdateBucket': {
              const found = state.buckets.get(url.searchParams.get('id')!);
              if (!found) return json(res, 404, { code: 'NoSuchBucket', message: 'Bucket not found' });
              const website = input.websiteAccess as { enabled?: boolean } | undefined;
              if (website && !state.ignoreWebsiteChange) found.websiteAccess = Boolean(website.enabled);
              return json(res, 200, { id: found.id, globalAliases: [found.alias], websiteAccess: Boolean(found.websiteAccess) });
            }
            case 'CreateBucket': {
              const id = `bucket-${state.buckets.size}`;
              state.buckets.set(id, { id, alias: input.globalAlias });
              return json(res, 200, { id, globalAliases: [input.globalAlias], websiteAccess: false });
            }
            case 'GetKeyInfo': {
              const id = url.searchParams.get('id')!;
              if (!state.keys.has(id)) return json(res, 404, { code: 'NoSuchAccessKey', message: 'Access key not found' });
              const info = keyInfo(id);
              return json(res, 200, url.searchParams.get('showSecretKey') === 'true' ? info : { ...info, secretAccessKey: null });
            }
            case 'ImportKey':
              // As the apps' key arrives in the test: already on another bucket, allowed to create buckets.
              state.keys.set(input.accessKeyId, { secret: input.secretAccessKey, createBucket: true, perms: new Map([['other-id', { read: true, write: true, owner: false }]]) });
              return json(res, 200, keyInfo(input.accessKeyId));
            case 'UpdateKey':
              state.keys.get(url.searchParams.get('id')!)!.createBucket = !(input.deny as { createBucket?: boolean } | undefined)?.createBucket;
              return json(res, 200, keyInfo(url.searchParams.get('id')!));
            case 'AllowBucketKey':
            case 'DenyBucketKey': {
              const perms = state.keys.get(input.accessKeyId)!.perms;
              const current = perms.get(input.bucketId) ?? { read: false, write: false, owner: false };
              const change = input.permissions as Record<'read' | 'write' | 'owner', boolean>;
              const allow = url.pathname.endsWith('AllowBucketKey');
              for (const flag of ['read', 'write', 'owner'] as const) if (change[flag]) current[flag] = allow;
              perms.set(input.bucketId, current);
              return json(res, 200, {});
            }
            default:
              return json(res, 400, { message: `unknown ${url.pathname}` });
          }
        }
        // S3: PUT/GET /<bucket>?lifecycle, which Garage lets the bucket's owner do (signature not checked here).
        const bucket = [...state.buckets.values()].find((b) => `/${b.alias}` === url.pathname);
        const credential = /Credential=([^/]+)\//.exec(req.headers.authorization ?? '')?.[1] ?? '';
        const perms = bucket && state.keys.get(credential)?.perms.get(bucket.id);
        calls.push(`S3 ${req.method} ${url.pathname}?${url.search.slice(1)}${perms?.owner ? ' (owner)' : ''}`);
        if (!bucket || !url.searchParams.has('lifecycle')) return res.writeHead(400).end();
        if (!perms?.owner || state.refuseLifecycle) return res.writeHead(403).end('<Error><Code>AccessDenied</Code><Message>Forbidden: Operation is not allowed for this key.</Message></Error>');
        if (req.method === 'PUT') {
          bucket.lifecycle = body;
          return res.writeHead(200).end();
        }
        return res.writeHead(200, { 'content-type': 'application/xml' }).end(bucket.lifecycle ?? '');
      });
    });
    afterAll(async () => {
      await new Promise((resolve) => garage?.server.close(resolve));
    });
    beforeEach(() => {
      calls = [];
    });

    const options = () => ({
      adminUrl: garage.url,
      adminToken: TOKEN,
      capacity: '50G',
      endpoint: garage.url,
      region: 'garage',
      bucket: 'mboa-media',
      documentsBucket: 'mboa-documents',
      accessKey: ACCESS_KEY,
      secretKey: SECRET_KEY,
    });

    it('on a fresh node: layout, both buckets, the key on those buckets only (read and write), the rule; a second run changes nothing', async () => {
      const { bucketId, documentsBucketId } = await storage.initStorage(options());
      expect(state.role).toEqual({ id: 'node0'.padEnd(64, '0'), zone: 'dc1', capacity: 50_000_000_000, tags: [] });
      expect(state.layoutVersion).toBe(1);
      const key = state.keys.get(ACCESS_KEY)!;
      expect({ createBucket: key.createBucket, perms: Object.fromEntries(key.perms) }).toEqual({
        createBucket: false,
        perms: {
          'other-id': { read: false, write: false, owner: false },
          [bucketId]: { read: true, write: true, owner: false },
          [documentsBucketId]: { read: true, write: true, owner: false },
        },
      });
      const documents = state.buckets.get(documentsBucketId)!;
      expect({ alias: documents.alias, websiteAccess: documents.websiteAccess ?? false }).toEqual({ alias: 'mboa-documents', websiteAccess: false });
      // Staged uploads never go to the documents' bucket: no lifecycle call there.
      expect(calls.filter((c) => c.includes('/mboa-documents'))).toEqual([]);
      expect(storage.parseLifecycleRules(state.buckets.get(bucketId)!.lifecycle!)).toEqual([{ id: 'mboa-expire-staged-uploads', status: 'Enabled', prefix: 'uploads/', days: 1 }]);
      // Owner only for the lifecycle calls, taken back right after.
      expect(calls.slice(calls.indexOf('POST AllowBucketKey'))).toEqual([
        'POST AllowBucketKey',
        'S3 PUT /mboa-media?lifecycle (owner)',
        'S3 GET /mboa-media?lifecycle (owner)',
        'POST DenyBucketKey',
        'POST AllowBucketKey',
        'POST DenyBucketKey',
        'GET GetKeyInfo',
        'GET GetBucketInfo',
      ]);

      calls = [];
      await storage.initStorage(options());
      expect(calls.filter((c) => /UpdateClusterLayout|ApplyClusterLayout|CreateBucket|ImportKey|UpdateKey/.test(c))).toEqual([]);
      expect(state.layoutVersion).toBe(1);
    });

    it('keeps the documents\' bucket private: website access (anonymous read) found on is switched off, and a store that keeps it on fails the setup', async () => {
      const { documentsBucketId } = await storage.initStorage(options());
      const documents = state.buckets.get(documentsBucketId)!;
      // Someone opened the bucket to the web, and gave the apps' key the owner right on it.
      documents.websiteAccess = true;
      state.keys.get(ACCESS_KEY)!.perms.get(documentsBucketId)!.owner = true;
      calls = [];
      await storage.initStorage(options());
      expect(calls).toContain('POST UpdateBucket');
      expect(documents.websiteAccess).toBe(false);
      expect(state.keys.get(ACCESS_KEY)!.perms.get(documentsBucketId)).toEqual({ read: true, write: true, owner: false });
      // Nothing ever switches website access on, for any bucket.
      expect(calls.filter((c) => c === 'POST UpdateBucket').length).toBe(1);

      documents.websiteAccess = true;
      state.ignoreWebsiteChange = true;
      try {
        const error = (await storage.initStorage(options()).catch((e: unknown) => e)) as Error;
        expect(error.message).toBe('the documents\' bucket mboa-documents is not private: Garage reports websiteAccess true');
      } finally {
        state.ignoreWebsiteChange = false;
        documents.websiteAccess = false;
      }
    });

    it('refuses a documents\' bucket that is the photos\' bucket, before any request', async () => {
      calls = [];
      const error = (await storage.initStorage({ ...options(), documentsBucket: 'mboa-media' }).catch((e: unknown) => e)) as Error;
      expect(error.message).toBe("S3_DOCUMENTS_BUCKET must not be the photos' bucket mboa-media: identity documents never share a bucket with what /media serves");
      expect(calls).toEqual([]);
    });

    it('fails loudly, naming the step: a wrong admin token, a refused rule (owner still taken back), another secret for the key, a key Garage cannot import', async () => {
      const failure = (overrides: Record<string, unknown>) => storage.initStorage({ ...options(), ...overrides }).then(() => 'no error', (e: Error) => e.message);
      expect(await failure({ adminToken: 'wrong' })).toBe(
        "reading the cluster status: Garage answered 403: Forbidden: Invalid API key (is GARAGE_ADMIN_TOKEN the one Garage was started with?)",
      );
      state.refuseLifecycle = true;
      expect(await failure({})).toBe(
        'setting the lifecycle rule "uploads/ expires after 1 day(s)" on bucket mboa-media: the store answered 403 AccessDenied: Forbidden: Operation is not allowed for this key.',
      );
      state.refuseLifecycle = false;
      expect(calls.at(-1)).toBe('POST DenyBucketKey');
      expect([...state.keys.get(ACCESS_KEY)!.perms.values()].some((p) => p.owner)).toBe(false);
      expect(await failure({ secretKey: 'b'.repeat(64) })).toMatch(/^the key GK0123456789abcdef01234567 already exists in Garage with another secret/);
      calls = [];
      expect(await failure({ accessKey: 'mboa-apps' })).toBe("S3_ACCESS_KEY must be GK followed by 24 hex digits (Garage's key id format): make one with  echo GK$(openssl rand -hex 12)");
      expect(calls).toEqual([]); // refused before any request
    });

    it('tries again while Garage is not ready (a 5xx, as just after the layout changed), never after a refusal', async () => {
      const lines: string[] = [];
      state.unavailable = 2;
      await storage.withRetries(() => storage.initStorage(options()), { delayMs: 10, log: (line) => lines.push(line) });
      expect(lines).toEqual([
        'reading the cluster status: Garage answered 500: Could not reach quorum of 1; trying again in 0.01 s (1/4)',
        'reading the cluster status: Garage answered 500: Could not reach quorum of 1; trying again in 0.01 s (2/4)',
      ]);
      lines.length = 0;
      await expect(storage.withRetries(() => storage.initStorage({ ...options(), adminToken: 'wrong' }), { delayMs: 10, log: (line) => lines.push(line) })).rejects.toThrow('403');
      expect(lines).toEqual([]);
    });

    it('as the one-shot runs it: exit 1 and a FAILED line on stderr, exit 0 when all is set', async () => {
      const env = {
        GARAGE_ADMIN_URL: garage.url,
        GARAGE_ADMIN_TOKEN: TOKEN,
        S3_ENDPOINT: garage.url,
        S3_REGION: 'garage',
        S3_BUCKET: 'mboa-media',
        S3_DOCUMENTS_BUCKET: 'mboa-documents',
        S3_ACCESS_KEY: ACCESS_KEY,
        S3_SECRET_KEY: SECRET_KEY,
      };
      const ok = await script('storage-init.mjs', env);
      expect({ code: ok.code, stderr: ok.stderr }).toEqual({ code: 0, stderr: '' });
      expect(ok.stdout).toContain('storage-init: key GK0123456789abcdef01234567: read and write on mboa-media and mboa-documents only');
      expect(ok.stdout).toContain('storage-init: bucket mboa-documents: private (no website access, no anonymous read)');
      const failed = await script('storage-init.mjs', { ...env, GARAGE_ADMIN_TOKEN: 'wrong' });
      expect(failed.code).toBe(1);
      expect(failed.stderr).toMatch(/^storage-init: FAILED, the apps will not start: reading the cluster status: Garage answered 403/);
    });
  });
});

describe('infra/scripts/meili-keys.mjs', () => {
  const MASTER = 'master-key-of-at-least-16-bytes';
  let server: { server: Server; url: string };
  let dir: string;
  // The stand-in's keys by uid, as Meilisearch stores them.
  const stored = new Map<string, Record<string, unknown>>();
  let posts = 0;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'mboa-meili-keys-'));
    server = await listen((req, body, res) => {
      if (req.headers.authorization !== `Bearer ${MASTER}`) {
        return json(res, 403, { message: 'The provided API key is invalid.', code: 'invalid_api_key', type: 'auth' });
      }
      const uid = /^\/keys\/([^/]+)$/.exec(req.url ?? '')?.[1];
      if (req.method === 'GET' && uid) return stored.has(uid) ? json(res, 200, stored.get(uid)) : json(res, 404, { message: `API key \`${uid}\` not found.`, code: 'api_key_not_found' });
      if (req.method === 'DELETE' && uid) return stored.delete(uid) ? json(res, 204) : json(res, 404, { code: 'api_key_not_found' });
      if (req.method === 'POST' && req.url === '/keys') {
        posts += 1;
        const input = JSON.parse(body) as { uid: string };
        if (stored.has(input.uid)) return json(res, 409, { code: 'api_key_already_exists', message: 'already exists' });
        // Meilisearch's key value: HMAC-SHA256 of the uid under the master key.
        const key = { ...input, key: createHmac('sha256', MASTER).update(input.uid).digest('hex'), createdAt: new Date().toISOString() };
        stored.set(input.uid, key);
        return json(res, 201, key);
      }
      return json(res, 400, { message: 'unexpected' });
    });
  });
  afterAll(async () => {
    await new Promise((resolve) => server?.server.close(resolve));
    await rm(dir, { recursive: true, force: true });
  });

  it('two keys on the one index: search only, and what the indexer does (never keys, dumps or other indexes)', () => {
    const [search, indexer] = meili.meiliKeySpecs('properties');
    expect(search).toMatchObject({ role: 'search', actions: ['search'], indexes: ['properties'] });
    expect(indexer.indexes).toEqual(['properties']);
    expect(indexer.actions).not.toContain('search');
    expect(indexer.actions).not.toContain('*');
    expect(indexer.actions.every((a) => /^(documents|indexes|settings)\.(add|get|delete|create|update)$|^tasks\.get$/.test(a))).toBe(true);
    expect(() => meili.meiliKeySpecs('*')).toThrow('MEILI_INDEX must name one index');
  });

  it('creates both keys once, writes them for the app user only; a second run keeps them; a widened key is replaced by the right one', async () => {
    const env = { MEILI_URL: server.url, MEILI_MASTER_KEY: MASTER, MEILI_INDEX: 'properties', MEILI_KEYS_DIR: dir };
    const first = await script('meili-keys.mjs', env);
    expect({ code: first.code, stderr: first.stderr }).toEqual({ code: 0, stderr: '' });
    expect(posts).toBe(2);
    const files = { search: path.join(dir, 'search.key'), indexer: path.join(dir, 'indexer.key') };
    const values = { search: (await readFile(files.search, 'utf8')).trim(), indexer: (await readFile(files.indexer, 'utf8')).trim() };
    expect(values).toEqual({ search: stored.get(meili.SEARCH_KEY_UID)!.key, indexer: stored.get(meili.INDEXER_KEY_UID)!.key });
    expect(values.search).not.toBe(values.indexer);
    expect((await stat(files.search)).mode & 0o777).toBe(0o400);
    expect(stored.get(meili.SEARCH_KEY_UID)).toMatchObject({ actions: ['search'], indexes: ['properties'], expiresAt: null });

    await script('meili-keys.mjs', env);
    expect(posts).toBe(2);

    stored.set(meili.SEARCH_KEY_UID, { ...stored.get(meili.SEARCH_KEY_UID), actions: ['*'], indexes: ['*'] });
    expect(await meili.ensureMeiliKeys({ url: server.url, masterKey: MASTER, index: 'properties' })).toEqual(values);
    expect(stored.get(meili.SEARCH_KEY_UID)).toMatchObject({ actions: ['search'], indexes: ['properties'] });
  });

  it('a wrong master key (or an unreachable server) fails with exit 1 naming the step, and writes nothing', async () => {
    const empty = await mkdtemp(path.join(tmpdir(), 'mboa-meili-keys-none-'));
    try {
      const failed = await script('meili-keys.mjs', { MEILI_URL: server.url, MEILI_MASTER_KEY: 'not-the-master-key', MEILI_KEYS_DIR: empty });
      expect(failed.code).toBe(1);
      expect(failed.stderr).toBe(
        'meili-keys: FAILED, the listings service gets no search keys: reading the search key: Meilisearch answered 403: invalid_api_key The provided API key is invalid. (is MEILI_MASTER_KEY the one Meilisearch was started with?)\n',
      );
      const unreachable = await script('meili-keys.mjs', { MEILI_URL: 'http://127.0.0.1:1', MEILI_MASTER_KEY: MASTER, MEILI_KEYS_DIR: empty });
      expect(unreachable.code).toBe(1);
      expect(unreachable.stderr).toContain('did not answer');
      await expect(stat(path.join(empty, 'search.key'))).rejects.toThrow('ENOENT');
    } finally {
      await rm(empty, { recursive: true, force: true });
    }
  });
});
