/**
 * End-to-end harness: Debian's Chromium driven by playwright-core (never `playwright install`), and
 * the built app served by `vite preview`, or any running system when E2E_BASE_URL is set (the
 * gateway, once the server side is up).
 */
import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

export const WEB_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const ARTIFACTS = path.join(WEB_ROOT, 'test-artifacts');
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
/** A mid-range Android phone and a laptop. */
export const VIEWPORTS = {
  phone: { width: 360, height: 740 },
  desktop: { width: 1280, height: 800 },
} as const;

export function hasChromium(): boolean {
  return existsSync(CHROMIUM_PATH);
}

export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS, headless: true });
}

export interface RunningApp {
  baseUrl: string;
  close: () => Promise<void>;
}

/** Builds the app into test-artifacts/ (leaving dist/ alone) and serves it with `vite preview`. */
export async function startApp(): Promise<RunningApp> {
  if (process.env.E2E_BASE_URL) return { baseUrl: process.env.E2E_BASE_URL.replace(/\/$/, ''), close: async () => {} };
  const { build, preview } = await import('vite');
  const outDir = path.join(ARTIFACTS, 'e2e-dist');
  const configFile = path.join(WEB_ROOT, 'vite.config.ts');
  // vitest sets NODE_ENV=test, which would make Vite bundle React's development build.
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    await build({ root: WEB_ROOT, configFile, mode: 'production', logLevel: 'warn', build: { outDir, emptyOutDir: true } });
  } finally {
    process.env.NODE_ENV = nodeEnv;
  }
  const server = await preview({
    root: WEB_ROOT,
    configFile,
    logLevel: 'warn',
    build: { outDir },
    preview: { port: 0, host: '127.0.0.1', strictPort: false, open: false },
  });
  const address = server.httpServer.address();
  if (!address || typeof address === 'string') throw new Error('vite preview did not report a port');
  return {
    baseUrl: `http://127.0.0.1:${address.port}`,
    close: () => server.close(),
  };
}

export async function newPage(browser: Browser, viewport: { width: number; height: number }): Promise<{ context: BrowserContext; page: Page }> {
  // The API is stubbed per page (api-stub.ts); the app's service worker would send its requests past
  // the stubs once it controls the page (it is tested against the real system in e2e/src/offline.test.ts).
  const context = await browser.newContext({
    viewport,
    deviceScaleFactor: 1,
    isMobile: viewport.width < 768,
    hasTouch: viewport.width < 768,
    serviceWorkers: 'block',
  });
  const page = await context.newPage();
  return { context, page };
}

export async function screenshot(page: Page, name: string): Promise<string> {
  mkdirSync(ARTIFACTS, { recursive: true });
  const file = path.join(ARTIFACTS, `${name}.png`);
  await page.screenshot({ path: file, fullPage: true });
  return file;
}
