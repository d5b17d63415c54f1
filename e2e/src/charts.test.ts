// Issue 29, charts: an owner opens a listing's 30 days in My Listings (today's totals, bars, the
// numbers in a table); staff read the Figures screen, where a search in Kribi that found nothing
// shows by town, type and price band. At 360 and 1280 px, in English and in French (a French phone:
// the browser's language is all the apps are told), and nothing wider than the screen.
import type { PropertyRead, PublicUser } from '@mboa/contracts';
import type { Locator, Page } from 'playwright-core';
import { Browser as ApiBrowser } from '../../gateway/src/__tests__/system.js';
import { approve, createProperty, signInAdmin, signUp, unique, useSession } from './fixtures.js';
import { describeInBrowser, eventually, hasAdminApp, openPage, SETUP_TIMEOUT, startE2e, TEST_TIMEOUT, WIDTHS, type E2eSystem, type E2ePage } from './harness.js';
import { adminText, webText } from './texts.js';

let e2e: E2eSystem;
let admin: ApiBrowser;
let owner: { browser: ApiBrowser; user: PublicUser };
let listing: PropertyRead;

const LANGUAGES = [
  ['English', { language: 'en' as const, locale: 'en-GB' }],
  ['French', { language: 'fr' as const, locale: 'fr-CM' }],
] as const;

/**
 * What would cut a chart label's text: the chart's box, an ancestor that hides its overflow, the
 * screen, or the label's own box. Measured on the text itself (a range over it), with a pixel to
 * spare at the chart's sides: a letter's anti-aliased edge reaches past the text's box, so text
 * ending exactly on the chart's edge ("Aujourd’hui" at 360 px did) loses a sliver of its last letter.
 */
async function cutsOf(label: Locator): Promise<string[]> {
  return label.evaluate((el) => {
    const range = document.createRange();
    range.selectNodeContents(el);
    const text = range.getBoundingClientRect();
    const outside = (box: DOMRect, spare = 0) =>
      text.left < box.left + spare - 0.01 || text.right > box.right - spare + 0.01 || text.top < box.top - 0.01 || text.bottom > box.bottom + 0.01;
    const cuts: string[] = [];
    if (text.width === 0) cuts.push('not drawn');
    const chart = el.closest('[data-testid="insights-chart"]')!.getBoundingClientRect();
    if (outside(chart, 1)) cuts.push(`the chart (text ${text.left}-${text.right}, chart ${chart.left}-${chart.right})`);
    if (el.scrollWidth > el.clientWidth) cuts.push('its own box');
    for (let a = el.parentElement; a; a = a.parentElement) {
      const style = getComputedStyle(a);
      if ((style.overflowX !== 'visible' || style.overflowY !== 'visible') && outside(a.getBoundingClientRect())) cuts.push(`${a.tagName.toLowerCase()}.${a.className}`);
    }
    if (text.left < 0 || text.right > window.innerWidth) cuts.push('the screen');
    return cuts;
  });
}

/** Nothing on the page is wider than the screen (tables scroll inside their own box). */
async function fitsTheScreen(page: Page): Promise<void> {
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
}

describeInBrowser('charts for owners and staff', () => {
  beforeAll(async () => {
    e2e = await startE2e({ admin: true });
    admin = (await signInAdmin(e2e.system)).browser;
    owner = await signUp(e2e.system, 'landlord', { verified: true, name: 'Ngono Marie' });
    const renter = await signUp(e2e.system, 'renter', { name: 'Awa Nkem' });
    listing = await createProperty(e2e, owner.user, { title: unique('Studio Molyko charts') });
    await approve(e2e, admin, listing);
    // A renter opens the listing (a view) and asks for the owner's WhatsApp (a contact).
    await eventually(async () => (await renter.browser.get(`/api/properties/${listing.id}`)).status === 200, 'the listing in public');
    const booking = await renter.browser.post('/api/property/bookings', {
      To: { user: owner.user.id, name: owner.user.name, whatsapp: owner.user.whatsapp },
      propertyId: listing.id,
    });
    expect(booking.status).toBe(201);
    // A renter looks for a studio in Kribi under 20,000 FCFA: nothing there.
    const search = await new ApiBrowser(e2e.url).get('/api/properties/search?town=Kribi&propertyType=studio&maxPrice=20000');
    expect(search.body.total).toBe(0);
    // Views are written about a second after the page, searches every few seconds.
    await eventually(async () => {
      const res = await owner.browser.get(`/api/user/my-listings/insights?ids=${listing.id}`);
      return res.status === 200 && res.body.listings[0].views30d >= 1;
    }, 'the view counted');
    await eventually(async () => {
      const res = await admin.get('/api/admin/figures?days=30');
      return res.status === 200 && res.body.foundNothing.some((row: { town: string }) => row.town === 'Kribi');
    }, 'the search counted', 30_000);
  }, SETUP_TIMEOUT);

  afterAll(async () => {
    await e2e?.stop();
  }, SETUP_TIMEOUT);

  describe.each(WIDTHS)('at %s px', (_label, width) => {
    describe.each(LANGUAGES)('in %s', (_name, { language, locale }) => {
      let p: E2ePage;
      beforeEach(async () => {
        p = await openPage(e2e, width, { locale });
      });
      afterEach(async () => {
        const errors = p?.errors ?? [];
        await p?.close();
        expect(errors).toEqual([]);
      });
      const web = webText[language];
      const staff = adminText[language];

      test(
        "an owner opens a listing's 30 days: today's totals, the bars and every day's numbers",
        async () => {
          const { page } = p;
          // The renter's look, and the approval's own wait for the listing to be public: as the API counts them.
          const today = (await owner.browser.get(`/api/user/my-listings/insights?ids=${listing.id}`)).body.listings[0].daily.at(-1) as { views: number; contacts: number };
          expect(today.views).toBeGreaterThanOrEqual(1);
          expect(today.contacts).toBe(1);
          await useSession(e2e, p, owner.browser);
          await page.goto('/my-listings');
          // A card on a phone, a table row on a laptop.
          const card = page.locator(width.mobile ? 'li' : 'tr').filter({ hasText: listing.title });
          await card.getByText(web('insights.todayTotals', { views: web('insights.views', { count: today.views }), contacts: web('insights.contacts', { count: 1 }) })).waitFor();
          await card.getByText(web('insights.perDay', { days: 30 })).click();
          const chart = card.getByTestId('insights-chart');
          await chart.waitFor();
          await chart.getByText(web('insights.viewsPerDay'), { exact: false }).first().waitFor();
          // Under the bars, the first day on the left and "Today" on the right ("Aujourd’hui" in French), both drawn whole.
          const ends = chart.getByTestId('insights-chart-days').locator(':scope > span');
          expect(await ends.allTextContents()).toEqual([expect.any(String), web('insights.today')]);
          for (const end of await ends.all()) expect([await end.textContent(), await cutsOf(end)]).toEqual([await end.textContent(), []]);
          await chart.getByText(web('insights.numbers')).click();
          const table = chart.getByRole('table', { name: web('insights.tableCaption', { days: 30 }) });
          await table.waitFor();
          expect(await table.getByRole('row').count()).toBe(31);
          // The most recent day first: today's views and its one contact.
          expect(await table.getByRole('row').nth(1).getByRole('cell').allTextContents()).toEqual([String(today.views), '1']);
          await fitsTheScreen(page);
          await p.shot(`owner-chart-${language}`);
        },
        TEST_TIMEOUT,
      );

      (hasAdminApp ? test : test.skip)(
        'staff read the Figures: a search that found nothing in Kribi, by type and price band, with the numbers in tables',
        async () => {
          const { page } = p;
          await useSession(e2e, p, admin);
          await page.goto('/admin/figures');
          await page.getByRole('heading', { level: 1, name: staff('figures.title') }).waitFor();
          // The three queues, each with how many wait.
          for (const [key, label] of [['review', 'figures.reviewWaiting'], ['verification', 'figures.verificationWaiting'], ['reports', 'figures.reportsWaiting']] as const) {
            await page.getByTestId(`queue-${key}`).getByText(staff(label)).waitFor();
          }
          const nothing = page.getByRole('table', { name: staff('figures.foundNothingBy') });
          await nothing.waitFor();
          const kribi = nothing.getByRole('row').filter({ hasText: 'Kribi' });
          expect(await kribi.getByRole('cell').allTextContents()).toEqual([staff('labels.propertyType.studio'), staff('figures.priceBand.up-to-25k'), '1']);
          await page.getByText(staff('figures.showNumbers')).first().click();
          const listings = page.getByRole('table', { name: staff('figures.listingsPerDay') });
          await listings.waitFor();
          expect(await listings.getByRole('row').count()).toBe(31);
          // Today: the listing posted and approved.
          expect(await listings.getByRole('row').last().getByRole('cell').allTextContents()).toEqual(['1', '1', '0']);
          await fitsTheScreen(page);
          await p.shot(`admin-figures-${language}`);
        },
        TEST_TIMEOUT,
      );
    });
  });
});
