// @vitest-environment node
import { MESSAGES } from '@mboa/contracts';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stubApi, TOTAL } from './api-stub.js';
import { CHROMIUM_PATH, hasChromium, launchChromium, newPage, screenshot, startApp, VIEWPORTS, type RunningApp } from './runner.js';

const available = hasChromium();
if (!available) console.warn(`[e2e] skipped: no Chromium at ${CHROMIUM_PATH} (apt-get install -y chromium)`);

describe.skipIf(!available)('home page in headless Chromium (API stubbed)', () => {
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
    it(`renders cards, filters, chips and the end of the listings at ${viewport.width} px`, async () => {
      const { context, page } = await newPage(browser, viewport);
      try {
        const errors: string[] = [];
        page.on('pageerror', (e) => errors.push(e.message));
        const searches = await stubApi(page);
        await page.goto(`${app.baseUrl}/`);

        // Cards appear as the first page renders: wait for the whole page of 12.
        await expect.poll(() => page.locator('.card').count(), { timeout: 10_000 }).toBe(12);
        await expect.poll(() => page.locator('.result-count').textContent()).toBe(`${TOTAL} properties found`);
        // Thumbnails are sized and lazy: no layout shift.
        const img = page.locator('.card img').nth(5);
        expect(await img.getAttribute('loading')).toBe('lazy');
        expect(await img.getAttribute('width')).toBe('320');
        await screenshot(page, `home-${name}-${viewport.width}`);

        // Infinite scroll to the end.
        await page.locator('.sentinel').scrollIntoViewIfNeeded();
        await page.getByText(MESSAGES.property.endOfListings).waitFor();
        expect(await page.locator('.card').count()).toBe(TOTAL);
        expect(searches.map((q) => q.get('page'))).toEqual(['1', '2']);
        await screenshot(page, `home-${name}-${viewport.width}-end`);

        // Filters panel → chips and the active-filter badge.
        await page.evaluate(() => window.scrollTo(0, 0));
        await page.getByRole('button', { name: /Filters/ }).click();
        await page.getByText('Residential', { exact: true }).click();
        await page.getByLabel('Location').fill('buea');
        await page.getByRole('option', { name: 'Buea' }).click();
        await screenshot(page, `home-${name}-${viewport.width}-filters`);
        await page.getByRole('button', { name: 'Show Results' }).click();
        await page.getByRole('button', { name: 'Remove filter Buea' }).waitFor();
        expect(await page.getByTestId('filter-count').textContent()).toBe('2');
        expect(await page.getByRole('button', { name: /Remove filter/ }).count()).toBe(2);
        await expect.poll(() => page.locator('.card').count()).toBe(3);
        const last = searches.at(-1)!;
        expect(Object.fromEntries(last)).toEqual({ category: 'residential', town: 'Buea', page: '1' });
        await screenshot(page, `home-${name}-${viewport.width}-chips`);

        expect(errors).toEqual([]);
      } finally {
        await context.close();
      }
    }, 60_000);
  }
});
