#!/usr/bin/env node
// Backs up PostgreSQL (every service schema of the one database) and the object store (every image)
// into one new timestamped folder with a manifest. See infra/README.md, "Backups and restore".
// Never the identity documents (S3_DOCUMENTS_BUCKET / DOCUMENTS_DIR): see "Identity documents".
//
//   DATABASE_URL=… [MEDIA_DIR=… | S3_ENDPOINT=… S3_ACCESS_KEY=… S3_SECRET_KEY=… S3_BUCKET=…] \
//     node infra/scripts/backup.mjs [--out backups]
import { mkdir, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import {
  BackupError,
  copyObjects,
  DUMP_FILE,
  dumpDatabase,
  extensions,
  FolderStore,
  MANIFEST_FORMAT,
  MEDIA_FOLDER,
  parseArgs,
  redact,
  refuseDocumentsStore,
  DOCUMENTS_NOT_BACKED_UP,
  STAGING_PREFIX,
  storeFromEnv,
  tableCounts,
  timestamp,
  writeBackupMetrics,
} from './lib/backup.mjs';

const HELP = `Usage: node infra/scripts/backup.mjs [--out <folder>] [--database-url <url>] [--media-dir <folder>] [--s3-bucket <name>]

Writes <out>/mboa-backup-<UTC time>/ (default out: ./backups) holding database.dump (pg_dump -Fc of
every schema with tables: auth, listings, moderation, support), media/ (every object of the store but the staging area uploads/)
and manifest.json (what, when, row and object counts). After a backup that finished whole it writes
<out>/mboa_backup.prom, the time of that success for node exporter's textfile collector (the alert
"no backup for a day"). Reads the apps' variables: DATABASE_URL,
and S3_ENDPOINT, S3_ACCESS_KEY, S3_SECRET_KEY, S3_BUCKET, S3_REGION or else MEDIA_DIR.
Identity documents are never backed up: a store that is or holds S3_DOCUMENTS_BUCKET
(default mboa-documents) or DOCUMENTS_DIR (default .data/documents) is refused.
PG_DUMP names the pg_dump to run (its major version at least the server's), e.g.
PG_DUMP='docker compose exec -T postgres pg_dump'. Stop the apps first for a consistent pair
(the database dump alone is always consistent).`;

async function main(argv) {
  if (argv.includes('--help')) return console.log(HELP);
  const options = parseArgs(argv, { out: 'value', 'database-url': 'value', 'media-dir': 'value', 's3-bucket': 'value' });
  const databaseUrl = options['database-url'] ?? process.env.DATABASE_URL;
  if (!databaseUrl) throw new BackupError('DATABASE_URL (or --database-url) is required');
  const store = storeFromEnv(process.env, { mediaDir: options['media-dir'], s3Bucket: options['s3-bucket'] });
  refuseDocumentsStore(store, process.env);

  const startedAt = new Date();
  const folder = path.resolve(options.out ?? 'backups', `mboa-backup-${timestamp(startedAt)}`);
  await mkdir(folder, { recursive: true });
  try {
    // Counted before the dump: with the apps stopped, both describe the same data.
    const tables = await tableCounts(databaseUrl);
    const schemas = Object.keys(tables);
    if (schemas.length === 0) throw new BackupError(`${redact(databaseUrl)} holds no tables: nothing to back up`);
    console.log(`backup: dumping schemas ${schemas.join(', ')} of ${redact(databaseUrl)}`);
    await dumpDatabase(databaseUrl, schemas, path.join(folder, DUMP_FILE));

    console.log(`backup: copying the objects of ${store.description}`);
    // Not the staging area: uploads in flight (identity documents among them) are never kept.
    const media = await copyObjects(store, new FolderStore(path.join(folder, MEDIA_FOLDER)), { skipPrefix: STAGING_PREFIX });

    const manifest = {
      format: MANIFEST_FORMAT,
      createdAt: startedAt.toISOString(),
      finishedAt: new Date().toISOString(),
      database: {
        file: DUMP_FILE,
        bytes: (await stat(path.join(folder, DUMP_FILE))).size,
        source: redact(databaseUrl),
        schemas: tables,
        extensions: await extensions(databaseUrl),
        rows: Object.values(tables).reduce((sum, t) => sum + Object.values(t).reduce((a, b) => a + b, 0), 0),
      },
      media: { folder: MEDIA_FOLDER, source: store.description, objects: media.objects, bytes: media.bytes },
      documents: { backedUp: false, why: DOCUMENTS_NOT_BACKED_UP },
    };
    await writeFile(path.join(folder, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
    console.log(`backup: ${manifest.database.rows} rows in ${schemas.length} schemas, ${media.objects} objects (${media.bytes} bytes)`);
    // Only now, the backup whole: the metric the "no backup for a day" alert reads (node exporter's
    // textfile collector, with the `observe` profile; infra/README.md, "Observing the system").
    await writeBackupMetrics(path.dirname(folder), { finishedAt: new Date(manifest.finishedAt), bytes: manifest.database.bytes + media.bytes });
    // The folder's path alone on the last line, for scripts (and the test) to pick up.
    console.log(folder);
  } catch (e) {
    // Half a backup must never pass for one.
    await rm(folder, { recursive: true, force: true });
    throw e;
  }
}

main(process.argv.slice(2)).catch((e) => {
  console.error(`backup: ${e instanceof BackupError ? e.message : e.stack ?? e}`);
  process.exit(1);
});
