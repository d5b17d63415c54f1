// Issue 5: sign-up as a renter and as a landlord (success dialog per role), and a password reset
// with the code read from the mail the system sent.
import { LIMITS, MESSAGES } from '@mboa/contracts';
import { signUp } from './fixtures.js';
import { describeInBrowser, eventually, openPage, SETUP_TIMEOUT, startE2e, TEST_TIMEOUT, WIDTHS, type E2eSystem, type E2ePage } from './harness.js';
import { en, webText } from './texts.js';
import { expectToast, field, login } from './ui.js';

let e2e: E2eSystem;
let made = 0;
const email = (who: string) => `${who}.${Date.now()}.${++made}@example.cm`;
const whatsapp = () => `6${String((Date.now() + ++made) % 1e8).padStart(8, '0')}`;

describeInBrowser('accounts: sign-up and password reset', () => {
  beforeAll(async () => {
    e2e = await startE2e();
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
      const errors = p.errors;
      await p.close();
      expect(errors).toEqual([]);
    });

    test.each([
      ['renter', 'Ayuk Renter', en.signup.renterNext],
      ['landlord', 'Fon Landlord', en.signup.ownerNext],
    ] as const)(
      'signs up as a %s and sees the success dialog for that role',
      async (role, name, next) => {
        const { page } = p;
        await page.goto('/');
        if (width.mobile) await page.getByRole('button', { name: en.nav.openMenu }).click();
        await page.getByRole('link', { name: en.nav.signup, exact: true }).first().click();
        await page.waitForURL('**/signup');
        // The side panel is for large screens only (checked once the lazily loaded page is there).
        await page.getByRole('heading', { name: MESSAGES.ui.joinAs }).waitFor();
        expect(await page.getByText(MESSAGES.ui.sidePanelHeading).isVisible()).toBe(!width.mobile);
        await page.getByRole('button', { name: new RegExp(`^${en.signup.roles[role].title}`) }).click();
        await page.getByRole('heading', { name: MESSAGES.ui.createAccount }).waitFor();

        const address = email(role);
        await page.getByLabel(en.signup.name).fill(name);
        await page.getByLabel(en.signup.email, { exact: true }).fill(address);
        await page.getByLabel(en.signup.whatsapp).fill(whatsapp());
        await page.locator('#signup-password').fill('a good password 1');
        const submit = page.getByRole('button', { name: en.signup.submit, exact: true });
        expect(await submit.isDisabled()).toBe(true);
        await page.getByRole('checkbox').check();
        await submit.click();

        const dialog = page.getByRole('dialog', { name: MESSAGES.ui.signupSuccessTitle });
        await dialog.waitFor();
        await dialog.getByText(webText.en('signup.welcome', { name })).waitFor();
        await dialog.getByText(next).waitFor();
        expect(await dialog.getByText(role === 'renter' ? en.signup.ownerNext : en.signup.renterNext).count()).toBe(0);
        await p.shot(`signup-${role}`);
        await dialog.getByRole('button', { name: en.signup.continue }).click();
        await page.waitForURL((url) => url.pathname === '/');

        // Signed in: the avatar link to the profile, and My Listings only for owners.
        if (width.mobile) await page.getByRole('button', { name: en.nav.openMenu }).click();
        const avatar = page.getByRole('link', { name: en.nav.profile });
        await avatar.waitFor();
        expect(await avatar.textContent()).toContain(name.split(' ')[0]);
        expect(await page.getByRole('link', { name: en.nav.myListings }).count()).toBe(role === 'renter' ? 0 : 1);
        const me = await page.evaluate(() => fetch('/api/me').then((r) => r.json()));
        expect(me.user).toMatchObject({ email: address, role, name });
      },
      TEST_TIMEOUT,
    );

    test(
      'resets a forgotten password with the mailed code, then logs in with the new one',
      async () => {
        const { page } = p;
        const { user } = await signUp(e2e.system, 'renter', { name: 'Manka Forgetful' });
        await page.goto('/login');
        await page.getByRole('link', { name: MESSAGES.ui.forgotPassword }).click();
        await page.waitForURL('**/reset-password');
        await page.getByLabel(en.reset.email).fill(user.email);
        await page.getByRole('button', { name: en.reset.sendCode }).click();

        await page.getByText(webText.en('reset.stepCode', { email: user.email })).waitFor();
        await page.getByText(MESSAGES.passwordReset.requestSent).waitFor();
        // The 60 s countdown runs before Resend Code is offered.
        await page.getByText(/You can ask for a new code in \d+ s/).waitFor();
        expect(LIMITS.passwordReset.countdownSeconds).toBe(60);
        expect(await page.getByRole('button', { name: MESSAGES.ui.resendCode }).count()).toBe(0);
        // The code belongs to this browser's request: its cookie goes back with verify, unseen by scripts.
        const requestCookie = (await page.context().cookies()).find((c) => c.name === 'mboa_reset_request');
        expect(requestCookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api/auth/password-reset' });
        expect(await page.evaluate(() => document.cookie)).not.toContain('mboa_reset_request');
        const [code] = await eventually(async () => {
          const codes = await e2e.system.mailedCodes(user.email);
          return codes.length ? codes : undefined;
        }, 'the reset mail');
        await page.getByLabel(en.reset.code).fill(code);
        await p.shot('reset-code');
        await page.getByRole('button', { name: en.reset.verifyCode }).click();

        await page.getByText(en.reset.stepPassword).waitFor();
        // Verify left this browser the reset cookie confirm needs, out of the page's scripts' reach.
        const resetCookie = (await page.context().cookies()).find((c) => c.name === 'mboa_reset');
        expect(resetCookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api/auth/password-reset' });
        expect(await page.evaluate(() => document.cookie)).not.toContain('mboa_reset');
        await field(page, en.reset.newPassword).fill('my new password 2');
        await field(page, en.reset.confirmPassword).fill('my new password 2');
        await page.getByRole('button', { name: en.reset.savePassword }).click();
        await page.waitForURL('**/login');
        await expectToast(page, MESSAGES.passwordReset.confirmSuccess);
        await p.shot('reset-done');
        // Spent: the browser no longer holds it.
        expect((await page.context().cookies()).some((c) => c.name === 'mboa_reset')).toBe(false);

        await login(page, user.email, 'test password 1');
        await page.getByText(MESSAGES.auth.invalidCredentials).waitFor();
        await login(page, user.email, 'my new password 2');
        await page.waitForURL((url) => url.pathname === '/');
        const me = await page.evaluate(() => fetch('/api/me').then((r) => r.json()));
        expect(me.user.email).toBe(user.email);
      },
      TEST_TIMEOUT,
    );
  });
});
