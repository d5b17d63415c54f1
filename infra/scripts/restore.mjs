#!/usr/bin/env node
// Restores a folder written by backup.mjs into a database and an object store (normally new ones),
// then checks every table's row count and the object count against the manifest.
// See infra/README.md, "Backups and restore".
//
//   DATABASE_URL=<target> [MEDIA_DIR=<target> | S3_*=<target bucket>] node infra/scripts/restore.mjs <backup folder> [--force]
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import {
  BackupError,
  copyObjects,
  createExtensions,
  dropSchemas,
  DUMP_FILE,
  ensureDatabase,
  FolderStore,
  MANIFEST_FORMAT,
  MEDIA_FOLDER,
  parseArgs,
  redact,
  refuseDocumentsStore,
  restoreDatabase,
  storeFromEnv,
  tableCounts,
} from './lib/backup.mjs';

const HELP = `Usage: node infra/scripts/restore.mjs <backup folder> [--force] [--database-url <url>] [--media-dir <folder>] [--s3-bucket <name>]

Restores into DATABASE_URL (created when it does not exist) and into the object store of
S3_ENDPOINT/S3_ACCESS_KEY/S3_SECRET_KEY/S3_BUCKET (bucket created when missing) or else MEDIA_DIR.
Refuses a database that already has tables in the backup's schemas, or a store that already holds
objects, unless --force: then those schemas are dropped first and objects with the same keys
overwritten. Afterwards every table's rows and the objects are counted against the manifest.
PG_RESTORE names the pg_restore to run, e.g. PG_RESTORE='docker compose exec -T postgres pg_restore'.
Stop the apps while restoring into the database they use.`;

async function main(argv) {
  if (argv.includes('--help')) return console.log(HELP);
  const folderArg = argv[0] && !argv[0].startsWith('--') ? argv[0] : undefined;
  if (!folderArg) throw new BackupError('name the backup folder to restore (try --help)');
  const options = parseArgs(argv.slice(1), { force: 'flag', 'database-url': 'value', 'media-dir': 'value', 's3-bucket': 'value' });
  const folder = path.resolve(folderArg);
  let manifest;
  try {
    manifest = JSON.parse(await readFile(path.join(folder, 'manifest.json'), 'utf8'));
  } catch {
    throw new BackupError(`${folder} has no readable manifest.json: not a backup`);
  }
  if (manifest.format !== MANIFEST_FORMAT) throw new BackupError(`${folder}: unknown backup format ${manifest.format}`);

  const databaseUrl = options['database-url'] ?? process.env.DATABASE_URL;
  if (!databaseUrl) throw new BackupError('DATABASE_URL (or --database-url) naming the target database is required');
  const store = storeFromEnv(process.env, { mediaDir: options['media-dir'], s3Bucket: options['s3-bucket'] });
  // Photos go back into the photos' store only, never over the identity documents.
  refuseDocumentsStore(store, process.env);
  const schemas = Object.keys(manifest.database.schemas);

  // Both targets are checked before anything is written, so a refusal leaves everything as it was.
  const created = await ensureDatabase(databaseUrl);
  const occupied = created ? [] : Object.keys(await tableCounts(databaseUrl)).filter((s) => schemas.includes(s));
  const objectsThere = (await store.keys()).length;
  if (!options.force && (occupied.length || objectsThere)) {
    const what = [
      occupied.length ? `${redact(databaseUrl)} already has tables in ${occupied.join(', ')}` : '',
      objectsThere ? `${store.description} already holds ${objectsThere} objects` : '',
    ].filter(Boolean);
    throw new BackupError(`refusing to overwrite: ${what.join('; ')}. Restore into a new database and store, or add --force.`);
  }
  if (occupied.length) {
    console.log(`restore: --force: dropping schemas ${occupied.join(', ')}`);
    await dropSchemas(databaseUrl, occupied);
  }

  console.log(`restore: ${manifest.createdAt} backup into ${redact(databaseUrl)}${created ? ' (created)' : ''}`);
  await createExtensions(databaseUrl, manifest.database.extensions ?? []);
  await restoreDatabase(databaseUrl, path.join(folder, manifest.database.file ?? DUMP_FILE));
  console.log(`restore: objects into ${store.description}`);
  const media = await copyObjects(new FolderStore(path.join(folder, manifest.media.folder ?? MEDIA_FOLDER)), store);

  // Proof, not hope: the restored data counts what the backup counted.
  const restored = await tableCounts(databaseUrl);
  const wrong = [];
  for (const [schema, tables] of Object.entries(manifest.database.schemas)) {
    for (const [table, rows] of Object.entries(tables)) {
      const got = restored[schema]?.[table];
      if (got !== rows) wrong.push(`${schema}.${table}: ${got ?? 'missing'} rows, backup had ${rows}`);
    }
  }
  if (media.objects !== manifest.media.objects) wrong.push(`${media.objects} objects restored, backup had ${manifest.media.objects}`);
  if (wrong.length) throw new BackupError(`restored data does not match the manifest:\n  ${wrong.join('\n  ')}`);
  console.log(`restore: done, ${manifest.database.rows} rows in ${schemas.length} schemas and ${media.objects} objects, as the manifest says`);
}

main(process.argv.slice(2)).catch((e) => {
  console.error(`restore: ${e instanceof BackupError ? e.message : e.stack ?? e}`);
  process.exit(1);
});
