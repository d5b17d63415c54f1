// The web app the bench's gateway serves: built with its server renderer (web/dist/.ssr/), rebuilt
// when older than its sources (as the browser tests do, e2e/src/harness.ts ensureBuilt), and copied
// aside so that a rebuild in the working tree during the run (Vite empties dist/ first, and the
// gateway reloads a renderer whose file changed) cannot change what is measured.
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** The renderer's file inside the web build (gateway/src/static/server-render.ts loads it). */
export const RENDERER = path.join('.ssr', 'entry-server.js');

function newestMtime(target) {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(target)) {
    if (entry === 'node_modules' || entry === 'generated' || entry === '__tests__' || entry.endsWith('.test.ts') || entry.endsWith('.test.tsx')) continue;
    newest = Math.max(newest, newestMtime(path.join(target, entry)));
  }
  return newest;
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** One builder at a time, with the browser tests (the same lock directory as e2e/src/harness.ts). */
async function withBuildLock(root, run) {
  const artifacts = path.join(root, 'test-artifacts/e2e');
  mkdirSync(artifacts, { recursive: true });
  const lock = path.join(artifacts, '.build-web.lock');
  const until = Date.now() + 240_000;
  for (;;) {
    try {
      mkdirSync(lock);
      break;
    } catch {
      if (existsSync(lock) && Date.now() - statSync(lock).mtimeMs > 120_000) rmSync(lock, { recursive: true, force: true });
      if (Date.now() > until) throw new Error('timed out waiting for another build of web');
      await sleep(200);
    }
  }
  try {
    return run();
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}

/**
 * A copy of web/dist with its server renderer, built first when missing or older than the sources
 * of web and of the libraries it compiles. Returns the copy's folder and a function removing it.
 */
export async function builtWebApp(root, say) {
  const dir = path.join(root, 'web');
  const dist = path.join(dir, 'dist');
  const sources = () =>
    Math.max(
      ...['src', 'index.html', 'public', 'vite.config.ts', 'package.json'].map((f) => newestMtime(path.join(dir, f))),
      ...['libs/contracts/src', 'libs/ui', 'libs/web-core'].map((f) => newestMtime(path.join(root, f))),
    );
  const fresh = () =>
    ['index.html', RENDERER].every((f) => existsSync(path.join(dist, f)) && statSync(path.join(dist, f)).mtimeMs >= sources());
  if (!fresh()) {
    await withBuildLock(root, () => {
      if (fresh()) return;
      say('building the web app and its server renderer (web: npm run build)…');
      // Production React whatever NODE_ENV the caller has.
      const result = spawnSync('npm', ['run', 'build', '--silent'], { cwd: dir, env: { ...process.env, NODE_ENV: 'production' }, stdio: 'inherit' });
      if (result.status !== 0) throw new Error(`the web build failed (exit ${result.status})`);
    });
  }
  const copy = mkdtempSync(path.join(tmpdir(), 'mboa-bench-web-'));
  for (let attempt = 1; ; attempt++) {
    rmSync(copy, { recursive: true, force: true });
    cpSync(dist, copy, { recursive: true });
    if (existsSync(path.join(copy, 'index.html')) && existsSync(path.join(copy, RENDERER))) break;
    // Someone else's build was emptying dist/ while it was copied.
    if (attempt === 5) throw new Error(`web/dist has no ${RENDERER}: the server renderer is not built`);
    await sleep(5_000);
  }
  return { dist: copy, remove: () => rmSync(copy, { recursive: true, force: true }) };
}
