// Issue 17, saved searches: a signed-out renter chooses filters on Home and taps "Save this
// search", logs in, comes back to the same filters and saves them under their automatic name; the
// profile lists the search, where its alerts become a daily digest, it is renamed and deleted.
import type { PublicUser } from '@mboa/contracts';
import type { Browser as ApiBrowser } from '../../gateway/src/__tests__/system.js';
import { signUp } from './fixtures.js';
import { describeInBrowser, openPage, SETUP_TIMEOUT, startE2e, TEST_TIMEOUT, WIDTHS, type E2eSystem, type E2ePage } from './harness.js';
import { en, webText } from './texts.js';
import { expectText, login } from './ui.js';

let e2e: E2eSystem;

interface SavedSearchSeen {
  name: string;
  frequency: string;
}
const savedSearches = async (renter: ApiBrowser): Promise<SavedSearchSeen[]> => (await renter.get('/api/saved-searches')).body.searches as SavedSearchSeen[];

describeInBrowser('saved searches: save from the filters, see it in the profile', () => {
  beforeAll(async () => {
    e2e = await startE2e();
  }, SETUP_TIMEOUT);

  afterAll(async () => {
    await e2e?.stop();
  }, SETUP_TIMEOUT);

  describe.each(WIDTHS)('at %s px', (_label, width) => {
    let p: E2ePage;
    let renter: { browser: ApiBrowser; user: PublicUser; password: string };
    beforeEach(async () => {
      p = await openPage(e2e, width);
      renter = await signUp(e2e.system, 'renter');
    });
    afterEach(async () => {
      const errors = p.errors;
      await p.close();
      expect(errors).toEqual([]);
    });

    test(
      'signed out, Save this search goes to log in and back; saved, it is listed in the profile, where it is changed and deleted',
      async () => {
        const { page } = p;
        await page.goto('/');
        await page.getByRole('button', { name: en.home.filters, exact: false }).first().click();
        const panel = page.locator('#home-filters');
        await panel.getByText(en.labels.category.residential, { exact: true }).click();
        await panel.getByLabel(en.filters.propertyType).selectOption('studio');
        await panel.getByLabel(en.filters.maxPrice).fill('50000');
        await panel.getByRole('button', { name: en.filters.showResults }).click();
        await expectText(page.getByTestId('filter-count'), '3');

        const save = page.getByRole('button', { name: en.savedSearches.save, exact: true });
        await save.click();
        await page.waitForURL('**/login');
        await login(page, renter.user.email, renter.password);
        await page.waitForURL((url) => url.pathname === '/');
        // Back on Home with the same filters: one tap saves them.
        await expectText(page.getByTestId('filter-count'), '3');
        await save.click();
        const name = 'Studios under 50,000 FCFA';
        await expectText(page.getByRole('status').filter({ hasText: name }), webText.en('savedSearches.saved', { name }));
        await p.shot('saved-search-home');
        expect(await savedSearches(renter.browser)).toMatchObject([{ name, frequency: 'instant' }]);

        await page.goto('/profile');
        const section = page.getByRole('region', { name: en.savedSearches.title });
        await expectText(section.locator('.saved-search-name'), name);
        await section.getByLabel(webText.en('savedSearches.frequency', { name })).selectOption('daily');
        await expectText(section.getByLabel(webText.en('savedSearches.frequency', { name })).locator('option:checked'), en.savedSearches.daily);
        await section.getByRole('button', { name: en.savedSearches.rename, exact: true }).click();
        await section.getByLabel(webText.en('savedSearches.renameLabel', { name })).fill('Near campus');
        await section.getByRole('button', { name: en.savedSearches.saveName, exact: true }).click();
        await expectText(section.locator('.saved-search-name'), 'Near campus');
        await p.shot('saved-search-profile');
        expect(await savedSearches(renter.browser)).toMatchObject([{ name: 'Near campus', frequency: 'daily' }]);

        await section.getByRole('button', { name: webText.en('savedSearches.removeLabel', { name: 'Near campus' }) }).click();
        await section.getByText(en.savedSearches.empty).waitFor();
        expect(await savedSearches(renter.browser)).toEqual([]);
      },
      TEST_TIMEOUT,
    );
  });
});
