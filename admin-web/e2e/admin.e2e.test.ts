// @vitest-environment node
/**
 * The admin app in real headless Chromium against a RUNNING system (gateway + services + both web
 * apps). Needs E2E_BASE_URL (e.g. http://127.0.0.1:3000), E2E_ADMIN_EMAIL and E2E_ADMIN_PASSWORD (an
 * existing admin: ADMIN_EMAIL/ADMIN_PASSWORD at start, or `npm run admin:create`) and
 * E2E_ADMIN_TOTP_SECRET (the key of that admin's authenticator app, shown when it was set up: the
 * test computes the codes the app would show). Everything else it
 * needs (a landlord, a renter, a property, a request, a ticket) is created through the API with
 * unique names, so it can run against any system, repeatedly.
 * Chromium and its launcher are the public app's harness (web/e2e/runner.ts).
 */
import { LIMITS, MESSAGES, type AuthResponse, type PostPropertyResponse, type SearchResponse } from '@mboa/contracts';
import { Secret, TOTP } from 'otpauth';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHROMIUM_PATH, hasChromium, launchChromium, newPage, VIEWPORTS } from '../../web/e2e/runner.js';

const BASE = process.env.E2E_BASE_URL?.replace(/\/$/, '');
const ADMIN_EMAIL = process.env.E2E_ADMIN_EMAIL;
const ADMIN_PASSWORD = process.env.E2E_ADMIN_PASSWORD;
const ADMIN_TOTP_SECRET = process.env.E2E_ADMIN_TOTP_SECRET?.replace(/\s+/g, '');
const missing = [
  !hasChromium() && `Chromium at ${CHROMIUM_PATH}`,
  !BASE && 'E2E_BASE_URL',
  !ADMIN_EMAIL && 'E2E_ADMIN_EMAIL',
  !ADMIN_PASSWORD && 'E2E_ADMIN_PASSWORD',
  !ADMIN_TOTP_SECRET && 'E2E_ADMIN_TOTP_SECRET',
].filter(Boolean);
if (missing.length) console.warn(`[admin e2e] skipped: needs ${missing.join(', ')} (a running system: npm start)`);

const ARTIFACTS = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../test-artifacts');
const run = Date.now().toString(36) + Math.random().toString(36).slice(2, 6);
const whatsapp = () => `6${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
const PASSWORD = 'e2e-Password-1';
/** A 1×1 PNG: the server re-encodes it like any photo. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

/** A tiny API client with its own cookie (one per person). */
class ApiPerson {
  private cookie = '';
  async call<T = unknown>(method: string, url: string, body?: unknown): Promise<{ status: number; body: T }> {
    const isForm = body instanceof FormData;
    const response = await fetch(`${BASE}/api${url}`, {
      method,
      headers: {
        Accept: 'application/json',
        ...(this.cookie ? { Cookie: this.cookie } : {}),
        ...(body !== undefined && !isForm ? { 'Content-Type': 'application/json' } : {}),
      },
      body: body === undefined ? undefined : isForm ? body : JSON.stringify(body),
    });
    const set = response.headers.getSetCookie?.() ?? [];
    if (set.length) this.cookie = set.map((c) => c.split(';')[0]).join('; ');
    const text = await response.text();
    return { status: response.status, body: (text ? JSON.parse(text) : null) as T };
  }
  async ok<T = unknown>(method: string, url: string, body?: unknown): Promise<T> {
    const r = await this.call<T>(method, url, body);
    if (r.status >= 300) throw new Error(`${method} ${url} → ${r.status} ${JSON.stringify(r.body)}`);
    return r.body;
  }
}

async function signup(role: 'landlord' | 'renter', name: string) {
  const person = new ApiPerson();
  const email = `${role}-${run}-${Math.random().toString(36).slice(2, 8)}@e2e.mboa.test`;
  const wa = whatsapp();
  const { user } = await person.ok<AuthResponse>('POST', '/auth/signup', { name, email, password: PASSWORD, role, whatsapp: wa, agreeToTerms: true });
  return { person, user, email, whatsapp: wa };
}

/** Signs in on the public /login page (the admin app sends signed-out visitors there). */
const PERIOD_MS = LIMITS.secondFactor.periodSeconds * 1000;
let lastStep = 0;
/** The admin's next unused code (each 30 s step is accepted once; the next step is taken, else waited for). */
async function nextCode(): Promise<string> {
  let now = Math.floor(Date.now() / PERIOD_MS);
  if (lastStep > now) {
    await new Promise((r) => setTimeout(r, lastStep * PERIOD_MS - Date.now() + 100));
    now = Math.floor(Date.now() / PERIOD_MS);
  }
  lastStep = Math.max(now, lastStep + 1);
  const { digits, periodSeconds: period } = LIMITS.secondFactor;
  return TOTP.generate({ secret: Secret.fromBase32(ADMIN_TOTP_SECRET!), digits, period, timestamp: lastStep * PERIOD_MS });
}

async function logInThroughPublicPage(page: Page, adminPath: string, email: string, password: string) {
  await page.goto(`${BASE}${adminPath}`);
  await page.waitForURL((url) => url.pathname === '/login');
  expect(new URL(page.url()).searchParams.get('redirect')).toBe(adminPath);
  await page.getByLabel('Email').fill(email);
  // The password label also holds the show/hide toggle, so the field is found by its role in the form.
  await page.locator('input[autocomplete="current-password"]').fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.waitForURL((url) => url.pathname === adminPath.split('?')[0]);
  // The admin area asks this session for the authenticator app's code first.
  await page.getByLabel('Code from the app, or a recovery code').fill(await nextCode());
  await page.getByRole('button', { name: 'Continue' }).click();
}

async function toast(page: Page, text: string) {
  await expect
    .poll(() => page.locator('.toast span').evaluateAll((els) => els.map((e) => e.textContent)), { timeout: 10_000 })
    .toContain(text);
}

async function choose(page: Page, row: Locator, action: string) {
  await row.getByRole('button', { name: /^Actions for/ }).click();
  await page.getByRole('menuitem', { name: action, exact: true }).click();
}

async function shot(page: Page, name: string) {
  mkdirSync(ARTIFACTS, { recursive: true });
  await page.screenshot({ path: path.join(ARTIFACTS, `${name}.png`), fullPage: true });
}

describe.skipIf(missing.length > 0)('admin app against the running system (headless Chromium)', () => {
  let browser: Browser;
  const admin = new ApiPerson();
  let landlord: Awaited<ReturnType<typeof signup>>;
  let renter: Awaited<ReturnType<typeof signup>>;

  beforeAll(async () => {
    await admin.ok('POST', '/auth/login', { email: ADMIN_EMAIL, password: ADMIN_PASSWORD });
    await admin.ok('POST', '/auth/second-factor/check', { code: await nextCode() });
    landlord = await signup('landlord', `Lena Landlord ${run}`);
    renter = await signup('renter', `Rita Renter ${run}`);
    browser = await launchChromium();
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
  });

  for (const [name, viewport] of Object.entries(VIEWPORTS)) {
    it(`staff work through users, properties, requests and tickets (${name})`, async () => {
      const { context, page } = await newPage(browser, viewport);
      const errors: string[] = [];
      page.on('pageerror', (e) => errors.push(e.message));
      try {
        await logInThroughPublicPage(page, '/admin/users', ADMIN_EMAIL!, ADMIN_PASSWORD!);

        // Verify the landlord (found by WhatsApp).
        const person = name === 'phone' ? await signup('landlord', `Lena Phone ${run}`) : landlord;
        await page.getByLabel('Search by WhatsApp').fill(person.whatsapp);
        const userRow = page.locator('tbody tr', { hasText: person.user.name });
        await userRow.waitFor();
        await expect.poll(() => page.locator('tbody tr').count()).toBe(1);
        await choose(page, userRow, 'Verify');
        await toast(page, MESSAGES.toast.userStatusUpdated);
        await expect.poll(() => userRow.getByTestId('verified').textContent()).toBe('Yes');
        await shot(page, `admin-users-${name}`);

        // Ban and unban the renter.
        const target = name === 'phone' ? await signup('renter', `Rita Phone ${run}`) : renter;
        await page.getByLabel('Search by WhatsApp').fill(target.whatsapp);
        const renterRow = page.locator('tbody tr', { hasText: target.user.name });
        await renterRow.waitFor();
        await choose(page, renterRow, 'Ban');
        await expect.poll(() => renterRow.locator('.badge').textContent()).toBe('Banned');
        expect((await target.person.call('GET', '/me')).status).toBe(401);
        await choose(page, renterRow, 'Unban');
        await expect.poll(() => renterRow.locator('.badge').textContent()).toBe('Active');

        // The now verified landlord posts a property; it waits for review.
        const title = `E2E flat ${name} ${run}`;
        const form = new FormData();
        for (const [k, v] of Object.entries({
          category: 'residential',
          propertyType: 'apartment',
          title,
          paymentTerm: 'monthly',
          price: '45000',
          caution: '90000',
          description: 'Two bedrooms, tiled, running water.',
          availability: 'available',
          'location[country]': 'Cameroon',
          'location[town]': 'Buea',
          'location[neighbourhood]': 'Molyko',
          'specifications[bedrooms]': '2',
          'specifications[toilets]': '1',
          'specifications[kitchens]': '1',
          'specifications[livingRooms]': '1',
          'specifications[size]': '60',
          'specifications[distanceFromRoad]': '3',
          amenities: JSON.stringify(['water', 'electricity']),
        }))
          form.append(k, v);
        form.append('propertyImages', new Blob([PNG], { type: 'image/png' }), `${Date.now()}-0-front.png`);
        const posted = await person.person.ok<PostPropertyResponse>('POST', '/property/post', form);
        const propertyId: string = posted.id ?? posted.property?.id;

        // Properties list → Verify Property → review: reject (reason required), then approve.
        // On a phone the navigation sits behind the Menu button.
        if (name === 'phone') await page.getByRole('button', { name: 'Menu' }).click();
        await page.getByRole('navigation', { name: 'Admin navigation' }).getByRole('link', { name: 'Properties' }).click();
        const propertyRow = page.locator('tbody tr', { hasText: title });
        await propertyRow.waitFor();
        expect(await propertyRow.textContent()).toContain('45,000 XAF/month');
        await choose(page, propertyRow, 'Verify Property');
        await page.waitForURL(`**/admin/property-review/${propertyId}`);
        await page.getByRole('heading', { name: title }).waitFor();
        expect(await page.getByRole('link', { name: /WhatsApp the owner/ }).getAttribute('href')).toBe(`https://wa.me/237${person.whatsapp}`);
        await page.getByRole('button', { name: 'Reject' }).click();
        await page.getByText(MESSAGES.property.rejectionReasonRequired).waitFor();
        await page.getByLabel('Rejection reason').fill('Please add a photo of the kitchen.');
        await page.getByRole('button', { name: 'Reject' }).click();
        await toast(page, MESSAGES.property.rejected);
        await page.getByText('Please add a photo of the kitchen.').waitFor();
        await page.getByRole('button', { name: 'Open photo 1' }).click();
        await page.getByRole('dialog', { name: 'Photo 1 of 1' }).waitFor();
        await page.keyboard.press('Escape');
        await shot(page, `admin-review-${name}`);
        await page.getByRole('button', { name: 'Approve' }).click();
        await toast(page, MESSAGES.property.approved);
        await page.getByText(MESSAGES.property.alreadyVerified).waitFor();

        // Approved: it appears in public search.
        await expect
          .poll(async () => (await new ApiPerson().ok<SearchResponse>('GET', `/properties/search?search=${encodeURIComponent(title)}`)).properties.map((p) => p.id), {
            timeout: 15_000,
          })
          .toContain(propertyId);

        // A request and a ticket move through their statuses.
        const requestText = `E2E request ${name} ${run}: studio in Limbe`;
        await new ApiPerson().ok('POST', '/properties/request-space', { requestText, whatsapp: whatsapp() });
        const subject = `E2E ticket ${name} ${run}`;
        const message = `Hello,\nI cannot find the listing I saw yesterday (${run}).\nThanks`;
        await new ApiPerson().ok('POST', '/properties/support', { name: 'Tom', email: `tom-${run}@e2e.mboa.test`, phone: '', subject, message });

        await page.goto(`${BASE}/admin/requests`);
        const requestRow = page.locator('tbody tr', { hasText: requestText });
        await requestRow.waitFor();
        for (const [action, label] of [
          ['Move to Match Found', 'Match Found'],
          ['Move to Contacted', 'Contacted'],
          ['Move to Searching', 'Searching'],
        ]) {
          await choose(page, requestRow, action);
          await expect.poll(() => requestRow.getByTestId('status').textContent()).toBe(label);
        }
        await toast(page, MESSAGES.toast.requestStatusUpdated);

        await page.goto(`${BASE}/admin/support`);
        const ticketRow = page.locator('tbody tr', { hasText: subject });
        await ticketRow.waitFor();
        expect(await ticketRow.getByTestId('ticket-message').textContent()).toBe(message);
        for (const [action, label] of [
          ['Move to In Progress', 'In Progress'],
          ['Move to Completed', 'Completed'],
        ]) {
          await choose(page, ticketRow, action);
          await expect.poll(() => ticketRow.getByTestId('status').textContent()).toBe(label);
        }
        await toast(page, MESSAGES.toast.supportStatusUpdated);
        await shot(page, `admin-support-${name}`);

        // The dashboard shows the figures and the latest actions.
        await page.goto(`${BASE}/admin/`);
        await page.getByRole('heading', { name: 'Latest admin actions' }).waitFor();
        expect(errors).toEqual([]);
      } finally {
        await context.close();
      }
    }, 120_000);
  }

  it('refuses a renter at /admin/ after the public login', async () => {
    const { context, page } = await newPage(browser, VIEWPORTS.desktop);
    try {
      await logInThroughPublicPage(page, '/admin/', renter.email, PASSWORD);
      await page.getByRole('heading', { name: 'Not authorised' }).waitFor();
      expect(await page.getByRole('navigation', { name: 'Admin navigation' }).count()).toBe(0);
      // The ban above ended the renter's sessions: a fresh one is refused too.
      const again = new ApiPerson();
      await again.ok('POST', '/auth/login', { email: renter.email, password: PASSWORD });
      expect((await again.call('GET', '/admin/stats')).status).toBe(403);
      await shot(page, 'admin-not-authorised');
    } finally {
      await context.close();
    }
  }, 60_000);
});
