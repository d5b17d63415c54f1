import type { Actor } from '@mboa/contracts';
import { canSee, hiddenBecause, isOwnerOrAdmin, isPubliclyVisible, type VisibilityFacts } from './visibility.js';

const ownerId = '11111111-1111-4111-8111-111111111111';
const live: VisibilityFacts = { ownerId, status: 'available', isVerified: true, reviewState: 'approved', deletedAt: null };
const owner: Actor = { userId: ownerId, role: 'landlord', isVerified: true };
const admin: Actor = { userId: '22222222-2222-4222-8222-222222222222', role: 'admin', isVerified: true };
const renter: Actor = { userId: '33333333-3333-4333-8333-333333333333', role: 'renter', isVerified: false };
const otherLandlord: Actor = { userId: '44444444-4444-4444-8444-444444444444', role: 'landlord', isVerified: true };

describe('what the public and search see', () => {
  it('an approved, available, live property of an owner in good standing is public', () => {
    expect(hiddenBecause(live, { banned: false })).toBeNull();
    expect(isPubliclyVisible(live, { banned: false })).toBe(true);
  });

  it('an owner not known yet counts as not banned', () => {
    expect(isPubliclyVisible(live, null)).toBe(true);
  });

  it.each<[string, VisibilityFacts, { banned: boolean } | null, ReturnType<typeof hiddenBecause>]>([
    ['rented', { ...live, status: 'rented' }, null, 'rented'],
    ['deactivated', { ...live, status: 'deactivated' }, null, 'deactivated'],
    ['deleted', { ...live, deletedAt: new Date('2026-01-01T00:00:00Z') }, null, 'deleted'],
    ['deleted (an event snapshot carries an ISO date)', { ...live, deletedAt: '2026-01-01T00:00:00Z' }, null, 'deleted'],
    ['not verified yet', { ...live, isVerified: false, reviewState: 'pending' }, null, 'notApproved'],
    ['rejected', { ...live, isVerified: false, reviewState: 'rejected' }, null, 'notApproved'],
    ['verified but its review not approved', { ...live, reviewState: 'rejected' }, null, 'notApproved'],
    ['owned by a banned owner', live, { banned: true }, 'ownerBanned'],
    ['held pending review of scam reports', { ...live, heldAt: new Date('2026-11-24T10:00:00Z') }, null, 'heldForReview'],
    ['held (an event snapshot carries an ISO date)', { ...live, heldAt: '2026-11-24T10:00:00Z' }, { banned: false }, 'heldForReview'],
  ])('a %s property is hidden from the public and from search', (_, property, ownerFacts, reason) => {
    expect(hiddenBecause(property, ownerFacts)).toBe(reason);
    expect(isPubliclyVisible(property, ownerFacts)).toBe(false);
  });

  it('deletion is the reason given first, whatever else holds', () => {
    expect(hiddenBecause({ ...live, status: 'rented', isVerified: false, deletedAt: new Date() }, { banned: true })).toBe('deleted');
  });
});

test('a property that is no longer held is public again', () => {
  expect(isPubliclyVisible({ ...live, heldAt: null }, { banned: false })).toBe(true);
});

describe('who sees a property', () => {
  const hidden: VisibilityFacts = { ...live, status: 'deactivated' };

  it('its owner and admins see it in any state; nobody else does', () => {
    expect(canSee(hidden, null, owner)).toBe(true);
    expect(canSee(hidden, { banned: true }, admin)).toBe(true);
    expect(canSee(hidden, null, renter)).toBe(false);
    expect(canSee(hidden, null, otherLandlord)).toBe(false);
    expect(canSee(hidden, null, null)).toBe(false);
    expect(canSee(hidden, null, undefined)).toBe(false);
  });

  it('everyone, signed in or not, sees a public property', () => {
    for (const actor of [renter, otherLandlord, null]) expect(canSee(live, null, actor)).toBe(true);
  });

  it('a held property is still seen by its owner and admins, by nobody else', () => {
    const held: VisibilityFacts = { ...live, heldAt: new Date() };
    expect(canSee(held, null, owner)).toBe(true);
    expect(canSee(held, null, admin)).toBe(true);
    expect(canSee(held, null, renter)).toBe(false);
    expect(canSee(held, null, null)).toBe(false);
  });

  it('only its owner or an admin may act on it', () => {
    expect(isOwnerOrAdmin(live, owner)).toBe(true);
    expect(isOwnerOrAdmin(live, admin)).toBe(true);
    expect(isOwnerOrAdmin(live, otherLandlord)).toBe(false);
    expect(isOwnerOrAdmin(live, null)).toBe(false);
  });
});

describe('fresh listings: unconfirmed for 45 days, out of public sight', () => {
  const DAY = 24 * 60 * 60 * 1000;
  const now = new Date('2026-11-24T12:00:00Z');
  const confirmed = (days: number): VisibilityFacts => ({ ...live, availabilityConfirmedAt: new Date(now.getTime() - days * DAY) });

  it('a listing confirmed 44 days ago is public; at 45 days it is hidden, its status unchanged', () => {
    expect(hiddenBecause(confirmed(44), null, now)).toBeNull();
    expect(hiddenBecause(confirmed(45), null, now)).toBe('notConfirmed');
    expect(confirmed(45).status).toBe('available');
  });

  it('its owner and admins still see it; the public does not', () => {
    const stale = confirmed(60);
    expect(canSee(stale, null, owner)).toBe(true);
    expect(canSee(stale, null, admin)).toBe(true);
    expect(canSee(stale, null, renter)).toBe(false);
    expect(canSee(stale, null, null)).toBe(false);
  });

  it('confirming brings it back at once', () => {
    expect(isPubliclyVisible({ ...confirmed(60), availabilityConfirmedAt: new Date() }, null)).toBe(true);
  });

  it('an earlier reason comes first: a rented stale listing is hidden as rented', () => {
    expect(hiddenBecause({ ...confirmed(60), status: 'rented' }, null, now)).toBe('rented');
  });
});
