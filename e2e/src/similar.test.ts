// Issue 17: a listing's page ends with "Similar listings", the cards of public listings of the same
// category and town, read only once the reader scrolls down; a card opens that listing. In English
// and on a French phone, at both widths, with nothing wider than the screen.
import { propertyDetailsPath, type PropertyRead } from '@mboa/contracts';
import { approve, createProperty, signInAdmin, signUp } from './fixtures.js';
import { describeInBrowser, openPage, SETUP_TIMEOUT, startE2e, TEST_TIMEOUT, WIDTHS, type E2eSystem, type E2ePage } from './harness.js';
import { en, fr } from './texts.js';

let e2e: E2eSystem;
let shown: PropertyRead;
let like: PropertyRead;

describeInBrowser('similar listings on a listing page', () => {
  beforeAll(async () => {
    e2e = await startE2e();
    const admin = (await signInAdmin(e2e.system)).browser;
    const owner = await signUp(e2e.system, 'landlord', { verified: true, name: 'Fon Emmanuel' });
    const town = 'Kumba';
    shown = await createProperty(e2e, owner.user, { title: 'Flat at Fiango junction', town, propertyType: 'apartment', price: 60_000 });
    like = await createProperty(e2e, owner.user, { title: 'Flat behind Kumba market, two bedrooms and a parlour', town, propertyType: 'apartment', price: 55_000 });
    await approve(e2e, admin, shown);
    await approve(e2e, admin, like);
  }, SETUP_TIMEOUT);

  afterAll(async () => {
    await e2e?.stop();
  }, SETUP_TIMEOUT);

  describe.each(WIDTHS)('at %s px', (_label, width) => {
    let p: E2ePage;
    afterEach(async () => {
      const errors = p.errors;
      await p.close();
      expect(errors).toEqual([]);
    });

    for (const [language, texts, locale] of [
      ['English', en, undefined],
      ['French, on a French phone', fr, 'fr-CM'],
    ] as const) {
      test(
        `in ${language}: the cards at the bottom of the page, within the screen; a card opens its listing`,
        async () => {
          p = await openPage(e2e, width, locale ? { locale } : {});
          const { page } = p;
          await page.goto(propertyDetailsPath(shown.id));
          await page.getByRole('heading', { level: 1, name: shown.title }).waitFor();
          await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
          const section = page.getByRole('region', { name: texts.similar.title });
          const card = section.getByRole('article').filter({ hasText: like.title });
          await card.waitFor();
          expect(await section.getByRole('article').count()).toBe(1);
          expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width.width);
          await p.shot(`similar-${locale ?? 'en'}`);
          await card.getByRole('link').click();
          await page.getByRole('heading', { level: 1, name: like.title }).waitFor();
        },
        TEST_TIMEOUT,
      );
    }
  });
});
