import {
  AMENITIES,
  ALL_EVENT_TYPES,
  AUTH_PATTERNS,
  canPost,
  canTransitionStatus,
  COMMERCIAL_PROPERTY_TYPES,
  EVENT_TYPES,
  isServiceError,
  labelOf,
  LIMITS,
  LISTINGS_PATTERNS,
  MESSAGES,
  normaliseSignupRole,
  OTHER_TOWN_OPTION,
  PATTERNS,
  PAYMENT_TERMS,
  REGIONS,
  regionOfTown,
  RESIDENTIAL_PROPERTY_TYPES,
  ROLES,
  serviceError,
  SIGNUP_ROLES,
  toErrorBody,
  TOWN_REGIONS,
  TOWNS,
} from '../index.js';

describe('constants', () => {
  test('roles', () => {
    expect(SIGNUP_ROLES).toEqual(['renter', 'landlord', 'caretaker']);
    expect(ROLES).toContain('admin');
    expect(normaliseSignupRole('tenant')).toBe('renter');
    expect(normaliseSignupRole(' Landlord ')).toBe('landlord');
    expect(normaliseSignupRole('admin')).toBeUndefined();
    expect(canPost({ role: 'landlord', isVerified: false })).toBe(false);
    expect(canPost({ role: 'caretaker', isVerified: true })).toBe(true);
    expect(canPost({ role: 'admin', isVerified: false })).toBe(true);
    expect(canPost({ role: 'renter', isVerified: true })).toBe(false);
  });

  test('property vocabularies match docs/api.md#values', () => {
    expect(RESIDENTIAL_PROPERTY_TYPES).toEqual(['Single Room', 'Guest House', 'studio', 'apartment', 'duplex', 'bungalow']);
    expect(COMMERCIAL_PROPERTY_TYPES).toEqual(['office', 'shop', 'warehouse', 'container']);
    expect(AMENITIES).toHaveLength(10);
    expect(PAYMENT_TERMS).toEqual(['daily', 'monthly', 'quarterly', 'yearly']);
  });

  test('status transitions', () => {
    expect(canTransitionStatus('available', 'rented')).toBe(true);
    expect(canTransitionStatus('rented', 'available')).toBe(true);
    expect(canTransitionStatus('deactivated', 'available')).toBe(true);
    expect(canTransitionStatus('deactivated', 'rented')).toBe(false);
    expect(canTransitionStatus('available', 'available')).toBe(false);
  });

  test('towns: at least 80, unique, alphabetical, real names incl. the best-known ones', () => {
    expect(TOWNS.length).toBeGreaterThanOrEqual(80);
    expect(new Set(TOWNS).size).toBe(TOWNS.length);
    expect([...TOWNS].sort((a, b) => a.localeCompare(b, 'en'))).toEqual([...TOWNS]);
    for (const t of ['Douala', 'Yaounde', 'Bamenda', 'Buea', 'Limbe', 'Kribi', 'Mutengene']) expect(TOWNS).toContain(t);
    expect(OTHER_TOWN_OPTION).toBe('Other (please specify)');
  });

  test('every town of the list lies in one of the ten regions, named in both languages', () => {
    expect(REGIONS).toHaveLength(10);
    expect(Object.keys(TOWN_REGIONS).sort()).toEqual([...TOWNS].sort());
    expect(new Set(Object.values(TOWN_REGIONS))).toEqual(new Set(REGIONS));
    expect(regionOfTown('Douala')).toBe('littoral');
    expect(regionOfTown('yaoundé')).toBe('centre');
    expect(regionOfTown('Bamenda')).toBe('north-west');
    expect(regionOfTown('Buea')).toBe('south-west');
    expect(regionOfTown('Ngaoundéré')).toBe('adamawa');
    expect(regionOfTown('Maroua')).toBe('far-north');
    expect(regionOfTown('Garoua')).toBe('north');
    expect(regionOfTown('Bafoussam')).toBe('west');
    expect(regionOfTown('Bertoua')).toBe('east');
    expect(regionOfTown('Ebolowa')).toBe('south');
    expect(regionOfTown('Somewhere New')).toBeUndefined();
    expect(labelOf('region', 'far-north', 'fr')).toBe('Extrême-Nord');
    expect(labelOf('region', 'far-north', 'en')).toBe('Far North');
  });

  test('limits', () => {
    expect(LIMITS.images.maxCount).toBe(10);
    expect(LIMITS.images.maxBytes).toBe(10 * 1024 * 1024);
    expect(LIMITS.myListings.pageSizes).toEqual([5, 10, 20]);
    expect(LIMITS.search.pageSize).toBe(12);
    expect(LIMITS.login.maxFailuresPerEmail).toBe(10);
    expect(LIMITS.http.jsonBodyBytes).toBe(102400);
  });

  test('patterns and events', () => {
    expect(AUTH_PATTERNS.sessionResolve).toBe('auth.session.resolve');
    expect(LISTINGS_PATTERNS.myListingsFetch).toBe('listings.my-listings.fetch');
    const all = Object.values(PATTERNS).flatMap((p) => Object.values(p));
    expect(new Set(all).size).toBe(all.length);
    expect(EVENT_TYPES.propertyStatusChanged).toBe('property.status-changed');
    expect(ALL_EVENT_TYPES).toHaveLength(22);
    expect(ALL_EVENT_TYPES).toContain('property.photos-refused');
    expect(ALL_EVENT_TYPES).toContain('user.second-factor-reset');
    expect(ALL_EVENT_TYPES).toContain('password.changed');
    expect(ALL_EVENT_TYPES).toContain('verification.decided');
    expect(ALL_EVENT_TYPES).toContain('property.held');
    expect(ALL_EVENT_TYPES).toContain("request.status-changed");
    expect(ALL_EVENT_TYPES).toContain("ticket.status-changed");
  });

  test('service errors', () => {
    const e = serviceError(400, 'x', ['a: b']);
    expect(e).toEqual({ status: 400, message: 'x', errors: ['a: b'] });
    expect(serviceError(404, 'y')).toEqual({ status: 404, message: 'y' });
    expect(isServiceError(e)).toBe(true);
    expect(isServiceError({ user: {}, message: 'Login successful' })).toBe(false);
    expect(isServiceError({ status: 'available', message: 'x' })).toBe(false);
    expect(isServiceError(null)).toBe(false);
    expect(toErrorBody(e)).toEqual({ message: 'x', errors: ['a: b'] });
  });
});

describe('messages keep the product texts exactly', () => {
  test.each([
    [MESSAGES.common.allFieldsRequired, 'All fields are required'],
    [MESSAGES.auth.invalidCredentials, 'Invalid email or password.'],
    [MESSAGES.auth.whatsappExactDigits, 'WhatsApp number must be exactly 9 digits'],
    [MESSAGES.auth.signupFailed, 'Signup failed'],
    [MESSAGES.common.unexpected, 'An unexpected error occurred. Please try again.'],
    [MESSAGES.common.somethingWentWrong, 'Something went wrong. Please try again.'],
    [MESSAGES.property.maxImages, 'Maximum 10 images allowed'],
    [MESSAGES.property.notFound, 'Property not found'],
    [MESSAGES.property.alreadyVerified, 'This property has already been verified.'],
    [MESSAGES.property.rejectionReasonRequired, 'Please provide a rejection reason'],
    [MESSAGES.property.submitFailed, 'Failed to submit property. Please try again.'],
    [MESSAGES.property.noPropertiesMatching, 'No properties found matching your criteria.'],
    [MESSAGES.property.noDescription, 'No description available.'],
    [MESSAGES.booking.failed, 'Failed to create booking'],
    [MESSAGES.auth.loadProfileFailed, 'Failed to load profile. Please try again.'],
    [MESSAGES.request.textRequired, '⚠️ Please enter your property request details.'],
    [MESSAGES.request.whatsappRequired, '⚠️ Please enter your WhatsApp number.'],
    [MESSAGES.request.success, '✅ Your request has been submitted! We’ll contact you on WhatsApp.'],
    [MESSAGES.request.failure, '❌ Failed to send request. Please try again later.'],
    [MESSAGES.contact.success, '✅ Your message has been sent successfully!'],
    [MESSAGES.contact.failure, '❌ Failed to send message. Please try again later.'],
    [MESSAGES.passwordReset.emailRequired, 'Email is required.'],
    [MESSAGES.passwordReset.codeRequired, 'Code is required.'],
    [MESSAGES.passwordReset.fillAllFields, 'Please fill in all fields.'],
    [MESSAGES.passwordReset.passwordsDoNotMatch, 'Passwords do not match.'],
    [MESSAGES.toast.userStatusUpdated, 'User status updated  sucessfully'],
    [MESSAGES.toast.adminPropertyStatusUpdated, 'Property status updated  sucessfully'],
    [MESSAGES.toast.supportStatusUpdated, 'Support status updated  sucessfully'],
    [MESSAGES.toast.requestStatusUpdated, 'Request status updated sucessfully'],
    [MESSAGES.toast.propertyDeleted, 'property deleted Successfully'],
    [MESSAGES.toast.requestStatusUpdateError, 'There was an error updating Request status'],
    [MESSAGES.property.approved, 'Property approved successfully'],
    [MESSAGES.property.rejected, 'Property rejected successfully'],
  ])('%s', (actual, expected) => {
    expect(actual).toBe(expected);
  });

  test('functions', () => {
    expect(MESSAGES.toast.propertyStatusUpdated('rented')).toBe('property status updated as rented sucessfully');
    expect(MESSAGES.ui.showing(1, 5, 12)).toBe('Showing 1 to 5 of 12');
  });
});
