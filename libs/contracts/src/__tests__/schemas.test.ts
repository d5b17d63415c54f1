import {
  adminManagePropertiesSchema,
  adminManageRequestsSchema,
  adminManageSupportSchema,
  adminManageUserSchema,
  adminCreateSchema,
  bookingSchema,
  loginSchema,
  MESSAGES,
  myListingsSchema,
  nestFormFields,
  parseOrErrors,
  propertyEditSchema,
  propertyPostSchema,
  REQUIRED_SPECIFICATIONS,
  requestSpaceSchema,
  resetConfirmSchema,
  resetRequestSchema,
  resetVerifySchema,
  reviewSchema,
  searchQuerySchema,
  signupSchema,
  supportTicketSchema,
  userUpdateSchema,
} from '../index.js';

const goodSignup = {
  name: 'Ada Ngwa',
  email: ' Ada@Example.COM ',
  password: 'secret-pass',
  role: 'tenant',
  whatsapp: '674 000 000',
  agreeToTerms: true,
};

describe('signup', () => {
  test('accepts and normalises', () => {
    const r = parseOrErrors(signupSchema, goodSignup);
    expect(r).toEqual({
      ok: true,
      data: { name: 'Ada Ngwa', email: 'ada@example.com', password: 'secret-pass', role: 'renter', whatsapp: '674000000', agreeToTerms: true },
    });
  });
  test('missing fields → All fields are required', () => {
    const r = parseOrErrors(signupSchema, { ...goodSignup, name: '  ', password: undefined });
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.message).toBe('All fields are required');
      expect(r.errors).toEqual(expect.arrayContaining(['name: All fields are required', 'password: All fields are required']));
    }
  });
  test('whatsapp must be exactly 9 digits', () => {
    for (const whatsapp of ['67400000', '6740000001', '67400000a']) {
      const r = parseOrErrors(signupSchema, { ...goodSignup, whatsapp });
      expect(r).toMatchObject({ ok: false, message: 'WhatsApp number must be exactly 9 digits' });
    }
  });
  test('other rules', () => {
    expect(parseOrErrors(signupSchema, { ...goodSignup, password: 'short' })).toMatchObject({ ok: false, message: MESSAGES.auth.passwordTooShort });
    expect(parseOrErrors(signupSchema, { ...goodSignup, role: 'admin' })).toMatchObject({ ok: false, message: MESSAGES.auth.invalidRole });
    expect(parseOrErrors(signupSchema, { ...goodSignup, agreeToTerms: false })).toMatchObject({ ok: false, message: MESSAGES.auth.agreeToTermsRequired });
    expect(parseOrErrors(signupSchema, { ...goodSignup, email: 'nope' })).toMatchObject({ ok: false, message: MESSAGES.auth.invalidEmail });
  });
  test('several unrelated problems → generic headline', () => {
    const r = parseOrErrors(signupSchema, { ...goodSignup, password: 'short', role: 'x' });
    expect(r).toMatchObject({ ok: false, message: 'Please check the highlighted fields.' });
  });
});

describe('login and reset', () => {
  test('login', () => {
    expect(parseOrErrors(loginSchema, { email: 'a@b.cm', password: 'x' })).toEqual({ ok: true, data: { email: 'a@b.cm', password: 'x', rememberMe: false } });
    expect(parseOrErrors(loginSchema, { email: 'a@b.cm', password: 'x', rememberMe: true })).toMatchObject({ ok: true, data: { rememberMe: true } });
    expect(parseOrErrors(loginSchema, { email: '', password: '' })).toMatchObject({ ok: false, message: 'All fields are required' });
    expect(parseOrErrors(loginSchema, {})).toMatchObject({ ok: false, message: 'All fields are required' });
    expect(parseOrErrors(loginSchema, { email: 'bad', password: 'x' })).toMatchObject({ ok: false, message: MESSAGES.auth.invalidEmail });
    expect(parseOrErrors(loginSchema, 'not an object')).toMatchObject({ ok: false });
  });
  test('reset', () => {
    expect(parseOrErrors(resetRequestSchema, {})).toMatchObject({ ok: false, message: 'Email is required.' });
    expect(parseOrErrors(resetVerifySchema, { email: 'a@b.cm' })).toMatchObject({ ok: false, message: 'Code is required.' });
    expect(parseOrErrors(resetVerifySchema, { email: 'a@b.cm', code: '12345' })).toMatchObject({ ok: false, message: MESSAGES.passwordReset.codeFormat });
    expect(parseOrErrors(resetVerifySchema, { email: 'a@b.cm', code: ' 123456 ' })).toMatchObject({ ok: true, data: { code: '123456' } });
    expect(parseOrErrors(resetConfirmSchema, { email: 'a@b.cm' })).toMatchObject({ ok: false, message: 'Please fill in all fields.' });
    expect(parseOrErrors(resetConfirmSchema, { email: 'a@b.cm', newPassword: 'longenough', confirmPassword: 'other' })).toMatchObject({ ok: false, message: 'Passwords do not match.' });
    expect(parseOrErrors(resetConfirmSchema, { email: 'a@b.cm', newPassword: 'longenough' }).ok).toBe(true);
  });
  test('admin create defaults', () => {
    // A staff password: 11 characters refused, 12 accepted.
    expect(parseOrErrors(adminCreateSchema, { email: 'root@x.cm', password: 'long enough' }).ok).toBe(false);
    expect(parseOrErrors(adminCreateSchema, { email: 'root@x.cm', password: 'long enough!' })).toMatchObject({
      ok: true,
      data: { name: 'Administrator', whatsapp: '600000000' },
    });
  });
});

const multipart = {
  category: 'residential',
  propertyType: 'apartment',
  title: ' Two-bed flat ',
  paymentTerm: 'monthly',
  price: '75000',
  caution: '150000',
  description: 'Bright and quiet',
  availability: 'available',
  'location[country]': '',
  'location[town]': 'Buea',
  'location[neighbourhood]': 'Molyko',
  'specifications[bedrooms]': '2',
  'specifications[toilets]': '1',
  'specifications[kitchens]': '1',
  'specifications[livingRooms]': '1',
  'specifications[size]': '64.5',
  'specifications[distanceFromRoad]': '5',
  'specifications[sections]': '',
  amenities: '["water","electricity","water"]',
};

describe('property post', () => {
  test('accepts multipart strings and coerces', () => {
    const r = parseOrErrors(propertyPostSchema, nestFormFields(multipart));
    expect(r).toEqual({
      ok: true,
      data: {
        category: 'residential',
        propertyType: 'apartment',
        title: 'Two-bed flat',
        paymentTerm: 'monthly',
        price: 75000,
        caution: 150000,
        description: 'Bright and quiet',
        availability: 'available',
        location: { country: 'Cameroon', town: 'Buea', neighbourhood: 'Molyko' },
        specifications: { bedrooms: 2, toilets: 1, kitchens: 1, livingRooms: 1, size: 64.5, distanceFromRoad: 5 },
        amenities: ['water', 'electricity'],
      },
    });
  });
  test('rejects bad values with messages', () => {
    const bad = { ...multipart, title: 'x'.repeat(101), price: '-1', 'specifications[bedrooms]': '-2', amenities: '["pool"]' };
    const r = parseOrErrors(propertyPostSchema, nestFormFields(bad));
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.errors).toEqual(
        expect.arrayContaining([
          `title: ${MESSAGES.property.titleTooLong}`,
          `price: ${MESSAGES.property.mustBeNonNegative}`,
          `specifications.bedrooms: ${MESSAGES.property.mustBeNonNegative}`,
          `amenities.0: ${MESSAGES.property.amenityUnknown}`,
        ]),
      );
      expect(r.message).toBe('Please check the highlighted fields.');
    }
  });
  test('category/type consistency, required fields', () => {
    expect(parseOrErrors(propertyPostSchema, nestFormFields({ ...multipart, category: 'commercial' }))).toMatchObject({
      ok: false,
      message: MESSAGES.property.typeNotInCategory,
    });
    const r = parseOrErrors(propertyPostSchema, { category: 'commercial', propertyType: 'Shop' });
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.errors).toEqual(
        expect.arrayContaining([`title: ${MESSAGES.property.titleRequired}`, `price: ${MESSAGES.property.priceRequired}`, `location: ${MESSAGES.property.townRequired}`]),
      );
    }
  });
  test('accepts aliases, arrays and userId', () => {
    const r = parseOrErrors(propertyPostSchema, {
      category: 'Residential', propertyType: 'single room', title: 't', description: 'd', paymentTerms: 'daily', price: 10,
      town: 'Limbe', neighbourhood: 'Down Beach', amenities: ['Swimming Pool', 'gym'], userId: 'u1',
      specifications: { bedrooms: 1, toilets: 1, size: 12 },
    });
    expect(r).toMatchObject({ ok: true, data: { propertyType: 'Single Room', paymentTerm: 'daily', caution: 0, amenities: ['swimming_pool', 'gym'], userId: 'u1', location: { country: 'Cameroon', town: 'Limbe' } } });
  });
  test('posting: residential needs bedrooms, toilets and size; commercial sections and size; each missing one named', () => {
    const R = MESSAGES.property.specificationRequired;
    const residential = parseOrErrors(propertyPostSchema, nestFormFields({ ...multipart, 'specifications[bedrooms]': '', 'specifications[size]': ' ' }));
    expect(residential).toEqual({
      ok: false,
      message: MESSAGES.common.validationFailed,
      errors: [`specifications.bedrooms: ${R.bedrooms}`, `specifications.size: ${R.size}`],
    });
    const shop = { ...multipart, category: 'commercial', propertyType: 'shop' };
    expect(parseOrErrors(propertyPostSchema, nestFormFields(shop))).toEqual({
      ok: false,
      message: R.sections,
      errors: [`specifications.sections: ${R.sections}`],
    });
    expect(parseOrErrors(propertyPostSchema, nestFormFields({ ...shop, 'specifications[sections]': '0' }))).toMatchObject({ ok: true });
    // The web wizard requires the same fields at step 3.
    expect(REQUIRED_SPECIFICATIONS).toEqual({ residential: ['bedrooms', 'toilets', 'size'], commercial: ['sections', 'size'] });
  });
  test('edit: partial, not empty', () => {
    expect(parseOrErrors(propertyEditSchema, { price: '5' })).toMatchObject({ ok: true, data: { price: 5 } });
    expect(parseOrErrors(propertyEditSchema, {})).toMatchObject({ ok: false, message: MESSAGES.property.nothingToUpdate });
  });
});

describe('search query', () => {
  test('empty strings omitted, defaults', () => {
    expect(parseOrErrors(searchQuerySchema, { search: '', category: '', town: '', rooms: '', minPrice: '', page: '' })).toEqual({
      ok: true,
      data: { page: 1, limit: 12 },
    });
  });
  test('coerces', () => {
    expect(parseOrErrors(searchQuerySchema, { category: 'commercial', propertyType: 'shop', rooms: '3', minPrice: '1000', maxPrice: '5000', page: '2', limit: '50' })).toMatchObject({
      ok: true,
      data: { category: 'commercial', propertyType: 'shop', rooms: 3, minPrice: 1000, maxPrice: 5000, page: 2, limit: 50 },
    });
  });
  test.each([
    [{ rooms: '7' }, MESSAGES.property.roomsInvalid],
    [{ rooms: '0' }, MESSAGES.property.roomsInvalid],
    [{ minPrice: '-5' }, MESSAGES.property.mustBeNonNegative],
    [{ page: '0' }, MESSAGES.common.pageInvalid],
    [{ limit: '51' }, MESSAGES.common.limitInvalid],
    [{ minPrice: '10', maxPrice: '5' }, MESSAGES.property.priceRangeInvalid],
    [{ category: 'castle' }, MESSAGES.property.categoryRequired],
  ])('rejects %j', (q, message) => {
    expect(parseOrErrors(searchQuerySchema, q)).toMatchObject({ ok: false, message });
  });
});

describe('my listings', () => {
  test('actions', () => {
    expect(parseOrErrors(myListingsSchema, { action: 'fetch' })).toEqual({ ok: true, data: { action: 'fetch', payload: { page: 1, limit: 5 } } });
    expect(parseOrErrors(myListingsSchema, { action: 'fetch', payload: { page: 2, limit: 10, status: 'all' } })).toMatchObject({ ok: true, data: { payload: { page: 2, limit: 10 } } });
    expect(parseOrErrors(myListingsSchema, { action: 'update', payload: { id: 'p1', data: { status: 'rented' } } })).toMatchObject({ ok: true });
    expect(parseOrErrors(myListingsSchema, { action: 'update', payload: { id: 'p1', data: { status: 'sold' } } })).toMatchObject({ ok: false, message: MESSAGES.common.invalidStatus });
    expect(parseOrErrors(myListingsSchema, { action: 'delete', payload: { id: '' } })).toMatchObject({ ok: false, message: MESSAGES.common.idRequired });
    expect(parseOrErrors(myListingsSchema, { action: 'nuke' })).toMatchObject({ ok: false, message: MESSAGES.common.invalidAction });
  });
});

describe('bookings, requests, support', () => {
  test('booking', () => {
    expect(parseOrErrors(bookingSchema, { To: { user: 'u1', name: 'Owner', whatsapp: '674000000' }, propertyId: 'p1' })).toMatchObject({ ok: true });
    expect(parseOrErrors(bookingSchema, {})).toMatchObject({ ok: false, message: MESSAGES.booking.ownerRequired });
  });
  test('request-space', () => {
    expect(parseOrErrors(requestSpaceSchema, { requestText: ' 2 rooms in Buea ', whatsapp: '6' })).toEqual({ ok: true, data: { requestText: '2 rooms in Buea', whatsapp: '6' } });
    expect(parseOrErrors(requestSpaceSchema, { requestText: '   ', whatsapp: '674000000' })).toMatchObject({ ok: false, message: '⚠️ Please enter your property request details.' });
    expect(parseOrErrors(requestSpaceSchema, { requestText: 'x', whatsapp: ' ' })).toMatchObject({ ok: false, message: '⚠️ Please enter your WhatsApp number.' });
  });
  test('support', () => {
    expect(parseOrErrors(supportTicketSchema, { name: 'A', email: 'a@b.cm', phone: '', subject: 's', message: 'm' })).toEqual({
      ok: true,
      data: { name: 'A', email: 'a@b.cm', subject: 's', message: 'm' },
    });
    const r = parseOrErrors(supportTicketSchema, { name: '', email: 'x' });
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.errors).toHaveLength(4);
  });
});

describe('admin', () => {
  test('manage user', () => {
    expect(parseOrErrors(adminManageUserSchema, { type: 'list', payload: { page: 1, limit: 10, search: '', filter: 'banned' } })).toEqual({
      ok: true,
      data: { type: 'list', payload: { page: 1, limit: 10, filter: 'banned' } },
    });
    expect(parseOrErrors(adminManageUserSchema, { type: 'ban', payload: { userId: 'u1' } })).toMatchObject({ ok: true });
    expect(parseOrErrors(adminManageUserSchema, { type: 'ban' })).toMatchObject({ ok: false, message: MESSAGES.common.idRequired });
    expect(parseOrErrors(adminManageUserSchema, { type: 'delete' })).toMatchObject({ ok: false, message: MESSAGES.common.invalidType });
  });
  test('manage properties', () => {
    expect(parseOrErrors(adminManagePropertiesSchema, { type: 'list', payload: { page: 1, limit: 10, status: '' } })).toMatchObject({ ok: true, data: { type: 'list' } });
    expect(parseOrErrors(adminManagePropertiesSchema, { type: 'markRented', payload: { propertyId: 'p1' } })).toMatchObject({ ok: true });
    expect(parseOrErrors(adminManagePropertiesSchema, { type: 'explode', payload: { propertyId: 'p1' } })).toMatchObject({ ok: false });
  });
  test('requests and support', () => {
    expect(parseOrErrors(adminManageRequestsSchema, { type: 'get', payload: { page: 1, limit: 10, status: 'all' } })).toMatchObject({ ok: true });
    expect(parseOrErrors(adminManageRequestsSchema, { type: 'update-status', payload: { requestId: 'r1', newStatus: 'match-found' } })).toMatchObject({ ok: true });
    expect(parseOrErrors(adminManageSupportSchema, { type: 'update-status', payload: { ticketId: 't1', newStatus: 'done' } })).toMatchObject({ ok: false, message: MESSAGES.common.invalidStatus });
    expect(parseOrErrors(adminManageSupportSchema, { type: 'get', payload: { page: 1, limit: 10, status: '' } })).toMatchObject({ ok: true });
  });
  test('review', () => {
    expect(parseOrErrors(reviewSchema, { action: 'approve' })).toEqual({ ok: true, data: { action: 'approve', feedback: '' } });
    expect(parseOrErrors(reviewSchema, { action: 'reject', feedback: '   ' })).toMatchObject({ ok: false, message: 'Please provide a rejection reason' });
    expect(parseOrErrors(reviewSchema, { action: 'reject', feedback: 'Blurry photos' })).toMatchObject({ ok: true });
    expect(parseOrErrors(reviewSchema, { action: 'maybe', feedback: 'x' })).toMatchObject({ ok: false, message: MESSAGES.property.reviewActionInvalid });
  });
});

describe('hostile input', () => {
  test('a NUL character anywhere is refused with the field named, before any rule runs', () => {
    const search = parseOrErrors(searchQuerySchema, { search: 'stu\u0000dio', town: 'Buea' });
    expect(search).toEqual({
      ok: false,
      message: MESSAGES.common.forbiddenCharacter,
      errors: [`search: ${MESSAGES.common.forbiddenCharacter}`],
    });
    const nested = parseOrErrors(supportTicketSchema, { name: 'Ada', contact: { whatsapp: '674000000\u0000' } });
    expect(nested.ok).toBe(false);
    expect(!nested.ok && nested.errors).toEqual([`contact.whatsapp: ${MESSAGES.common.forbiddenCharacter}`]);
    const key = parseOrErrors(searchQuerySchema, { 'town\u0000': 'Buea' });
    expect(!key.ok && key.errors).toEqual([`town: ${MESSAGES.common.forbiddenCharacter}`]);
  });

  test('half of a surrogate pair (a lone UTF-16 surrogate) is refused like NUL, in values and keys; whole pairs pass', () => {
    const refused = MESSAGES.common.forbiddenCharacter;
    for (const broken of ['stu\ud800dio', 'studio\udfff', '\udc00\ud83c', '\ud83d']) {
      expect(parseOrErrors(searchQuerySchema, { search: broken })).toEqual({ ok: false, message: refused, errors: [`search: ${refused}`] });
    }
    const nested = parseOrErrors(supportTicketSchema, { name: 'Ada', contact: { whatsapp: '\udbff674000000' } });
    expect(!nested.ok && nested.errors).toEqual([`contact.whatsapp: ${refused}`]);
    const key = parseOrErrors(searchQuerySchema, { 'town\ud800': 'Buea' });
    expect(!key.ok && key.errors).toEqual([`town: ${refused}`]);
    // An emoji is a whole pair, and accents are single units: both are ordinary text.
    expect(parseOrErrors(searchQuerySchema, { search: 'studio 🏠 Limbé' })).toMatchObject({ ok: true, data: { search: 'studio 🏠 Limbé' } });
  });

  test('a person\u2019s name of invisible characters or with a direction control is refused with its own text; other shown texts are neutralised', () => {
    const invisible = MESSAGES.common.nameInvisible;
    const direction = MESSAGES.common.nameDirectionControl;
    expect(parseOrErrors(signupSchema, { ...goodSignup, name: '\u200B\u200B' })).toMatchObject({ ok: false, message: invisible, errors: [`name: ${invisible}`] });
    expect(parseOrErrors(signupSchema, { ...goodSignup, name: '\u202EmeknN awA' })).toMatchObject({ ok: false, message: direction });
    expect(parseOrErrors(signupSchema, { ...goodSignup, name: '\u200FAwa' })).toMatchObject({ ok: false, message: direction });
    expect(parseOrErrors(userUpdateSchema, { name: '\u3164' })).toMatchObject({ ok: false, errors: [`name: ${invisible}`] });
    expect(parseOrErrors(adminCreateSchema, { email: 'root@x.cm', password: 'long enough staff pw', name: '\u2067Root' })).toMatchObject({ ok: false, errors: [`name: ${direction}`] });
    expect(parseOrErrors(supportTicketSchema, { name: '\u2060', email: 'a@b.cm', subject: 'Help', message: 'Hi' })).toMatchObject({ ok: false, errors: [`name: ${invisible}`] });
    expect(parseOrErrors(signupSchema, { ...goodSignup, name: 'Ngo\u2019o Bélinga' })).toMatchObject({ ok: true, data: { name: 'Ngo\u2019o Bélinga' } });

    // A title loses its direction controls; one of zero-width characters only is a missing title.
    const edit = parseOrErrors(propertyEditSchema, { title: '\u202EStudio Molyko', description: '\u200BNear UB\u2069' });
    expect(edit).toMatchObject({ ok: true, data: { title: 'Studio Molyko', description: 'Near UB' } });
    expect(parseOrErrors(propertyEditSchema, { title: '\u200B\u200C' })).toMatchObject({ ok: false, errors: [`title: ${MESSAGES.property.titleRequired}`] });
    expect(parseOrErrors(supportTicketSchema, { name: 'Awa', email: 'a@b.cm', subject: '\u202Etnegru', message: 'Hi' })).toMatchObject({ ok: true, data: { subject: 'tnegru' } });
    expect(parseOrErrors(reviewSchema, { action: 'reject', feedback: '\u200B' })).toMatchObject({ ok: false });
  });

  test('numbers past what the database holds are refused, not passed on', () => {
    for (const huge of ['1e308', '1e10', 1e308, '9007199254740993']) {
      const parsed = parseOrErrors(searchQuerySchema, { minPrice: huge });
      expect(parsed.ok).toBe(false);
      expect(!parsed.ok && parsed.errors).toEqual([`minPrice: ${MESSAGES.common.numberTooLarge}`]);
    }
    expect(parseOrErrors(searchQuerySchema, { maxPrice: 'Infinity' }).ok).toBe(false);
    expect(parseOrErrors(searchQuerySchema, { maxPrice: '75000' })).toMatchObject({ ok: true, data: { maxPrice: 75000 } });
    expect(parseOrErrors(searchQuerySchema, { page: '2147483648' })).toMatchObject({ ok: false, errors: [`page: ${MESSAGES.common.numberTooLarge}`] });
  });
});
