// Issue 6: staff work in the admin app at /admin/: login through the public page, verify a landlord,
// reject then approve a property (which then shows in public search), ban and unban, move a request
// and a ticket through their statuses; a renter is refused.
import { AUTH_PATTERNS, MESSAGES, propertyDetailsPath } from '@mboa/contracts';
import type { Page } from 'playwright-core';
import { authenticatorCode, nextAuthenticatorCode, rpcFor, TEST_ADMIN } from '../../gateway/src/__tests__/people.js';
import { Browser as ApiBrowser } from '../../gateway/src/__tests__/system.js';
import { createProperty, signInAdmin, signUp, unique, useSession, waitSearchable } from './fixtures.js';
import {
  describeInBrowser,
  ensureBuilt,
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
import { en as t } from '../../admin-web/src/i18n/en.js';
import { adminText, en } from './texts.js';
import { expectText, expectToast, login, reloadUntil } from './ui.js';

let e2e: E2eSystem;
let admin: ApiBrowser;
let built: string | null = null;
let made = 0;
const whatsapp = () => `6${String((Date.now() * 7 + ++made) % 1e8).padStart(8, '0')}`;

describeInBrowser('admin app', () => {
  beforeAll(async () => {
    built = await ensureBuilt('admin-web');
    e2e = await startE2e({ admin: true });
    admin = (await signInAdmin(e2e.system)).browser;
  }, SETUP_TIMEOUT);

  afterAll(async () => {
    await e2e?.stop();
  }, SETUP_TIMEOUT);

  describe.each(WIDTHS)('at %s px', (_label, width) => {
    let p: E2ePage;
    beforeEach(async () => {
      expect(built).toBeTruthy();
      p = await openPage(e2e, width);
    });
    afterEach(async () => {
      const errors = p?.errors ?? [];
      await p?.close();
      expect(errors).toEqual([]);
    });

    /** The signed-in bootstrap admin, without going through the form again. */
    const asAdmin = () => useSession(e2e, p, admin);

    test(
      'an admin logs in at /login and lands in /admin/, with the navigation and the dashboard',
      async () => {
        const { page } = p;
        await page.goto('/admin/users');
        // Signed out: the public login, told to come back.
        await page.waitForURL((url) => url.pathname === '/login' && url.searchParams.get('redirect') === '/admin/users');
        await login(page, TEST_ADMIN.ADMIN_EMAIL, TEST_ADMIN.ADMIN_PASSWORD);
        await page.waitForURL((url) => url.pathname === '/admin/users');
        // The admin area asks this session for the code of the admin's authenticator app first.
        await page.getByRole('heading', { level: 1, name: t.secondFactor.checkTitle }).waitFor();
        await page.getByLabel(t.secondFactor.checkCodeLabel).fill(await nextAuthenticatorCode(TEST_ADMIN.ADMIN_EMAIL));
        await page.getByRole('button', { name: t.secondFactor.check }).click();
        await page.getByRole('heading', { level: 1, name: t.users.title }).waitFor();

        await navigate(page, width, t.nav.dashboard);
        await page.waitForURL((url) => url.pathname === '/admin/' || url.pathname === '/admin');
        await page.getByRole('heading', { level: 1, name: t.dashboard.title }).waitFor();
        await page.getByText(t.dashboard.searchingRequests).first().waitFor();
        await page.getByText(t.dashboard.pendingTickets).first().waitFor();
        await p.shot('admin-dashboard');
        for (const label of [t.nav.users, t.nav.properties, t.nav.requests, t.nav.support]) {
          await navigate(page, width, label);
          await page.getByRole('heading', { level: 1 }).first().waitFor();
        }
        await p.shot('admin-support-empty');

        // The public navigation shows admins the way into /admin/.
        await page.goto('/');
        if (width.mobile) await page.getByRole('button', { name: en.nav.openMenu }).click();
        await page.getByRole('link', { name: en.nav.adminDashboard }).click();
        await page.waitForURL((url) => url.pathname === '/admin/');
        await page.getByRole('heading', { level: 1, name: t.dashboard.title }).waitFor();
      },
      TEST_TIMEOUT,
    );

    test(
      'a new staff member sets up an authenticator app from the key on the page, keeps the recovery codes, then enters the admin area',
      async () => {
        const { page } = p;
        const staff = { email: unique('new.staff').replace(/\s+/g, '.').toLowerCase() + '@mboa.cm', password: 'a long staff passphrase' };
        const rpc = await rpcFor(e2e.system);
        try {
          await rpc.call(AUTH_PATTERNS.adminEnsure, { email: staff.email, password: staff.password, name: 'New Staff' });
        } finally {
          await rpc.close();
        }
        await page.goto('/admin/');
        await page.waitForURL((url) => url.pathname === '/login');
        await login(page, staff.email, staff.password);
        await page.getByRole('heading', { level: 1, name: t.secondFactor.enrolTitle }).waitFor();
        // The key as a person types it into the app (spaces are only for reading), and as a link.
        const secret = ((await page.getByTestId('second-factor-secret').textContent()) ?? '').replace(/\s+/g, '');
        expect(secret).toMatch(/^[A-Z2-7]{32}$/);
        expect(await page.getByRole('link', { name: t.secondFactor.openInApp }).getAttribute('href')).toMatch(/^otpauth:\/\/totp\/.*secret=/);
        expect(await page.getByRole('img', { name: t.secondFactor.qrLabel }).isVisible()).toBe(true);
        await p.shot('admin-second-factor-enrol');
        await page.getByLabel(t.secondFactor.codeLabel).fill(authenticatorCode(secret, Math.floor(Date.now() / 30_000)));
        await page.getByRole('button', { name: t.secondFactor.confirm }).click();
        await page.getByRole('heading', { level: 1, name: t.secondFactor.recoveryTitle }).waitFor();
        expect(await page.locator('.second-factor-codes li').count()).toBe(10);
        await page.getByRole('button', { name: t.secondFactor.recoverySaved }).click();
        await page.getByRole('heading', { level: 1, name: t.dashboard.title }).waitFor();
      },
      TEST_TIMEOUT,
    );

    test(
      'verifies a landlord, then bans and unbans them',
      async () => {
        const { page } = p;
        const number = whatsapp();
        const landlord = await signUp(e2e.system, 'landlord', { name: unique('Mbah Landlord'), whatsapp: number });
        await asAdmin();
        await page.goto('/admin/users');
        await page.getByRole('searchbox', { name: t.users.search }).fill(number);
        const row = page.getByTestId(`user-row-${landlord.user.id}`);
        await row.waitFor();
        await expectText(row.getByTestId('verified'), t.table.no);

        const act = async (label: string) => {
          await row.getByRole('button', { name: adminText.en('menu.open', { what: landlord.user.name }) }).click();
          await page.getByRole('menuitem', { name: label, exact: true }).click();
          await expectToast(page, MESSAGES.toast.userStatusUpdated);
        };
        await act(t.menu.verify);
        await expectText(row.getByTestId('verified'), t.table.yes);
        // Verify is offered only to unverified users.
        await row.getByRole('button', { name: adminText.en('menu.open', { what: landlord.user.name }) }).click();
        expect(await page.getByRole('menuitem', { name: t.menu.verify, exact: true }).count()).toBe(0);
        await page.keyboard.press('Escape');
        await p.shot('admin-user-verified');

        await act(t.menu.ban);
        await row.getByText(t.labels.userStatus.banned, { exact: true }).waitFor();
        const banned = await new ApiBrowser(e2e.url).post('/api/auth/login', { email: landlord.user.email, password: landlord.password });
        expect(banned.body?.message).toBe(MESSAGES.auth.accountBanned);
        await p.shot('admin-user-banned');

        await act(t.menu.unban);
        await row.getByText(t.labels.userStatus.active, { exact: true }).waitFor();
        const me = await admin.get(`/api/me`);
        expect(me.status).toBe(200);
        const back = await new ApiBrowser(e2e.url).post('/api/auth/login', { email: landlord.user.email, password: landlord.password });
        expect(back.status).toBe(200);
        expect(back.body.user).toMatchObject({ isVerified: true, status: 'active' });
      },
      TEST_TIMEOUT,
    );

    test(
      'reviews a property: reject needs a reason, then approve; it then shows in public search',
      async () => {
        const { page } = p;
        const owner = await signUp(e2e.system, 'landlord', { verified: true, name: 'Nkwenti Owner' });
        const property = await createProperty(e2e, owner.user, { title: unique('Duplex in Bonamoussadi'), propertyType: 'duplex', town: 'Douala', neighbourhood: 'Bonamoussadi', price: 250000 });
        await asAdmin();
        await page.goto('/admin/properties');
        const row = page.getByTestId(`property-row-${property.id}`);
        await row.waitFor();
        await row.getByText(/250,000|250 000/).waitFor();
        await row.getByRole('button', { name: adminText.en('menu.open', { what: property.title }) }).click();
        await page.getByRole('menuitem', { name: t.menu.verifyProperty }).click();
        await page.waitForURL((url) => url.pathname === `/admin/property-review/${property.id}`);
        await page.getByRole('heading', { level: 1, name: property.title }).waitFor();
        await page.getByText(owner.user.email).waitFor();

        const reject = page.getByRole('button', { name: t.review.reject, exact: true });
        await reject.click();
        await page.getByText(MESSAGES.property.rejectionReasonRequired).waitFor();
        await page.getByRole('textbox', { name: t.review.reason }).fill('Please add photos of the rooms.');
        await reject.click();
        await expectToast(page, MESSAGES.property.rejected);
        // The listing learns of the rejection through an event: the feedback shows once it has.
        await reloadUntil(page, page.getByText(t.review.previousFeedback));
        await page.getByText('Please add photos of the rooms.').waitFor();
        await p.shot('admin-review-rejected');
        expect((await new ApiBrowser(e2e.url).get(`/api/properties/${property.id}`)).status).toBe(404);

        await page.getByRole('button', { name: t.review.approve, exact: true }).click();
        await expectToast(page, MESSAGES.property.approved);
        // Like the rejection, the approval reaches the listing through an event.
        await reloadUntil(page, page.getByTestId('already-verified').filter({ hasText: MESSAGES.property.alreadyVerified }));
        await p.shot('admin-review-approved');

        // The approval travels to the search index through events; then the public search finds it.
        await waitSearchable(e2e, property.id, property.title);
        await page.goto('/');
        await page.getByRole('searchbox', { name: en.home.searchLabel }).fill(property.title);
        const card = page.getByRole('article').filter({ hasText: property.title });
        await card.getByRole('link').click();
        await page.waitForURL(`**${propertyDetailsPath(property.id)}`);
        await page.getByRole('heading', { level: 1, name: property.title }).waitFor();
      },
      TEST_TIMEOUT,
    );

    test(
      'moves a property request and a support ticket through their statuses',
      async () => {
        const { page } = p;
        const visitor = new ApiBrowser(e2e.url);
        const text = unique('Looking for a 2-bedroom flat in Buea under 80,000 FCFA');
        const subject = unique('Cannot upload photos');
        expect((await visitor.post('/api/properties/request-space', { requestText: text, whatsapp: whatsapp() })).status).toBeLessThan(300);
        expect(
          (
            await visitor.post('/api/properties/support', {
              name: 'Ebot Visitor',
              email: 'ebot@example.cm',
              phone: '677000111',
              subject,
              message: 'The photo picker stays grey on my phone.',
            })
          ).status,
        ).toBeLessThan(300);
        await asAdmin();

        await page.goto('/admin/requests');
        const request = page.getByRole('row').filter({ hasText: text });
        await request.waitFor();
        for (const next of ['match-found', 'contacted'] as const) {
          await request.getByRole('button', { name: adminText.en('menu.open', { what: text.slice(0, 40) }) }).click();
          await page.getByRole('menuitem', { name: adminText.en('menu.moveTo', { status: t.labels.requestStatus[next] }) }).click();
          await expectToast(page, MESSAGES.toast.requestStatusUpdated);
          await expectText(request.getByTestId('status'), t.labels.requestStatus[next]);
        }
        await p.shot('admin-requests');

        await page.goto('/admin/support');
        const ticket = page.getByRole('row').filter({ hasText: subject });
        await ticket.waitFor();
        await ticket.getByText('The photo picker stays grey on my phone.').waitFor();
        for (const next of ['in-progress', 'completed'] as const) {
          await ticket.getByRole('button', { name: adminText.en('menu.open', { what: subject }) }).click();
          await page.getByRole('menuitem', { name: adminText.en('menu.moveTo', { status: t.labels.ticketStatus[next] }) }).click();
          await expectToast(page, MESSAGES.toast.supportStatusUpdated);
          await expectText(ticket.getByTestId('status'), t.labels.ticketStatus[next]);
        }
        await p.shot('admin-support');
      },
      TEST_TIMEOUT,
    );

    test(
      'a renter is refused at /admin/ with the not-authorised page',
      async () => {
        const { page } = p;
        const renter = await signUp(e2e.system, 'renter', { name: 'Ako Renter' });
        await useSession(e2e, p, renter.browser);
        await page.goto('/admin/');
        await page.getByTestId('not-authorised').waitFor();
        await page.getByRole('heading', { name: t.access.notAuthorisedTitle }).waitFor();
        await page.getByText(adminText.en('access.notAuthorisedText', { name: renter.user.name })).waitFor();
        expect(await page.getByRole('navigation', { name: t.nav.main }).count()).toBe(0);
        await p.shot('admin-refused');
        // The server refuses too.
        expect((await renter.browser.get('/api/admin/stats')).status).toBe(403);
      },
      TEST_TIMEOUT,
    );
  });
}, { ok: hasAdminApp, why: 'admin-web has no index.html yet' });

/** Admin navigation: a sidebar on laptops, behind the Menu button on phones. */
async function navigate(page: Page, width: Width, label: string): Promise<void> {
  const nav = page.getByRole('navigation', { name: t.nav.main });
  if (width.mobile) {
    const toggle = page.getByRole('button', { name: t.nav.openMenu, exact: true });
    if (await toggle.isVisible()) await toggle.click();
  }
  await nav.getByRole('link', { name: label, exact: true }).click();
  await page.getByRole('heading', { level: 1 }).first().waitFor();
}
