import {
  AUTH_PATTERNS,
  LIMITS,
  LISTINGS_PATTERNS,
  MESSAGES,
  MODERATION_PATTERNS,
  PATTERNS,
  RPC_REQUESTS,
  SUPPORT_PATTERNS,
  parseOrErrors,
  type Pattern,
  type ReplyOf,
  type RequestOf,
} from '../index.js';

const check = <P extends Pattern>(pattern: P, payload: unknown) => parseOrErrors(RPC_REQUESTS[pattern], payload);
const admin = { userId: '7d0e1c39-9a51-4a5e-9d3c-4b2f6b0f8a11', role: 'admin', isVerified: true, name: 'Boss' } as const;

test('every NATS pattern has the schema its service checks messages with', () => {
  const patterns = Object.values(PATTERNS).flatMap((group) => Object.values(group));
  expect(Object.keys(RPC_REQUESTS).sort()).toEqual([...patterns].sort());
});

test("a user edit names a bad user id before it looks at the fields, and an empty edit is refused", () => {
  expect(check(AUTH_PATTERNS.usersUpdate, { name: '', actor: admin })).toMatchObject({ ok: false, message: MESSAGES.common.idRequired });
  expect(check(AUTH_PATTERNS.usersUpdate, { userId: 'u1', actor: admin })).toMatchObject({ ok: false, message: MESSAGES.property.nothingToUpdate });
  expect(check(AUTH_PATTERNS.usersUpdate, { userId: 'u1', actor: admin, whatsapp: '12' })).toMatchObject({
    ok: false,
    errors: [`whatsapp: ${MESSAGES.auth.whatsappExactDigits}`],
  });
  expect(check(AUTH_PATTERNS.usersUpdate, { userId: 'u1', name: ' Ngono ', actor: admin })).toEqual({
    ok: true,
    data: { userId: 'u1', actor: admin, data: { name: 'Ngono' } },
  });
});

test('a message without a well-formed actor is refused for the actor alone, before what it carries is judged', () => {
  for (const pattern of [LISTINGS_PATTERNS.myListingsDelete, LISTINGS_PATTERNS.bookingsCreate, LISTINGS_PATTERNS.propertyPostCheck]) {
    expect(check(pattern, { payload: {}, data: {} })).toMatchObject({ ok: false, errors: ['actor: Invalid input: expected object, received undefined'] });
    expect(check(pattern, 'nobody')).toMatchObject({ ok: false, message: MESSAGES.auth.notSignedIn });
  }
  expect(check(LISTINGS_PATTERNS.myListingsDelete, { actor: admin, payload: {} })).toMatchObject({ ok: false, errors: [`payload.id: ${MESSAGES.common.idRequired}`] });
  expect(check(LISTINGS_PATTERNS.myListingsFetch, { actor: admin })).toEqual({ ok: true, data: { actor: admin, payload: { page: 1, limit: LIMITS.myListings.defaultPageSize } } });
});

test('admin lists keep the paging rules and field paths of the admin bodies', () => {
  expect(check(AUTH_PATTERNS.usersList, null)).toEqual({ ok: true, data: { page: 1, limit: LIMITS.admin.pageSize } });
  expect(check(AUTH_PATTERNS.usersList, { page: 0 })).toMatchObject({ ok: false, errors: [`payload.page: ${MESSAGES.common.pageInvalid}`] });
  expect(check(LISTINGS_PATTERNS.adminList, { actor: admin, page: '2', status: 'all' })).toEqual({ ok: true, data: { page: 2, limit: LIMITS.admin.pageSize } });
  expect(check(SUPPORT_PATTERNS.requestsList, { status: 'lost' })).toMatchObject({ ok: false, message: MESSAGES.common.invalidStatus });
});

test('a review is judged after its envelope: a rejection needs feedback', () => {
  expect(check(MODERATION_PATTERNS.review, { propertyId: 'p1', review: { action: 'reject' } })).toMatchObject({ ok: false, errors: ['actor: Invalid input: expected object, received undefined'] });
  expect(check(MODERATION_PATTERNS.review, { propertyId: 'p1', actor: admin, review: { action: 'reject', feedback: ' ' } })).toMatchObject({
    ok: false,
    message: MESSAGES.property.rejectionReasonRequired,
  });
  expect(check(MODERATION_PATTERNS.review, { propertyId: 'p1', actor: admin, review: { action: 'Approve' } })).toEqual({
    ok: true,
    data: { propertyId: 'p1', actor: admin, review: { action: 'approve', feedback: '' } },
  });
});

test('the staff commands on users and support requests name who asks: without a well-formed actor they are refused', () => {
  const staffCommands = [
    [AUTH_PATTERNS.usersVerify, { userId: 'u1' }],
    [AUTH_PATTERNS.usersBan, { userId: 'u1' }],
    [AUTH_PATTERNS.usersUnban, { userId: 'u1' }],
    [AUTH_PATTERNS.usersUpdate, { userId: 'u1', name: 'Ngono' }],
    [SUPPORT_PATTERNS.requestsUpdateStatus, { requestId: 'r1', newStatus: 'contacted' }],
    [SUPPORT_PATTERNS.ticketsUpdateStatus, { ticketId: 't1', newStatus: 'completed' }],
  ] as const;
  for (const [pattern, message] of staffCommands) {
    expect(check(pattern, message)).toMatchObject({ ok: false, errors: ['actor: Invalid input: expected object, received undefined'] });
    expect(check(pattern, { ...message, actor: { userId: 1 } })).toMatchObject({ ok: false });
    expect(check(pattern, { ...message, actor: admin })).toMatchObject({ ok: true, data: { actor: admin } });
  }
});

test('status changes keep the acting admin, and accept the older `type` key', () => {
  const update = { requestId: 'r1', newStatus: 'contacted' };
  expect(check(SUPPORT_PATTERNS.requestsUpdateStatus, { ...update, actor: admin })).toEqual({ ok: true, data: { ...update, actor: admin } });
  expect(check(LISTINGS_PATTERNS.adminStatus, { actor: admin, propertyId: 'p1', type: 'deactivate' })).toMatchObject({ ok: true, data: { action: 'deactivate' } });
  expect(check(SUPPORT_PATTERNS.ticketsCreate, { name: 'A', email: 'a@b.cm', subject: 'S', message: 'M', userId: 'nope' })).toMatchObject({
    ok: false,
    errors: [`userId: ${MESSAGES.common.invalidId}`],
  });
});

test('a sign-up keeps its session beyond the browser only for a real `true`', () => {
  const form = { name: 'Ngono Paul', email: 'NGONO@mboa.cm', password: 'password 123', role: 'landlord', whatsapp: '699112233', agreeToTerms: true };
  expect(check(AUTH_PATTERNS.signup, form)).toMatchObject({ ok: true, data: { email: 'ngono@mboa.cm', rememberMe: false } });
  expect(check(AUTH_PATTERNS.signup, { ...form, rememberMe: 'true' })).toMatchObject({ ok: true, data: { rememberMe: false } });
  expect(check(AUTH_PATTERNS.signup, { ...form, rememberMe: true })).toMatchObject({ ok: true, data: { rememberMe: true } });
});

test('session messages carry the cookie token; anything else resolves to nobody', () => {
  expect(check(AUTH_PATTERNS.sessionResolve, { token: 'abc' })).toEqual({ ok: true, data: { token: 'abc' } });
  expect(check(AUTH_PATTERNS.sessionResolve, { sessionId: 'abc' })).toEqual({ ok: true, data: { token: '' } });
  expect(check(AUTH_PATTERNS.sessionDestroy, null)).toEqual({ ok: true, data: { token: '' } });
});

// Compile-time part of the contract (checked by `tsc -p libs/contracts`): a wrong shape does not build.
function typed<P extends Pattern>(_pattern: P, _request: RequestOf<P>): ReplyOf<P> | undefined {
  return undefined;
}
export function contractShapes(): void {
  // @ts-expect-error the session travels as its cookie token, not an id
  typed(AUTH_PATTERNS.sessionResolve, { sessionId: 'x' });
  // @ts-expect-error a review carries its decision as `review`
  typed(MODERATION_PATTERNS.review, { propertyId: 'p1', actor: admin, data: { action: 'approve', feedback: '' } });
  const reply = typed(AUTH_PATTERNS.login, { email: 'a@b.cm', password: 'secret 123' });
  // @ts-expect-error the new session is a token and a lifetime
  void reply?.session.id;
  void reply?.session.token;
}
