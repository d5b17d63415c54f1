// Issue 17, a flaky connection: after a first visit the public app opens with the network off and
// shows the last search's results (a listing read before, one hearted) with the offline notice, a signed-in
// renter's /favourites opens with its cards; a post in
// progress in the wizard, photo included, survives a reload. Chromium at 360 px, in English.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { propertyDetailsPath, type PropertyRead } from '@mboa/contracts';
import type { Page } from 'playwright-core';
import { approve, createProperty, jpeg, signInAdmin, signUp, useSession } from './fixtures.js';
import { describeInBrowser, openPage, SETUP_TIMEOUT, startE2e, TEST_TIMEOUT, WIDTHS, type E2eSystem, type E2ePage } from './harness.js';
import { en, webText } from './texts.js';

let e2e: E2eSystem;
let owner: Awaited<ReturnType<typeof signUp>>;
let inKribi: PropertyRead;
let inBuea: PropertyRead;
let photoDir: string;
let photo: string;
const mobile = WIDTHS[0][1];
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The service worker controls the page and holds the language texts the page loaded (handed over after load). */
async function workerReady(page: Page): Promise<void> {
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 20_000 });
  await page.waitForFunction(
    async () => (await (await caches.open('mboa-assets')).keys()).some((request) => /\/assets\/bundle\.en-/.test(request.url)),
    null,
    { timeout: 20_000, polling: 200 },
  );
}

describeInBrowser('a flaky connection: the installable app offline', () => {
  beforeAll(async () => {
    e2e = await startE2e();
    const admin = (await signInAdmin(e2e.system)).browser;
    owner = await signUp(e2e.system, 'landlord', { verified: true, name: 'Ngo Bisseck Clarisse' });
    inKribi = await createProperty(e2e, owner.user, { title: 'Sea-view studio at Kribi lighthouse', town: 'Kribi', propertyType: 'studio' });
    inBuea = await createProperty(e2e, owner.user, { title: 'Two rooms at Buea town', town: 'Buea' });
    await approve(e2e, admin, inKribi);
    await approve(e2e, admin, inBuea);
    photoDir = await mkdtemp(path.join(tmpdir(), 'mboa-e2e-offline-'));
    photo = path.join(photoDir, 'front.jpg');
    await writeFile(photo, await jpeg(1600, 1200, '#3b7a57', 'front'));
  }, SETUP_TIMEOUT);

  afterAll(async () => {
    await e2e?.stop();
    if (photoDir) await rm(photoDir, { recursive: true, force: true });
  }, SETUP_TIMEOUT);

  let p: E2ePage;
  afterEach(async () => {
    const errors = p.errors;
    await p.close();
    expect(errors).toEqual([]);
  });

  test(
    'with the network off, the app opens on the last results with the offline notice; a listing read before and one hearted still open',
    async () => {
      p = await openPage(e2e, mobile);
      const { page, context } = p;
      // The worker and the manifest as the gateway serves them.
      const sw = await page.request.get('/sw.js');
      expect(sw.headers()['cache-control']).toBe('no-cache');
      expect(sw.headers()['content-type']).toMatch(/javascript/);
      const manifest = await page.request.get('/manifest.webmanifest');
      expect(manifest.headers()['content-type']).toMatch(/^application\/manifest\+json/);
      expect((await manifest.json()) as object).toMatchObject({ name: 'Mboa Rentals', start_url: '/', display: 'standalone' });

      await page.goto('/');
      const bueaCard = page.getByRole('article').filter({ hasText: inBuea.title });
      await bueaCard.waitFor();
      await workerReady(page);
      // A listing hearted, never opened: its details are kept for reading offline.
      await bueaCard.getByRole('button', { name: webText.en('favourites.heart', { title: inBuea.title }) }).click();
      await page.waitForFunction(
        async (id) => Boolean(await (await caches.open('mboa-details')).match(`/api/properties/${id}`)),
        inBuea.id,
        { timeout: 15_000, polling: 200 },
      );

      // A search made once the worker is there, then the listing opened from it.
      await page.getByRole('searchbox', { name: en.home.searchLabel }).fill('Kribi');
      const kribiCard = page.getByRole('article').filter({ hasText: inKribi.title });
      await bueaCard.waitFor({ state: 'detached' });
      await kribiCard.waitFor();
      await kribiCard.getByRole('link').first().click();
      await page.getByRole('heading', { level: 1, name: inKribi.title }).waitFor();
      await page.goBack();
      await kribiCard.waitFor();

      await context.setOffline(true);
      await page.reload();
      // Really offline, the worker's own requests included: a search never made has no answer.
      const unknown = await page.evaluate(() => fetch('/api/properties/search?town=Bamenda').then((r) => `answered ${r.status}`, () => 'failed'));
      expect(unknown).toBe('failed');
      const notice = page.getByRole('status').filter({ hasText: en.offline.offline });
      await notice.waitFor();
      await kribiCard.waitFor();
      expect(await bueaCard.count()).toBe(0);
      expect(await page.getByRole('searchbox', { name: en.home.searchLabel }).inputValue()).toBe('Kribi');
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(mobile.width);
      await p.shot('offline-home');

      await kribiCard.getByRole('link').first().click();
      await page.getByRole('heading', { level: 1, name: inKribi.title }).waitFor();
      await notice.waitFor();
      await page.goto(propertyDetailsPath(inBuea.id));
      await page.getByRole('heading', { level: 1, name: inBuea.title }).waitFor();
      await notice.waitFor();

      // The admin app and the API are never answered with the public app's shell.
      await expect(page.goto('/admin/')).rejects.toThrow(/ERR_INTERNET_DISCONNECTED/);
      await context.setOffline(false);
      await page.goto(propertyDetailsPath(inKribi.id));
      await page.getByRole('heading', { level: 1, name: inKribi.title }).waitFor();
      await notice.waitFor({ state: 'detached' });
    },
    TEST_TIMEOUT,
  );

  test(
    'signed in, the account’s favourites open offline from /favourites, a heart pressed just before included',
    async () => {
      p = await openPage(e2e, mobile);
      const { page, context } = p;
      const renter = await signUp(e2e.system, 'renter');
      await useSession(e2e, p, renter.browser);
      await page.goto('/');
      const kribiCard = page.getByRole('article').filter({ hasText: inKribi.title });
      await kribiCard.waitFor();
      await workerReady(page);
      await kribiCard.getByRole('button', { name: webText.en('favourites.heart', { title: inKribi.title }) }).click();
      // Who is signed in (asked by the worker once installed) and the list with the new heart (asked again after the change).
      const listKept = () =>
        page.evaluate(async (id) => {
          const account = await caches.open('mboa-account');
          const kept = await Promise.all(['/api/me', '/api/favourites/ids', '/api/favourites'].map((path) => account.match(path, { ignoreVary: true })));
          return kept.every(Boolean) && (await Promise.all(kept.slice(1).map((answer) => answer!.text()))).every((text) => text.includes(id));
        }, inKribi.id);
      for (let tries = 0; !(await listKept()); tries++) {
        if (tries > 75) throw new Error('the account’s favourites were never kept for offline reading');
        await page.waitForTimeout(200);
      }

      await context.setOffline(true);
      // Never opened online: the page itself comes from the precache, the cards from the account's copy.
      await page.goto('/favourites');
      await page.getByRole('article').filter({ hasText: inKribi.title }).waitFor();
      await page.getByRole('status').filter({ hasText: en.offline.offline }).waitFor();
      await p.shot('offline-favourites');
      await context.setOffline(false);
    },
    TEST_TIMEOUT,
  );

  test(
    'a post in progress keeps its fields and its photo across a reload, until Start over',
    async () => {
      p = await openPage(e2e, mobile);
      const { page } = p;
      await useSession(e2e, p, owner.browser);
      await page.goto('/post-property');
      const next = page.getByRole('button', { name: en.app.continue, exact: true });
      const title = 'Furnished studio near Kribi beach';

      await page.getByRole('heading', { level: 2, name: en.post.steps[0] }).waitFor();
      await page.locator('fieldset').getByText(en.labels.category.residential, { exact: true }).click();
      await page.getByRole('combobox', { name: new RegExp(`^${en.post.propertyType}`) }).selectOption('studio');
      await next.click();
      await page.getByRole('combobox', { name: new RegExp(`^${en.town.label}`) }).fill('Kri');
      await page.getByRole('option', { name: 'Kribi', exact: true }).click();
      await page.getByRole('textbox', { name: new RegExp(`^${en.post.neighbourhood}`) }).fill('Mokolo');
      await next.click();
      for (const [label, value] of [
        [en.post.bedrooms, '1'],
        [en.post.toilets, '1'],
        [en.post.size, '30'],
      ] as const) {
        await page.getByRole('spinbutton', { name: new RegExp(`^${escape(label)}`) }).fill(value);
      }
      await next.click();
      await page.getByRole('textbox', { name: new RegExp(`^${en.post.titleLabel}`) }).fill(title);
      await page.getByRole('textbox', { name: new RegExp(`^${en.post.descriptionLabel}`) }).fill('Tiled, furnished, five minutes from the beach.');
      await next.click();
      await page.getByRole('spinbutton', { name: new RegExp(`^${escape(en.post.price)}`) }).fill('45000');
      await page.getByRole('combobox', { name: new RegExp(`^${en.post.paymentTerm}`) }).selectOption('monthly');
      await next.click();
      await next.click();
      await page.getByRole('heading', { level: 2, name: en.post.steps[6] }).waitFor();
      await page.getByTestId('image-input').setInputFiles([photo]);
      const oneOfTen = page.getByText(webText.en('post.photosCount', { n: 1, max: 10 }));
      await oneOfTen.waitFor();
      // The photo is written to the device at once; the fields a moment after the last keystroke.
      await page.waitForTimeout(600);

      await page.reload();
      const restored = page.getByRole('status').filter({ hasText: en.offline.draftRestored });
      await restored.waitFor();
      await page.getByRole('heading', { level: 2, name: en.post.steps[6] }).waitFor();
      await oneOfTen.waitFor();
      expect(await page.locator('.previews img').first().evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
      await next.click();
      await page.getByRole('heading', { level: 2, name: en.post.steps[7] }).waitFor();
      await page.getByText(title).first().waitFor();
      await p.shot('offline-draft');

      await restored.getByRole('button', { name: en.offline.startOver }).click();
      await page.getByRole('heading', { level: 2, name: en.post.steps[0] }).waitFor();
      await page.waitForTimeout(400);
      await page.reload();
      await page.getByRole('heading', { level: 2, name: en.post.steps[0] }).waitFor();
      await page.waitForTimeout(300);
      expect(await restored.count()).toBe(0);
    },
    TEST_TIMEOUT,
  );
});
