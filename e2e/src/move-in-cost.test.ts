// Issue 16: a listing's page shows what a renter pays to move in (rent, caution, advance, total)
// and that nobody should pay before a visit; the Message Landlord dialog repeats it. In English on
// an English phone, in French on a French one, at both widths.
import { LISTINGS_PATTERNS, MESSAGES, propertyDetailsPath, type PropertyRead, type PublicUser } from '@mboa/contracts';
import { rpcFor } from '../../gateway/src/__tests__/people.js';
import type { Browser as ApiBrowser } from '../../gateway/src/__tests__/system.js';
import { approve, signInAdmin, signUp, useSession } from './fixtures.js';
import { describeInBrowser, openPage, SETUP_TIMEOUT, startE2e, TEST_TIMEOUT, WIDTHS, type E2eSystem, type E2ePage } from './harness.js';
import { en, fr, webText } from './texts.js';
import { expectText } from './ui.js';

let e2e: E2eSystem;
let renter: { browser: ApiBrowser; user: PublicUser };
let listing: PropertyRead;

describeInBrowser('what a renter pays to move in', () => {
  beforeAll(async () => {
    e2e = await startE2e();
    const admin = (await signInAdmin(e2e.system)).browser;
    const owner = await signUp(e2e.system, 'landlord', { verified: true, name: 'Ngono Claire' });
    renter = await signUp(e2e.system, 'renter');
    const rpc = await rpcFor(e2e.system);
    try {
      listing = await rpc.call(LISTINGS_PATTERNS.propertyCreate, {
        actor: { userId: owner.user.id, role: owner.user.role, isVerified: true, name: owner.user.name },
        data: {
          category: 'residential',
          propertyType: 'studio',
          title: 'Studio in Molyko, six months ahead',
          paymentTerm: 'monthly',
          price: 35000,
          caution: 70000,
          advanceMonths: 6,
          description: 'Tiled studio, water in the compound.',
          availability: 'available',
          location: { country: 'Cameroon', town: 'Buea', neighbourhood: 'Molyko' },
          specifications: { bedrooms: 1, toilets: 1, size: 22 },
          amenities: ['water'],
        },
        images: [],
      });
    } finally {
      await rpc.close();
    }
    await approve(e2e, admin, listing);
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

    test(
      'in English: rent, caution, 6 months of advance and the total, then the advice again before messaging',
      async () => {
        p = await openPage(e2e, width);
        await useSession(e2e, p, renter.browser);
        const { page } = p;
        await page.goto(propertyDetailsPath(listing.id));
        const box = page.getByRole('region', { name: en.moveIn.title });
        await expectText(box.locator('dt', { hasText: en.moveIn.rent.monthly }).locator('xpath=following-sibling::dd[1]'), '35,000 FCFA');
        await expectText(box.locator('dt', { hasText: en.moveIn.caution }).locator('xpath=following-sibling::dd[1]'), '70,000 FCFA');
        await expectText(box.locator('dt', { hasText: webText.en('moveIn.advance', { count: 6 }) }).locator('xpath=following-sibling::dd[1]'), '210,000 FCFA');
        await expectText(box.getByTestId('move-in-total'), '280,000 FCFA');
        await box.getByText(en.moveIn.safety).waitFor();
        await p.shot('move-in-cost');

        await page.getByRole('link', { name: MESSAGES.ui.messageLandlord }).click();
        await page.getByRole('dialog').getByText(en.moveIn.safetyShort).waitFor();
      },
      TEST_TIMEOUT,
    );

    test(
      'in French on a French phone',
      async () => {
        p = await openPage(e2e, width, { locale: 'fr-CM' });
        const { page } = p;
        await page.goto(propertyDetailsPath(listing.id));
        const box = page.getByRole('region', { name: fr.moveIn.title });
        await expectText(box.locator('dt', { hasText: webText.fr('moveIn.advance', { count: 6 }) }).locator('xpath=following-sibling::dd[1]'), '210 000 FCFA');
        await expectText(box.getByTestId('move-in-total'), '280 000 FCFA');
        await box.getByText(fr.moveIn.total).waitFor();
        await box.getByText(fr.moveIn.safety).waitFor();
        await p.shot('move-in-cost-fr');
      },
      TEST_TIMEOUT,
    );
  });
});
