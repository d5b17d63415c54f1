/** Small page helpers shared by the browser tests. */
import type { Locator, Page } from 'playwright-core';
import path from 'node:path';
import { ARTIFACTS, STEP_TIMEOUT } from './harness.js';
import { en } from './texts.js';

/** Waits until the locator's text, trimmed, is exactly `text`. */
export async function expectText(locator: Locator, text: string, timeoutMs = STEP_TIMEOUT): Promise<void> {
  const until = Date.now() + timeoutMs;
  let seen: string | null = null;
  for (;;) {
    seen = (await locator.first().textContent({ timeout: 1000 }).catch(() => null))?.replace(/\s+/g, ' ').trim() ?? null;
    if (seen === text) return;
    if (Date.now() > until) throw new Error(`expected the text "${text}", saw ${JSON.stringify(seen)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** The public login form. */
export async function login(page: Page, email: string, password: string): Promise<void> {
  await page.locator('input[type=email]').fill(email);
  await page.locator('input[autocomplete="current-password"]').fill(password);
  await page.getByRole('button', { name: en.login.submit, exact: true }).click();
}

/** A toast with this text. */
export function toast(page: Page, text: string): Locator {
  return page.locator('.toast').filter({ hasText: text });
}

/** Waits for a toast with this text; on failure says which toasts were there instead. */
export async function expectToast(page: Page, text: string): Promise<void> {
  try {
    await toast(page, text).last().waitFor();
  } catch (error) {
    const seen = await page.locator('.toast').allTextContents().catch(() => []);
    const shot = path.join(ARTIFACTS, `failure-${Date.now()}.png`);
    await page.screenshot({ path: shot, fullPage: true }).catch(() => undefined);
    throw new Error(`no toast "${text}"; toasts shown: ${JSON.stringify(seen)} (screenshot ${shot})\n${(error as Error).message}`);
  }
}

/**
 * The input of a `<label class="field"><span>Text</span>…</label>` whose caption is exactly `caption`
 * (the password fields' labels also hold their Show button, so label matching is ambiguous).
 */
export function field(page: Page, caption: string): Locator {
  return page
    .locator('label')
    .filter({ has: page.getByText(caption, { exact: true }) })
    .locator('input, select, textarea')
    .first();
}

/** Reloads until the locator shows (for state that reaches the page through events). */
export async function reloadUntil(page: Page, locator: Locator, timeoutMs = STEP_TIMEOUT): Promise<void> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    try {
      await locator.first().waitFor({ timeout: 1500 });
      return;
    } catch (error) {
      if (Date.now() > until) throw error;
      await page.reload();
    }
  }
}
