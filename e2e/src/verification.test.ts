// Issue 25: know who you are dealing with. A landlord confirms their WhatsApp number on the profile
// with the code WhatsApp brings (read from the outbox: no Cloud API here), sends an identity
// document and a proof of control from the Verification page, staff approve both in the admin
// queue after looking at the photos, and the listing then says what was checked; a renter sees
// that, the plain "not checked" state of another listing, and "Control checked only" in search.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { propertyDetailsPath, type PropertyRead } from '@mboa/contracts';
import { whatsappCodesSentTo } from '../../gateway/src/__tests__/people.js';
import type { Browser as ApiBrowser } from '../../gateway/src/__tests__/system.js';
import { approve, createProperty, jpeg, signInAdmin, signUp, unique, useSession } from './fixtures.js';
import {
  describeInBrowser,
  ensureBuilt,
  eventually,
  hasAdminApp,
  hasMediaStarter,
  openPage,
  SETUP_TIMEOUT,
  startE2e,
  TEST_TIMEOUT,
  WIDTHS,
  type E2eSystem,
  type E2ePage,
} from './harness.js';
import { adminEn, en, fr } from './texts.js';
import type { Locator, Page } from 'playwright-core';

let e2e: E2eSystem;
let admin: ApiBrowser;
let built: string | null = null;
let photoDir: string;
let idPhotos: string[];
let billPhoto: string;

const LANGUAGES = [
  ['English', 'en', 'en-GB'],
  ['French', 'fr', 'fr-CM'],
] as const;
const RUNS = WIDTHS.flatMap(([label, width]) => LANGUAGES.map(([name, language, locale]) => [`${label} px, ${name}`, width, language, locale] as const));

describeInBrowser(
  'verified numbers, identity and proof of control',
  () => {
    beforeAll(async () => {
      built = await ensureBuilt('admin-web');
      e2e = await startE2e({ admin: true });
      admin = (await signInAdmin(e2e.system)).browser;
      // Phone photos of papers: the front and back of an identity card, and an ENEO bill.
      photoDir = await mkdtemp(path.join(tmpdir(), 'mboa-e2e-documents-'));
      const [front, back, bill] = await Promise.all([
        jpeg(1600, 1000, '#c9b48a', 'CNI recto'),
        jpeg(1600, 1000, '#b8a27a', 'CNI verso'),
        jpeg(1200, 1700, '#f2f2f2', 'ENEO facture'),
      ]);
      idPhotos = [path.join(photoDir, 'cni-recto.jpg'), path.join(photoDir, 'cni-verso.jpg')];
      billPhoto = path.join(photoDir, 'facture-eneo.jpg');
      await Promise.all([writeFile(idPhotos[0], front), writeFile(idPhotos[1], back), writeFile(billPhoto, bill)]);
    }, SETUP_TIMEOUT);

    afterAll(async () => {
      await e2e?.stop();
      if (photoDir) await rm(photoDir, { recursive: true, force: true });
    }, SETUP_TIMEOUT);

    describe.each(RUNS)('at %s', (_label, width, language, locale) => {
      const t = language === 'fr' ? fr : en;
      let owner: E2ePage;
      let staff: E2ePage;
      let renter: E2ePage;
      beforeEach(async () => {
        expect(built).toBeTruthy();
        [owner, staff, renter] = await Promise.all([
          openPage(e2e, width, { locale }),
          openPage(e2e, { ...width, width: Math.max(width.width, 1280), mobile: false }),
          openPage(e2e, width, { locale }),
        ]);
      });
      afterEach(async () => {
        const errors = [...owner.errors, ...staff.errors, ...renter.errors];
        await Promise.all([owner.close(), staff.close(), renter.close()]);
        expect(errors).toEqual([]);
      });

      (hasMediaStarter ? test : test.skip)(
        'an owner confirms the number and sends documents, staff approve them, and renters see what was checked',
        async () => {
          const { page } = owner;
          const landlord = await signUp(e2e.system, 'landlord', { proven: false, name: unique('Ebot Tabi') });
          const changed = await landlord.browser.request('PATCH', '/api/user/me', { language });
          expect(changed.status).toBe(200);
          await useSession(e2e, owner, landlord.browser);

          // 1. The number, confirmed with the code WhatsApp brought.
          await page.goto('/profile');
          await page.getByRole('heading', { name: t.whatsappNumber.title }).waitFor();
          await see(page.locator('#main, main').first(), t.whatsappNumber.notConfirmed);
          await page.getByRole('button', { name: t.whatsappNumber.sendCode }).click();
          const code = await eventually(async () => (await whatsappCodesSentTo(e2e.system, landlord.user.whatsapp))[0], 'the WhatsApp code');
          await page.getByLabel(new RegExp(t.whatsappNumber.codeLabel.replace('{{digits}}', '6'))).fill(code);
          await page.getByRole('button', { name: t.whatsappNumber.confirm, exact: true }).click();
          await see(page.locator('main').first(), new RegExp(`^${escape(t.whatsappNumber.confirmedOn.split('{{')[0])}`));
          await owner.shot(`verification-number-${language}`);

          // Two listings of theirs, live: one will be proven theirs, the other not.
          const checkedTitle = unique(language === 'fr' ? 'Studio meublé à Bonamoussadi' : 'Furnished studio at Molyko');
          const plainTitle = unique(language === 'fr' ? 'Chambre à Bonamoussadi' : 'Single room at Molyko');
          const proven = await createProperty(e2e, landlord.user, { title: checkedTitle, town: 'Buea', neighbourhood: 'Molyko' });
          const plain = await createProperty(e2e, landlord.user, { title: plainTitle, town: 'Buea', neighbourhood: 'Molyko' });
          await approve(e2e, admin, proven);
          await approve(e2e, admin, plain);

          // 2. The documents, from the Verification page.
          await page.goto('/verification');
          await page.getByRole('heading', { level: 1, name: t.verification.title }).waitFor();
          const identity = page.locator('section[aria-labelledby="identity-title"]');
          await identity.getByLabel(t.verification.documentType).selectOption('national-id');
          await identity.locator('input[type=file]').setInputFiles(idPhotos);
          await identity.getByRole('button', { name: t.verification.send }).click();
          await see(identity, t.verification.identityStatus.pending);

          const control = page.locator('section[aria-labelledby="control-title"]');
          await control.getByRole('checkbox', { name: new RegExp(escape(checkedTitle)) }).check();
          await control.getByLabel(t.verification.documentType).selectOption('utility-bill');
          await control.locator('input[type=file]').setInputFiles([billPhoto]);
          await control.getByRole('button', { name: t.verification.send }).click();
          const sent = page.locator('section[aria-labelledby="sent-title"]');
          await see(sent, new RegExp(`^${escape(t.verification.kind.control)}`));
          await owner.shot(`verification-sent-${language}`);

          // 3. Staff look at the photos beside the account, and approve each request.
          await useSession(e2e, staff, admin);
          for (let decided = 0; decided < 2; decided++) {
            await staff.page.goto('/admin/verification');
            await staff.page.getByRole('heading', { level: 1, name: adminEn.verification.title }).waitFor();
            const row = staff.page.locator('tr, li, article').filter({ hasText: landlord.user.name }).first();
            await row.getByRole('link', { name: adminEn.verification.open }).click();
            const photo = staff.page.getByRole('img', { name: adminEn.verification.photo.replace('{{n}}', '1') });
            await photo.waitFor();
            // The photo really arrived (it is read through the admin route, never a public address).
            await eventually(() => photo.evaluate((img) => (img as HTMLImageElement).naturalWidth > 0), 'the document photo');
            expect(await photo.getAttribute('src')).toMatch(/^\/api\/admin\/verification\/[^/]+\/files\/[^/]+$/);
            await see(staff.page.locator('main').first(), landlord.user.email);
            await staff.shot(`verification-queue-request-${decided}`);
            await staff.page.getByRole('button', { name: adminEn.verification.approve, exact: true }).click();
            await staff.page.getByRole('heading', { level: 1, name: adminEn.verification.title }).waitFor();
          }

          // 4. The owner's page says so, and so does the listing.
          await page.goto('/verification');
          await see(page.locator('section[aria-labelledby="identity-title"]'), t.verification.identityStatus.approved);
          await page.goto(propertyDetailsPath(proven.id));
          const checks = page.locator('main').first();
          for (const text of [t.checks.numberConfirmed, t.checks.identityChecked, t.checks.controlOwner]) await see(checks, text);

          // 5. A renter, signed out: the checked listing, the other one plainly unchecked.
          await renter.page.goto(propertyDetailsPath(proven.id));
          for (const text of [t.checks.numberConfirmed, t.checks.identityChecked, t.checks.controlOwner]) await see(renter.page.locator('main').first(), text);
          await renter.shot(`verification-checked-listing-${language}`);
          await renter.page.goto(propertyDetailsPath(plain.id));
          await see(renter.page.locator('main').first(), t.checks.controlNotChecked);
          await renter.shot(`verification-unchecked-listing-${language}`);

          // "Control checked only" keeps the one whose papers staff saw.
          await renter.page.goto(`/?town=Buea&search=${encodeURIComponent(shortWord(checkedTitle))}`);
          await renter.page.getByText(checkedTitle).first().waitFor();
          await renter.page.getByRole('button', { name: t.home.filters, exact: false }).first().click();
          const panel = renter.page.locator('#home-filters');
          await panel.getByLabel(t.filters.controlChecked).check();
          await panel.getByRole('button', { name: t.filters.showResults }).click();
          await renter.page.waitForURL((url) => url.searchParams.get('controlChecked') === 'true');
          await renter.page.getByText(checkedTitle).first().waitFor();
          await renter.page.getByText(plainTitle).waitFor({ state: 'detached' });
          await assertOnlyChecked(proven, plain);
        },
        TEST_TIMEOUT * 2,
      );
    });
  },
  { ok: hasAdminApp, why: 'the admin app is not in this checkout' },
);

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The unique tail of a test title: a word search finds that listing among the others. */
function shortWord(title: string): string {
  return title.split(' ').at(-1) ?? title;
}

/** The API agrees with the page: the filter answers the checked listing and not the other. */
async function assertOnlyChecked(checked: PropertyRead, plain: PropertyRead): Promise<void> {
  const res = await fetch(`${e2e.url}/api/properties/search?controlChecked=true&limit=50`);
  const body = (await res.json()) as { properties: { _id?: string; id?: string }[] };
  const ids = body.properties.map((p) => p._id ?? p.id);
  expect(ids).toContain(checked.id);
  expect(ids).not.toContain(plain.id);
}

/** Waits until the text shows, whole, somewhere inside. */
async function see(where: Locator | Page, text: string | RegExp): Promise<void> {
  await (typeof text === 'string' ? where.getByText(text, { exact: true }) : where.getByText(text)).first().waitFor();
}
