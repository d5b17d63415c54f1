// Issue 14: every screen of both apps fits a 360 px phone. Each route is visited as the kind of user
// who sees it, with the worst data people really enter (a 254-character e-mail address, a name and a
// title with long unbroken words, a price of 999,999,999 FCFA, every amenity, long review feedback),
// and its menus and dialogs are opened too. Nothing may widen the page or stick out of the screen.
import { AMENITIES, LIMITS, MESSAGES, OTHER_TOWN_OPTION, propertyDetailsPath, type PropertyRead, type PublicUser } from '@mboa/contracts';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { proveWhatsApp } from '../../gateway/src/__tests__/people.js';
import { Browser as ApiBrowser } from '../../gateway/src/__tests__/system.js';
import { en as t } from '../../admin-web/src/i18n/en.js';
import { createProperty, jpeg, postWithPhotos, signInAdmin, useSession } from './fixtures.js';
import { describeInBrowser, eventually, hasAdminApp, openPage, SETUP_TIMEOUT, startE2e, type E2eSystem, type E2ePage, type Width } from './harness.js';
import { adminText, en, webText } from './texts.js';

/** The phone of issue 14. E2E_FIT_WIDTH checks another width (e.g. 1280, to compare a laptop). */
const PHONE: Width = { name: 'mobile', width: Number(process.env.E2E_FIT_WIDTH ?? 360), height: 740, mobile: Number(process.env.E2E_FIT_WIDTH ?? 360) < 768 };
/** When set, a full-page screenshot of every state checked is written there (for before/after comparisons). */
const SHOTS = process.env.E2E_FIT_SHOTS;
const TIMEOUT = 90_000;

// ─── worst-case data ───────────────────────────────────────────────────────────────────────────

/** A word no line can break: a pasted link, a run-together place name. */
const unbroken = (seed: string, length: number) => seed.repeat(Math.ceil(length / seed.length)).slice(0, length);
/** The longest address sign-up takes: 64 characters before the @, 254 in all. */
const longEmail = (who: string) => {
  const local = `${who}.${unbroken('tabetanyimbuagbaw', 64)}`.slice(0, 64);
  const domain = `${unbroken('mountainviewestateagency', 60)}.${unbroken('propertymanagement', 60)}.${unbroken('servicesbuea', 60)}.example.cm`;
  return `${local}@${domain}`.slice(0, 254).replace(/[.-]+(?=@)|[.-]+$/g, '');
};
const LONG_NAME = `Ebenezer ${unbroken('Nkongho', 42)} Tabetanyi-Mbuagbaw Fonkwa`.slice(0, 100);
const OWNER_EMAIL = longEmail('owner');
const RENTER_EMAIL = longEmail('renter');
const PASSWORD = 'fit test password 1';
const TITLE = `Duplex ${unbroken('Bonamoussadiresidence', 60)} with a rooftop terrace`.slice(0, LIMITS.property.titleMax);
const DESCRIPTION = [
  'Four bedrooms, each with its own shower, a borehole and a standby generator.',
  `Directions: https://maps.example.cm/${unbroken('placeBonapriso4.0511N9.6935E', 300)}`,
  'Tiled floors throughout. '.repeat(40),
].join('\n\n').slice(0, LIMITS.property.descriptionMax);
const NEIGHBOURHOOD = `Carrefour ${unbroken('Bonamoussadi', 100)}`.slice(0, 120);
/** A town typed under 'Other (please specify)', as long as the field takes. */
const LONG_TOWN = unbroken('Nkongsamba', 80);
const MAX_PRICE = 999_999_999;
const FEEDBACK = [
  'The photos do not show the rooms described, and the price looks like a typing mistake.',
  `See ${unbroken('https://rules.example.cm/listing-photos/', 400)}`,
  'Please add a photo of each bedroom and correct the price. '.repeat(25),
].join('\n').slice(0, LIMITS.property.reviewFeedbackMax);
const LONG_WHATSAPP = unbroken('677123456', 30);

const PHOTO_FIELDS: Record<string, string> = {
  category: 'residential',
  propertyType: 'duplex',
  title: TITLE,
  paymentTerm: 'yearly',
  price: String(MAX_PRICE),
  caution: String(MAX_PRICE),
  description: DESCRIPTION,
  availability: 'available',
  'location[country]': 'Cameroon',
  'location[town]': LONG_TOWN,
  'location[neighbourhood]': NEIGHBOURHOOD,
  'specifications[bedrooms]': '6',
  'specifications[toilets]': '6',
  'specifications[kitchens]': '6',
  'specifications[livingRooms]': '6',
  'specifications[size]': '999999',
  'specifications[distanceFromRoad]': '999999',
  amenities: JSON.stringify(AMENITIES),
};

// ─── the check ─────────────────────────────────────────────────────────────────────────────────

interface Overflow {
  selector: string;
  right: number;
  text: string;
}

/** Containers meant to scroll sideways (a wide table on a phone); any other one that does is a fault. */
const SIDEWAYS_SCROLLERS = '.table-wrap';

/**
 * Runs in the page: the page's scroll width, and the deepest elements (or text) whose right edge is
 * past the screen, unless a sideways-scrolling or clipping container holds them (that container is
 * checked itself), and the dialogs, menus and panels whose content scrolls sideways inside them.
 */
function measure({ screen, scrollers }: { screen: number; scrollers: string }): { scrollWidth: number; offenders: Overflow[] } {
  const limit = screen + 0.5;
  const name = (el: Element): string => {
    const parts: string[] = [];
    for (let node: Element | null = el; node && node !== document.body && parts.length < 4; node = node.parentElement) {
      let part = node.tagName.toLowerCase();
      if (node.id) part += `#${node.id}`;
      const testId = node.getAttribute('data-testid');
      if (testId) part += `[data-testid="${testId}"]`;
      for (const c of node.classList) part += `.${c}`;
      parts.unshift(part);
    }
    return parts.join(' > ');
  };
  const held = (el: Node): boolean => {
    for (let a = el.parentElement; a && a !== document.body && a !== document.documentElement; a = a.parentElement) {
      if (getComputedStyle(a).overflowX !== 'visible') return true;
    }
    return false;
  };
  const shown = (el: Element) => {
    const style = getComputedStyle(el);
    return style.visibility !== 'hidden' && style.display !== 'none' && el.getClientRects().length > 0;
  };
  const found = new Map<Element, Overflow>();
  for (const el of document.body.querySelectorAll('*')) {
    const rect = el.getBoundingClientRect();
    if (rect.width === 0 || !shown(el)) continue;
    // A box that scrolls vertically (a dialog, the mobile menu) also scrolls sideways once its content is too wide.
    const overflowX = getComputedStyle(el).overflowX;
    if ((overflowX === 'auto' || overflowX === 'scroll') && el.scrollWidth > el.clientWidth + 1 && !el.matches(scrollers)) {
      found.set(el, { selector: `${name(el)} (scrolls sideways by ${el.scrollWidth - el.clientWidth}px)`, right: Math.round(rect.right), text: (el.textContent ?? '').trim().slice(0, 40) });
      continue;
    }
    if (rect.right <= limit || held(el)) continue;
    found.set(el, { selector: name(el), right: Math.round(rect.right), text: (el.textContent ?? '').trim().slice(0, 40) });
  }
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  const range = document.createRange();
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const parent = node.parentElement;
    if (!parent || !node.textContent?.trim() || !shown(parent) || held(node)) continue;
    if (getComputedStyle(parent).overflowX !== 'visible') continue;
    range.selectNodeContents(node);
    const rect = range.getBoundingClientRect();
    if (rect.width > 0 && rect.right > limit && !found.has(parent)) {
      found.set(parent, { selector: `${name(parent)} (its text)`, right: Math.round(rect.right), text: node.textContent.trim().slice(0, 40) });
    }
  }
  // The deepest offenders are the causes; their ancestors only carry them.
  const deepest = [...found.entries()].filter(([el]) => ![...found.keys()].some((other) => other !== el && el.contains(other))).map(([, o]) => o);
  // A list repeats the same overflow in every row: name each once.
  const offenders = [...new Map(deepest.map((o) => [o.selector, o])).values()];
  return { scrollWidth: document.documentElement.scrollWidth, offenders };
}

/** Waits for the page's content: no spinner, skeleton or busy region left, fonts and images loaded. */
async function settle(page: Page): Promise<void> {
  await page.waitForFunction(
    () =>
      document.querySelectorAll('.spinner, .skeleton, [aria-busy="true"]').length === 0 &&
      [...document.images].every((img) => img.complete || img.loading === 'lazy'),
    undefined,
    { timeout: 15_000 },
  );
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
}

// ─── the tour ──────────────────────────────────────────────────────────────────────────────────

let e2e: E2eSystem;
let admin: ApiBrowser;
let owner: { browser: ApiBrowser; user: PublicUser };
let renter: { browser: ApiBrowser; user: PublicUser };
let live: PropertyRead;
let rejected: PropertyRead;
let pending: PropertyRead;

async function signUpAs(role: 'renter' | 'landlord', email: string, whatsapp: string): Promise<{ browser: ApiBrowser; user: PublicUser }> {
  const browser = new ApiBrowser(e2e.url);
  const res = await browser.post('/api/auth/signup', { name: LONG_NAME, email, password: PASSWORD, role, whatsapp, agreeToTerms: true });
  if (res.status !== 201) throw new Error(`sign-up of ${email} failed: ${res.status} ${res.text}`);
  // Landlords post from a proven number: the code WhatsApp brought (the outbox), typed back.
  if (role === 'landlord') await proveWhatsApp(e2e.system, browser, whatsapp);
  return { browser, user: res.body.user as PublicUser };
}

describeInBrowser(`every screen fits a ${PHONE.width} px screen`, () => {
  beforeAll(async () => {
    e2e = await startE2e({ admin: true });
    admin = (await signInAdmin(e2e.system)).browser;
    owner = await signUpAs('landlord', OWNER_EMAIL, '699999999');
    renter = await signUpAs('renter', RENTER_EMAIL, '677999999');
    const verify = await admin.post('/api/admin/manage/user', { type: 'verify', payload: { userId: owner.user.id } });
    if (verify.status !== 200) throw new Error(`verify failed: ${verify.status} ${verify.text}`);

    const photos = e2e.hasMedia
      ? await Promise.all([jpeg(1600, 1200, '#2f6f4f', 'living room'), jpeg(1200, 1600, '#7a4b2a', 'bedroom'), jpeg(3000, 600, '#24507a', 'panorama')])
      : [];
    const post = async () =>
      photos.length ? postWithPhotos(e2e, owner.browser, PHOTO_FIELDS, photos) : createProperty(e2e, owner.user, { title: TITLE, description: DESCRIPTION, town: LONG_TOWN, neighbourhood: NEIGHBOURHOOD, price: MAX_PRICE });
    [live, rejected, pending] = [await post(), await post(), await post()];

    const approve = await admin.post(`/api/admin/properties/${live.id}/review`, { action: 'approve', feedback: '' });
    const reject = await admin.post(`/api/admin/properties/${rejected.id}/review`, { action: 'reject', feedback: FEEDBACK });
    if (approve.status !== 200 || reject.status !== 200) throw new Error(`review failed: ${approve.text} ${reject.text}`);
    await eventually(async () => (await new ApiBrowser(e2e.url).get(`/api/properties/${live.id}`)).body?.isVerified === true, 'the approval');
    await eventually(async () => (await new ApiBrowser(e2e.url).get('/api/properties/search')).body?.total === 1, 'the search index');
    await eventually(async () => {
      const res = await admin.get(`/api/admin/properties/${rejected.id}`);
      return (res.body?.property ?? res.body)?.review?.state === 'rejected';
    }, 'the rejection to reach the listing');

    const visitor = new ApiBrowser(e2e.url);
    const request = await visitor.post('/api/properties/request-space', {
      requestText: `Looking for ${unbroken('afourbedroomduplexinBonapriso', 300)} under 999,999,999 FCFA. ${'Near a school and a market. '.repeat(50)}`.slice(0, 2000),
      whatsapp: LONG_WHATSAPP,
    });
    const ticket = await visitor.post('/api/properties/support', {
      name: LONG_NAME,
      email: RENTER_EMAIL,
      phone: LONG_WHATSAPP,
      whatsapp: LONG_WHATSAPP,
      subject: `Cannot upload ${unbroken('photosfromMyGalleryapp', 180)}`.slice(0, 200),
      message: `${unbroken('Theuploadbuttonstaysgrey', 500)} ${'The photo picker stays grey on my phone. '.repeat(60)}`.slice(0, 5000),
    });
    if (request.status >= 300 || ticket.status >= 300) throw new Error(`request/ticket failed: ${request.text} ${ticket.text}`);
  }, SETUP_TIMEOUT);

  afterAll(async () => {
    await e2e?.stop();
  }, SETUP_TIMEOUT);

  let p: E2ePage;
  let problems: string[];
  beforeEach(async () => {
    p = await openPage(e2e, PHONE);
    problems = [];
  });
  afterEach(async () => {
    const errors = p?.errors ?? [];
    await p?.close();
    expect(errors).toEqual([]);
  });

  /** Checks the page as it is now; a problem is recorded (every page is still visited) and reported at the end. */
  async function check(label: string): Promise<void> {
    const { page } = p;
    await settle(page);
    if (SHOTS) {
      mkdirSync(SHOTS, { recursive: true });
      await page.screenshot({ path: path.join(SHOTS, `${label.replace(/[^\w-]+/g, '_')}-${PHONE.width}.png`), fullPage: true });
    }
    // Not innerWidth: a phone browser widens its layout viewport to fit content that overflows.
    const seen = await page.evaluate(measure, { screen: PHONE.width, scrollers: SIDEWAYS_SCROLLERS });
    if (seen.scrollWidth <= PHONE.width && seen.offenders.length === 0) return;
    const list = seen.offenders
      .slice(0, 6)
      .map((o) => `\n    ${o.selector} reaches ${o.right}px ("${o.text}")`)
      .join('');
    problems.push(`${label}: page ${seen.scrollWidth}px wide on a ${PHONE.width}px screen${list}`);
  }

  /** Visits a path, waits for its own content, checks it. */
  async function visit(label: string, url: string, ready: (page: Page) => Promise<unknown>): Promise<void> {
    await p.page.goto(url);
    await ready(p.page);
    await check(label);
  }

  const h1 = (page: Page, name?: string) => page.getByRole('heading', { level: 1, name, exact: name ? true : undefined }).first().waitFor();
  const dialog = (page: Page, name: string) => page.getByRole('dialog', { name }).waitFor();
  const escape = (page: Page) => page.keyboard.press('Escape');

  /** The public app's mobile menu, opened, checked and closed. */
  async function mobileMenu(label: string): Promise<void> {
    const toggle = p.page.getByRole('button', { name: en.nav.openMenu });
    if (!(await toggle.isVisible())) return;
    await toggle.click();
    await p.page.getByRole('dialog', { name: en.nav.mainNavigation }).waitFor();
    await check(`${label}, menu open`);
    await escape(p.page);
    await p.page.getByRole('dialog', { name: en.nav.mainNavigation }).waitFor({ state: 'detached' });
  }

  const report = () => expect(problems.join('\n')).toBe('');

  test(
    'anonymous visitors: home with filters and request form, details with share, the static pages, login, sign-up, reset, not found',
    async () => {
      const { page } = p;
      await visit('/', '/', () => page.getByRole('article').filter({ hasText: TITLE }).waitFor());
      await mobileMenu('/');
      await page.getByRole('button', { name: en.home.filters, exact: false }).first().click();
      const panel = page.locator('#home-filters');
      await panel.waitFor();
      await check('/ filters panel');
      await panel.getByRole('combobox', { name: en.filters.location }).fill('zz');
      await page.getByRole('option', { name: OTHER_TOWN_OPTION }).click();
      await panel.getByRole('textbox', { name: en.town.customLabel }).fill(LONG_TOWN);
      await check('/ filters panel with a typed town');
      await panel.getByRole('button', { name: en.filters.showResults }).click();
      await page.getByRole('button', { name: webText.en('home.removeChip', { label: LONG_TOWN }) }).waitFor();
      await page.getByRole('article').filter({ hasText: TITLE }).waitFor();
      await check('/ town chip');
      await page.goto('/');
      await page.locator('.end-of-list').getByRole('button', { name: MESSAGES.ui.requestProperty }).click();
      await dialog(page, en.request.title);
      await check('/ request a property dialog');

      await visit('/property-details/:id', propertyDetailsPath(live.id), () => h1(page, TITLE));
      await page.getByRole('button', { name: en.details.share }).click();
      await dialog(page, en.details.shareTitle);
      await check('/property-details/:id share dialog');
      if (e2e.hasMedia) {
        await escape(page);
        const open = PHONE.mobile ? page.getByRole('button', { name: webText.en('details.photo', { n: 1, total: 3 }) }) : page.getByRole('button', { name: en.details.openGallery });
        await open.first().click();
        await page.locator('.lightbox').waitFor();
        await check('/property-details/:id lightbox');
      }
      // The report dialog with its longest text: a pasted link no line can break.
      await escape(page);
      await page.getByRole('button', { name: en.report.open }).click();
      await dialog(page, en.report.title);
      await page.getByRole('radio', { name: en.labels.reportReason.other }).check();
      await page.getByRole('dialog', { name: en.report.title }).getByRole('textbox').fill(unbroken('https://fake.example.cm/', LIMITS.reports.textMax));
      await check('/property-details/:id report dialog');
      await visit('/property-details/unknown', propertyDetailsPath('0000000000000000000000ff'), () => page.getByText(MESSAGES.property.notFound).first().waitFor());

      for (const [route, title] of [
        ['/faq', null],
        ['/help', null],
        ['/terms', null],
        ['/privacy', null],
        ['/about', null],
        ['/contact', en.contactPage.title],
      ] as const) {
        await visit(route, route, () => h1(page, title ?? undefined));
      }
      await page.getByRole('button', { name: en.contactPage.requestProperty }).click();
      await dialog(page, en.request.title);
      await check('/contact request a property dialog');

      await visit('/login', '/login', () => h1(page, en.login.title));
      await visit('/signup', '/signup', () => h1(page));
      await page.getByRole('button', { name: new RegExp(`^${en.signup.roles.landlord.title}`) }).click();
      await page.getByLabel(en.signup.name).fill(LONG_NAME);
      await page.getByLabel(en.signup.email, { exact: true }).fill(longEmail('newcomer'));
      await page.getByLabel(en.signup.whatsapp).fill('677000001');
      await page.locator('#signup-password').fill(PASSWORD);
      await check('/signup form');
      await page.locator('label.check input[type=checkbox]').check();
      await page.getByRole('button', { name: en.signup.submit, exact: true }).click();
      await dialog(page, MESSAGES.ui.signupSuccessTitle);
      await check('/signup welcome dialog');
      await p.context.clearCookies();

      await visit('/reset-password', '/reset-password', () => h1(page, en.reset.title));
      await page.getByLabel(en.reset.email).fill(RENTER_EMAIL);
      await page.getByRole('button', { name: en.reset.sendCode }).click();
      await page.getByText(webText.en('reset.stepCode', { email: RENTER_EMAIL })).waitFor();
      await check('/reset-password code step');
      await visit('/no-such-page', '/no-such-page', () => h1(page));
      await visit('/post-property (signed out)', '/post-property', () => page.waitForURL((url) => url.pathname === '/login'));
      report();
    },
    TIMEOUT,
  );

  test(
    'a renter with a 254-character e-mail address: profile, home, details and the Message Landlord dialog',
    async () => {
      const { page } = p;
      await useSession(e2e, p, renter.browser);
      await visit('/profile (renter)', '/profile', () => page.getByText(RENTER_EMAIL).waitFor());
      await visit('/ (renter)', '/', () => page.getByRole('article').filter({ hasText: TITLE }).waitFor());
      await mobileMenu('/ (renter)');
      await visit('/property-details/:id (renter)', propertyDetailsPath(live.id), () => h1(page, TITLE));
      await page.getByRole('link', { name: MESSAGES.ui.messageLandlord }).click();
      await dialog(page, en.details.noticeTitle);
      await check('/property-details/:id Message Landlord dialog');
      await escape(page);
      // Favourites: the listing's heart, then its card on /favourites.
      await page.getByRole('button', { name: webText.en('favourites.heart', { title: TITLE }) }).click();
      await visit('/favourites (renter)', '/favourites', () => page.getByRole('article').filter({ hasText: TITLE }).waitFor());
      await visit('/admin/ (renter, refused)', '/admin/', () => page.getByTestId('not-authorised').waitFor());
      report();
    },
    TIMEOUT,
  );

  test(
    'an owner: My Listings with a rejected listing, its delete dialog, the posting wizard, own listings in review, profile',
    async () => {
      const { page } = p;
      await useSession(e2e, p, owner.browser);
      await visit('/my-listings', '/my-listings', () => page.getByText(TITLE).first().waitFor());
      await page.getByRole('button', { name: en.listings.delete }).first().click();
      await dialog(page, en.listings.confirmDeleteTitle);
      await check('/my-listings delete dialog');
      await visit('/profile (owner)', '/profile', () => page.getByText(OWNER_EMAIL).waitFor());
      await visit('/property-details/:rejected (owner)', propertyDetailsPath(rejected.id), () => h1(page, TITLE));
      await visit('/property-details/:pending (owner)', propertyDetailsPath(pending.id), () => h1(page, TITLE));
      await mobileMenu('/property-details/:pending (owner)');
      await postingWizard(page);
      report();
    },
    TIMEOUT,
  );

  /** Every step of the wizard, filled with the longest values it takes. */
  async function postingWizard(page: Page): Promise<void> {
    const next = page.getByRole('button', { name: en.app.continue, exact: true });
    const step = async (index: number) => {
      await page.getByRole('heading', { level: 2, name: en.post.steps[index] }).waitFor();
      await check(`/post-property step ${index + 1} (${en.post.steps[index]})`);
    };
    const labelled = (role: 'spinbutton' | 'textbox' | 'combobox', label: string) =>
      page.getByRole(role, { name: new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`) });
    await page.goto('/post-property');
    await step(0);
    await page.locator('fieldset').getByText(en.labels.category.residential, { exact: true }).click();
    await labelled('combobox', en.post.propertyType).selectOption('duplex');
    await next.click();
    await labelled('combobox', en.town.label).fill('Dou');
    await page.getByRole('option', { name: 'Douala', exact: true }).click();
    await labelled('textbox', en.post.neighbourhood).fill(NEIGHBOURHOOD);
    await step(1);
    await next.click();
    for (const label of [en.post.bedrooms, en.post.toilets, en.post.kitchens, en.post.livingRooms]) await labelled('spinbutton', label).fill('6');
    for (const label of [en.post.size, en.post.distanceMinutes]) await labelled('spinbutton', label).fill('999999');
    await step(2);
    await next.click();
    await labelled('textbox', en.post.titleLabel).fill(TITLE);
    await labelled('textbox', en.post.descriptionLabel).fill(DESCRIPTION);
    await step(3);
    await next.click();
    await labelled('spinbutton', en.post.price).fill(String(MAX_PRICE));
    await labelled('combobox', en.post.paymentTerm).selectOption('yearly');
    await labelled('spinbutton', en.post.caution).fill(String(MAX_PRICE));
    await step(4);
    await next.click();
    for (const amenity of AMENITIES) await page.getByRole('checkbox', { name: (en.labels.amenity as Record<string, string>)[amenity] ?? amenity }).check();
    await step(5);
    await next.click();
    await step(6);
    await next.click();
    await step(7);
  }

  (hasAdminApp ? test : test.skip)(
    'an admin: dashboard, every list with its row menu and edit dialog, the review screen with photos and long feedback',
    async () => {
      const { page } = p;
      await useSession(e2e, p, admin);
      const rowMenu = async (label: string, what: string) => {
        await page.getByRole('button', { name: adminText.en('menu.open', { what }) }).first().click();
        await page.getByRole('menu').waitFor();
        await check(`${label} row menu`);
      };
      const adminMenu = async (label: string) => {
        const toggle = page.getByRole('button', { name: t.nav.openMenu, exact: true });
        if (!(await toggle.isVisible())) return;
        await toggle.click();
        await check(`${label}, menu open`);
        await page.getByRole('button', { name: t.nav.closeMenu, exact: true }).click();
      };

      await visit('/admin/', '/admin/', () => h1(page, t.dashboard.title));
      await adminMenu('/admin/');
      await visit('/admin/users', '/admin/users', () => page.getByTestId(`user-row-${owner.user.id}`).waitFor());
      await rowMenu('/admin/users', owner.user.name);
      await page.getByRole('menuitem', { name: t.menu.edit, exact: true }).click();
      await page.getByRole('dialog').waitFor();
      await check('/admin/users edit dialog');

      await visit('/admin/properties', '/admin/properties', () => page.getByTestId(`property-row-${rejected.id}`).waitFor());
      await rowMenu('/admin/properties', TITLE);
      await page.getByRole('menuitem', { name: t.menu.edit, exact: true }).click();
      await page.getByRole('dialog').waitFor();
      await check('/admin/properties edit dialog');

      await visit('/admin/property-review/:rejected', `/admin/property-review/${rejected.id}`, () => page.getByText(t.review.previousFeedback).waitFor());
      if (e2e.hasMedia) {
        // The panorama (5:1) is the widest photo a phone takes.
        await page.getByRole('button', { name: adminText.en('review.openPhoto', { n: 3 }) }).click();
        await page.getByRole('dialog', { name: adminText.en('review.photoOf', { n: 3, total: 3 }) }).waitFor();
        await check('/admin/property-review/:rejected photo lightbox');
        await escape(page);
      }
      await visit('/admin/property-review/:pending', `/admin/property-review/${pending.id}`, () => page.getByRole('button', { name: t.review.reject, exact: true }).waitFor());
      await page.getByRole('button', { name: t.review.reject, exact: true }).click();
      await page.getByText(MESSAGES.property.rejectionReasonRequired).waitFor();
      await check('/admin/property-review/:pending reason required');
      await page.getByRole('button', { name: t.menu.edit, exact: true }).first().click();
      await page.getByRole('dialog').waitFor();
      await check('/admin/property-review/:pending edit dialog');
      await visit('/admin/property-review/:live', `/admin/property-review/${live.id}`, () => page.getByTestId('already-verified').waitFor());
      await visit('/admin/property-review/unknown', '/admin/property-review/0000000000000000000000ff', () => page.getByText(MESSAGES.property.notFound).waitFor());

      await visit('/admin/requests', '/admin/requests', () => page.getByRole('row').nth(1).waitFor());
      await page.getByRole('row').nth(1).getByRole('button', { name: /./ }).last().click();
      await page.getByRole('menu').waitFor();
      await check('/admin/requests row menu');
      await visit('/admin/support', '/admin/support', () => page.getByRole('row').nth(1).waitFor());
      await page.getByRole('row').nth(1).getByRole('button', { name: /./ }).last().click();
      await page.getByRole('menu').waitFor();
      await check('/admin/support row menu');

      // Issue 16: the Reports queue with the longest report text, and a confirmation dialog.
      const reported = await renter.browser.post(`/api/properties/${live.id}/reports`, { reason: 'other', text: unbroken('https://fake.example.cm/', LIMITS.reports.textMax) });
      if (reported.status !== 201) throw new Error(`report failed: ${reported.status} ${reported.text}`);
      await visit('/admin/reports', '/admin/reports', () => page.getByTestId(`report-row-${live.id}`).waitFor());
      await rowMenu('/admin/reports', TITLE);
      await page.getByRole('menuitem', { name: t.reports.banOwner, exact: true }).click();
      await dialog(page, t.reports.banTitle);
      await check('/admin/reports ban confirmation');
      if (e2e.hasMedia) {
        // Another owner posts the same photos: the review shows the pairs and Approve asks first.
        const copier = await signUpAs('landlord', longEmail('copier'), '699999998');
        await admin.post('/api/admin/manage/user', { type: 'verify', payload: { userId: copier.user.id } });
        const copy = await postWithPhotos(e2e, copier.browser, PHOTO_FIELDS, [await jpeg(1600, 1200, '#2f6f4f', 'living room'), await jpeg(3000, 600, '#24507a', 'panorama')]);
        await visit('/admin/property-review/:copy', `/admin/property-review/${copy.id}`, () => page.getByTestId('photo-matches').waitFor());
        await page.getByRole('button', { name: t.review.approve, exact: true }).click();
        await dialog(page, t.review.matches.confirmTitle);
        await check('/admin/property-review/:copy approval confirmation');
      }
      await visit('/admin/no-such-page', '/admin/no-such-page', () => h1(page));
      report();
    },
    TIMEOUT,
  );
});
