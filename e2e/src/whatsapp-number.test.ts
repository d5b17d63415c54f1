// Issue 25: a landlord whose WhatsApp number is not confirmed opens the post wizard, is told to
// confirm it first, follows the link to the profile, asks for a code, types the one WhatsApp
// brought (read from the outbox folder, as a person reads their phone) and is confirmed; the
// wizard then says nothing. At both widths, nothing wider than the screen.
import { MESSAGES } from '@mboa/contracts';
import { whatsappCodesSentTo } from '../../gateway/src/__tests__/people.js';
import { signUp, useSession } from './fixtures.js';
import { describeInBrowser, eventually, openPage, SETUP_TIMEOUT, startE2e, TEST_TIMEOUT, WIDTHS, type E2eSystem, type E2ePage } from './harness.js';
import { en, webText } from './texts.js';

let e2e: E2eSystem;
let numbers = 0;
const newNumber = () => `65${String((Date.now() + ++numbers) % 1e7).padStart(7, '0')}`;

describeInBrowser('confirming a WhatsApp number before posting', () => {
  beforeAll(async () => {
    e2e = await startE2e();
  }, SETUP_TIMEOUT);

  afterAll(async () => {
    await e2e?.stop();
  }, SETUP_TIMEOUT);

  describe.each(WIDTHS)('at %s px', (_label, width) => {
    let p: E2ePage;
    afterEach(async () => {
      const errors = p.errors;
      await p.close();
      expect(errors).toEqual([]);
    });

    test(
      'the wizard\u2019s notice leads to the profile, where the code sent on WhatsApp confirms the number',
      async () => {
        const number = newNumber();
        const owner = await signUp(e2e.system, 'landlord', { verified: true, name: 'Ndi Confirm', whatsapp: number, proven: false });
        p = await openPage(e2e, width);
        await useSession(e2e, p, owner.browser);
        const { page } = p;
        const fitsTheScreen = () => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

        await page.goto('/post-property');
        const notice = page.getByTestId('number-notice');
        await notice.getByRole('heading', { name: en.post.numberNotProvenTitle }).waitFor();
        // The form is still there: what is entered is kept while the number gets confirmed.
        await page.getByRole('heading', { level: 2, name: en.post.steps[0] }).waitFor();
        expect(await fitsTheScreen()).toBe(true);
        await p.shot('post-number-notice');

        await notice.getByRole('link', { name: en.post.numberNotProvenLink }).click();
        await page.waitForURL((url) => url.pathname === '/profile' && url.hash === '#whatsapp');
        const section = page.getByRole('region', { name: en.whatsappNumber.title });
        await section.getByText(en.whatsappNumber.notConfirmed).waitFor();
        await section.getByRole('button', { name: en.whatsappNumber.sendCode }).click();
        await section.getByText(MESSAGES.whatsappProof.codeSent).waitFor();
        const code = await eventually(async () => (await whatsappCodesSentTo(e2e.system, number))[0], `a code sent to ${number}`);
        const input = section.getByLabel(webText.en('whatsappNumber.codeLabel', { digits: 6 }));
        expect(await input.getAttribute('autocomplete')).toBe('one-time-code');
        expect(await input.getAttribute('inputmode')).toBe('numeric');
        await input.fill(code);
        expect(await fitsTheScreen()).toBe(true);
        await p.shot('profile-whatsapp-code');
        await section.getByRole('button', { name: en.whatsappNumber.confirm, exact: true }).click();
        await section.getByText(MESSAGES.whatsappProof.proven).waitFor();
        await section.getByText(/^Confirmed on /).waitFor();

        await page.goto('/post-property');
        await page.getByRole('heading', { level: 2, name: en.post.steps[0] }).waitFor();
        expect(await page.getByTestId('number-notice').count()).toBe(0);
      },
      TEST_TIMEOUT,
    );
  });
});
