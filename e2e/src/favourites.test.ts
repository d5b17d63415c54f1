// Issue 17: favourites. A visitor not signed in taps the heart on a card of the home page (a 44 px
// toggle that says it is pressed), finds the listing on /favourites (kept on the phone), logs in
// from there and still finds it, now on their account; the heart on a listing's page saves
// another to the account, and it is still pressed after a reload. At 360 px, nothing wider than the screen.
import { type PropertyRead } from '@mboa/contracts';
import { approve, createProperty, signInAdmin, signUp, waitSearchable } from './fixtures.js';
import { describeInBrowser, openPage, SETUP_TIMEOUT, startE2e, TEST_TIMEOUT, WIDTHS, type E2eSystem, type E2ePage } from './harness.js';
import { en } from './texts.js';
import { login } from './ui.js';

let e2e: E2eSystem;
let flat: PropertyRead;
let shop: PropertyRead;
let renter: Awaited<ReturnType<typeof signUp>>;

const heartName = (title: string) => en.favourites.heart.replace('{{title}}', title);

describeInBrowser('favourites: the heart, /favourites and the merge at log-in', () => {
  beforeAll(async () => {
    e2e = await startE2e();
    const admin = (await signInAdmin(e2e.system)).browser;
    const owner = await signUp(e2e.system, 'landlord', { verified: true, name: 'Fon Emmanuel' });
    renter = await signUp(e2e.system, 'renter', { name: 'Awa Nkem' });
    flat = await createProperty(e2e, owner.user, { title: 'Flat near Molyko stadium', town: 'Buea', price: 65_000 });
    shop = await createProperty(e2e, owner.user, { title: 'Shop on Great Soppo road', town: 'Buea', category: 'commercial', price: 90_000 });
    await approve(e2e, admin, flat);
    await approve(e2e, admin, shop);
    await waitSearchable(e2e, flat.id);
  }, SETUP_TIMEOUT);

  afterAll(async () => {
    await e2e?.stop();
  }, SETUP_TIMEOUT);

  let p: E2ePage;
  afterEach(async () => {
    if (!p) return;
    const errors = p.errors;
    await p.close();
    expect(errors).toEqual([]);
  });

  test(
    'a heart tapped signed out is on /favourites, and still there from the account after logging in',
    async () => {
      const width = WIDTHS[0][1];
      p = await openPage(e2e, width);
      const { page } = p;
      await page.goto('/');
      const card = page.getByRole('article').filter({ hasText: flat.title });
      const heart = card.getByRole('button', { name: heartName(flat.title) });
      await heart.waitFor();
      expect(await heart.getAttribute('aria-pressed')).toBe('false');
      const box = await heart.boundingBox();
      expect(box && Math.min(box.width, box.height)).toBeGreaterThanOrEqual(44);
      await heart.click();
      await page.waitForFunction(
        (name) => document.querySelector(`button[aria-label="${name}"]`)?.getAttribute('aria-pressed') === 'true',
        heartName(flat.title),
      );
      expect(await page.evaluate(() => localStorage.getItem('mboa.favourites'))).toBe(JSON.stringify([flat.id]));

      // The top bar's link (in the menu on a phone) opens the list.
      await page.goto('/favourites');
      await page.getByRole('heading', { level: 1, name: en.favourites.title }).waitFor();
      await page.getByRole('article').filter({ hasText: flat.title }).waitFor();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width.width);
      await p.shot('favourites-device');

      // Log in from the page's note: back on /favourites, the listing now comes from the account.
      await page.locator('.notice').getByRole('link', { name: en.nav.login }).click();
      await login(page, renter.user.email, renter.password);
      await page.waitForURL('**/favourites');
      await page.getByRole('article').filter({ hasText: flat.title }).waitFor();
      expect(await page.locator('.notice').count()).toBe(0);
      const ids = await renter.browser.get('/api/favourites/ids');
      expect(ids.body).toEqual({ propertyIds: [flat.id] });
      expect(await page.evaluate(() => localStorage.getItem('mboa.favourites'))).toBe('[]');

      // The heart on a listing's page saves to the account; a reload still shows it pressed.
      await page.goto(`/property-details/${shop.id}`);
      const detailsHeart = page.getByRole('button', { name: heartName(shop.title) });
      await detailsHeart.click();
      await page.waitForFunction(
        (name) => document.querySelector(`button[aria-label="${name}"]`)?.getAttribute('aria-pressed') === 'true',
        heartName(shop.title),
      );
      await page.reload();
      await page.waitForFunction(
        (name) => document.querySelector(`button[aria-label="${name}"]`)?.getAttribute('aria-pressed') === 'true',
        heartName(shop.title),
      );
      expect((await renter.browser.get('/api/favourites/ids')).body.propertyIds).toEqual([shop.id, flat.id]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width.width);
      await p.shot('favourites-details');
    },
    TEST_TIMEOUT,
  );
});
