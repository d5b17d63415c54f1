// Issue 24: axe-core over every public and admin screen, at 360 px and 1280 px, in English and in
// French: no violation of the WCAG 2.0 and 2.1 rules of levels A and AA. Screens include the states a
// person reaches in a few taps (filters open, dialogs open, a form's errors, each step of the
// posting wizard, a row's menu), since axe sees only what is in the page when it runs.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { AUTH_PATTERNS, MESSAGES, MESSAGES_FR, propertyDetailsPath, type PropertyRead, type PublicUser } from '@mboa/contracts';
import type { AxeResults, RunOptions } from 'axe-core';
import type { Page } from 'playwright-core';
import { rpcFor, TEST_ADMIN } from '../../gateway/src/__tests__/people.js';
import { Browser as ApiBrowser } from '../../gateway/src/__tests__/system.js';
import { approve, createProperty, jpeg, postWithPhotos, signInAdmin, signUp, useSession } from './fixtures.js';
import {
  describeInBrowser,
  ensureBuilt,
  eventually,
  hasAdminApp,
  openPage,
  SETUP_TIMEOUT,
  startE2e,
  TEST_TIMEOUT,
  WIDTHS,
  type E2eSystem,
  type E2ePage,
  type Width,
} from './harness.js';
import { adminEn, adminFr, adminText, en, fr, webText } from './texts.js';

/**
 * axe-core's browser build, put into each page with Playwright's `evaluate`. The site's
 * Content-Security-Policy allows no inline script (`script-src 'self'`), so `addScriptTag` with the
 * source would be refused; `evaluate` runs it through the DevTools protocol, which the policy does
 * not govern, and the page keeps its real policy (no bypassCSP context), as visitors get it.
 */
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** The rules of WCAG 2.0 and 2.1, levels A and AA (axe's tags); the best-practice rules are left out. */
const AXE_OPTIONS: RunOptions = {
  runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
  resultTypes: ['violations'],
};

type Language = 'en' | 'fr';
interface Run {
  width: Width;
  language: Language;
}
const width = (px: string) => WIDTHS.find(([label]) => label === px)![1];
/** Both widths in both languages: every screen is checked four times. */
const RUNS: [string, Run][] = [
  ['360 px in English', { width: width('360'), language: 'en' }],
  ['1280 px in English', { width: width('1280'), language: 'en' }],
  ['360 px in French', { width: width('360'), language: 'fr' }],
  ['1280 px in French', { width: width('1280'), language: 'fr' }],
];

let e2e: E2eSystem;
let adminBuilt: string | null = null;
let admin: ApiBrowser;
let owner: { browser: ApiBrowser; user: PublicUser };
let newOwner: { browser: ApiBrowser; user: PublicUser };
let renter: { browser: ApiBrowser; user: PublicUser; password: string };
/** A new staff member who has not set up an authenticator app yet. */
const NEW_STAFF = { email: 'new.staff.a11y@mboa.cm', password: 'a long staff passphrase' };
let made = 0;
let listing: PropertyRead;
let pending: PropertyRead;

const LISTING_FIELDS: Record<string, string> = {
  category: 'residential',
  propertyType: 'apartment',
  title: 'Apartment with a garden in Molyko',
  paymentTerm: 'monthly',
  price: '85000',
  caution: '170000',
  description: 'Two bedrooms, a small garden, constant water and a guard at night.',
  availability: 'available',
  'location[country]': 'Cameroon',
  'location[town]': 'Buea',
  'location[neighbourhood]': 'Molyko',
  'specifications[bedrooms]': '2',
  'specifications[toilets]': '1',
  'specifications[kitchens]': '1',
  'specifications[livingRooms]': '1',
  'specifications[size]': '70',
  'specifications[distanceFromRoad]': '4',
  amenities: JSON.stringify(['water', 'security']),
};

/** Waits until the page is still: no request for data in flight, no spinner, no transition running. */
async function settle(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle').catch(() => undefined);
  await page.locator('.spinner:visible').first().waitFor({ state: 'detached', timeout: 15_000 }).catch(() => undefined);
  // A dialog fading in is half transparent: its colours would be measured mid-way.
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity));
}

/** What axe finds on one screen, one line per rule and element, for the test's failure message. */
async function audit(page: Page, screen: string, language: Language, found: string[]): Promise<void> {
  await settle(page);
  // Each screen really is in the run's language (else a French run would check English twice).
  expect([screen, await page.evaluate(() => document.documentElement.lang)]).toEqual([screen, language]);
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  const results = await page.evaluate(
    (options) => (window as unknown as { axe: { run: (context: Document, options: RunOptions) => Promise<AxeResults> } }).axe.run(document, options),
    AXE_OPTIONS,
  );
  for (const violation of results.violations) {
    for (const node of violation.nodes) {
      found.push(`${screen}: ${violation.id} (${violation.impact ?? 'no impact'}, ${violation.help}) at ${node.target.join(' ')}: ${node.failureSummary ?? ''}`.replace(/\s+/g, ' '));
    }
  }
}

describeInBrowser('accessibility: axe-core over every screen, WCAG 2.0/2.1 A and AA', () => {
  beforeAll(async () => {
    adminBuilt = await ensureBuilt('admin-web');
    e2e = await startE2e({ admin: true });
    admin = (await signInAdmin(e2e.system)).browser;
    owner = await signUp(e2e.system, 'landlord', { verified: true, name: 'Ekane Mbah' });
    newOwner = await signUp(e2e.system, 'landlord', { name: 'Tabi Ngwa' });
    renter = await signUp(e2e.system, 'renter', { name: 'Ngozi Renter' });
    // A listing with photos when the media service runs here (the gallery, the photos' alt texts).
    listing = e2e.hasMedia
      ? await postWithPhotos(e2e, owner.browser, LISTING_FIELDS, await Promise.all([jpeg(1600, 1200, '#2f6f4f', 'living room'), jpeg(1200, 1600, '#7a4b2a', 'bedroom')]))
      : await createProperty(e2e, owner.user, { title: LISTING_FIELDS.title });
    await approve(e2e, admin, listing);
    const other = await createProperty(e2e, owner.user, { title: 'Shop on the main road in Mile 17', category: 'commercial' });
    await approve(e2e, admin, other);
    // One awaiting review: the owner's list shows it so, staff review it.
    pending = await createProperty(e2e, owner.user, { title: 'Studio near the university', propertyType: 'studio' });
    // Something in each staff list: a report, a request for a place, a support ticket.
    expect((await renter.browser.post(`/api/properties/${listing.id}/reports`, { reason: 'rented', text: 'Rented last week, the guard told me.' })).status).toBe(201);
    const visitor = new ApiBrowser(e2e.url);
    expect((await visitor.post('/api/properties/request-space', { requestText: 'A two-bedroom flat in Buea under 90,000 FCFA', whatsapp: '677001122' })).status).toBeLessThan(300);
    expect(
      (await visitor.post('/api/properties/support', { name: 'Ebot Visitor', email: 'ebot@example.cm', phone: '677000111', subject: 'Photos do not upload', message: 'The picker stays grey.' }))
        .status,
    ).toBeLessThan(300);
    const rpc = await rpcFor(e2e.system);
    try {
      await rpc.call(AUTH_PATTERNS.adminEnsure, { email: NEW_STAFF.email, password: NEW_STAFF.password, name: 'New Staff' });
    } finally {
      await rpc.close();
    }
    await eventually(async () => (await new ApiBrowser(e2e.url).get('/api/properties/search')).body?.total === 2, 'the search index');
  }, SETUP_TIMEOUT);

  afterAll(async () => {
    await e2e?.stop();
  }, SETUP_TIMEOUT);

  describe.each(RUNS)('at %s', (_label, { width: w, language }) => {
    const t = language === 'en' ? en : fr;
    const m = language === 'en' ? MESSAGES : MESSAGES_FR;
    const a = language === 'en' ? adminEn : adminFr;
    let p: E2ePage;
    let found: string[];

    beforeEach(async () => {
      p = await openPage(e2e, w, { locale: language === 'en' ? 'en-GB' : 'fr-CM' });
      // The device's choice, as the FR | EN switch leaves it; both apps read it.
      await p.context.addCookies([{ name: 'mboa_lang', value: language, url: e2e.url, sameSite: 'Lax' }]);
      found = [];
    });
    afterEach(async () => {
      const errors = p.errors;
      await p.close();
      expect(errors).toEqual([]);
    });

    const h1 = (page: Page, name?: string) => page.getByRole('heading', { level: 1, ...(name === undefined ? {} : { name }) }).first().waitFor();

    test(
      'the public pages, signed out: home (results, filters, no results), the menus, the static pages, sign-in pages, not found',
      async () => {
        const { page } = p;
        await page.goto('/');
        await page.getByRole('article').first().waitFor();
        await audit(page, 'home', language, found);

        if (w.mobile) {
          await page.getByRole('button', { name: t.nav.openMenu }).click();
          await page.getByRole('link', { name: t.nav.faq }).first().waitFor();
          await audit(page, 'home, phone menu open', language, found);
          await page.keyboard.press('Escape');
          await page.getByRole('button', { name: t.nav.openMenu }).click().catch(() => undefined);
          await page.goto('/');
          await page.getByRole('article').first().waitFor();
        } else {
          await page.getByRole('button', { name: t.nav.support }).click();
          await page.getByRole('link', { name: t.nav.faq }).first().waitFor();
          await audit(page, 'home, Support menu open', language, found);
          await page.keyboard.press('Escape');
        }

        await page.getByRole('button', { name: t.home.filters, exact: false }).first().click();
        await page.locator('#home-filters').waitFor();
        await audit(page, 'home, filters open', language, found);

        await page.goto('/');
        await page.getByRole('searchbox', { name: t.home.searchLabel }).fill('zzqx nothing like this');
        await page.getByText(t.home.emptyText).waitFor();
        await audit(page, 'home, no results', language, found);
        await page.getByRole('button', { name: m.ui.requestProperty }).first().click();
        await page.getByRole('dialog', { name: t.request.title }).waitFor();
        await audit(page, 'home, request a property dialog', language, found);

        for (const path of ['/favourites', '/faq', '/help', '/terms', '/privacy', '/about', '/contact', '/login', '/signup', '/reset-password', '/no-such-page']) {
          await page.goto(path);
          await h1(page);
          await audit(page, path, language, found);
        }

        // A form's errors as a person meets them: the contact form sent empty.
        await page.goto('/contact');
        await page.getByRole('button', { name: t.contactPage.send }).click();
        await page.getByRole('alert').first().waitFor();
        await audit(page, '/contact, sent empty', language, found);
        await page.getByRole('button', { name: t.contactPage.requestProperty }).click();
        await page.getByRole('dialog', { name: t.request.title }).waitFor();
        await audit(page, '/contact, request a property dialog', language, found);

        await page.goto(propertyDetailsPath('0000000000000000000000ff'));
        await page.getByText(m.property.notFound).first().waitFor();
        await audit(page, 'details of an unknown listing', language, found);

        // Sign-up: the form once a role is chosen, then the welcome.
        await page.goto('/signup');
        await page.getByRole('button', { name: new RegExp(`^${t.signup.roles.landlord.title}`) }).click();
        await page.getByLabel(t.signup.name).fill('Ayuk Ebai');
        await page.getByLabel(t.signup.email, { exact: true }).fill(`ayuk.${language}.${w.width}.${++made}@example.cm`);
        await page.getByLabel(t.signup.whatsapp).fill(`6${String((Date.now() + made) % 1e8).padStart(8, '0')}`);
        await page.locator('#signup-password').fill('a good long password');
        await audit(page, '/signup, the form filled', language, found);
        await page.locator('label.check input[type=checkbox]').check();
        await page.getByRole('button', { name: t.signup.submit, exact: true }).click();
        await page.getByRole('dialog', { name: m.ui.signupSuccessTitle }).waitFor();
        await audit(page, '/signup, welcome dialog', language, found);
        await p.context.clearCookies();
        await p.context.addCookies([{ name: 'mboa_lang', value: language, url: e2e.url, sameSite: 'Lax' }]);

        await page.goto('/reset-password');
        await page.getByLabel(t.reset.email).fill(renter.user.email);
        await page.getByRole('button', { name: t.reset.sendCode }).click();
        await page.getByText(webText[language]('reset.stepCode', { email: renter.user.email })).waitFor();
        await audit(page, '/reset-password, code step', language, found);

        expect(found).toEqual([]);
      },
      TEST_TIMEOUT,
    );

    test(
      "a property's details, with its share, report and message dialogs open",
      async () => {
        const { page } = p;
        await page.goto(propertyDetailsPath(listing.id));
        await h1(page, listing.title);
        await audit(page, 'details', language, found);

        await page.getByRole('button', { name: t.details.share, exact: true }).click();
        await page.getByRole('dialog', { name: t.details.shareTitle }).waitFor();
        await audit(page, 'details, share dialog', language, found);
        await page.keyboard.press('Escape');
        await page.getByRole('dialog').waitFor({ state: 'detached' });

        await page.getByRole('button', { name: t.report.open }).click();
        const report = page.getByRole('dialog', { name: t.report.title });
        await report.waitFor();
        await audit(page, 'details, report dialog', language, found);
        await report.getByRole('radio', { name: t.labels.reportReason.other }).check();
        await report.getByRole('button', { name: t.report.send }).click();
        await report.getByRole('alert').waitFor();
        await audit(page, 'details, report dialog with its error', language, found);
        await page.keyboard.press('Escape');
        await page.getByRole('dialog').waitFor({ state: 'detached' });

        if (e2e.hasMedia) {
          if (w.mobile) await page.getByRole('button', { name: webText[language]('details.photo', { n: 1, total: 2 }) }).click();
          else await page.getByRole('button', { name: t.details.openGallery }).click();
          await page.locator('.lightbox').waitFor();
          await audit(page, 'details, photo gallery', language, found);
          await page.keyboard.press('Escape');
          await page.locator('.lightbox').waitFor({ state: 'detached' });
        }

        // Signed in, Message Landlord first shows the safety notice.
        await useSession(e2e, p, renter.browser);
        await page.reload();
        await h1(page, listing.title);
        // A button, or a link to the chat that works before the page's script (server rendering):
        // a tap before the script has taken over opens the chat instead; close it and tap again.
        const message = page.getByRole('button', { name: m.ui.messageLandlord }).or(page.getByRole('link', { name: m.ui.messageLandlord })).first();
        const notice = page.getByRole('dialog', { name: t.details.noticeTitle });
        await settle(page);
        await eventually(async () => {
          await message.click();
          await notice.waitFor({ timeout: 2000 }).catch(() => undefined);
          for (const other of p.context.pages()) if (other !== page) await other.close();
          return notice.isVisible();
        }, 'the notice before messaging');
        await audit(page, 'details, message dialog', language, found);
        await page.keyboard.press('Escape');
        await page.getByRole('dialog').waitFor({ state: 'detached' });

        // The renter's favourites with the listing in them (a tap before the page's script has
        // taken over a server-drawn page does nothing: tap again until the heart says so).
        const heart = page.getByRole('button', { name: webText[language]('favourites.heart', { title: listing.title }) }).first();
        await eventually(async () => {
          if ((await heart.getAttribute('aria-pressed')) !== 'true') await heart.click();
          await page.waitForTimeout(500);
          return (await heart.getAttribute('aria-pressed')) === 'true';
        }, 'the heart to be pressed');
        await page.goto('/favourites');
        await page.getByRole('article').first().waitFor();
        await audit(page, '/favourites, one listing', language, found);
        await page.goto('/profile');
        await h1(page);
        await audit(page, '/profile (renter)', language, found);
        // The admin area refuses a renter, in words.
        await page.goto('/admin/');
        await page.getByTestId('not-authorised').waitFor();
        await audit(page, '/admin/ (renter, refused)', language, found);

        expect(found).toEqual([]);
      },
      TEST_TIMEOUT,
    );

    test(
      "an owner's pages: each step of the posting wizard, my listings, profile; and a new owner's wait for verification",
      async () => {
        const { page } = p;
        await useSession(e2e, p, newOwner.browser);
        await page.goto('/post-property');
        await h1(page);
        await audit(page, '/post-property (not yet verified)', language, found);

        await p.context.clearCookies();
        await p.context.addCookies([{ name: 'mboa_lang', value: language, url: e2e.url, sameSite: 'Lax' }]);
        await useSession(e2e, p, owner.browser);
        await page.goto('/post-property');
        const next = page.getByRole('button', { name: t.app.continue, exact: true });
        const step = async (n: number) => {
          await page.getByRole('heading', { level: 2, name: t.post.steps[n - 1] }).waitFor();
          await audit(page, `/post-property step ${n} (${t.post.steps[n - 1]})`, language, found);
        };
        const labelled = (text: string) => new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`);

        await step(1);
        await page.locator('fieldset').getByText(t.labels.category.residential, { exact: true }).click();
        await page.getByRole('combobox', { name: labelled(t.post.propertyType) }).selectOption('apartment');
        await next.click();
        await step(2);
        await page.getByRole('combobox', { name: labelled(t.town.label) }).fill('Lim');
        await page.getByRole('option', { name: 'Limbe', exact: true }).click();
        await page.getByRole('textbox', { name: labelled(t.post.neighbourhood) }).fill('Mile 4');
        await next.click();
        await step(3);
        for (const label of [t.post.bedrooms, t.post.toilets, t.post.kitchens, t.post.livingRooms, t.post.size, t.post.distanceMinutes]) {
          await page.getByRole('spinbutton', { name: labelled(label) }).fill('2');
        }
        await next.click();
        await step(4);
        await page.getByRole('textbox', { name: labelled(t.post.titleLabel) }).fill('Flat at Mile 4');
        await page.getByRole('textbox', { name: labelled(t.post.descriptionLabel) }).fill('Tiled flat, ten minutes from the beach.');
        await next.click();
        await step(5);
        await page.getByRole('spinbutton', { name: labelled(t.post.price) }).fill('60000');
        await page.getByRole('combobox', { name: labelled(t.post.paymentTerm) }).selectOption('monthly');
        await next.click();
        await step(6);
        await page.getByRole('checkbox', { name: t.labels.amenity.water }).check();
        await next.click();
        await step(7);
        await next.click();
        await step(8);

        await page.goto('/my-listings');
        await page.getByText(pending.title).first().waitFor();
        await audit(page, '/my-listings', language, found);
        await page.getByRole('button', { name: t.listings.delete }).first().click();
        await page.getByRole('dialog', { name: t.listings.confirmDeleteTitle }).waitFor();
        await audit(page, '/my-listings, delete dialog', language, found);
        await page.keyboard.press('Escape');
        // The owner's own listing while it waits for review.
        await page.goto(propertyDetailsPath(pending.id));
        await h1(page, pending.title);
        await audit(page, 'details of own listing in review', language, found);
        await page.goto('/profile');
        await h1(page);
        await audit(page, '/profile (owner)', language, found);

        expect(found).toEqual([]);
      },
      TEST_TIMEOUT,
    );

    (hasAdminApp ? test : test.skip)(
      'the admin area: every route, a row menu open, not found',
      async () => {
        expect(adminBuilt).toBeTruthy();
        const { page } = p;
        await useSession(e2e, p, admin);
        const screens: [string, string | RegExp][] = [
          ['/admin/', a.dashboard.title],
          ['/admin/users', a.users.title],
          ['/admin/properties', a.properties.title],
          [`/admin/property-review/${pending.id}`, pending.title],
          ['/admin/requests', a.requests.title],
          ['/admin/support', a.support.title],
          ['/admin/reports', a.reports.title],
        ];
        for (const [path, title] of screens) {
          await page.goto(path);
          await page.getByRole('heading', { level: 1, name: title }).waitFor();
          await audit(page, path, language, found);
        }

        await page.goto('/admin/users');
        const row = page.getByTestId(`user-row-${owner.user.id}`);
        await row.getByRole('button', { name: adminText[language]('menu.open', { what: owner.user.name }) }).click();
        await page.getByRole('menuitem').first().waitFor();
        await audit(page, '/admin/users, a row menu open', language, found);
        await page.keyboard.press('Escape');

        if (w.mobile) {
          await page.getByRole('button', { name: a.nav.openMenu }).click();
          await page.getByRole('link', { name: a.nav.reports }).waitFor();
          await audit(page, '/admin/users, phone menu open', language, found);
        }

        await page.goto('/admin/no-such-page');
        await h1(page);
        await audit(page, '/admin/no-such-page', language, found);

        // Signed in with the password only: the admin area first asks for the authenticator's code,
        // or, for a staff member without one yet, shows how to set it up (no code is used here).
        for (const [who, password, title] of [
          [TEST_ADMIN.ADMIN_EMAIL, TEST_ADMIN.ADMIN_PASSWORD, a.secondFactor.checkTitle],
          [NEW_STAFF.email, NEW_STAFF.password, a.secondFactor.enrolTitle],
        ] as const) {
          const staff = new ApiBrowser(e2e.url);
          expect((await staff.post('/api/auth/login', { email: who, password })).status).toBe(200);
          await p.context.clearCookies();
          await p.context.addCookies([{ name: 'mboa_lang', value: language, url: e2e.url, sameSite: 'Lax' }]);
          await useSession(e2e, p, staff);
          await page.goto('/admin/');
          await h1(page, title);
          await audit(page, `/admin/, ${title}`, language, found);
        }

        expect(found).toEqual([]);
      },
      TEST_TIMEOUT,
    );
  });
});
