#!/usr/bin/env node
// Kubernetes only (the search-keys Job of infra/k8s/base/jobs.yaml): stores the listings service's two Meilisearch keys, which meili-keys.mjs wrote to
// MEILI_KEYS_DIR, in the Secret SECRET_NAME (search.key, indexer.key), through the API server with
// the Job's own service account (a Role allowing that one Secret). The listings Deployment mounts it
// read-only where MEILI_SEARCH_KEY_FILE and MEILI_INDEXER_KEY_FILE point, as compose's volume does.
import { readFile } from 'node:fs/promises';
import https from 'node:https';
import path from 'node:path';

const ACCOUNT = '/var/run/secrets/kubernetes.io/serviceaccount';

function call(method, url, token, ca, body) {
  return new Promise((resolve, reject) => {
    const req = https.request(url, { method, ca, headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' } }, (res) => {
      let text = '';
      res.on('data', (chunk) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
    });
    req.on('error', reject);
    req.end(body === undefined ? undefined : JSON.stringify(body));
  });
}

async function main() {
  const dir = process.env.MEILI_KEYS_DIR?.trim() || '/run/meili-keys';
  const name = process.env.SECRET_NAME?.trim();
  if (!name) throw new Error('SECRET_NAME is not set');
  const [token, ca, namespace] = await Promise.all(['token', 'ca.crt', 'namespace'].map((f) => readFile(path.join(ACCOUNT, f), 'utf8')));
  const data = {};
  for (const file of ['search.key', 'indexer.key']) data[file] = Buffer.from((await readFile(path.join(dir, file), 'utf8')).trim()).toString('base64');
  const api = `https://kubernetes.default.svc/api/v1/namespaces/${namespace.trim()}/secrets`;
  const secret = { apiVersion: 'v1', kind: 'Secret', metadata: { name, labels: { 'app.kubernetes.io/part-of': 'mboa' } }, type: 'Opaque', data };
  let res = await call('PUT', `${api}/${name}`, token, ca, secret);
  if (res.status === 404) res = await call('POST', api, token, ca, secret);
  if (res.status >= 300) throw new Error(`the API server answered ${res.status}: ${res.text.slice(0, 300)}`);
  console.log(`publish-search-keys: Secret ${name} holds the two keys`);
}

main().catch((error) => {
  console.error(`publish-search-keys: FAILED, the listings service gets no search keys: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
