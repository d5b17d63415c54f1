// Issue 15: a renter, an owner and a staff member whose browser speaks French see every screen in
// French: home, filters, details, Message Landlord, log-in, sign-up, reset, the post wizard, My
// Listings and the admin review. Each screen fails on any visible English catalog text (or label,
// placeholder, title) whose French differs. Then EN switches everything at once, with no refetch.
import { MESSAGES_FR, propertyDetailsPath, type PropertyRead } from '@mboa/contracts';
import type { Page } from 'playwright-core';
import type { Browser as ApiBrowser } from '../../gateway/src/__tests__/system.js';
import { approve, createProperty, signInAdmin, signUp, unique, useSession, waitSearchable } from './fixtures.js';
import { describeInBrowser, ensureBuilt, hasAdminApp, openPage, SETUP_TIMEOUT, startE2e, TEST_TIMEOUT, type E2eSystem, type E2ePage, type Width } from './harness.js';
import { adminText, englishOnlyTexts, en, fr, webText } from './texts.js';

const PHONE: Width = { name: 'mobile', width: 360, height: 740, mobile: true };

/** Runs in the page: every visible text node, and the texts people hear or see in attributes. */
function visibleTexts(): string[] {
  const out: string[] = [document.title];
  const shown = (el: Element) => {
    const style = getComputedStyle(el);
    return style.visibility !== 'hidden' && style.display !== 'none' && el.getClientRects().length > 0;
  };
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const text = node.textContent?.replace(/\s+/g, ' ').trim();
    if (text && node.parentElement && shown(node.parentElement) && !node.parentElement.closest('script,style,noscript')) out.push(text);
  }
  for (const el of document.body.querySelectorAll('[aria-label],[placeholder],[title],img[alt]')) {
    if (!shown(el) && !el.matches('img')) continue;
    for (const name of ['aria-label', 'placeholder', 'title', 'alt']) {
      const value = el.getAttribute(name)?.trim();
      if (value) out.push(value);
    }
  }
  return out;
}

let e2e: E2eSystem;
let staff: ApiBrowser;
let property: PropertyRead;
let pending: PropertyRead;
let renter: Awaited<ReturnType<typeof signUp>>;
let owner: Awaited<ReturnType<typeof signUp>>;
const leftovers = englishOnlyTexts();

describeInBrowser('French everywhere', () => {
  beforeAll(async () => {
    await ensureBuilt('admin-web');
    e2e = await startE2e({ admin: true });
    staff = (await signInAdmin(e2e.system)).browser;
    owner = await signUp(e2e.system, 'landlord', { verified: true, name: 'Ndedi Landlord' });
    renter = await signUp(e2e.system, 'renter', { name: 'Ayuk Renter' });
    property = await createProperty(e2e, owner.user, { title: unique('Studio meublé à Molyko') });
    pending = await createProperty(e2e, owner.user, { title: unique('Boutique à Mokolo') });
    await approve(e2e, staff, property);
    await waitSearchable(e2e, property.id);
  }, SETUP_TIMEOUT);

  afterAll(async () => {
    await e2e?.stop();
  }, SETUP_TIMEOUT);

  let p: E2ePage;
  let problems: string[];
  beforeEach(async () => {
    // A French phone: the browser's language is all the app is told.
    p = await openPage(e2e, PHONE, { locale: 'fr-CM' });
    problems = [];
  });
  afterEach(async () => {
    const errors = p?.errors ?? [];
    await p?.close();
    expect(errors).toEqual([]);
  });

  /** Records every English leftover on the screen as it is now (all screens are visited, then reported). */
  async function check(screen: string): Promise<void> {
    await p.page.waitForFunction(() => document.querySelectorAll('.spinner, .skeleton, [aria-busy="true"]').length === 0, undefined, { timeout: 15_000 });
    expect(await p.page.evaluate(() => document.documentElement.lang)).toBe('fr');
    const english = [...new Set(await p.page.evaluate(visibleTexts))].filter(
      (text) => leftovers.exact.has(text) || leftovers.patterns.some((pattern) => pattern.test(text)),
    );
    if (english.length) problems.push(`${screen}: ${english.map((e) => JSON.stringify(e)).join(', ')}`);
  }
  const report = () => expect(problems.join('\n')).toBe('');
  const h1 = (page: Page, name?: string) => page.getByRole('heading', { level: 1, name, exact: name ? true : undefined }).first().waitFor();

  test(
    'a renter: home, filters, details, log-in from Message Landlord and its dialog, sign-up and reset',
    async () => {
      const { page } = p;
      await page.goto('/');
      await page.getByRole('article').filter({ hasText: property.title }).waitFor();
      await page.getByText(fr.home.heroTitle).waitFor();
      await check('home');
      await page.getByRole('button', { name: fr.home.filters, exact: false }).first().click();
      await page.locator('#home-filters').waitFor();
      await check('filters');
      await page.keyboard.press('Escape');

      for (const [screen, path] of [
        ['sign-up', '/signup'],
        ['reset', '/reset-password'],
      ] as const) {
        await page.goto(path);
        await h1(page);
        await check(screen);
      }

      await page.goto(propertyDetailsPath(property.id));
      await h1(page, property.title);
      await check('details');
      await page.getByRole('link', { name: MESSAGES_FR.ui.messageLandlord }).click();
      await page.waitForURL('**/login');
      await h1(page, fr.login.title);
      await check('log-in');
      await page.locator('input[type=email]').fill(renter.user.email);
      await page.locator('input[autocomplete="current-password"]').fill(renter.password);
      await page.getByRole('button', { name: fr.login.submit, exact: true }).click();
      await page.waitForURL(`**${propertyDetailsPath(property.id)}`);
      await page.getByRole('link', { name: MESSAGES_FR.ui.messageLandlord }).click();
      await page.getByRole('dialog', { name: fr.details.noticeTitle }).waitFor();
      await check('Message Landlord');
      report();
    },
    TEST_TIMEOUT,
  );

  test(
    'an owner: the post wizard and My Listings; staff: the review screen',
    async () => {
      const { page } = p;
      await useSession(e2e, p, owner.browser);
      await page.goto('/post-property');
      await page.getByText(webText.fr('post.stepOf', { step: 1, total: fr.post.steps.length })).first().waitFor();
      await check('post wizard, step 1');
      await page.goto('/my-listings');
      await h1(page, fr.listings.title);
      await page.getByText(pending.title).first().waitFor();
      await check('My Listings');

      if (hasAdminApp) {
        await useSession(e2e, p, staff);
        await page.goto(`/admin/property-review/${pending.id}`);
        await page.getByText(pending.title).first().waitFor();
        await page.getByRole('button', { name: adminText.fr('review.approve'), exact: true }).waitFor();
        await check('admin review');
      }
      report();
    },
    TEST_TIMEOUT,
  );

  test(
    'EN changes every text at once, without loading the property again; FR brings French back',
    async () => {
      const { page } = p;
      await page.goto(propertyDetailsPath(property.id));
      await h1(page, property.title);
      await page.getByText(fr.details.specifications, { exact: true }).first().waitFor();
      const reads: string[] = [];
      page.on('request', (request) => {
        if (request.url().includes('/api/')) reads.push(request.url());
      });
      await page.getByRole('button', { name: 'English' }).first().click();
      await page.getByText(en.details.specifications, { exact: true }).first().waitFor();
      expect(await page.evaluate(() => document.documentElement.lang)).toBe('en');
      // The page moved to its English address (the same page, replaced in the history).
      expect(new URL(page.url())).toMatchObject({ pathname: propertyDetailsPath(property.id), search: '?lang=en' });
      expect(await page.getByText(fr.details.specifications, { exact: true }).count()).toBe(0);
      await page.getByRole('button', { name: 'Français' }).first().click();
      await page.getByText(fr.details.specifications, { exact: true }).first().waitFor();
      expect(new URL(page.url()).search).toBe('?lang=fr');
      // The switch re-words what is on screen; only the profile may be told (signed out here: nothing).
      expect(reads).toEqual([]);
      // The choice is remembered on the device.
      expect((await p.context.cookies()).find((c) => c.name === 'mboa_lang')?.value).toBe('fr');
    },
    TEST_TIMEOUT,
  );
});
