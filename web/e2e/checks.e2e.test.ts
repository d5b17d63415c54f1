// @vitest-environment node
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { en } from '../src/i18n/en.js';
import { stubApi } from './api-stub.js';
import path from 'node:path';
import { ARTIFACTS, CHROMIUM_PATH, hasChromium, launchChromium, newPage, screenshot, startApp, VIEWPORTS, type RunningApp } from './runner.js';

// What was checked (docs/api.md#what-was-checked) on a phone and a laptop: the cards' short line
// and the details page's account fit the screen (nothing wider than the page), and the home
// filters' "Control checked only" toggle asks the search for it. API stubbed (e2e/api-stub.ts):
// card i has its number confirmed unless i is a multiple of 3, its identity checked when even,
// its control checked by the owner when a multiple of 4.

const available = hasChromium();
if (!available) console.warn(`[e2e] skipped: no Chromium at ${CHROMIUM_PATH} (apt-get install -y chromium)`);

/** How far the page is wider than the screen (0 when nothing overflows sideways). */
const overflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

describe.skipIf(!available)('what was checked, in headless Chromium (API stubbed)', () => {
  let app: RunningApp;
  let browser: Browser;

  beforeAll(async () => {
    app = await startApp();
    browser = await launchChromium();
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  for (const [name, viewport] of Object.entries(VIEWPORTS)) {
    it(`cards and the details page say what was checked, within ${viewport.width} px`, async () => {
      const { context, page } = await newPage(browser, viewport);
      try {
        const errors: string[] = [];
        page.on('pageerror', (e) => errors.push(e.message));
        const searches = await stubApi(page);
        await page.goto(`${app.baseUrl}/`);
        await expect.poll(() => page.locator('.card').count(), { timeout: 10_000 }).toBe(12);
        // Card 4 (even, a multiple of 4): number, identity and control; card 3: nothing by our team.
        const card4 = page.locator('.card').filter({ hasText: '#4' });
        expect(await card4.locator('.card-checks li').allTextContents()).toEqual(['✓ Number confirmed', '✓ Identity checked', '✓ Control of this property checked']);
        const card3 = page.locator('.card').filter({ hasText: '#3' });
        expect(await card3.locator('.card-checks li').allTextContents()).toEqual([en.checks.notCheckedShort]);
        expect(await overflow(page)).toBeLessThanOrEqual(0);
        await screenshot(page, `checks-home-${name}-${viewport.width}`);
        await card4.screenshot({ path: path.join(ARTIFACTS, `checks-card-${name}-${viewport.width}.png`) });

        await page.getByRole('button', { name: /Filters/ }).click();
        await page.getByRole('checkbox', { name: /Control checked only/ }).check();
        await screenshot(page, `checks-filters-${name}-${viewport.width}`);
        await page.getByRole('button', { name: 'Show Results' }).click();
        await page.getByRole('button', { name: 'Remove filter Control checked' }).waitFor();
        expect(searches.at(-1)?.get('controlChecked')).toBe('true');
        expect(new URL(page.url()).searchParams.get('controlChecked')).toBe('true');

        await page.goto(`${app.baseUrl}/property-details/prop-3`);
        const section = page.getByRole('region', { name: en.checks.title });
        await section.waitFor();
        expect(await section.getByText(en.checks.notChecked).isVisible()).toBe(true);
        expect(await overflow(page)).toBeLessThanOrEqual(0);
        await section.scrollIntoViewIfNeeded();
        await screenshot(page, `checks-details-plain-${name}-${viewport.width}`);

        await page.goto(`${app.baseUrl}/property-details/prop-4`);
        await page.getByRole('region', { name: en.checks.title }).getByText(en.checks.controlOwnerDetail).waitFor();
        expect(await overflow(page)).toBeLessThanOrEqual(0);
        await screenshot(page, `checks-details-checked-${name}-${viewport.width}`);
        expect(errors).toEqual([]);
      } finally {
        await context.close();
      }
    }, 90_000);
  }
});
