// Issue 23, a shared phone: a session that ends any other way than Logout (the browser closed
// without "remember me", a logout elsewhere, like a ban or a password reset) leaves nothing of its
// account for the next person, offline or on a connection that never answers; Log out is where
// people look for it. Chromium with its service worker, the network really off.
import type { BrowserContext, Page } from 'playwright-core';
import type { PropertyRead } from '@mboa/contracts';
import { Browser } from '../../gateway/src/__tests__/system.js';
import { approve, createProperty, signInAdmin, signUp } from './fixtures.js';
import { describeInBrowser, openPage, SETUP_TIMEOUT, startE2e, TEST_TIMEOUT, WIDTHS, type E2eSystem, type E2ePage } from './harness.js';
import { en, fr, webText } from './texts.js';

let e2e: E2eSystem;
let listing: PropertyRead;
const [mobile, desktop] = [WIDTHS[0][1], WIDTHS[1][1]];

type Person = Awaited<ReturnType<typeof signUp>>;

/** The service worker controls the page (it answers the account's calls from then on). */
async function workerReady(page: Page): Promise<void> {
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 20_000 });
}

/** Signs in this browser (its cookies: the session and its mark), as the login form does, without "remember me". */
async function signIn(page: Page, person: Person): Promise<void> {
  const res = await page.request.post('/api/auth/login', { data: { email: person.user.email, password: person.password, rememberMe: false } });
  expect(res.status()).toBe(200);
}

/** The worker keeps who is signed in and their favourites, the listing among them. */
async function accountKept(page: Page, id: string): Promise<void> {
  await page.waitForFunction(
    async (id) => {
      const account = await caches.open('mboa-account');
      const kept = await Promise.all(['/api/me', '/api/favourites/ids', '/api/favourites'].map((path) => account.match(path, { ignoreVary: true })));
      return kept.every(Boolean) && (await Promise.all(kept.slice(1).map((answer) => answer!.text()))).every((text) => text.includes(id));
    },
    id,
    { timeout: 20_000, polling: 200 },
  );
}

/** A's visit: signed in, the listing hearted, her favourites and profile opened (all kept by the worker). */
async function visitAs(page: Page, person: Person, language: 'en' | 'fr' = 'en'): Promise<void> {
  await page.goto('/');
  await workerReady(page);
  await signIn(page, person);
  await page.goto('/');
  const card = page.getByRole('article').filter({ hasText: listing.title });
  const heart = card.getByRole('button', { name: webText[language]('favourites.heart', { title: listing.title }) });
  await heart.waitFor();
  if ((await heart.getAttribute('aria-pressed')) !== 'true') await heart.click();
  await accountKept(page, listing.id);
  await page.goto('/favourites');
  await page.getByRole('article').filter({ hasText: listing.title }).waitFor();
  await page.goto('/profile');
  await page.getByText(person.user.email).waitFor();
}

/** What a browser restart does: its session cookies go, the others stay. */
async function closeTheBrowser(context: BrowserContext): Promise<void> {
  const kept = (await context.cookies()).filter((cookie) => cookie.expires !== -1);
  await context.clearCookies();
  if (kept.length > 0) await context.addCookies(kept);
}

/** The next person opens the app, offline: signed out, no favourites, and nothing of A anywhere. */
async function nothingOf(page: Page, person: Person): Promise<void> {
  const details = [person.user.name, person.user.email, person.user.whatsapp ?? ''].filter(Boolean);
  const shown: string[] = [];
  await page.goto('/');
  await page.getByRole('status').filter({ hasText: en.offline.offline }).waitFor();
  await page.getByRole('button', { name: en.nav.openMenu }).click();
  await page.getByRole('dialog').getByRole('link', { name: en.nav.login }).waitFor();
  expect(await page.getByRole('link', { name: en.nav.profile }).count()).toBe(0);
  shown.push(await page.content());
  await page.goto('/favourites');
  await page.getByText(en.favourites.empty).waitFor();
  expect(await page.getByRole('article').count()).toBe(0);
  shown.push(await page.content());
  await page.goto('/profile');
  await page.waitForURL((url) => url.pathname === '/login');
  shown.push(await page.content());
  for (const text of shown) for (const detail of details) expect(text).not.toContain(detail);
  // Nor in what the page may read: the worker has no copy left to answer with, the device no list.
  expect(await page.evaluate(() => caches.has('mboa-account'))).toBe(false);
  expect(await page.evaluate(() => fetch('/api/me').then((r) => `answered ${r.status}`, () => 'failed'))).toBe('failed');
  expect(await page.evaluate(() => JSON.stringify({ ...localStorage }))).not.toContain(listing.id);
}

describeInBrowser('a shared phone: nothing of the last account once its session is gone', () => {
  beforeAll(async () => {
    e2e = await startE2e();
    const admin = (await signInAdmin(e2e.system)).browser;
    const owner = await signUp(e2e.system, 'landlord', { verified: true, name: 'Ekane Molyko Homes' });
    listing = await createProperty(e2e, owner.user, { title: 'Self-contained room near Molyko junction', town: 'Buea' });
    await approve(e2e, admin, listing);
  }, SETUP_TIMEOUT);

  afterAll(async () => {
    await e2e?.stop();
  }, SETUP_TIMEOUT);

  let p: E2ePage;
  afterEach(async () => {
    const errors = p.errors;
    await p.close();
    expect(errors).toEqual([]);
  });

  test(
    'the browser closed without “remember me”: offline, the next person sees no name, e-mail, WhatsApp number or favourites of the last one',
    async () => {
      p = await openPage(e2e, mobile);
      const { page, context } = p;
      const ada = await signUp(e2e.system, 'renter', { name: 'Adaeze Shared Phone', whatsapp: '677123456' });
      await visitAs(page, ada);

      // While her session lasts, her favourites open offline (what the next steps must take away).
      await context.setOffline(true);
      await page.goto('/favourites');
      await page.getByRole('article').filter({ hasText: listing.title }).waitFor();
      await page.getByRole('status').filter({ hasText: en.offline.offline }).waitFor();

      await closeTheBrowser(context);
      await nothingOf(page, ada);
      await p.shot('shared-phone-closed-browser');
      await context.setOffline(false);
    },
    TEST_TIMEOUT,
  );

  test(
    'the session ended on the server (a logout elsewhere, as a ban or a reset does): a connection that never answers shows no kept copy, the 401 drops it, and offline nothing is left',
    async () => {
      p = await openPage(e2e, mobile);
      const { page, context } = p;
      const bih = await signUp(e2e.system, 'renter', { name: 'Bih Shared Phone', whatsapp: '699887766' });
      await visitAs(page, bih);

      const session = (await context.cookies()).find((cookie) => cookie.httpOnly && cookie.name.endsWith('mboa_session'));
      expect(session).toBeDefined();
      const elsewhere = await new Browser(e2e.url).post('/api/auth/logout', undefined, { cookie: `${session!.name}=${session!.value}` });
      expect(elsewhere.status).toBe(200);

      // The next person opens the app on a connection where /api/me never answers: the worker waits
      // for the network (it used to answer with the kept copy after 5 s).
      await context.route('**/api/me', () => undefined);
      await page.goto('/');
      const slow = await page.evaluate(() =>
        Promise.race([fetch('/api/me').then((r) => r.text()), new Promise<string>((resolve) => setTimeout(() => resolve('no answer yet'), 8000))]),
      );
      expect(slow).toBe('no answer yet');
      await page.getByRole('button', { name: en.nav.openMenu }).click();
      expect(await page.getByRole('dialog').textContent()).not.toContain(bih.user.name.split(' ')[0]);
      await context.unrouteAll({ behavior: 'ignoreErrors' });

      // The connection comes back for a moment: the 401 drops what was kept. Then it goes.
      await page.goto('/');
      await page.waitForFunction(async () => !(await caches.has('mboa-account')), null, { timeout: 20_000, polling: 200 });
      await context.setOffline(true);
      await nothingOf(page, bih);
      await context.setOffline(false);
    },
    TEST_TIMEOUT,
  );

  test.each([
    ['360 px, English: first in the phone’s menu', mobile, 'en-GB'],
    ['1280 px, French: beside the name in the bar', desktop, 'fr-FR'],
  ] as const)(
    'Log out is where people look for it (%s) and on the profile; it signs out and drops what was kept',
    async (_name, width, locale) => {
      p = await openPage(e2e, width, { locale });
      const { page } = p;
      const texts = locale === 'en-GB' ? en : fr;
      const chi = await signUp(e2e.system, 'renter', { name: 'Chi Shared Phone' });
      await visitAs(page, chi, locale === 'en-GB' ? 'en' : 'fr');

      // On the profile, in sight: no disclosure to open first.
      const onProfile = page.getByRole('main').getByRole('button', { name: texts.profile.logout, exact: true });
      expect(await onProfile.isVisible()).toBe(true);

      await page.goto('/');
      if (width.mobile) await page.getByRole('button', { name: texts.nav.openMenu }).click();
      const menu = width.mobile ? page.getByRole('dialog') : page.locator('.nav-account');
      // In the bar, a door icon named Log out (its tooltip says so too); in the phone's menu, the words.
      const logout = menu.getByRole('button', { name: texts.profile.logout, exact: true });
      await logout.waitFor();
      if (!width.mobile) expect(await logout.getAttribute('title')).toBe(texts.profile.logout);
      await p.shot(`shared-phone-logout-${locale}`);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width.width);
      await logout.click();
      await page.waitForURL((url) => url.pathname === '/login');
      await page.waitForFunction(async () => !(await caches.has('mboa-account')), null, { timeout: 20_000, polling: 200 });
      expect((await page.request.get('/api/me')).status()).toBe(401);
    },
    TEST_TIMEOUT,
  );
});
