// What `npm start` and `npm test` do first on a fresh clone, so that they are the only two
// commands anyone needs: install the dependencies when they are missing or older than the lock
// file (with `npm ci`, as npm would), and for the tests, Debian's Chromium for the browser tests.
// Node built-ins only: this runs before node_modules exists.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

/**
 * Why the dependencies need installing, or null when node_modules matches package-lock.json.
 * npm writes node_modules/.package-lock.json at every install: older than the lock file means
 * the lock changed since (a pull, a branch switch).
 */
export function dependenciesOutOfDate(root) {
  const lock = path.join(root, 'package-lock.json');
  const installed = path.join(root, 'node_modules/.package-lock.json');
  if (!existsSync(path.join(root, 'node_modules'))) return 'node_modules is missing';
  if (!existsSync(installed)) return 'node_modules was not installed by npm';
  if (existsSync(lock) && statSync(lock).mtimeMs > statSync(installed).mtimeMs) return 'package-lock.json is newer than node_modules';
  return null;
}

/** Runs `npm ci` when needed; returns false (after saying why) if it failed. */
export function ensureDependencies(root, log) {
  const why = dependenciesOutOfDate(root);
  if (!why) return true;
  log(`${why}: installing the dependencies (npm ci)…`);
  // Under `npm start` / `npm test`, npm tells us which npm it is; run that one.
  const npm = process.env.npm_execpath && existsSync(process.env.npm_execpath) ? [process.execPath, process.env.npm_execpath] : ['npm'];
  const result = spawnSync(npm[0], [...npm.slice(1), 'ci', '--no-audit', '--no-fund'], { cwd: root, stdio: 'inherit' });
  if (result.status === 0) return true;
  log(`npm ci failed (${result.error?.message ?? `exit code ${result.status ?? result.signal}`})`);
  return false;
}

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const CADDY_PATH = process.env.CADDY_PATH ?? '/usr/bin/caddy';

/**
 * Makes a Debian package's program available for the tests that need it: installs it with apt-get
 * when it is missing and we may (root on Debian). Returns null when it is there, else why it is not.
 */
function ensureDebianProgram({ what, pkg, file, envName }, log) {
  if (existsSync(file)) return null;
  if (process.env[envName]) return `no ${what} at ${envName}=${file}`;
  if (!existsSync('/etc/debian_version') || !existsSync('/usr/bin/apt-get')) return `no ${what} at ${file}, and this is not Debian (install ${pkg}, or set ${envName})`;
  if (process.getuid?.() !== 0) return `no ${what} at ${file}, and only root may install it (sudo apt-get install -y ${pkg})`;
  log(`${what} is missing: installing it for the tests (apt-get install -y ${pkg})…`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  for (const args of [['update'], ['install', '-y', '--no-install-recommends', pkg]]) {
    const result = spawnSync('apt-get', args, { stdio: 'inherit', env });
    if (result.status !== 0) return `apt-get ${args[0]} failed (${result.error?.message ?? `exit code ${result.status}`}), so no ${what} at ${file}`;
  }
  return existsSync(file) ? null : `apt-get installed ${pkg} but there is none at ${file}`;
}

/** Debian's Chromium, for the browser tests. */
export function ensureChromium(log) {
  return ensureDebianProgram({ what: 'Chromium', pkg: 'chromium', file: CHROMIUM_PATH, envName: 'CHROMIUM_PATH' }, log);
}

/** Debian's Caddy, for the test of the TLS proxy in front of the gateway (infra/caddy/Caddyfile). */
export function ensureCaddy(log) {
  return ensureDebianProgram({ what: 'Caddy', pkg: 'caddy', file: CADDY_PATH, envName: 'CADDY_PATH' }, log);
}

/** The test files that drive a real browser (skipped without Chromium), relative to the root. */
export function browserTestFiles(root) {
  const list = (dir, pattern) =>
    existsSync(path.join(root, dir)) ? readdirSync(path.join(root, dir)).filter((f) => pattern.test(f)).map((f) => `${dir}/${f}`) : [];
  return [...list('e2e/src', /\.test\.ts$/), ...list('web/e2e', /\.e2e\.test\.ts$/)];
}
