/**
 * End-to-end harness: the real apps (built with Vite), the whole system in-process (gateway and
 * every service on a fresh database, NATS prefix, Redis prefix and mail folder) and Debian's
 * Chromium driven by playwright-core. One system and one browser per test file; a fresh browser
 * context (cookies, storage) per test.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import type { ServiceName } from '@mboa/contracts';
import { LocalFileStore } from '@mboa/platform';
import { TEST_ADMIN } from '../../gateway/src/__tests__/people.js';
import { SERVICE_STARTERS, startTestSystem, type TestSystem } from '../../gateway/src/__tests__/system.js';
import type { GatewayConfig } from '../../gateway/src/config.js';
import { freePort } from '@mboa/platform/testing';

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const ARTIFACTS = path.join(REPO_ROOT, 'test-artifacts/e2e');
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export interface Width {
  name: 'mobile' | 'desktop';
  width: number;
  height: number;
  mobile: boolean;
}
/** A mid-range Android phone and a laptop; every test runs at both. */
export const WIDTHS: [string, Width][] = [
  ['360', { name: 'mobile', width: 360, height: 740, mobile: true }],
  ['1280', { name: 'desktop', width: 1280, height: 800, mobile: false }],
];

/** Generous: the whole system shares two cores with the other test projects under `npm test`. */
export const STEP_TIMEOUT = 20_000;
export const TEST_TIMEOUT = 120_000;
export const SETUP_TIMEOUT = 180_000;

export const hasChromium = existsSync(CHROMIUM_PATH);
/** `describe` when Chromium (and whatever else the tests need) is here, else a visible skip. */
export function describeInBrowser(name: string, body: () => void, needs: { ok: boolean; why: string } = { ok: true, why: '' }): void {
  const why = !hasChromium ? `no Chromium at ${CHROMIUM_PATH} (apt-get install -y chromium)` : !needs.ok ? needs.why : null;
  if (why) {
    console.warn(`[e2e] SKIPPED "${name}": ${why}`);
    describe.skip(name, body);
    return;
  }
  describe(name, body);
}

/** The media service can run in tests (photo posting goes through it). */
export const hasMediaStarter = Boolean(SERVICE_STARTERS.media);
/** The admin app exists (it is built by the harness once it has an index.html). */
export const hasAdminApp = existsSync(path.join(REPO_ROOT, 'admin-web/index.html'));

// ─── building the apps ─────────────────────────────────────────────────────────────────────────

function newestMtime(target: string): number {
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

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** One builder at a time across jest workers: a directory is created atomically. */
async function withBuildLock<T>(app: string, run: () => T): Promise<T> {
  mkdirSync(ARTIFACTS, { recursive: true });
  const lock = path.join(ARTIFACTS, `.build-${app}.lock`);
  const until = Date.now() + 120_000;
  for (;;) {
    try {
      mkdirSync(lock);
      break;
    } catch {
      // A lock left by a killed run goes stale after two minutes.
      if (existsSync(lock) && Date.now() - statSync(lock).mtimeMs > 120_000) rmSync(lock, { recursive: true, force: true });
      if (Date.now() > until) throw new Error(`timed out waiting for another worker to build ${app}`);
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
 * Builds `web` or `admin-web` with Vite when its dist/ is missing or older than its sources (or the
 * shared libraries it compiles). Returns the dist folder, or null when the app has no index.html yet.
 */
export async function ensureBuilt(app: 'web' | 'admin-web'): Promise<string | null> {
  const dir = path.join(REPO_ROOT, app);
  const dist = path.join(dir, 'dist');
  if (!existsSync(path.join(dir, 'index.html'))) return null;
  const sources = () =>
    Math.max(
      ...['src', 'index.html', 'public', 'vite.config.ts', 'package.json'].map((f) => newestMtime(path.join(dir, f))),
      newestMtime(path.join(REPO_ROOT, 'libs/contracts/src')),
      newestMtime(path.join(REPO_ROOT, 'libs/ui')),
      newestMtime(path.join(REPO_ROOT, 'libs/web-core')),
    );
  const fresh = () => existsSync(path.join(dist, 'index.html')) && statSync(path.join(dist, 'index.html')).mtimeMs >= sources();
  if (fresh()) return dist;
  return withBuildLock(app, () => {
    if (fresh()) return dist;
    // jest sets NODE_ENV=test, which would make Vite bundle React's development build.
    // The app's own build script: for web, the browser's build and then its server renderer (dist/.ssr/).
    const result = spawnSync('npm', ['run', 'build', '--silent'], {
      cwd: dir,
      env: { ...process.env, NODE_ENV: 'production' },
      encoding: 'utf8',
      timeout: 240_000,
    });
    if (result.status !== 0) throw new Error(`vite build of ${app} failed:\n${result.stdout}\n${result.stderr}`);
    return dist;
  });
}

/**
 * A private copy of a built app for one system: others may rebuild dist/ while tests run (Vite
 * empties it first), which would leave pages pointing at chunks that no longer exist.
 */
async function snapshotDist(dist: string, into: string): Promise<string> {
  for (let attempt = 1; ; attempt++) {
    rmSync(into, { recursive: true, force: true });
    try {
      cpSync(dist, into, { recursive: true });
      const html = readFileSync(path.join(into, 'index.html'), 'utf8');
      const missing = [...html.matchAll(/(?:src|href)="\/(?:admin\/)?(assets\/[^"]+)"/g)].filter((m) => !existsSync(path.join(into, m[1])));
      if (missing.length === 0) return into;
    } catch {
      /* copied in the middle of a rebuild: try again */
    }
    if (attempt >= 20) throw new Error(`could not copy a complete build from ${dist}`);
    await sleep(500);
  }
}

// ─── the system ────────────────────────────────────────────────────────────────────────────────


export interface E2eSystem {
  system: TestSystem;
  url: string;
  /** False when the media service has no test starter yet (photo posting cannot run). */
  hasMedia: boolean;
  browser: Browser;
  stop(): Promise<void>;
}

/**
 * The whole system serving the built apps, with the bootstrap admin of TEST_ADMIN, photos stored as
 * local files shared by the gateway and the media service, and a Chromium.
 */
/**
 * `trustLoopbackProxy`: the gateway believes X-Forwarded-For from this machine (TRUST_PROXY=loopback),
 * so API calls of a test can come from several addresses; the browser sends none and is unaffected.
 * `gateway`: the test's own settings over these (e.g. a small rate-limit scale).
 */
export async function startE2e(options: { admin?: boolean; trustLoopbackProxy?: boolean; gateway?: Partial<GatewayConfig> } = {}): Promise<E2eSystem> {
  const builtWeb = await ensureBuilt('web');
  if (!builtWeb) throw new Error('web/index.html is missing');
  const builtAdmin = options.admin ? await ensureBuilt('admin-web') : null;
  const apps = await mkdtemp(path.join(tmpdir(), 'mboa-e2e-apps-'));
  const webDist = await snapshotDist(builtWeb, path.join(apps, 'web'));
  const adminDist = builtAdmin ? await snapshotDist(builtAdmin, path.join(apps, 'admin')) : path.join(apps, 'no-admin');
  const hasMedia = Boolean(SERVICE_STARTERS.media);
  if (!hasMedia) console.warn('[e2e] the media service has no test starter: photo posting is skipped');
  const services: ServiceName[] = ['auth', 'listings', ...(hasMedia ? (['media'] as const) : []), 'moderation', 'support'];
  const mediaDir = await mkdtemp(path.join(tmpdir(), 'mboa-e2e-media-'));
  // Identity and control documents: media writes them, the gateway reads them to staff.
  const documentsDir = await mkdtemp(path.join(tmpdir(), 'mboa-e2e-documents-'));
  const port = await freePort();
  const system = await startTestSystem({
    services,
    env: { ...TEST_ADMIN, MEDIA_DIR: mediaDir, DOCUMENTS_DIR: documentsDir },
    port,
    gateway: {
      webDist,
      adminDist,
      objectStore: new LocalFileStore(mediaDir),
      documentStore: new LocalFileStore(documentsDir),
      // Many logins and sign-ups from one address in a few seconds.
      rateLimitScale: 100,
      ...(options.trustLoopbackProxy ? { trustProxy: ['loopback'] } : {}),
      ...options.gateway,
    },
  });
  let browser: Browser;
  try {
    browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS, headless: true });
  } catch (error) {
    await system.stop();
    await rm(apps, { recursive: true, force: true });
    throw error;
  }
  return {
    system,
    url: system.url,
    hasMedia,
    browser,
    async stop() {
      await browser.close().catch(() => undefined);
      await system.stop();
      await rm(mediaDir, { recursive: true, force: true });
      await rm(documentsDir, { recursive: true, force: true });
      await rm(apps, { recursive: true, force: true });
    },
  };
}

// ─── pages ─────────────────────────────────────────────────────────────────────────────────────

export interface E2ePage {
  context: BrowserContext;
  page: Page;
  /** Uncaught errors of every page of the context (the test fails on any). */
  errors: string[];
  /** Saves test-artifacts/e2e/<name>-<width>.png. */
  shot(name: string): Promise<void>;
  close(): Promise<void>;
}

/** A fresh context (no cookies) at the width, WhatsApp links answered locally (no internet here). */
export async function openPage(e2e: E2eSystem, width: Width, options: { locale?: string } = {}): Promise<E2ePage> {
  const context = await e2e.browser.newContext({
    baseURL: e2e.url,
    viewport: { width: width.width, height: width.height },
    deviceScaleFactor: 1,
    isMobile: width.mobile,
    hasTouch: width.mobile,
    // The browser's language is what the apps follow on a first visit (English unless a test says otherwise).
    locale: options.locale ?? 'en-GB',
    timezoneId: 'Africa/Douala',
  });
  context.setDefaultTimeout(STEP_TIMEOUT);
  await context.route(/^https:\/\/(wa\.me|api\.whatsapp\.com|t\.me|www\.facebook\.com)\//, (route) =>
    route.fulfill({ status: 200, contentType: 'text/html', body: '<!doctype html><title>external</title><p>external link</p>' }),
  );
  const errors: string[] = [];
  const watch = (page: Page) => page.on('pageerror', (error) => errors.push(`${page.url()}: ${error.message}`));
  context.on('page', watch);
  const page = await context.newPage();
  return {
    context,
    page,
    errors,
    async shot(name: string) {
      mkdirSync(ARTIFACTS, { recursive: true });
      await page.screenshot({ path: path.join(ARTIFACTS, `${name}-${width.width}.png`), fullPage: true });
    },
    async close() {
      // The last state of every test, so a failure can be seen (test-artifacts/e2e/last/).
      const name = (expect.getState().currentTestName ?? 'test').replace(/[^\w-]+/g, '-').slice(0, 120);
      mkdirSync(path.join(ARTIFACTS, 'last'), { recursive: true });
      await page.screenshot({ path: path.join(ARTIFACTS, 'last', `${name}.png`), fullPage: true, timeout: 5000 }).catch(() => undefined);
      await context.close().catch(() => undefined);
    },
  };
}

/** Polls until `check` gives a truthy value (for effects that travel through events). */
export async function eventually<T>(check: () => Promise<T | undefined | null | false>, what: string, timeoutMs = 15_000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await check().catch(() => undefined);
    if (value) return value;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await sleep(150);
  }
}
