// Issue 23, carrier-grade NAT: an attacker behind the address thousands of phones share spends its
// failed-login allowance; a real customer on a new phone still signs in, in Chromium, after the
// page answers the person check by itself (production's difficulty: 600 to 2,000 tries).
import { LIMITS, MESSAGES, PERSON_CHECK_HEADER } from '@mboa/contracts';
import { Browser } from '../../gateway/src/__tests__/system.js';
import { signupBody } from '../../gateway/src/__tests__/people.js';
import { describeInBrowser, openPage, SETUP_TIMEOUT, startE2e, TEST_TIMEOUT, WIDTHS, type E2eSystem } from './harness.js';
import { login } from './ui.js';

let e2e: E2eSystem;
// Everyone here (the test's requests and Chromium's) comes from this machine's one address.
const SCALE = 0.02;
const allowance = (points: number) => Math.max(1, Math.round(points * SCALE));

describeInBrowser('the person check behind an attacked carrier address', () => {
  beforeAll(async () => {
    e2e = await startE2e({ gateway: { rateLimitScale: SCALE } });
  }, SETUP_TIMEOUT);

  afterAll(async () => {
    await e2e?.stop();
  }, SETUP_TIMEOUT);

  test(
    'a customer on a new phone signs in after "Checking this is a person…", the login sent again with the answer',
    async () => {
      const account = signupBody({ name: 'Mireille Ngo' });
      expect((await new Browser(e2e.url).post('/api/auth/signup', account)).status).toBe(201);
      const attacker = new Browser(e2e.url);
      for (let i = 0; i < allowance(LIMITS.login.maxFailuresPerIp); i++) {
        expect((await attacker.post('/api/auth/login', { email: `victim.${Date.now()}.${i}@example.cm`, password: 'guess' })).status).toBe(401);
      }
      expect((await attacker.post('/api/auth/login', { email: `victim.${Date.now()}@example.cm`, password: 'guess' })).status).toBe(429);

      const p = await openPage(e2e, WIDTHS[0][1]);
      try {
        const logins: { answered: boolean; status?: number }[] = [];
        p.page.on('response', (response) => {
          if (!response.url().endsWith('/api/auth/login')) return;
          logins.push({ answered: Boolean(response.request().headers()[PERSON_CHECK_HEADER]), status: response.status() });
        });
        await p.page.goto('/login');
        await login(p.page, account.email, account.password);
        await p.page.getByText(MESSAGES.personCheck.checking).waitFor();
        await p.page.waitForURL((url) => url.pathname === '/');
        expect((await p.page.request.get('/api/me')).status()).toBe(200);
        expect(logins).toEqual([
          { answered: false, status: 429 },
          { answered: true, status: 200 },
        ]);
        expect(await p.page.getByText(MESSAGES.personCheck.checking).count()).toBe(0);
        expect(p.errors).toEqual([]);
      } finally {
        await p.close();
      }
    },
    TEST_TIMEOUT,
  );
});
