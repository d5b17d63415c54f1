// @vitest-environment node
import { MESSAGES_FR } from '@mboa/contracts';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stubApi } from './api-stub.js';
import { CHROMIUM_PATH, hasChromium, launchChromium, newPage, screenshot, startApp, VIEWPORTS, type RunningApp } from './runner.js';

const available = hasChromium();
if (!available) console.warn(`[e2e] skipped: no Chromium at ${CHROMIUM_PATH} (apt-get install -y chromium)`);

/** How far the page is wider than the screen (0 when nothing sticks out sideways). */
const overflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

describe.skipIf(!available)('FR | EN switch in the top bar, in headless Chromium (API stubbed)', () => {
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
    it(`is in the bar without opening the menu and widens nothing, in both languages, at ${viewport.width} px`, async () => {
      const { context, page } = await newPage(browser, viewport);
      try {
        await stubApi(page);
        await page.goto(`${app.baseUrl}/`);
        await page.locator('.card').first().waitFor();
        const bar = page.getByRole('banner');
        const french = bar.getByRole('button', { name: 'Français' });
        // Inside the screen, not in the menu.
        const box = await french.boundingBox();
        expect(box).not.toBeNull();
        expect(box!.x).toBeGreaterThanOrEqual(0);
        expect(box!.x + box!.width).toBeLessThanOrEqual(viewport.width);
        expect(await overflow(page)).toBeLessThanOrEqual(0);
        await screenshot(page, `language-${name}-${viewport.width}-en`);

        await french.click();
        await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe('fr');
        // The longer French words still fit: the Post button (phones) or the links (desktop).
        const post = viewport.width < 768 ? bar.getByRole('link', { name: `+ ${MESSAGES_FR.ui.postProperty}` }) : bar.locator('.nav-desktop');
        const postBox = await post.boundingBox();
        expect(postBox!.x + postBox!.width).toBeLessThanOrEqual(viewport.width);
        expect(await overflow(page)).toBeLessThanOrEqual(0);
        await screenshot(page, `language-${name}-${viewport.width}-fr`);
      } finally {
        await context.close();
      }
    }, 60_000);
  }
});
