// What infra/scripts/backup.mjs and restore.mjs share: where the data lives (the apps' own
// environment variables), how a backup folder is laid out, and how PostgreSQL and the object store
// are read, written and counted.
//
// A backup folder:
//   manifest.json    what is inside, when it was made, row counts per table and object counts
//   database.dump    pg_dump custom format (-Fc) of every service schema of the one database
//   media/           every object, laid out as the local file adapter keeps them (`<key>` and
//                    `.meta/<key>.json` with the content type), whichever store it came from
import { spawn } from 'node:child_process';
import { createReadStream, createWriteStream } from 'node:fs';
import { copyFile, mkdir, readdir, readFile, rename, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { Client as S3Client } from 'minio';
import pg from 'pg';

export const MANIFEST_FORMAT = 'mboa-backup/1';
export const DUMP_FILE = 'database.dump';
export const MEDIA_FOLDER = 'media';
export const META_DIR = '.meta';

/** A refusal or a failure meant for the operator: the message says it all, no stack trace. */
export class BackupError extends Error {}

/** `--name value` and `--flag` arguments; anything else is refused so a typo never goes unnoticed. */
export function parseArgs(argv, known) {
  const options = {};
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    const name = arg.replace(/^--/, '');
    if (!arg.startsWith('--') || !(name in known)) throw new BackupError(`unknown argument ${arg} (try --help)`);
    if (known[name] === 'flag') options[name] = true;
    else {
      if (i + 1 >= argv.length) throw new BackupError(`${arg} needs a value`);
      options[name] = argv[++i];
    }
  }
  return options;
}

// ---------------------------------------------------------------------------------------------
// PostgreSQL

/** The apps' DATABASE_URL carries Prisma's `?schema=`; libpq refuses unknown parameters. */
export function libpqUrl(url) {
  const u = new URL(url);
  u.searchParams.delete('schema');
  return u.toString();
}

export function redact(url) {
  const u = new URL(libpqUrl(url));
  if (u.password) u.password = '***';
  return u.toString();
}

export async function withClient(url, fn) {
  const client = new pg.Client({ connectionString: libpqUrl(url) });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

const quoteIdent = (name) => `"${name.replace(/"/g, '""')}"`;

/** Every schema holding tables, outside PostgreSQL's own: the services' (auth, listings, …). */
export async function tableCounts(url) {
  return withClient(url, async (client) => {
    const { rows } = await client.query(
      `SELECT table_schema AS schema, table_name AS name FROM information_schema.tables
        WHERE table_type = 'BASE TABLE' AND table_schema NOT IN ('pg_catalog', 'information_schema')
          AND table_schema NOT LIKE 'pg\\_%'
        ORDER BY 1, 2`,
    );
    const schemas = {};
    for (const { schema, name } of rows) {
      const counted = await client.query(`SELECT count(*)::int AS n FROM ${quoteIdent(schema)}.${quoteIdent(name)}`);
      (schemas[schema] ??= {})[name] = counted.rows[0].n;
    }
    return schemas;
  });
}

/**
 * PG_DUMP / PG_RESTORE name the client program, e.g. `pg_dump-16` or
 * `docker compose exec -T postgres pg_dump` (the server's own, inside its container). The dump
 * goes through standard output and comes back through standard input, so both work alike.
 */
function command(envName, fallback) {
  const words = (process.env[envName] || fallback).trim().split(/\s+/);
  return { program: words[0], args: words.slice(1) };
}

function run(envName, fallback, args, { stdinFile, stdoutFile } = {}) {
  const { program, args: prefix } = command(envName, fallback);
  return new Promise((resolve, reject) => {
    const child = spawn(program, [...prefix, ...args], { stdio: [stdinFile ? 'pipe' : 'ignore', stdoutFile ? 'pipe' : 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk) => (stderr += chunk));
    const streams = [];
    if (stdinFile) streams.push(pipeline(createReadStream(stdinFile), child.stdin));
    if (stdoutFile) streams.push(pipeline(child.stdout, createWriteStream(stdoutFile)));
    child.on('error', (e) => reject(new BackupError(`cannot run ${program} (${e.message}); set ${envName} to the PostgreSQL client program`)));
    child.on('close', async (code) => {
      try {
        await Promise.all(streams);
      } catch (e) {
        if (code === 0) return reject(e);
      }
      if (code === 0) resolve(stderr);
      else reject(new BackupError(`${program} ${args[0] ?? ''} failed (exit ${code}):\n${stderr.trim()}`));
    });
  });
}

export async function dumpDatabase(url, schemas, file) {
  await run('PG_DUMP', 'pg_dump', ['--format=custom', '--no-owner', '--no-privileges', ...schemas.flatMap((s) => ['--schema', s]), '--dbname', libpqUrl(url)], {
    stdoutFile: file,
  });
}

export async function restoreDatabase(url, file) {
  // --no-owner / --no-privileges: the target may belong to another role than the source did.
  await run('PG_RESTORE', 'pg_restore', ['--no-owner', '--no-privileges', '--exit-on-error', '--dbname', libpqUrl(url)], { stdinFile: file });
}

/** Creates the target database when it does not exist yet (restoring into a new one is the usual case). */
export async function ensureDatabase(url) {
  const name = decodeURIComponent(new URL(url).pathname.slice(1));
  const server = new URL(libpqUrl(url));
  server.pathname = '/postgres';
  return withClient(server.toString(), async (client) => {
    const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (found.rowCount) return false;
    await client.query(`CREATE DATABASE ${quoteIdent(name)}`);
    return true;
  });
}

/**
 * Extensions the schemas rely on (listings' trigram indexes need pg_trgm, installed in public):
 * pg_dump --schema leaves them out, so the manifest names them and restore creates them first.
 */
export async function extensions(url) {
  return withClient(url, async (client) => {
    const { rows } = await client.query(
      `SELECT e.extname AS name, n.nspname AS schema FROM pg_extension e JOIN pg_namespace n ON n.oid = e.extnamespace
        WHERE e.extname <> 'plpgsql' ORDER BY 1`,
    );
    return rows;
  });
}

export async function createExtensions(url, list) {
  await withClient(url, async (client) => {
    for (const { name, schema } of list) {
      await client.query(`CREATE SCHEMA IF NOT EXISTS ${quoteIdent(schema)}`);
      await client.query(`CREATE EXTENSION IF NOT EXISTS ${quoteIdent(name)} WITH SCHEMA ${quoteIdent(schema)}`);
    }
  });
}

export async function dropSchemas(url, schemas) {
  await withClient(url, async (client) => {
    for (const schema of schemas) await client.query(`DROP SCHEMA IF EXISTS ${quoteIdent(schema)} CASCADE`);
  });
}

// ---------------------------------------------------------------------------------------------
// The object store: the same variables as the apps (S3_* for any S3 server, MEDIA_DIR otherwise)

export function storeFromEnv(env, overrides = {}) {
  const endpoint = (overrides.s3Endpoint ?? env.S3_ENDPOINT ?? '').trim();
  if (overrides.mediaDir || !endpoint) return new FolderStore(overrides.mediaDir || env.MEDIA_DIR?.trim() || '.data/objects');
  if (!env.S3_ACCESS_KEY || !env.S3_SECRET_KEY) throw new BackupError('S3_ENDPOINT is set but S3_ACCESS_KEY or S3_SECRET_KEY is missing');
  return new BucketStore({
    endpoint,
    accessKey: env.S3_ACCESS_KEY,
    secretKey: env.S3_SECRET_KEY,
    bucket: overrides.s3Bucket || env.S3_BUCKET?.trim() || 'mboa-media',
    region: env.S3_REGION?.trim() || 'us-east-1',
  });
}

/**
 * What a backup says about the identity documents (infra/README.md, "Identity documents"): they
 * are never copied. They are kept at most 90 days after staff's decision and the sweep deletes
 * them; a backup kept longer (and backups are kept, copied off the machine, by the operator's own
 * rules) would keep them past that promise and a restore would bring swept papers back.
 */
export const DOCUMENTS_NOT_BACKED_UP = 'identity documents are never backed up (kept at most 90 days after the decision; a restore brings none back)';

const isInside = (inner, outer) => {
  const rel = path.relative(outer, inner);
  return rel === '' || (!rel.startsWith('..') && !path.isAbsolute(rel));
};

/**
 * Refuses a store that is, or holds, the identity documents' store (S3_DOCUMENTS_BUCKET, default
 * mboa-documents, or DOCUMENTS_DIR, default .data/documents): backups and restores touch photos only.
 */
export function refuseDocumentsStore(store, env) {
  if (store instanceof BucketStore) {
    const documents = env.S3_DOCUMENTS_BUCKET?.trim() || 'mboa-documents';
    if (store.bucket === documents) throw new BackupError(`refusing bucket ${documents}: it holds the identity documents (S3_DOCUMENTS_BUCKET), which ${DOCUMENTS_NOT_BACKED_UP.replace(/^identity documents /, '')}`);
    return;
  }
  const documents = path.resolve(env.DOCUMENTS_DIR?.trim() || '.data/documents');
  if (isInside(documents, store.root) || isInside(store.root, documents)) {
    throw new BackupError(`refusing folder ${store.root}: it is or holds the identity documents' folder ${documents} (DOCUMENTS_DIR), which ${DOCUMENTS_NOT_BACKED_UP.replace(/^identity documents /, '')}`);
  }
}

/** The local file adapter's layout: `<root>/<key>` and `<root>/.meta/<key>.json` ({ contentType }). */
export class FolderStore {
  constructor(root) {
    this.root = path.resolve(root);
    this.description = `folder ${this.root}`;
  }

  /** Every key, skipping sidecars and the adapter's temporary files (names starting with a dot). */
  async keys() {
    const keys = [];
    const walk = async (dir, prefix) => {
      let entries;
      try {
        entries = await readdir(dir, { withFileTypes: true });
      } catch (e) {
        if (e.code === 'ENOENT') return;
        throw e;
      }
      for (const entry of entries) {
        if (entry.name.startsWith('.')) continue;
        const key = prefix ? `${prefix}/${entry.name}` : entry.name;
        if (entry.isDirectory()) await walk(path.join(dir, entry.name), key);
        else if (entry.isFile()) keys.push(key);
      }
    };
    await walk(this.root, '');
    return keys.sort();
  }

  file(key) {
    return path.join(this.root, ...key.split('/'));
  }

  metaFile(key) {
    return `${path.join(this.root, META_DIR, ...key.split('/'))}.json`;
  }

  async contentType(key) {
    try {
      return JSON.parse(await readFile(this.metaFile(key), 'utf8')).contentType;
    } catch {
      return undefined; // no sidecar: the adapter guesses from the name, so does the copy
    }
  }

  /** Copies one object out of this folder into `target` (a FolderStore or a BucketStore). */
  async copyTo(target, key) {
    const contentType = await this.contentType(key);
    const { size } = await stat(this.file(key));
    await target.putFile(key, this.file(key), size, contentType);
    return size;
  }

  async putFile(key, file, size, contentType) {
    await mkdir(path.dirname(this.file(key)), { recursive: true });
    await copyFile(file, this.file(key));
    if (contentType) {
      await mkdir(path.dirname(this.metaFile(key)), { recursive: true });
      await writeFile(this.metaFile(key), JSON.stringify({ contentType }));
    }
  }

  async putStream(key, body, contentType) {
    await mkdir(path.dirname(this.file(key)), { recursive: true });
    await pipeline(body, createWriteStream(this.file(key)));
    if (contentType) {
      await mkdir(path.dirname(this.metaFile(key)), { recursive: true });
      await writeFile(this.metaFile(key), JSON.stringify({ contentType }));
    }
  }

  async prepare() {
    await mkdir(this.root, { recursive: true });
  }
}

/** Every object of one bucket on any S3 server, through the same client the apps use (minio). */
export class BucketStore {
  constructor({ endpoint, accessKey, secretKey, bucket, region }) {
    const url = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(endpoint) ? endpoint : `http://${endpoint}`);
    const useSSL = url.protocol === 'https:';
    this.bucket = bucket;
    this.region = region;
    this.description = `bucket ${bucket} at ${url.origin}`;
    this.client = new S3Client({
      endPoint: url.hostname,
      port: url.port ? Number(url.port) : useSSL ? 443 : 80,
      useSSL,
      accessKey,
      secretKey,
      region,
      pathStyle: true,
    });
  }

  async keys() {
    if (!(await this.client.bucketExists(this.bucket))) return [];
    const keys = [];
    const stream = this.client.listObjectsV2(this.bucket, '', true);
    for await (const item of stream) if (item.name) keys.push(item.name);
    return keys.sort();
  }

  async copyTo(target, key) {
    const info = await this.client.statObject(this.bucket, key);
    const contentType = info.metaData?.['content-type'];
    await target.putStream(key, await this.client.getObject(this.bucket, key), contentType, info.size);
    return info.size;
  }

  async putFile(key, file, size, contentType) {
    await this.client.putObject(this.bucket, key, createReadStream(file), size, contentType ? { 'Content-Type': contentType } : {});
  }

  async putStream(key, body, contentType, size) {
    await this.client.putObject(this.bucket, key, body, size, contentType ? { 'Content-Type': contentType } : {});
  }

  async prepare() {
    if (!(await this.client.bucketExists(this.bucket))) await this.client.makeBucket(this.bucket, this.region);
  }
}

/** Copies every object; returns the count and the bytes. */
/**
 * The staging area (MEDIA_STAGING_PREFIX in libs/contracts): uploads in flight, identity documents
 * among them for a few seconds, gone within a day anyway. A backup skips it.
 */
export const STAGING_PREFIX = 'uploads/';

export async function copyObjects(source, target, { skipPrefix } = {}) {
  await target.prepare();
  let bytes = 0;
  const keys = (await source.keys()).filter((key) => !skipPrefix || !key.startsWith(skipPrefix));
  for (const key of keys) bytes += await source.copyTo(target, key);
  return { objects: keys.length, bytes };
}

export const timestamp = (date = new Date()) => date.toISOString().replace(/[:.]/g, '-').replace(/-\d{3}Z$/, 'Z');

/**
 * The backup's one metric, for the alert "last successful backup older than a day"
 * (infra/prometheus/alerts/mboa.yml). Written after a backup finished whole, next to the backup
 * folders, in the text format of node exporter's textfile collector: the `observe` profile's node
 * exporter reads every *.prom file of BACKUP_DIR (infra/README.md, "Observing the system"). No
 * push gateway, no server: the file is the state, and a failed backup leaves the last success in it.
 */
export const BACKUP_METRICS_FILE = 'mboa_backup.prom';
export const BACKUP_METRICS = {
  lastSuccess: 'mboa_backup_last_success_timestamp_seconds',
  lastBytes: 'mboa_backup_last_size_bytes',
};

/** Writes <dir>/mboa_backup.prom (through a temporary file and a rename: never read half written). */
export async function writeBackupMetrics(dir, { finishedAt, bytes }) {
  const text = [
    `# HELP ${BACKUP_METRICS.lastSuccess} When the last backup that finished whole ended, in seconds since the Unix epoch.`,
    `# TYPE ${BACKUP_METRICS.lastSuccess} gauge`,
    `${BACKUP_METRICS.lastSuccess} ${Math.floor(finishedAt.getTime() / 1000)}`,
    `# HELP ${BACKUP_METRICS.lastBytes} Bytes of the last backup that finished whole (database dump and images).`,
    `# TYPE ${BACKUP_METRICS.lastBytes} gauge`,
    `${BACKUP_METRICS.lastBytes} ${bytes}`,
    '',
  ].join('\n');
  const file = path.join(dir, BACKUP_METRICS_FILE);
  const partial = `${file}.${process.pid}.tmp`;
  await writeFile(partial, text);
  await rename(partial, file);
  return file;
}
