#!/usr/bin/env node
// The object store's one-time (and every-start) setup for the compose stack, on Garage
// (infra/README.md, "Object store"): run by the `storage-init` one-shot, which the apps wait for.
//
//   GARAGE_ADMIN_URL=http://garage:3903 GARAGE_ADMIN_TOKEN=… S3_ENDPOINT=http://garage:3900 \
//   S3_REGION=garage S3_BUCKET=mboa-media S3_DOCUMENTS_BUCKET=mboa-documents \
//   S3_ACCESS_KEY=GK… S3_SECRET_KEY=… node infra/scripts/storage-init.mjs
//
// 1. gives the (single) Garage node its role in the cluster layout when it has none (GARAGE_CAPACITY);
// 2. creates the buckets S3_BUCKET (photos) and S3_DOCUMENTS_BUCKET (identity and control
//    documents, default mboa-documents) when missing; the documents' bucket is kept PRIVATE: its
//    website access (Garage's only anonymous read) is switched off if anyone switched it on;
// 3. imports the apps' key (S3_ACCESS_KEY / S3_SECRET_KEY) when missing, and allows it to read and
//    write those two buckets only: no right to create buckets, none on any other bucket, not owner.
//    One key is shared by the apps that hold S3 settings (media writes and deletes documents, the
//    gateway reads them for staff); the other services get no S3 settings at all;
// 4. sets the lifecycle rule "uploads/ expires after 1 day" through the S3 API
//    (PutBucketLifecycleConfiguration; the admin API has none, and Garage may keep bucket settings
//    to the bucket's owner, so the key holds the owner right for that call alone) and reads it back.
// Every step is idempotent. Any failure ends the run with exit 1 and a line naming the step and what
// the server answered; compose then starts none of the apps (`service_completed_successfully`).
// No dependency beyond Node 20+: it runs in the plain node image, with its own AWS SigV4 signing.
import { createHash, createHmac } from 'node:crypto';
import { pathToFileURL } from 'node:url';

/** Staged uploads (MEDIA_STAGING_PREFIX in libs/contracts) that a crash left behind expire after a day. */
export const STAGING_EXPIRY_RULE = { id: 'mboa-expire-staged-uploads', prefix: 'uploads/', days: 1 };

/** The documents' bucket when S3_DOCUMENTS_BUCKET is unset (DEFAULT_S3_DOCUMENTS_BUCKET in libs/platform). */
export const DEFAULT_DOCUMENTS_BUCKET = 'mboa-documents';

export class StorageInitError extends Error {
  /** `retryable`: Garage did not answer or answered 5xx (e.g. just after the layout changed). */
  constructor(message, options) {
    super(message, options);
    this.name = 'StorageInitError';
    this.retryable = Boolean(options?.retryable);
  }
}

const KEY_ID = /^GK[0-9a-f]{24}$/;
const SECRET = /^[0-9a-f]{64}$/;

/** Garage only imports keys of its own shape; say so before any request, with a way to make one. */
export function checkGarageKeyShape(accessKey, secretKey) {
  if (!KEY_ID.test(accessKey ?? '')) {
    throw new StorageInitError(`S3_ACCESS_KEY must be GK followed by 24 hex digits (Garage's key id format): make one with  echo GK$(openssl rand -hex 12)`);
  }
  if (!SECRET.test(secretKey ?? '')) {
    throw new StorageInitError('S3_SECRET_KEY must be 64 hex digits (Garage\'s secret format): make one with  openssl rand -hex 32');
  }
}

/** Capacity as Garage counts it (SI units): `100G`, `2T`, `500000000`. */
export function parseCapacity(text) {
  const m = /^(\d+)\s*([kmgt]?)b?$/i.exec(String(text ?? '').trim());
  if (!m) throw new StorageInitError(`GARAGE_CAPACITY must be a size such as 100G or 2T (got "${text}")`);
  return Number(m[1]) * 1000 ** ' kmgt'.indexOf((m[2] || ' ').toLowerCase());
}

// ---------------------------------------------------------------- S3 (any server)

const sha256 = (data) => createHash('sha256').update(data).digest('hex');
const hmac = (key, data) => createHmac('sha256', key).update(data).digest();
const encode = (s) => encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/**
 * Headers of an AWS Signature V4 request (path-style URL, payload hashed), as every S3 server
 * checks them. `url` carries the query; `now` is injectable for tests.
 */
export function signS3Request({ method, url, region, accessKey, secretKey, body = '', headers = {}, now = new Date() }) {
  const u = new URL(url);
  const amzDate = now.toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '');
  const day = amzDate.slice(0, 8);
  const payloadHash = sha256(body);
  const all = { ...Object.fromEntries(Object.entries(headers).map(([k, v]) => [k.toLowerCase(), String(v).trim()])), host: u.host, 'x-amz-content-sha256': payloadHash, 'x-amz-date': amzDate };
  const names = Object.keys(all).sort();
  const query = [...u.searchParams.entries()]
    .map(([k, v]) => [encode(k), encode(v)])
    .sort(([a, x], [b, y]) => (a === b ? (x < y ? -1 : 1) : a < b ? -1 : 1))
    .map(([k, v]) => `${k}=${v}`)
    .join('&');
  const path = u.pathname.split('/').map((seg) => encode(decodeURIComponent(seg))).join('/');
  const canonical = [method, path, query, ...names.map((n) => `${n}:${all[n]}`), '', names.join(';'), payloadHash].join('\n');
  const scope = `${day}/${region}/s3/aws4_request`;
  const toSign = ['AWS4-HMAC-SHA256', amzDate, scope, sha256(canonical)].join('\n');
  const key = hmac(hmac(hmac(hmac(`AWS4${secretKey}`, day), region), 's3'), 'aws4_request');
  const signature = createHmac('sha256', key).update(toSign).digest('hex');
  const { host: _host, ...sent } = all;
  return { ...sent, authorization: `AWS4-HMAC-SHA256 Credential=${accessKey}/${scope}, SignedHeaders=${names.join(';')}, Signature=${signature}` };
}

/** One signed S3 request; answers { status, text }, or throws when the server cannot be reached. */
export async function s3Request(s3, method, bucketPath, body = '', extraHeaders = {}) {
  const url = `${s3.endpoint.replace(/\/$/, '')}/${bucketPath}`;
  const headers = signS3Request({ method, url, region: s3.region, accessKey: s3.accessKey, secretKey: s3.secretKey, body, headers: extraHeaders });
  let res;
  try {
    res = await fetch(url, { method, headers, body: body || undefined, signal: AbortSignal.timeout(15_000) });
  } catch (e) {
    throw new StorageInitError(`${method} ${bucketPath}: the S3 endpoint ${s3.endpoint} did not answer (${e instanceof Error ? e.message : String(e)})`, { cause: e });
  }
  return { status: res.status, text: await res.text() };
}

export function lifecycleXml(rule = STAGING_EXPIRY_RULE) {
  return (
    '<?xml version="1.0" encoding="UTF-8"?>' +
    '<LifecycleConfiguration xmlns="http://s3.amazonaws.com/doc/2006-03-01/">' +
    `<Rule><ID>${rule.id}</ID><Status>Enabled</Status><Filter><Prefix>${rule.prefix}</Prefix></Filter>` +
    `<Expiration><Days>${rule.days}</Days></Expiration>` +
    // Parts of a multipart upload a crash left open are staged bytes too.
    `<AbortIncompleteMultipartUpload><DaysAfterInitiation>${rule.days}</DaysAfterInitiation></AbortIncompleteMultipartUpload>` +
    '</Rule></LifecycleConfiguration>'
  );
}

/** The rules of a GetBucketLifecycleConfiguration answer (only what this script sets and checks). */
export function parseLifecycleRules(xml) {
  const tag = (text, name) => new RegExp(`<${name}>([^<]*)</${name}>`).exec(text)?.[1];
  return [...xml.matchAll(/<Rule>([\s\S]*?)<\/Rule>/g)].map(([, rule]) => ({
    id: tag(rule, 'ID'),
    status: tag(rule, 'Status'),
    prefix: tag(rule, 'Prefix') ?? '',
    days: Number(tag(/<Expiration>([\s\S]*?)<\/Expiration>/.exec(rule)?.[1] ?? '', 'Days')),
  }));
}

const s3Code = (text) => /<Code>([^<]*)<\/Code>/.exec(text)?.[1];
const s3Message = (text) => /<Message>([^<]*)<\/Message>/.exec(text)?.[1];

/**
 * Sets the staged-uploads expiry on the bucket and reads it back. Works on any S3 server that
 * implements bucket lifecycles; one that does not (or refuses the key) fails with its own words.
 */
export async function applyStagingExpiry(s3, bucket, rule = STAGING_EXPIRY_RULE) {
  const body = lifecycleXml(rule);
  const md5 = createHash('md5').update(body).digest('base64');
  const put = await s3Request(s3, 'PUT', `${bucket}?lifecycle`, body, { 'content-md5': md5, 'content-type': 'application/xml' });
  if (put.status < 200 || put.status > 299) {
    throw new StorageInitError(
      `setting the lifecycle rule "${rule.prefix} expires after ${rule.days} day(s)" on bucket ${bucket}: the store answered ${put.status} ${s3Code(put.text) ?? ''}${s3Message(put.text) ? `: ${s3Message(put.text)}` : ''}`.trim(),
    );
  }
  const got = await s3Request(s3, 'GET', `${bucket}?lifecycle`);
  const found = got.status === 200 ? parseLifecycleRules(got.text).find((r) => r.id === rule.id) : undefined;
  if (!found || found.status !== 'Enabled' || found.prefix !== rule.prefix || found.days !== rule.days) {
    throw new StorageInitError(`the lifecycle rule on bucket ${bucket} did not read back as set (answer ${got.status}: ${got.text.slice(0, 300)})`);
  }
}

// ---------------------------------------------------------------- Garage's admin API (v2)

function garageAdmin(adminUrl, token) {
  return async (step, method, route, body) => {
    let res;
    try {
      res = await fetch(new URL(route, adminUrl), {
        method,
        headers: { Authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(15_000),
      });
    } catch (e) {
      throw new StorageInitError(`${step}: Garage's admin API at ${adminUrl} did not answer (${e instanceof Error ? e.message : String(e)})`, { cause: e, retryable: true });
    }
    const text = await res.text();
    let json;
    try {
      json = text ? JSON.parse(text) : undefined;
    } catch {
      json = undefined;
    }
    if (res.status === 404) return { status: 404, json };
    if (res.status < 200 || res.status > 299) {
      const hint = res.status === 401 || res.status === 403 ? ' (is GARAGE_ADMIN_TOKEN the one Garage was started with?)' : '';
      throw new StorageInitError(`${step}: Garage answered ${res.status}: ${json?.message ?? text.slice(0, 300)}${hint}`, { retryable: res.status >= 500 });
    }
    return { status: res.status, json };
  };
}

/**
 * Runs the whole setup (see the top of this file). `log` gets one line per step.
 * @returns {{ bucketId: string }}
 */
export async function initStorage({ adminUrl, adminToken, capacity = '100G', endpoint, region, bucket, documentsBucket = DEFAULT_DOCUMENTS_BUCKET, accessKey, secretKey, log = () => undefined }) {
  for (const [name, value] of Object.entries({ GARAGE_ADMIN_URL: adminUrl, GARAGE_ADMIN_TOKEN: adminToken, S3_ENDPOINT: endpoint, S3_BUCKET: bucket })) {
    if (!value) throw new StorageInitError(`${name} is not set`);
  }
  if (documentsBucket === bucket) {
    throw new StorageInitError(`S3_DOCUMENTS_BUCKET must not be the photos' bucket ${bucket}: identity documents never share a bucket with what /media serves`);
  }
  checkGarageKeyShape(accessKey, secretKey);
  const bytes = parseCapacity(capacity);
  const admin = garageAdmin(adminUrl, adminToken);

  // 1. The layout: a fresh node stores nothing until it has a role.
  const status = (await admin('reading the cluster status', 'GET', '/v2/GetClusterStatus')).json;
  if (!status?.nodes?.some((node) => node.role)) {
    if (status?.nodes?.length !== 1) throw new StorageInitError(`assigning the layout: expected one Garage node without a role, found ${status?.nodes?.length ?? 0}`);
    const node = status.nodes[0];
    await admin('staging the layout', 'POST', '/v2/UpdateClusterLayout', { roles: [{ id: node.id, zone: 'dc1', capacity: bytes, tags: [] }] });
    await admin('applying the layout', 'POST', '/v2/ApplyClusterLayout', { version: Number(status.layoutVersion ?? 0) + 1 });
    log(`layout: node ${String(node.id).slice(0, 16)} given ${capacity} in zone dc1`);
  } else {
    log('layout: already assigned');
  }

  // 2. The buckets.
  const ensureBucket = async (name, what) => {
    let info = await admin(`looking up the ${what}`, 'GET', `/v2/GetBucketInfo?globalAlias=${encodeURIComponent(name)}`);
    if (info.status === 404) {
      info = await admin(`creating the ${what}`, 'POST', '/v2/CreateBucket', { globalAlias: name });
      log(`bucket ${name}: created`);
    } else {
      log(`bucket ${name}: already there`);
    }
    if (!info.json?.id) throw new StorageInitError(`creating the ${what}: Garage answered without a bucket id`);
    return info.json;
  };
  const bucketId = (await ensureBucket(bucket, 'bucket')).id;
  const documents = await ensureBucket(documentsBucket, "documents' bucket");
  const documentsBucketId = documents.id;
  // Personal identity papers: no anonymous read, ever. Garage has no bucket policies; website access
  // is the one way a bucket answers without a key, so it is switched off here and checked below.
  if (documents.websiteAccess) {
    await admin("taking website access off the documents' bucket", 'POST', `/v2/UpdateBucket?id=${encodeURIComponent(documentsBucketId)}`, { websiteAccess: { enabled: false } });
    log(`bucket ${documentsBucket}: website access switched off (documents are never public)`);
  }

  // 3. The apps' key, on this bucket only.
  const key = await admin('looking up the apps\' key', 'GET', `/v2/GetKeyInfo?id=${encodeURIComponent(accessKey)}&showSecretKey=true`);
  let keyInfo = key.json;
  if (key.status === 404) {
    keyInfo = (await admin('importing the apps\' key', 'POST', '/v2/ImportKey', { accessKeyId: accessKey, secretAccessKey: secretKey, name: 'mboa-apps' })).json;
    log(`key ${accessKey}: imported`);
  } else if (keyInfo?.secretAccessKey && keyInfo.secretAccessKey !== secretKey) {
    throw new StorageInitError(`the key ${accessKey} already exists in Garage with another secret: to change S3_SECRET_KEY, use a new S3_ACCESS_KEY too (infra/README.md, "Rotating secrets")`);
  } else {
    log(`key ${accessKey}: already there`);
  }
  if (keyInfo?.permissions?.createBucket) {
    await admin('taking the right to create buckets from the apps\' key', 'POST', `/v2/UpdateKey?id=${encodeURIComponent(accessKey)}`, { deny: { createBucket: true } });
    log(`key ${accessKey}: may no longer create buckets`);
  }
  for (const other of keyInfo?.buckets ?? []) {
    if (other.id === bucketId || other.id === documentsBucketId) continue;
    await admin('taking the apps\' key off another bucket', 'POST', '/v2/DenyBucketKey', { bucketId: other.id, accessKeyId: accessKey, permissions: { read: true, write: true, owner: true } });
    log(`key ${accessKey}: removed from bucket ${other.globalAliases?.[0] ?? other.id}`);
  }
  // Owner for the lifecycle call only; taken back below whatever happens.
  await admin('allowing the apps\' key on the bucket', 'POST', '/v2/AllowBucketKey', { bucketId, accessKeyId: accessKey, permissions: { read: true, write: true, owner: true } });
  try {
    // 4. Staged uploads expire.
    await applyStagingExpiry({ endpoint, region: region || 'garage', accessKey, secretKey }, bucket);
    log(`lifecycle: ${STAGING_EXPIRY_RULE.prefix} expires after ${STAGING_EXPIRY_RULE.days} day (set and read back)`);
  } finally {
    await admin('taking the owner right back from the apps\' key', 'POST', '/v2/DenyBucketKey', { bucketId, accessKeyId: accessKey, permissions: { read: false, write: false, owner: true } });
  }
  // The documents: read (gateway, for staff) and write/delete (media); never owner, so the key
  // cannot change the bucket's settings (website access included).
  await admin("allowing the apps' key on the documents' bucket", 'POST', '/v2/AllowBucketKey', { bucketId: documentsBucketId, accessKeyId: accessKey, permissions: { read: true, write: true, owner: false } });
  await admin("taking the owner right on the documents' bucket from the apps' key", 'POST', '/v2/DenyBucketKey', { bucketId: documentsBucketId, accessKeyId: accessKey, permissions: { read: false, write: false, owner: true } });

  // What the key may do now, as Garage reports it.
  const final = await admin('checking the apps\' rights', 'GET', `/v2/GetKeyInfo?id=${encodeURIComponent(accessKey)}`);
  const rights = (final.json?.buckets ?? []).map((b) => ({ id: b.id, read: Boolean(b.permissions?.read), write: Boolean(b.permissions?.write), owner: Boolean(b.permissions?.owner) }));
  const expected = [bucketId, documentsBucketId].sort().map((id) => ({ id, read: true, write: true, owner: false }));
  if (JSON.stringify([...rights].sort((a, b) => (a.id < b.id ? -1 : 1))) !== JSON.stringify(expected) || final.json?.permissions?.createBucket) {
    throw new StorageInitError(`the apps' key ${accessKey} does not have exactly read and write on ${bucket} and ${documentsBucket}: Garage reports ${JSON.stringify({ buckets: rights, key: final.json?.permissions })}`);
  }
  log(`key ${accessKey}: read and write on ${bucket} and ${documentsBucket} only`);
  const documentsNow = await admin("checking the documents' bucket is private", 'GET', `/v2/GetBucketInfo?id=${encodeURIComponent(documentsBucketId)}`);
  if (documentsNow.json?.websiteAccess !== false) {
    throw new StorageInitError(`the documents' bucket ${documentsBucket} is not private: Garage reports websiteAccess ${JSON.stringify(documentsNow.json?.websiteAccess)}`);
  }
  log(`bucket ${documentsBucket}: private (no website access, no anonymous read)`);
  return { bucketId, documentsBucketId };
}

/** Runs `work` again (up to `attempts` times in all) while it fails with a retryable error. */
export async function withRetries(work, { attempts = 5, delayMs = 3000, log = () => undefined } = {}) {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await work();
    } catch (e) {
      if (!(e instanceof StorageInitError) || !e.retryable || attempt >= attempts) throw e;
      log(`${e.message}; trying again in ${delayMs / 1000} s (${attempt}/${attempts - 1})`);
      await new Promise((resolve) => setTimeout(resolve, delayMs));
    }
  }
}

async function main() {
  const env = process.env;
  const log = (line) => process.stdout.write(`storage-init: ${line}\n`);
  try {
    await withRetries(() => initStorage({
      adminUrl: env.GARAGE_ADMIN_URL?.trim(),
      adminToken: env.GARAGE_ADMIN_TOKEN,
      capacity: env.GARAGE_CAPACITY?.trim() || undefined,
      endpoint: env.S3_ENDPOINT?.trim(),
      region: env.S3_REGION?.trim(),
      bucket: env.S3_BUCKET?.trim(),
      documentsBucket: env.S3_DOCUMENTS_BUCKET?.trim() || undefined,
      accessKey: env.S3_ACCESS_KEY?.trim(),
      secretKey: env.S3_SECRET_KEY?.trim(),
      log,
    }), { log });
    log('done');
  } catch (e) {
    process.stderr.write(`storage-init: FAILED, the apps will not start: ${e instanceof Error ? e.message : String(e)}\n`);
    process.exitCode = 1;
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await main();
