// Issue 16: on a listing's page a visitor sees who they are dealing with (first name, verified by
// our team, member since, active listings) and reports the listing without signing in; the
// server's thanks shows, the page then says it was reported, and the staff queue has the report.
import { INTL_LOCALES, MESSAGES, MESSAGES_FR, propertyDetailsPath, type PropertyRead, type PublicUser, type ReportQueueReply } from '@mboa/contracts';
import { Browser as ApiBrowser } from '../../gateway/src/__tests__/system.js';
import { approve, createProperty, signInAdmin, signUp } from './fixtures.js';
import { describeInBrowser, openPage, SETUP_TIMEOUT, startE2e, TEST_TIMEOUT, WIDTHS, type E2eSystem, type E2ePage } from './harness.js';
import { en, fr, webText } from './texts.js';
import { expectToast } from './ui.js';

let e2e: E2eSystem;
let admin: ApiBrowser;
let owner: { browser: ApiBrowser; user: PublicUser };
let listing: PropertyRead;

/** "November 2026" / "novembre 2026", as the page writes a month (Douala time). */
const monthYear = (when: string, language: 'en' | 'fr') =>
  new Intl.DateTimeFormat(INTL_LOCALES[language], { month: 'long', year: 'numeric', timeZone: 'Africa/Douala' }).format(new Date(when));

describeInBrowser('report a listing, and who you are dealing with', () => {
  beforeAll(async () => {
    e2e = await startE2e();
    admin = (await signInAdmin(e2e.system)).browser;
    owner = await signUp(e2e.system, 'landlord', { verified: true, name: 'Eyong Tabe', whatsapp: '677123456' });
    listing = await createProperty(e2e, owner.user, { title: 'Two-bedroom flat in Molyko', town: 'Buea', neighbourhood: 'Molyko' });
    const second = await createProperty(e2e, owner.user, { title: 'Studio in Great Soppo', town: 'Buea', neighbourhood: 'Great Soppo' });
    await createProperty(e2e, owner.user, { title: 'Flat still in review', town: 'Buea' });
    for (const p of [listing, second]) await approve(e2e, admin, p);
  }, SETUP_TIMEOUT);

  afterAll(async () => {
    await e2e?.stop();
  }, SETUP_TIMEOUT);

  test('the details answer carries the owner card through the gateway, and nothing private', async () => {
    const res = await new ApiBrowser(e2e.url).get(`/api/properties/${listing.id}`);
    expect(res.status).toBe(200);
    const card = (res.body as PropertyRead).owner;
    expect(card).toEqual({ firstName: 'Eyong', verified: true, memberSince: owner.user.createdAt, activeListings: 2 });
    expect(JSON.stringify(card)).not.toContain(owner.user.email);
  });

  describe.each(WIDTHS)('at %s px', (_label, width) => {
    let p: E2ePage;
    beforeEach(async () => {
      p = await openPage(e2e, width);
    });
    afterEach(async () => {
      const errors = p.errors;
      await p.close();
      expect(errors).toEqual([]);
    });

    test(
      'a visitor sees the owner card, reports the listing as already rented, and the page says it was reported',
      async () => {
        const { page } = p;
        await page.goto(propertyDetailsPath(listing.id));
        await page.getByRole('heading', { level: 1, name: listing.title }).waitFor();

        const card = page.getByRole('region', { name: en.ownerCard.title });
        await card.getByText('Eyong', { exact: true }).waitFor();
        await card.getByText(en.ownerCard.verified).waitFor();
        await card.getByText(webText.en('ownerCard.memberSince', { date: monthYear(owner.user.createdAt, 'en') })).waitFor();
        await card.getByText(webText.en('ownerCard.activeListings', { count: 2 })).waitFor();

        await page.getByRole('button', { name: en.report.open }).click();
        const dialog = page.getByRole('dialog', { name: en.report.title });
        await dialog.waitFor();
        // "Other" needs a few words: the form says so before anything is sent.
        await dialog.getByRole('radio', { name: en.labels.reportReason.other }).check();
        await dialog.getByRole('button', { name: en.report.send }).click();
        await dialog.getByRole('alert').getByText(MESSAGES.report.textRequired).waitFor();
        await dialog.getByRole('radio', { name: en.labels.reportReason.rented }).check();
        await dialog.getByRole('textbox', { name: en.report.detailsOptional }).fill(`Rented last week (${width.width} px)`);
        await p.shot('report-dialog');
        await dialog.getByRole('button', { name: en.report.send }).click();

        await expectToast(page, MESSAGES.report.created);
        await dialog.waitFor({ state: 'detached' });
        await page.getByText(en.report.reported).waitFor();
        expect(await page.getByRole('button', { name: en.report.open }).count()).toBe(0);
        await p.shot('report-done');

        // Reloading keeps the state; staff see the report in their queue.
        await page.reload();
        await page.getByText(en.report.reported).waitFor();
        const queue = await admin.get('/api/admin/reports');
        const found = (queue.body as ReportQueueReply).cases.find((c) => c.propertyId === listing.id);
        expect(found?.reports.map((r) => r.text)).toContain(`Rented last week (${width.width} px)`);
      },
      TEST_TIMEOUT,
    );
  });

  test(
    'in French: the card, the reasons and the server\'s thanks read in French',
    async () => {
      const [, phone] = WIDTHS[0];
      const p = await openPage(e2e, phone, { locale: 'fr-CM' });
      try {
        const { page } = p;
        await page.goto(propertyDetailsPath(listing.id));
        await page.getByRole('heading', { level: 1, name: listing.title }).waitFor();
        const card = page.getByRole('region', { name: fr.ownerCard.title });
        await card.getByText(webText.fr('ownerCard.memberSince', { date: monthYear(owner.user.createdAt, 'fr') })).waitFor();
        await card.getByText(webText.fr('ownerCard.activeListings', { count: 2 })).waitFor();

        await page.getByRole('button', { name: fr.report.open }).click();
        const dialog = page.getByRole('dialog', { name: fr.report.title });
        await dialog.getByRole('radio', { name: fr.labels.reportReason['wrong-price'] }).check();
        await dialog.getByRole('button', { name: fr.report.send }).click();
        await expectToast(page, MESSAGES_FR.report.created);
        await page.getByText(fr.report.reported).waitFor();
        expect(p.errors).toEqual([]);
      } finally {
        await p.close();
      }
    },
    TEST_TIMEOUT,
  );
});
