import { connect, type NatsConnection } from '@nats-io/transport-node';
import { AUTH_PATTERNS, EVENT_TYPES, LISTINGS_PATTERNS, MESSAGES, type PropertyPostInput, type PropertyRead, type PublicUser } from '@mboa/contracts';
import { publishEvent, RpcClient } from '@mboa/platform';
import { eventually, TEST_STAFF } from '@mboa/platform/testing';
import { passSecondFactor, proveWhatsApp } from './people.js';
import { Browser, startTestSystem, type TestSystem } from './system.js';

const ADMIN = { email: 'admin.props@mboa.cm', password: 'admin password 1' };

let system: TestSystem;
let rpc: RpcClient;
let nc: NatsConnection;
let seq = 0;

let admin: { browser: Browser; user: PublicUser };
let landlord: { browser: Browser; user: PublicUser };
let other: { browser: Browser; user: PublicUser };
let renter: { browser: Browser; user: PublicUser };

async function signup(role: string, verify = false): Promise<{ browser: Browser; user: PublicUser }> {
  const browser = new Browser(system.url);
  const res = await browser.post('/api/auth/signup', {
    name: `Person ${++seq}`,
    email: `p${seq}.${Date.now()}@example.cm`,
    password: 'password 123',
    role,
    whatsapp: '677123456',
    agreeToTerms: true,
  });
  expect(res.status).toBe(201);
  if (verify) await rpc.call(AUTH_PATTERNS.usersVerify, { userId: res.body.user.id, actor: TEST_STAFF });
  // A verified landlord or caretaker posts from a proven number (the code read from the outbox).
  if (verify && role !== 'renter') await proveWhatsApp(system, browser, res.body.user.whatsapp);
  return { browser, user: { ...res.body.user, isVerified: verify } };
}

const actor = (u: PublicUser) => ({ userId: u.id, role: u.role, isVerified: u.isVerified });

/** The posted fields; `over` may make them wrong on purpose (listings judges them). */
function data(over: Record<string, unknown> = {}): PropertyPostInput {
  return {
    category: 'residential',
    propertyType: 'apartment',
    title: 'Bright apartment in Bastos',
    description: 'Three bedrooms, secure compound, constant water.',
    paymentTerm: 'monthly',
    price: 200000,
    caution: 400000,
    availability: 'available',
    location: { country: 'Cameroon', town: 'Yaounde', neighbourhood: 'Bastos' },
    amenities: ['water', 'security'],
    specifications: { bedrooms: 3, toilets: 2, kitchens: 1, livingRooms: 1, size: 110 },
    ...over,
  };
}

const image = (i: number) => ({
  large: { url: `/media/e2e/${i}.webp`, key: `e2e/${i}.webp`, width: 1024, height: 683, bytes: 80000, mimeType: 'image/webp' },
  thumbnail: { url: `/media/e2e/${i}-t.webp`, key: `e2e/${i}-t.webp`, width: 320, height: 213, bytes: 8000, mimeType: 'image/webp' },
  alt: `Room ${i}`,
});

/** Posting goes through listings.property.create, as the upload route does after media processed the images. */
const post = (u: PublicUser, over: Record<string, unknown> = {}, images = [image(1)]) =>
  rpc.call(LISTINGS_PATTERNS.propertyCreate, { actor: actor(u), data: data(over), images });

async function approve(id: string) {
  await publishEvent(
    nc,
    {
      type: EVENT_TYPES.propertyApproved,
      payload: { propertyId: id, action: 'approve', feedback: '', reviewerId: admin.user.id, decidedAt: new Date().toISOString() },
      source: 'moderation',
    },
    { prefix: system.context.subjectPrefix },
  );
}

const anon = () => new Browser(system.url);
const searchIds = async (query = '') => ((await anon().get(`/api/properties/search?limit=50${query}`)).body.properties as PropertyRead[]).map((p) => p.id);
const visibleInSearch = (id: string, query = '') => eventually(() => searchIds(query).then((ids) => ids.includes(id)), Boolean);
const goneFromSearch = (id: string) => eventually(() => searchIds().then((ids) => !ids.includes(id)), Boolean);

async function approved(u: PublicUser, over: Record<string, unknown> = {}) {
  const p = await post(u, over);
  await approve(p.id);
  expect(await visibleInSearch(p.id)).toBe(true);
  return p;
}

beforeAll(async () => {
  system = await startTestSystem({ services: ['auth', 'listings'], env: { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password } });
  rpc = new RpcClient({ servers: system.context.natsUrl, subjectPrefix: system.context.subjectPrefix });
  await rpc.connect();
  nc = await connect({ servers: system.context.natsUrl });
  const adminBrowser = new Browser(system.url);
  const login = await adminBrowser.post('/api/auth/login', ADMIN);
  expect(login.status).toBe(200);
  await passSecondFactor(adminBrowser, ADMIN.email);
  admin = { browser: adminBrowser, user: login.body.user };
  landlord = await signup('landlord', true);
  other = await signup('caretaker', true);
  renter = await signup('renter');
});

afterAll(async () => {
  await rpc?.close();
  await nc?.drain();
  await system?.stop();
});

describe('who may post', () => {
  test('renter 403, unverified landlord 403, verified landlord and admin on behalf succeed', async () => {
    await expect(post(renter.user)).rejects.toMatchObject({ status: 403, message: MESSAGES.auth.postingNotAllowedForRole });
    const fresh = await signup('landlord');
    await expect(post(fresh.user)).rejects.toMatchObject({ status: 403, message: MESSAGES.auth.verificationRequiredToPost });
    expect((await post(landlord.user)).author._id).toBe(landlord.user.id);
    // A landlord who registered a moment ago: the owners projection may still be catching up.
    const newcomer = await signup('landlord');
    const onBehalf = await post(admin.user, { userId: newcomer.user.id });
    expect(onBehalf.author).toMatchObject({ _id: newcomer.user.id, name: newcomer.user.name, email: newcomer.user.email });
    const mine = await newcomer.browser.post('/api/property/my-listings', { action: 'fetch', payload: { page: 1, limit: 5 } });
    expect(mine.body.data.map((p: PropertyRead) => p.id)).toEqual([onBehalf.id]);
  });

  test.each([
    ['a missing title', { title: '' }, MESSAGES.property.titleRequired],
    ['a title over 100 characters', { title: 't'.repeat(101) }, MESSAGES.property.titleTooLong],
    ['a missing description', { description: undefined }, MESSAGES.property.descriptionRequired],
    ['a description over 2000 characters', { description: 'd'.repeat(2001) }, MESSAGES.property.descriptionTooLong],
    ['a negative price', { price: -5 }, MESSAGES.property.mustBeNonNegative],
    ['a missing price', { price: '' }, MESSAGES.property.priceRequired],
    ['negative toilets', { specifications: { bedrooms: 3, toilets: -1, size: 110 } }, MESSAGES.property.mustBeNonNegative],
    ['an unknown category', { category: 'industrial' }, MESSAGES.property.categoryRequired],
    ['a type outside the category', { propertyType: 'office' }, MESSAGES.property.typeNotInCategory],
    ['a missing town', { location: { country: 'Cameroon', neighbourhood: 'Bastos' } }, MESSAGES.property.townRequired],
    ['an unknown payment term', { paymentTerm: 'weekly' }, MESSAGES.property.paymentTermRequired],
  ])('refuses %s with 400 and the catalog text, storing nothing', async (_label, over, message) => {
    const before = (await landlord.browser.post('/api/property/my-listings', { action: 'fetch', payload: { page: 1, limit: 50 } })).body.meta.total;
    await expect(post(landlord.user, over)).rejects.toMatchObject({ status: 400, message });
    const after = (await landlord.browser.post('/api/property/my-listings', { action: 'fetch', payload: { page: 1, limit: 50 } })).body.meta.total;
    expect(after).toBe(before);
  });

  test('more than 10 images: 400 Maximum 10 images allowed', async () => {
    const images = Array.from({ length: 11 }, (_, i) => image(i));
    await expect(post(landlord.user, {}, images)).rejects.toMatchObject({ status: 400, message: MESSAGES.property.maxImages });
  });
});

describe('details and search', () => {
  test('a new property is invisible to others until approved, then found by every filter', async () => {
    const p = await post(landlord.user, {
      title: 'Furnished duplex with garden',
      propertyType: 'duplex',
      price: 350000,
      location: { country: 'Cameroon', town: 'Kribi', neighbourhood: 'Mokolo' },
      specifications: { bedrooms: 4, toilets: 3, size: 180 },
    });
    expect((await anon().get(`/api/properties/${p.id}`)).status).toBe(404);
    const hidden = await renter.browser.get(`/api/properties/${p.id}`);
    expect(hidden).toMatchObject({ status: 404, body: { message: MESSAGES.property.notFound } });
    expect((await landlord.browser.get(`/api/properties/${p.id}`)).body).toMatchObject({ id: p.id, isVerified: false, status: 'available' });
    expect((await admin.browser.get(`/api/properties/${p.id}`)).status).toBe(200);
    expect(await searchIds()).not.toContain(p.id);

    await approve(p.id);
    expect(await visibleInSearch(p.id)).toBe(true);
    const shown = await anon().get(`/api/properties/${p.id}`);
    expect(shown.status).toBe(200);
    expect(shown.body).toMatchObject({
      _id: p.id,
      id: p.id,
      price: 350000,
      paymentTerms: 'monthly',
      paymentTerm: 'monthly',
      isVerified: true,
      status: 'available',
      town: 'Kribi',
      neighbourhood: 'Mokolo',
      location: { country: 'Cameroon', town: 'Kribi', neighbourhood: 'Mokolo' },
      thumbnail: '/media/e2e/1-t.webp',
      propertyImages: [{ url: '/media/e2e/1.webp', alt: 'Room 1', width: 1024, height: 683 }],
      author: { _id: landlord.user.id, name: landlord.user.name, email: landlord.user.email, whatsapp: '677123456' },
      review: { state: 'approved', feedback: '' },
      createdAt: expect.any(String),
    });

    for (const query of [
      '&category=residential',
      '&propertyType=duplex',
      '&town=KRIBI',
      '&town=kribi&rooms=4',
      '&minPrice=300000&maxPrice=350000',
      '&search=duplx%20garden',
      '&search=mokolo',
      '&category=&propertyType=&town=kribi&rooms=&minPrice=&maxPrice=&search=',
    ]) {
      expect({ query, found: (await searchIds(query)).includes(p.id) }).toEqual({ query, found: true });
    }
    for (const query of ['&category=commercial', '&town=kribi&rooms=5', '&maxPrice=349999', '&minPrice=350001', '&propertyType=studio']) {
      expect({ query, found: (await searchIds(query)).includes(p.id) }).toEqual({ query, found: false });
    }
  });

  test('search answers pages of 12 (or limit), newest first, with card fields', async () => {
    const made: PropertyRead[] = [];
    for (let i = 0; i < 3; i++) made.push(await approved(other.user, { title: `Limbe studio ${i}`, propertyType: 'studio', location: { town: 'Limbe', neighbourhood: 'Down Beach' } }));
    const res = await anon().get('/api/properties/search?town=limbe&limit=2');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ total: 3, page: 1, totalPages: 2 });
    expect(res.body.properties.map((p: PropertyRead) => p.id)).toEqual([made[2].id, made[1].id]);
    const card = res.body.properties[0];
    for (const field of ['id', '_id', 'title', 'price', 'paymentTerms', 'town', 'neighbourhood', 'thumbnail', 'category', 'propertyType', 'status', 'createdAt']) {
      expect(card).toHaveProperty(field);
    }
    const page2 = await anon().get('/api/properties/search?town=limbe&limit=2&page=2');
    expect(page2.body.properties.map((p: PropertyRead) => p.id)).toEqual([made[0].id]);
    const full = await anon().get('/api/properties/search');
    expect(full.body.properties.length).toBeLessThanOrEqual(12);
  });

  test.each(['rooms=7', 'rooms=abc', 'minPrice=-1', 'limit=51', 'page=0', 'category=industrial', 'minPrice=10&maxPrice=5'])(
    'bad search value %s: 400',
    async (query) => {
      const res = await anon().get(`/api/properties/search?${query}`);
      expect(res.status).toBe(400);
      expect(typeof res.body.message).toBe('string');
    },
  );

  test('unknown or malformed ids: 404 Property not found', async () => {
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-an-id']) {
      expect(await anon().get(`/api/properties/${id}`)).toMatchObject({ status: 404, body: { message: MESSAGES.property.notFound } });
    }
  });

  test('a rejected property shows its feedback to its owner', async () => {
    const p = await post(landlord.user, { title: 'Blurry photos flat' });
    await publishEvent(
      nc,
      {
        type: EVENT_TYPES.propertyRejected,
        payload: { propertyId: p.id, action: 'reject', feedback: 'Please upload clearer photos', reviewerId: admin.user.id, decidedAt: new Date().toISOString() },
        source: 'moderation',
      },
      { prefix: system.context.subjectPrefix },
    );
    const seen = await eventually(() => landlord.browser.get(`/api/properties/${p.id}`), (r) => r.body.review?.state === 'rejected');
    expect(seen.body.review).toMatchObject({ state: 'rejected', feedback: 'Please upload clearer photos' });
    const list = await landlord.browser.post('/api/property/my-listings', { action: 'fetch', payload: { page: 1, limit: 20 } });
    expect(list.body.data.find((r: PropertyRead) => r.id === p.id).review.feedback).toBe('Please upload clearer photos');
    expect((await renter.browser.get(`/api/properties/${p.id}`)).status).toBe(404);
  });
});

describe('my listings', () => {
  test('signed out 401; bad bodies 400', async () => {
    expect((await anon().post('/api/property/my-listings', { action: 'fetch' })).status).toBe(401);
    expect((await landlord.browser.post('/api/property/my-listings', { action: 'explode' })).status).toBe(400);
    expect((await landlord.browser.post('/api/property/my-listings', { action: 'update', payload: { id: 'x', data: { status: 'sold' } } })).status).toBe(400);
  });

  test('every owner status transition, others 409, another owner 404, then delete', async () => {
    const p = await approved(landlord.user, { title: 'Transitions house', propertyType: 'bungalow' });
    const update = (status: string, b = landlord.browser) =>
      b.post('/api/property/my-listings', { action: 'update', payload: { id: p.id, data: { status } } });
    const steps: [string, number][] = [
      ['available', 409],
      ['rented', 200],
      ['rented', 409],
      ['available', 200],
      ['deactivated', 200],
      ['rented', 409],
      ['deactivated', 409],
      ['available', 200],
      ['rented', 200],
      ['deactivated', 200],
      ['available', 200],
    ];
    for (const [status, code] of steps) {
      const res = await update(status);
      expect({ status, code: res.status }).toEqual({ status, code });
      if (code === 200) {
        expect(res.body.data).toMatchObject({ id: p.id, status });
        expect(res.body.message).toBe(MESSAGES.toast.propertyStatusUpdated(status));
      }
    }
    expect(await update('rented', other.browser)).toMatchObject({ status: 404, body: { message: MESSAGES.property.notFound } });
    expect((await other.browser.post('/api/property/my-listings', { action: 'delete', payload: { id: p.id } })).status).toBe(404);
    const rentedGone = await update('rented');
    expect(rentedGone.status).toBe(200);
    expect(await goneFromSearch(p.id)).toBe(true);
    expect((await renter.browser.get(`/api/properties/${p.id}`)).status).toBe(404);

    const del = await landlord.browser.post('/api/property/my-listings', { action: 'delete', payload: { id: p.id } });
    expect(del).toMatchObject({ status: 200, body: { message: MESSAGES.toast.propertyDeleted, data: { id: p.id } } });
    expect((await landlord.browser.get(`/api/properties/${p.id}`)).status).toBe(404);
  });
});

describe('bookings and profile', () => {
  test('401 signed out, 400 bad input, 404 unknown property, 201 recorded and counted on the listing', async () => {
    const p = await approved(other.user, { title: 'Booked guest house', propertyType: 'Guest House' });
    const body = { To: { user: other.user.id, name: other.user.name, whatsapp: other.user.whatsapp }, propertyId: p.id };
    expect((await anon().post('/api/property/bookings', body)).status).toBe(401);
    expect((await renter.browser.post('/api/property/bookings', {})).status).toBe(400);
    expect((await renter.browser.post('/api/property/bookings', { To: 'someone' })).status).toBe(400);
    expect((await renter.browser.post('/api/property/bookings', { ...body, propertyId: '00000000-0000-4000-8000-000000000000' })).status).toBe(404);
    const contacts = async () =>
      (await other.browser.post('/api/property/my-listings', { action: 'fetch', payload: { page: 1, limit: 20 } })).body.data.find((r: PropertyRead) => r.id === p.id)
        .contactCount;
    expect(await contacts()).toBe(0);
    const res = await renter.browser.post('/api/property/bookings', body);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ message: MESSAGES.booking.created, booking: { propertyId: p.id, renterId: renter.user.id } });
    await renter.browser.post('/api/property/bookings', body);
    expect(await contacts()).toBe(2);
    expect((await renter.browser.post('/api/property/bookings', { To: body.To })).status).toBe(201);
  });

  test('a booking points only at a real owner, with their own name and number whatever the request says', async () => {
    const before = (await other.browser.post('/api/property/my-listings', { action: 'fetch', payload: { page: 1, limit: 50 } })).body.data;
    const refused = [
      { To: { user: renter.user.id, name: 'Fake landlord', whatsapp: '677000000' } },
      { To: { user: '00000000-0000-4000-8000-000000000000', name: 'Nobody', whatsapp: '677000000' } },
      { To: { user: other.user.id, name: other.user.name, whatsapp: 'not-a-phone' } },
    ];
    for (const body of refused) {
      const res = await renter.browser.post('/api/property/bookings', body);
      expect(res.status).toBe(400);
      expect(res.body.errors?.[0]).toMatch(/^To\.(user|whatsapp): /);
    }
    const res = await renter.browser.post('/api/property/bookings', { To: { user: other.user.id, name: 'Someone else', whatsapp: '699999999' } });
    expect(res.status).toBe(201);
    expect(res.body.booking.To).toEqual({ user: other.user.id, name: other.user.name, whatsapp: other.user.whatsapp });
    const after = (await other.browser.post('/api/property/my-listings', { action: 'fetch', payload: { page: 1, limit: 50 } })).body.data;
    expect(after.map((r: PropertyRead) => r.contactCount)).toEqual(before.map((r: PropertyRead) => r.contactCount));
  });

  test('/api/user/me: 401 signed out; profile and totalProperties in every state', async () => {
    expect((await anon().get('/api/user/me')).status).toBe(401);
    const owner = await signup('landlord', true);
    const first = await post(owner.user, { title: 'Count one' });
    await post(owner.user, { title: 'Count two' });
    await owner.browser.post('/api/property/my-listings', { action: 'update', payload: { id: first.id, data: { status: 'deactivated' } } });
    const me = await owner.browser.get('/api/user/me');
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ profile: { id: owner.user.id, email: owner.user.email, role: 'landlord' }, totalProperties: 2 });
    expect((await renter.browser.get('/api/user/me')).body.totalProperties).toBe(0);
  });
});

describe('ban', () => {
  test("a banned owner's listings leave search and details; unban brings them back", async () => {
    const owner = await signup('landlord', true);
    const p = await approved(owner.user, { title: 'Soon banned flat' });
    await rpc.call(AUTH_PATTERNS.usersBan, { userId: owner.user.id, actor: TEST_STAFF });
    expect(await goneFromSearch(p.id)).toBe(true);
    expect(await eventually(() => anon().get(`/api/properties/${p.id}`).then((r) => r.status), (s) => s === 404)).toBe(404);
    expect((await admin.browser.get(`/api/properties/${p.id}`)).status).toBe(200);
    await rpc.call(AUTH_PATTERNS.usersUnban, { userId: owner.user.id, actor: TEST_STAFF });
    expect(await visibleInSearch(p.id)).toBe(true);
    expect((await anon().get(`/api/properties/${p.id}`)).status).toBe(200);
  });
});

describe('admin property calls', () => {
  test('401 signed out and 403 for every other role on each admin property route', async () => {
    const id = '00000000-0000-4000-8000-000000000000';
    for (const who of [anon(), renter.browser, landlord.browser, other.browser]) {
      const expected = who.cookie('mboa_session') ? 403 : 401;
      expect((await who.post('/api/admin/manage/properties', { type: 'list', payload: { page: 1 } })).status).toBe(expected);
      expect((await who.get(`/api/admin/properties/${id}`)).status).toBe(expected);
      expect((await who.request('PATCH', `/api/admin/properties/${id}`, { title: 'x' })).status).toBe(expected);
    }
  });

  test('list by status, status actions with their preconditions, review read, edit', async () => {
    const p = await post(landlord.user, { title: 'Admin target shop', category: 'commercial', propertyType: 'shop', specifications: { sections: 1, size: 30 } });
    const act = (type: string) => admin.browser.post('/api/admin/manage/properties', { type, payload: { propertyId: p.id } });
    expect((await act('markAvailable')).status).toBe(409);
    expect((await act('activate')).status).toBe(409);
    const rented = await act('markRented');
    expect(rented).toMatchObject({ status: 200, body: { message: MESSAGES.toast.adminPropertyStatusUpdated, property: { status: 'rented' } } });
    expect((await act('markRented')).status).toBe(409);
    expect((await act('markAvailable')).body.property.status).toBe('available');
    expect((await act('deactivate')).body.property.status).toBe('deactivated');
    expect((await act('deactivate')).status).toBe(409);
    expect((await act('activate')).body.property.status).toBe('available');
    expect((await admin.browser.post('/api/admin/manage/properties', { type: 'markRented', payload: {} })).status).toBe(400);
    expect((await admin.browser.post('/api/admin/manage/properties', { type: 'markRented', payload: { propertyId: 'nope' } })).status).toBe(404);

    const list = await admin.browser.post('/api/admin/manage/properties', { type: 'list', payload: { page: 1, limit: 10 } });
    expect(list.status).toBe(200);
    expect(list.body.properties.length).toBeLessThanOrEqual(10);
    expect(list.body).toMatchObject({ page: 1, total: expect.any(Number), totalPages: expect.any(Number) });
    await act('markRented');
    const rentedList = await admin.browser.post('/api/admin/manage/properties', { type: 'list', payload: { page: 1, limit: 10, status: 'rented' } });
    expect(rentedList.body.properties.map((x: PropertyRead) => x.status)).toEqual(rentedList.body.properties.map(() => 'rented'));
    expect(rentedList.body.properties.map((x: PropertyRead) => x.id)).toContain(p.id);

    const read = await admin.browser.get(`/api/admin/properties/${p.id}`);
    expect(read).toMatchObject({ status: 200, body: { property: { id: p.id, isVerified: false, author: { _id: landlord.user.id } } } });
    expect((await admin.browser.get('/api/admin/properties/00000000-0000-4000-8000-000000000000')).status).toBe(404);

    const edit = (body: unknown) => admin.browser.request('PATCH', `/api/admin/properties/${p.id}`, body);
    expect(await edit({ title: '' })).toMatchObject({ status: 400, body: { message: MESSAGES.property.titleRequired } });
    expect(await edit({ price: -3 })).toMatchObject({ status: 400 });
    expect(await edit({ propertyType: 'studio' })).toMatchObject({ status: 400, body: { message: MESSAGES.property.typeNotInCategory } });
    // A residential property needs bedrooms and toilets: the shop turned into an apartment has neither.
    const R = MESSAGES.property.specificationRequired;
    expect(await edit({ category: 'residential', propertyType: 'apartment' })).toMatchObject({
      status: 400,
      body: { errors: [`specifications.bedrooms: ${R.bedrooms}`, `specifications.toilets: ${R.toilets}`] },
    });
    const edited = await edit({ title: 'Corner shop, Akwa', description: 'Ground floor shop on a busy street.', price: 120000, paymentTerm: 'quarterly', specifications: { sections: 2 } });
    expect(edited).toMatchObject({
      status: 200,
      body: {
        message: MESSAGES.property.updated,
        property: { title: 'Corner shop, Akwa', price: 120000, paymentTerm: 'quarterly', paymentTerms: 'quarterly', specifications: { sections: 2, size: 30 } },
      },
    });
    expect((await landlord.browser.get(`/api/properties/${p.id}`)).body.title).toBe('Corner shop, Akwa');
  });

  test('the OpenAPI document lists the property calls, the admin edit included', async () => {
    const doc = (await anon().get('/api/docs/openapi.json')).body;
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/api/properties/search', '/api/properties/{id}', '/api/property/my-listings', '/api/property/bookings', '/api/user/me', '/api/admin/manage/properties', '/api/admin/properties/{id}']),
    );
    expect(doc.paths['/api/admin/properties/{id}'].patch).toBeDefined();
  });
});
