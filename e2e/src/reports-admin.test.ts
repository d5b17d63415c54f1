// Issue 16: staff see a listing reported as a scam by three people in the admin Reports queue (held
// out of search, stand-out row, counts, reporters) and dismiss the reports, which brings it back; in
// French they deactivate another and read the server's answer in French; a listing whose photo is
// another owner's earlier photo shows both side by side on the review screen, and Approve asks first.
import { LIMITS, MESSAGES, MESSAGES_FR, REPORT_REASON_LABELS, REPORT_REASON_LABELS_FR, type PropertyRead, type PublicUser } from '@mboa/contracts';
import pg from 'pg';
import type { Page } from 'playwright-core';
import { Browser as ApiBrowser } from '../../gateway/src/__tests__/system.js';
import { en as t } from '../../admin-web/src/i18n/en.js';
import { approve, createProperty, postWithPhotos, signInAdmin, signUp, unique, useSession } from './fixtures.js';
import { describeInBrowser, eventually, hasAdminApp, hasMediaStarter, openPage, SETUP_TIMEOUT, startE2e, TEST_TIMEOUT, WIDTHS, type E2eSystem, type E2ePage, type Width } from './harness.js';
import { adminFr as fr, adminText, englishOnlyTexts } from './texts.js';
import { expectToast } from './ui.js';

let e2e: E2eSystem;
let admin: ApiBrowser;
let owner: { browser: ApiBrowser; user: PublicUser };
let copier: { browser: ApiBrowser; user: PublicUser };
let reporters: { browser: ApiBrowser; user: PublicUser }[];

describeInBrowser(
  'admin Reports queue and reused photos',
  () => {
    beforeAll(async () => {
      e2e = await startE2e({ admin: true, trustLoopbackProxy: true });
      admin = (await signInAdmin(e2e.system)).browser;
      owner = await signUp(e2e.system, 'landlord', { verified: true, name: 'Ngono Pauline' });
      copier = await signUp(e2e.system, 'landlord', { verified: true, name: 'Fake Landlord' });
      reporters = [];
      for (const name of ['Rita Renter', 'Tom Tenant', 'Ada Nkem']) reporters.push(await signUp(e2e.system, 'renter', { name }));
      // Only accounts that are not brand new hold a listing (docs/api.md#reporting-a-listing): these
      // three signed up long enough ago, as their creation time moved back in auth's database says.
      const auth = new pg.Client({ connectionString: e2e.system.context.db.urlFor('auth') });
      await auth.connect();
      try {
        await auth.query(`UPDATE "auth"."users" SET created_at = (now() AT TIME ZONE 'UTC') - make_interval(days => $2, mins => 1) WHERE id = ANY($1::uuid[])`, [
          reporters.map((r) => r.user.id),
          LIMITS.reports.establishedAccountDays,
        ]);
      } finally {
        await auth.end();
      }
    }, SETUP_TIMEOUT);

    afterAll(async () => {
      await e2e?.stop();
    }, SETUP_TIMEOUT);

    describe.each(WIDTHS)('at %s px', (_label, width) => {
      let p: E2ePage;
      beforeEach(async () => {
        p = await openPage(e2e, width);
      });
      afterEach(async () => {
        const errors = p?.errors ?? [];
        await p?.close();
        expect(errors).toEqual([]);
      });

      test(
        'a listing reported as a scam by three people is held, shows first and stands out in the queue; staff dismiss the reports and it is back',
        async () => {
          const { page } = p;
          const listing = await createProperty(e2e, owner.user, { title: unique('Studio Molyko scam check') });
          await approve(e2e, admin, listing);
          const texts = ['He wants 10,000 FCFA by Mobile Money before any visit.', '', ''];
          for (const [i, reporter] of reporters.entries()) {
            // Three people on three connections (one address within an hour would count once).
            const res = await reporter.browser.post(`/api/properties/${listing.id}/reports`, { reason: 'scam', text: texts[i] || undefined }, { 'x-forwarded-for': `10.60.0.${i + 1}` });
            expect(res.status).toBe(201);
          }
          // Held: the public no longer sees it.
          await eventually(async () => (await new ApiBrowser(e2e.url).get(`/api/properties/${listing.id}`)).status === 404, 'the hold');

          await useSession(e2e, p, admin);
          await page.goto('/admin/');
          await page.getByRole('heading', { level: 1, name: t.dashboard.title }).waitFor();
          await navigate(page, width, t.nav.reports);
          await page.getByRole('heading', { level: 1, name: t.reports.title }).waitFor();
          const row = page.getByTestId(`report-row-${listing.id}`);
          await row.waitFor();
          expect(await row.evaluate((el) => el.classList.contains('row-held'))).toBe(true);
          await row.getByText(t.reports.held, { exact: true }).waitFor();
          await row.getByText(adminText.en('reports.total', { count: 3 }), { exact: true }).waitFor();
          expect((await row.getByTestId('reasons').textContent())?.trim()).toBe(`3 ${REPORT_REASON_LABELS.scam}`);
          expect(await row.getByTestId('reporters').textContent()).toBe('Ada Nkem, Tom Tenant, Rita Renter');
          await row.getByText(texts[0]).waitFor();
          expect(await row.getByRole('link', { name: t.reports.publicPage }).getAttribute('href')).toBe(`/property-details/${listing.id}`);
          await p.shot('admin-reports-held');

          await row.getByRole('button', { name: adminText.en('menu.open', { what: listing.title }) }).click();
          await page.getByRole('menuitem', { name: t.reports.dismiss, exact: true }).click();
          const dialog = page.getByRole('dialog', { name: t.reports.dismissTitle });
          await dialog.getByText(t.reports.dismissHeld).waitFor();
          await p.shot('admin-reports-confirm');
          await dialog.getByRole('button', { name: t.reports.dismiss, exact: true }).click();
          await expectToast(page, MESSAGES.report.dismissed);
          await row.waitFor({ state: 'detached' });
          // Back for everyone at once.
          expect((await new ApiBrowser(e2e.url).get(`/api/properties/${listing.id}`)).status).toBe(200);
        },
        TEST_TIMEOUT,
      );

      test(
        'in French, staff deactivate a reported listing: French queue, confirmation and the server’s French answer',
        async () => {
          const { page } = p;
          const listing = await createProperty(e2e, owner.user, { title: unique('Appartement Bonamoussadi') });
          await approve(e2e, admin, listing);
          expect((await reporters[0].browser.post(`/api/properties/${listing.id}/reports`, { reason: 'rented' })).status).toBe(201);

          await useSession(e2e, p, admin);
          await page.goto('/admin/reports');
          await page.getByRole('heading', { level: 1, name: t.reports.title }).waitFor();
          await page.getByRole('button', { name: 'Français' }).click();
          await page.getByRole('heading', { level: 1, name: fr.reports.title }).waitFor();
          const row = page.getByTestId(`report-row-${listing.id}`);
          expect((await row.getByTestId('reasons').textContent())?.trim()).toBe(`1 ${REPORT_REASON_LABELS_FR.rented}`);
          expect(await row.evaluate((el) => el.classList.contains('row-held'))).toBe(false);
          await row.getByRole('button', { name: adminText.fr('menu.open', { what: listing.title }) }).click();
          await page.getByRole('menuitem', { name: fr.reports.deactivate, exact: true }).click();
          const dialog = page.getByRole('dialog', { name: fr.reports.deactivateTitle });
          await dialog.getByText(adminText.fr('reports.deactivateText', { count: 1, title: listing.title })).waitFor();
          expect(await englishLeftOn(page)).toEqual([]);
          await dialog.getByRole('button', { name: fr.reports.deactivate, exact: true }).click();
          await expectToast(page, MESSAGES_FR.report.deactivated);
          await row.waitFor({ state: 'detached' });
          await eventually(async () => (await admin.get(`/api/admin/properties/${listing.id}`)).body?.property?.status === 'deactivated', 'the deactivation');
        },
        TEST_TIMEOUT,
      );

      (hasMediaStarter ? test : test.skip)(
        "a listing reusing another owner's photo shows both photos side by side, and Approve asks first",
        async () => {
          const { page } = p;
          const photo = await scene(width.width);
          const fields = (title: string): Record<string, string> => ({
            category: 'residential',
            propertyType: 'studio',
            title,
            paymentTerm: 'monthly',
            price: '40000',
            caution: '80000',
            description: 'A bright studio with tiled floors, water and electricity.',
            availability: 'available',
            'location[country]': 'Cameroon',
            'location[town]': 'Buea',
            'location[neighbourhood]': 'Molyko',
            'specifications[bedrooms]': '1',
            'specifications[toilets]': '1',
            'specifications[kitchens]': '1',
            'specifications[livingRooms]': '0',
            'specifications[size]': '25',
            'specifications[distanceFromRoad]': '3',
            amenities: JSON.stringify(['water']),
          });
          const original: PropertyRead = await postWithPhotos(e2e, owner.browser, fields(unique('Real studio')), [photo]);
          const copy: PropertyRead = await postWithPhotos(e2e, copier.browser, fields(unique('Copied studio')), [photo]);

          await useSession(e2e, p, admin);
          await page.goto(`/admin/property-review/${copy.id}`);
          const panel = page.getByTestId('photo-matches');
          await panel.getByRole('heading', { name: t.review.matches.title }).waitFor();
          await panel.getByText(t.review.matches.alsoIn).first().waitFor();
          // The pair with this test's original (the same photo also matches the originals of earlier tests).
          const pair = panel.getByRole('listitem').filter({ has: page.getByRole('link', { name: original.title }) });
          const link = pair.getByRole('link', { name: original.title });
          expect(await link.getAttribute('href')).toBe(`/admin/property-review/${original.id}`);
          expect(await pair.getByRole('img').count()).toBe(2);
          await pair.getByRole('img', { name: t.review.matches.thisPhoto }).waitFor();
          await pair.getByRole('img', { name: adminText.en('review.matches.otherPhoto', { title: original.title }) }).waitFor();
          // Both photos really load.
          await page.waitForFunction(() => [...document.querySelectorAll<HTMLImageElement>('[data-testid="photo-matches"] img')].every((img) => img.complete && img.naturalWidth > 0));
          await p.shot('admin-review-photo-matches');

          await page.getByRole('button', { name: t.review.approve, exact: true }).click();
          const dialog = page.getByRole('dialog', { name: t.review.matches.confirmTitle });
          await dialog.getByRole('listitem').filter({ hasText: original.title }).waitFor();
          await dialog.getByRole('button', { name: t.app.cancel, exact: true }).click();
          await dialog.waitFor({ state: 'detached' });
          expect((await admin.get(`/api/admin/properties/${copy.id}`)).body.property.isVerified).toBe(false);

          await page.getByRole('button', { name: t.review.approve, exact: true }).click();
          await dialog.getByRole('button', { name: t.review.matches.confirm, exact: true }).click();
          await expectToast(page, MESSAGES.property.approved);
          await page.getByTestId('already-verified').waitFor();

          // The original's review has no warning: it is not flagged by its later copy.
          await link.click();
          await page.getByRole('heading', { level: 1, name: original.title }).waitFor();
          expect(await page.getByTestId('photo-matches').count()).toBe(0);
        },
        TEST_TIMEOUT,
      );
    });
  },
  { ok: hasAdminApp, why: 'admin-web/index.html is missing' },
);

/** The English texts of the app's catalogs on screen (text, labels, alternative texts) whose French differs. */
async function englishLeftOn(page: Page): Promise<string[]> {
  const leftovers = englishOnlyTexts();
  const seen = await page.evaluate(() => {
    const out: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent?.replace(/\s+/g, ' ').trim();
      if (text && node.parentElement?.getClientRects().length) out.push(text);
    }
    for (const el of document.body.querySelectorAll('[aria-label],img[alt]')) out.push(el.getAttribute('aria-label') ?? el.getAttribute('alt') ?? '');
    return out;
  });
  return [...new Set(seen)].filter((text) => leftovers.exact.has(text) || leftovers.patterns.some((pattern) => pattern.test(text)));
}

async function navigate(page: Page, width: Width, label: string): Promise<void> {
  const nav = page.getByRole('navigation', { name: t.nav.main });
  if (width.mobile) {
    const toggle = page.getByRole('button', { name: t.nav.openMenu, exact: true });
    if (await toggle.isVisible()) await toggle.click();
  }
  await nav.getByRole('link', { name: label, exact: true }).click();
  await page.getByRole('heading', { level: 1 }).first().waitFor();
}

/**
 * A photo of its own for each test: blocks of light and shade laid out from `seed`, so one test's
 * photo is not the same picture (to the photo hash) as another's, while both listings of a test
 * share theirs.
 */
async function scene(seed: number): Promise<Buffer> {
  const { default: sharp } = await import('sharp');
  let state = seed;
  const next = () => (state = (state * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  const blocks = Array.from({ length: 24 }, () => {
    const [x, y, w, h] = [next() * 1100, next() * 800, 100 + next() * 400, 80 + next() * 300].map(Math.round);
    const shade = Math.round(next() * 255);
    return `<rect x="${x}" y="${y}" width="${w}" height="${h}" fill="rgb(${shade},${shade},${Math.round(next() * 255)})"/>`;
  });
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="900"><rect width="100%" height="100%" fill="#888"/>${blocks.join('')}</svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 85 }).toBuffer();
}
