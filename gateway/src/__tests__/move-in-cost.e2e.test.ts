// The months of rent due in advance (docs/api.md#move-in-cost), through the real gateway, auth and
// listings: posted as a multipart field, stored, read back on the details answer, changed by an
// admin, and refused outside 0–24 whole months with the field named, in the caller's language.
import { MESSAGES, MESSAGES_FR, moveInCost, type PropertyRead, type PublicUser } from '@mboa/contracts';
import { signInAdmin, signUp, TEST_ADMIN } from './people.js';
import { startTestSystem, type Browser, type TestSystem } from './system.js';

let system: TestSystem;
let landlord: { browser: Browser; user: PublicUser };
let admin: Browser;
const FRENCH = { 'accept-language': 'fr-CM,fr;q=0.9,en;q=0.5' };

beforeAll(async () => {
  system = await startTestSystem({ services: ['auth', 'listings', 'media'], env: TEST_ADMIN });
  landlord = await signUp(system, 'landlord', { verified: true });
  admin = (await signInAdmin(system)).browser;
}, 120_000);

afterAll(async () => {
  await system?.stop();
}, 120_000);

/** The web app's post, without photos; `over` replaces or adds fields. */
function fields(over: Record<string, string> = {}): Record<string, string> {
  return {
    category: 'residential',
    propertyType: 'studio',
    title: 'Studio in Molyko, 6 months in advance',
    paymentTerm: 'monthly',
    price: '35000',
    caution: '70000',
    description: 'Tiled studio, water in the compound, ten minutes from UB junction.',
    'location[town]': 'Buea',
    'location[neighbourhood]': 'Molyko',
    'specifications[bedrooms]': '1',
    'specifications[toilets]': '1',
    'specifications[size]': '22',
    ...over,
  };
}

async function post(body: Record<string, string>, headers: Record<string, string> = {}) {
  const data = new FormData();
  for (const [name, value] of Object.entries(body)) data.append(name, value);
  const res = await fetch(`${system.url}/api/property/post`, {
    method: 'POST',
    body: data,
    headers: { cookie: `mboa_session=${landlord.browser.cookie('mboa_session')}`, ...headers },
  });
  const answer = (await res.json()) as { property: PropertyRead; message?: string; errors?: string[] };
  return { status: res.status, body: answer, language: res.headers.get('content-language') };
}

describe('months of rent in advance', () => {
  let property: PropertyRead;

  it('are posted beside the caution and read back on the details answer', async () => {
    const res = await post(fields({ advanceMonths: '6' }));
    expect(res.status).toBe(201);
    property = res.body.property;
    expect(property).toMatchObject({ price: 35000, caution: 70000, advanceMonths: 6, paymentTerms: 'monthly' });

    const details = await landlord.browser.get(`/api/properties/${property.id}`);
    expect(details.status).toBe(200);
    expect(details.body).toMatchObject({ id: property.id, caution: 70000, advanceMonths: 6 });
    // What the details page shows from it: 6 months (the first among them) and the caution.
    expect(moveInCost(details.body).total).toBe(280000);
  });

  it('are none when the owner leaves them out', async () => {
    const res = await post(fields({ title: 'Studio in Molyko, nothing in advance' }));
    expect(res.status).toBe(201);
    expect(res.body.property.advanceMonths).toBe(0);
    expect((await landlord.browser.get(`/api/properties/${res.body.property.id}`)).body.advanceMonths).toBe(0);
  });

  it.each(['25', '-1', '2.5'])('%s is refused with 400 naming the field, in French for a French reader', async (value) => {
    const en = await post(fields({ advanceMonths: value }));
    expect(en.status).toBe(400);
    expect(en.body).toEqual({
      message: MESSAGES.property.advanceMonthsInvalid,
      errors: [`advanceMonths: ${MESSAGES.property.advanceMonthsInvalid}`],
    });

    const fr = await post(fields({ advanceMonths: value }), FRENCH);
    expect(fr.status).toBe(400);
    expect(fr.language).toBe('fr');
    expect(fr.body).toEqual({
      message: 'Les mois d\u2019avance doivent être un nombre entier de 0 à 24',
      errors: [`advanceMonths: ${MESSAGES_FR.property.advanceMonthsInvalid}`],
    });
  });

  it('an admin may change them, within the same bounds', async () => {
    const changed = await admin.request('PATCH', `/api/admin/properties/${property.id}`, { advanceMonths: 24 });
    expect(changed.status).toBe(200);
    expect(changed.body.property).toMatchObject({ id: property.id, advanceMonths: 24 });
    expect((await landlord.browser.get(`/api/properties/${property.id}`)).body.advanceMonths).toBe(24);

    const refused = await admin.request('PATCH', `/api/admin/properties/${property.id}`, { advanceMonths: 25 }, FRENCH);
    expect(refused.status).toBe(400);
    expect(refused.body.errors).toEqual([`advanceMonths: ${MESSAGES_FR.property.advanceMonthsInvalid}`]);
    expect((await landlord.browser.get(`/api/properties/${property.id}`)).body.advanceMonths).toBe(24);
  });
});
