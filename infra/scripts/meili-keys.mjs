#!/usr/bin/env node
// Meilisearch keys for the listings service, made from the master key so that no app holds it.
//
//   MEILI_URL=http://meilisearch:7700 MEILI_MASTER_KEY=… MEILI_INDEX=properties \
//   MEILI_KEYS_DIR=/run/meili-keys node infra/scripts/meili-keys.mjs
//
// Creates (or leaves as they are, when already right) two API keys with fixed uids:
//   search   actions [search]                                   on [MEILI_INDEX] only
//   indexer  documents, the index itself, its settings, tasks   on [MEILI_INDEX] only
// and writes their values to $MEILI_KEYS_DIR/search.key and indexer.key (mode 0400, owned by
// MEILI_KEYS_OWNER, default 1000:1000 = the `node` user of the apps' image). The compose stack runs
// it as the one-shot `search-keys`; listings reads the files (MEILI_SEARCH_KEY_FILE,
// MEILI_INDEXER_KEY_FILE) and never sees the master key. Any failure ends the run with exit 1 and a
// line saying which step failed and what Meilisearch answered; the files are then left untouched.
//
// Meilisearch derives a key's value from the master key and the key's uid, so the same master key
// and uid always give the same value: re-running is harmless, and changing MEILI_MASTER_KEY (then
// re-running this) is how every key is rotated. No dependency beyond Node 20+ (it runs in the
// plain node image).
import { chmod, chown, mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

/** Fixed uids (UUID v4, as Meilisearch requires): the keys are found again on every run. */
export const SEARCH_KEY_UID = '5d0c1c7e-3a52-4f0e-9a43-8d1f6b2a7c01';
export const INDEXER_KEY_UID = '9b7e2f44-6c1d-4b8a-8e5f-2a3c4d5e6f02';

/**
 * What the indexer does (services/listings/src/search/meili-search-index.ts): creates the index and
 * sets its settings at start, reads stored versions, adds, replaces and deletes documents, waits
 * for its tasks; `drop` (tests) deletes the index. Nothing else, and on its own index only.
 */
export const INDEXER_ACTIONS = [
  'documents.add',
  'documents.get',
  'documents.delete',
  'indexes.create',
  'indexes.get',
  'indexes.update',
  'indexes.delete',
  'settings.get',
  'settings.update',
  'tasks.get',
];

/**
 * The two keys for one index: who may do what, and the file each value goes to. `uids` is for
 * tests against a real server (their own keys beside the stack's).
 */
export function meiliKeySpecs(index, uids = { search: SEARCH_KEY_UID, indexer: INDEXER_KEY_UID }) {
  if (!index || index.includes('*')) throw new MeiliKeysError('MEILI_INDEX must name one index (no wildcard)');
  return [
    {
      role: 'search',
      file: 'search.key',
      uid: uids.search,
      name: 'mboa-listings-search',
      description: `Mboa Rentals listings: search only, index ${index}`,
      actions: ['search'],
      indexes: [index],
      expiresAt: null,
    },
    {
      role: 'indexer',
      file: 'indexer.key',
      uid: uids.indexer,
      name: 'mboa-listings-indexer',
      description: `Mboa Rentals listings: search indexer, index ${index}`,
      actions: [...INDEXER_ACTIONS],
      indexes: [index],
      expiresAt: null,
    },
  ];
}

export class MeiliKeysError extends Error {
  constructor(message, options) {
    super(message, options);
    this.name = 'MeiliKeysError';
  }
}

const sameSet = (a = [], b = []) => a.length === b.length && [...a].sort().join('\n') === [...b].sort().join('\n');

/** Whether a stored key grants exactly what its definition says (no more: a widened key is replaced). */
export function keyMatches(stored, spec) {
  return sameSet(stored.actions, spec.actions) && sameSet(stored.indexes, spec.indexes) && (stored.expiresAt ?? null) === spec.expiresAt;
}

async function call(url, masterKey, method, route, body) {
  let res;
  try {
    res = await fetch(new URL(route, url), {
      method,
      headers: { Authorization: `Bearer ${masterKey}`, ...(body ? { 'Content-Type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
      signal: AbortSignal.timeout(10_000),
    });
  } catch (e) {
    throw new MeiliKeysError(`${method} ${route}: Meilisearch at ${url} did not answer (${e instanceof Error ? e.message : String(e)})`, { cause: e });
  }
  const text = await res.text();
  let json;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    json = undefined;
  }
  return { status: res.status, json, text };
}

function refused(step, answer) {
  const detail = answer.json?.message ? `${answer.json.code ?? ''} ${answer.json.message}`.trim() : answer.text.slice(0, 300);
  const hint = answer.status === 401 || answer.status === 403 ? ' (is MEILI_MASTER_KEY the one Meilisearch was started with?)' : '';
  return new MeiliKeysError(`${step}: Meilisearch answered ${answer.status}: ${detail}${hint}`);
}

/**
 * Makes sure both keys exist with exactly their rights and returns their values by role. A key
 * with other rights (an older version of this script, a hand edit) is deleted and created again
 * with the same uid, which gives it the same value (Meilisearch cannot change a key's rights in place).
 */
export async function ensureMeiliKeys({ url, masterKey, index, uids, log = () => undefined }) {
  if (!url) throw new MeiliKeysError('MEILI_URL is not set');
  if (!masterKey) throw new MeiliKeysError('MEILI_MASTER_KEY is not set');
  const keys = {};
  for (const spec of meiliKeySpecs(index, uids)) {
    const route = `/keys/${spec.uid}`;
    const found = await call(url, masterKey, 'GET', route);
    if (found.status === 200 && found.json && keyMatches(found.json, spec)) {
      log(`${spec.role} key ${spec.uid}: already there, rights unchanged`);
      keys[spec.role] = found.json.key;
      continue;
    }
    if (found.status === 200) {
      log(`${spec.role} key ${spec.uid}: rights differ, replacing it`);
      const removed = await call(url, masterKey, 'DELETE', route);
      if (removed.status !== 204 && removed.status !== 404) throw refused(`deleting the ${spec.role} key`, removed);
    } else if (found.status !== 404) {
      throw refused(`reading the ${spec.role} key`, found);
    }
    const { role: _role, file: _file, ...body } = spec;
    const created = await call(url, masterKey, 'POST', '/keys', body);
    if (created.status !== 201 && created.status !== 200) throw refused(`creating the ${spec.role} key`, created);
    if (typeof created.json?.key !== 'string' || !keyMatches(created.json, spec)) {
      throw new MeiliKeysError(`creating the ${spec.role} key: Meilisearch answered without the key or with other rights: ${created.text.slice(0, 300)}`);
    }
    log(`${spec.role} key ${spec.uid}: created`);
    keys[spec.role] = created.json.key;
  }
  return keys;
}

/**
 * Writes each key's value to its file in `dir`, readable by `owner` only (uid:gid, applied when
 * running as root). Each file is replaced whole (write to a temporary name, then rename).
 */
export async function writeKeyFiles(dir, keys, index, owner = '1000:1000') {
  await mkdir(dir, { recursive: true });
  const [uid, gid] = owner.split(':').map(Number);
  const root = typeof process.getuid === 'function' && process.getuid() === 0;
  const written = [];
  for (const spec of meiliKeySpecs(index)) {
    const target = path.join(dir, spec.file);
    const temporary = `${target}.tmp`;
    await writeFile(temporary, `${keys[spec.role]}\n`, { mode: 0o400 });
    if (root) await chown(temporary, uid, gid ?? uid);
    await chmod(temporary, 0o400);
    await rename(temporary, target);
    written.push(target);
  }
  return written;
}

async function main() {
  const env = process.env;
  const index = env.MEILI_INDEX?.trim() || 'properties';
  const dir = env.MEILI_KEYS_DIR?.trim() || '/run/meili-keys';
  const log = (line) => process.stdout.write(`meili-keys: ${line}\n`);
  try {
    const keys = await ensureMeiliKeys({ url: env.MEILI_URL?.trim(), masterKey: env.MEILI_MASTER_KEY, index, log });
    const files = await writeKeyFiles(dir, keys, index, env.MEILI_KEYS_OWNER?.trim() || undefined);
    log(`keys for index ${index} written to ${files.join(', ')}`);
  } catch (e) {
    process.stderr.write(`meili-keys: FAILED, the listings service gets no search keys: ${e instanceof Error ? e.message : String(e)}\n`);
    process.exitCode = 1;
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await main();
