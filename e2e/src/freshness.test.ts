// Issue 16, fresh listings: an owner whose listing went 46 days without a confirmation sees it in
// My Listings, confirms in one tap and the listing is public again, saying "Availability confirmed
// today"; the reminder e-mail's link, opened without a session in French, confirms once and says
// so, and a second opening says the link was used.
import { createHash, randomBytes } from 'node:crypto';
import pg from 'pg';
import { MESSAGES, MESSAGES_FR, propertyDetailsPath, type PublicUser } from '@mboa/contracts';
import { Browser as ApiBrowser } from '../../gateway/src/__tests__/system.js';
import { approve, createProperty, signInAdmin, signUp, unique, useSession } from './fixtures.js';
import { describeInBrowser, eventually, openPage, SETUP_TIMEOUT, startE2e, TEST_TIMEOUT, WIDTHS, type E2eSystem, type E2ePage } from './harness.js';
import { en, fr } from './texts.js';
import { expectText, expectToast } from './ui.js';

let e2e: E2eSystem;
let db: pg.Client;
let admin: ApiBrowser;
let owner: { browser: ApiBrowser; user: PublicUser };

/** Moves the listing's clock: its last confirmation `days` ago. */
async function confirmedDaysAgo(id: string, days: number): Promise<void> {
  await db.query(
    `UPDATE "listings"."properties" SET availability_confirmed_at = (now() AT TIME ZONE 'UTC') - make_interval(days => $2) WHERE id = $1::uuid`,
    [id, days],
  );
}

/** A reminder's one-time link as listings stores it (only the token's hash), valid for 7 days. */
async function oneTimeLink(id: string): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db.query(
    `INSERT INTO "listings"."availability_links" (id, property_id, token_hash, expires_at)
     VALUES (gen_random_uuid(), $1::uuid, $2, (now() AT TIME ZONE 'UTC') + interval '7 days')`,
    [id, createHash('sha256').update(token).digest('hex')],
  );
  return token;
}

const publicStatus = async (id: string) => (await new ApiBrowser(e2e.url).get(`/api/properties/${id}`)).status;

describeInBrowser('fresh listings: confirm availability', () => {
  beforeAll(async () => {
    e2e = await startE2e();
    db = new pg.Client({ connectionString: e2e.system.context.db.urlFor('listings') });
    await db.connect();
    admin = (await signInAdmin(e2e.system)).browser;
    owner = await signUp(e2e.system, 'landlord', { verified: true, name: 'Fonkou Landlord' });
  }, SETUP_TIMEOUT);

  afterAll(async () => {
    await db?.end();
    await e2e?.stop();
  }, SETUP_TIMEOUT);

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
      'a listing unconfirmed for 46 days is confirmed in one tap from My Listings and is public again',
      async () => {
        const { page } = p;
        const listing = await createProperty(e2e, owner.user, { title: unique('Studio at Bonduma') });
        await approve(e2e, admin, listing);
        await confirmedDaysAgo(listing.id, 46);
        expect(await publicStatus(listing.id)).toBe(404);

        await useSession(e2e, p, owner.browser);
        await page.goto('/my-listings');
        const row = page.locator('tr, li').filter({ hasText: listing.title });
        await expectText(row.getByTestId('availability-age'), 'Availability confirmed 46 days ago');
        await row.getByRole('button', { name: en.freshness.confirm, exact: true }).click();
        await expectToast(page, MESSAGES.freshness.confirmed);
        await expectText(row.getByTestId('availability-age'), 'Availability confirmed today');
        await p.shot('freshness-my-listings');
        expect(await publicStatus(listing.id)).toBe(200);

        // What a renter sees on the listing's page.
        await page.goto(propertyDetailsPath(listing.id));
        await expectText(page.getByTestId('availability-age'), 'Availability confirmed today');
      },
      TEST_TIMEOUT,
    );

    test(
      "the reminder's link confirms without signing in, in French, and only once",
      async () => {
        const { page } = p;
        const listing = await createProperty(e2e, owner.user, { title: unique('Appartement à Molyko') });
        await approve(e2e, admin, listing);
        await confirmedDaysAgo(listing.id, 50);
        const token = await oneTimeLink(listing.id);

        await page.goto(`/confirm-availability?token=${token}&lang=fr`);
        await page.getByRole('heading', { level: 1, name: fr.freshness.pageTitle }).waitFor();
        await expectText(page.getByRole('status').filter({ hasText: MESSAGES_FR.freshness.confirmed }), `${MESSAGES_FR.freshness.confirmed}Annonce : ${listing.title}`);
        await p.shot('freshness-link');
        await eventually(async () => (await publicStatus(listing.id)) === 200, 'the listing public again');

        await page.reload();
        await expectText(page.getByRole('alert'), `${fr.freshness.failed}${MESSAGES_FR.freshness.linkUsed}`);
      },
      TEST_TIMEOUT,
    );
  });
});
