// The API answers in the caller's language (docs/api.md#languages): the same refusals and toasts
// in French and in English by Accept-Language, English without it; the account's language.
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { LISTINGS_PATTERNS, MESSAGES, MESSAGES_FR, type PropertyRead } from '@mboa/contracts';
import { rpcFor, signupBody as sharedSignupBody, signUp, uniqueEmail } from './people.js';
import { Browser, startTestSystem, type TestSystem } from './system.js';

let system: TestSystem;
const FRENCH = { 'accept-language': 'fr-CM,fr;q=0.9,en;q=0.5' };

const signupBody = (over: Record<string, unknown> = {}) => sharedSignupBody({ name: 'Essomba Marie', email: uniqueEmail('essomba'), ...over });

beforeAll(async () => {
  system = await startTestSystem({ services: ['auth', 'listings'] });
});

afterAll(async () => {
  await system?.stop();
});

describe('the same refusal in both languages', () => {
  test('a validation 400: the headline and each field error, field names kept', async () => {
    const body = signupBody({ whatsapp: '12', email: 'not-an-email' });
    const fr = await new Browser(system.url).post('/api/auth/signup', body, FRENCH);
    const en = await new Browser(system.url).post('/api/auth/signup', body);
    expect(fr.status).toBe(400);
    expect(en.status).toBe(400);
    expect(en.body.errors).toEqual(
      expect.arrayContaining([`email: ${MESSAGES.auth.invalidEmail}`, `whatsapp: ${MESSAGES.auth.whatsappExactDigits}`]),
    );
    expect(fr.body.errors).toEqual(
      expect.arrayContaining([`email: ${MESSAGES_FR.auth.invalidEmail}`, `whatsapp: ${MESSAGES_FR.auth.whatsappExactDigits}`]),
    );
    expect(fr.body.errors).toHaveLength(en.body.errors.length);
    expect(fr.body.message).not.toBe(en.body.message);
    expect(fr.headers.get('content-language')).toBe('fr');
    expect(en.headers.get('content-language')).toBe('en');
    expect(fr.headers.get('vary')).toMatch(/Accept-Language/i);
    expect(en.headers.get('vary')).toMatch(/Accept-Language/i);
  });

  test('a 401 login failure', async () => {
    const body = { email: uniqueEmail('nobody'), password: 'wrong password' };
    const fr = await new Browser(system.url).post('/api/auth/login', body, FRENCH);
    const en = await new Browser(system.url).post('/api/auth/login', body);
    expect([fr.status, fr.body]).toEqual([401, { message: 'Adresse e-mail ou mot de passe incorrect.' }]);
    expect([en.status, en.body]).toEqual([401, { message: MESSAGES.auth.invalidCredentials }]);
  });

  test('a 404 and a 409', async () => {
    const browser = new Browser(system.url);
    expect((await browser.request('GET', '/api/no-such-thing', undefined, FRENCH)).body).toEqual({ message: 'Adresse introuvable' });
    expect((await browser.get('/api/no-such-thing')).body).toEqual({ message: MESSAGES.common.routeNotFound });

    const taken = signupBody();
    expect((await new Browser(system.url).post('/api/auth/signup', taken)).status).toBe(201);
    const fr = await new Browser(system.url).post('/api/auth/signup', { ...taken, name: 'Autre' }, FRENCH);
    const en = await new Browser(system.url).post('/api/auth/signup', { ...taken, name: 'Other' });
    expect([fr.status, fr.body.message]).toEqual([409, MESSAGES_FR.auth.emailAlreadyRegistered]);
    expect([en.status, en.body.message]).toEqual([409, MESSAGES.auth.emailAlreadyRegistered]);
  });

  test('an unknown media file is refused in the caller language too', async () => {
    const res = await new Browser(system.url).request('GET', '/media/properties/none/missing-large.webp', undefined, FRENCH);
    expect([res.status, res.body]).toEqual([404, { message: MESSAGES_FR.common.fileNotFound }]);
  });

  test('the body parser refuses bad JSON in the caller language too', async () => {
    const fr = await new Browser(system.url).request('POST', '/api/auth/login', '{"email":', { ...FRENCH, 'content-type': 'application/json' });
    expect([fr.status, fr.body.message]).toEqual([400, MESSAGES_FR.common.invalidJson]);
  });

  test.each([
    ['no Accept-Language at all', undefined, 'en'],
    ['French first', 'fr-FR,fr;q=0.9,en;q=0.8', 'fr'],
    ['English preferred by q-value although French comes first', 'fr;q=0.4, en;q=0.9', 'en'],
    ['French preferred by q-value', 'en;q=0.2, fr-CM;q=0.8', 'fr'],
    ['neither language', 'de-DE,de;q=0.9', 'en'],
    ['anything', '*', 'en'],
  ])('%s (%s): answers in %s', async (_label, header, expected) => {
    const res = await new Browser(system.url).request('GET', '/api/no-such-thing', undefined, header ? { 'accept-language': header } : {});
    expect(res.headers.get('content-language')).toBe(expected);
    expect(res.body.message).toBe(expected === 'fr' ? MESSAGES_FR.common.routeNotFound : MESSAGES.common.routeNotFound);
  });
});

describe('success toasts and data', () => {
  test('the toast is translated, the data never', async () => {
    const body = signupBody({ name: 'Login successful' });
    const browser = new Browser(system.url);
    const signed = await browser.post('/api/auth/signup', body, FRENCH);
    expect(signed.status).toBe(201);
    expect(signed.body.message).toBe(MESSAGES_FR.auth.signupSuccess);
    // A name that happens to read like a catalogue text is the person's own: untouched.
    expect(signed.body.user.name).toBe('Login successful');
    const login = await new Browser(system.url).post('/api/auth/login', { email: body.email, password: body.password }, FRENCH);
    expect(login.body.message).toBe('Connexion réussie');
    const me = await browser.request('GET', '/api/me', undefined, FRENCH);
    expect(me.headers.get('content-language')).toBeNull();
  });
});

describe("the account's language", () => {
  test('is set at sign-up from Accept-Language, English without it, or as the form says', async () => {
    const fr = await new Browser(system.url).post('/api/auth/signup', signupBody(), FRENCH);
    expect(fr.body.user.language).toBe('fr');
    const en = await new Browser(system.url).post('/api/auth/signup', signupBody());
    expect(en.body.user.language).toBe('en');
    const chosen = await new Browser(system.url).post('/api/auth/signup', signupBody({ language: 'fr' }));
    expect(chosen.body.user.language).toBe('fr');
  });

  test('round-trips through the profile update: PATCH /api/user/me, then /api/me shows it', async () => {
    const browser = new Browser(system.url);
    await browser.post('/api/auth/signup', signupBody());
    const changed = await browser.request('PATCH', '/api/user/me', { language: 'fr' }, FRENCH);
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ message: MESSAGES_FR.auth.profileUpdated, user: { language: 'fr' } });
    expect((await browser.get('/api/me')).body.user.language).toBe('fr');

    const back = await browser.request('PATCH', '/api/user/me', { language: 'EN' });
    expect(back.body).toMatchObject({ message: MESSAGES.auth.profileUpdated, user: { language: 'en' } });
    expect((await browser.get('/api/me')).body.user.language).toBe('en');

    const wrong = await browser.request('PATCH', '/api/user/me', { language: 'de' }, FRENCH);
    expect([wrong.status, wrong.body.errors]).toEqual([400, [`language: ${MESSAGES_FR.auth.invalidLanguage}`]]);
    const empty = await browser.request('PATCH', '/api/user/me', {});
    expect([empty.status, empty.body.message]).toEqual([400, MESSAGES.property.nothingToUpdate]);
    expect((await browser.get('/api/me')).body.user.language).toBe('en');

    const stranger = await new Browser(system.url).request('PATCH', '/api/user/me', { language: 'fr' }, FRENCH);
    expect([stranger.status, stranger.body.message]).toEqual([401, MESSAGES_FR.auth.notSignedIn]);
  });

  test('a reset code is mailed in the account language, whatever language the request came in', async () => {
    const body = signupBody();
    await new Browser(system.url).post('/api/auth/signup', body, FRENCH);
    const asked = await new Browser(system.url).post('/api/auth/password-reset/request', { email: body.email });
    expect(asked.body.message).toBe(MESSAGES.passwordReset.requestSent);
    const mail = await (async () => {
      const deadline = Date.now() + 10_000;
      for (;;) {
        for (const file of (await readdir(system.mailDir)).filter((f) => f.endsWith('.eml'))) {
          const text = await readFile(path.join(system.mailDir, file), 'utf8');
          if (text.includes(body.email)) return text;
        }
        if (Date.now() > deadline) return '';
        await new Promise((r) => setTimeout(r, 50));
      }
    })();
    // nodemailer encodes the French subject (RFC 2047) and body (quoted-printable).
    expect(mail).toMatch(/^Subject: =\?UTF-8\?Q\?Votre_code_de_r=C3=A9initialisation/m);
    expect(mail).toContain('Votre code de r=C3=A9initialisation du mot de passe est');
  });
});

describe('property answers', () => {
  test("a 404, a query's field errors and a status toast made by a catalogue function, in both languages; the listing's words untouched", async () => {
    const unknown = `/api/properties/${randomUUID()}`;
    expect((await new Browser(system.url).request('GET', unknown, undefined, FRENCH)).body).toEqual({ message: MESSAGES_FR.property.notFound });
    expect((await new Browser(system.url).get(unknown)).body).toEqual({ message: MESSAGES.property.notFound });

    const search = await new Browser(system.url).request('GET', '/api/properties/search?rooms=9&page=0', undefined, FRENCH);
    expect(search.status).toBe(400);
    expect(search.body.errors).toEqual(
      expect.arrayContaining([`rooms: ${MESSAGES_FR.property.roomsInvalid}`, `page: ${MESSAGES_FR.common.pageInvalid}`]),
    );

    const landlord = await signUp(system, 'landlord', { verified: true });
    const rpc = await rpcFor(system);
    let property: PropertyRead;
    try {
      property = await rpc.call(LISTINGS_PATTERNS.propertyCreate, {
        actor: { userId: landlord.user.id, role: 'landlord', isVerified: true },
        data: {
          category: 'residential',
          propertyType: 'studio',
          // A title that reads like a catalogue text is still the owner's own words.
          title: 'Property not found',
          description: 'Studio moderne à Bonamoussadi, eau et électricité.',
          paymentTerm: 'monthly',
          price: 75000,
          caution: 150000,
          availability: 'available',
          location: { country: 'Cameroon', town: 'Douala', neighbourhood: 'Bonamoussadi' },
          specifications: { bedrooms: 1, toilets: 1, size: 25 },
          amenities: ['water'],
        },
        images: [],
      });
    } finally {
      await rpc.close();
    }
    const update = (status: string, headers: Record<string, string> = {}) =>
      landlord.browser.post('/api/property/my-listings', { action: 'update', payload: { id: property.id, data: { status } } }, headers);
    const fr = await update('rented', FRENCH);
    expect(fr.status).toBe(200);
    expect(fr.body.message).toBe('Le statut de l\u2019annonce est maintenant « Loué »');
    expect(fr.body.data.title).toBe('Property not found');
    const en = await update('available');
    expect(en.body.message).toBe(MESSAGES.toast.propertyStatusUpdated('available'));
    const refused = await update('available', FRENCH);
    expect([refused.status, refused.body.message]).toEqual([409, MESSAGES_FR.property.invalidTransition]);
  });
});
