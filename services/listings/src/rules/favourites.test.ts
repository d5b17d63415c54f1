import type { Actor, PropertyRead } from '@mboa/contracts';
import { accountCard, deviceCard, favouriteState, mayKeep, roomFor, withoutContact } from './favourites.js';
import type { VisibilityFacts } from './visibility.js';

const ownerId = '11111111-1111-4111-8111-111111111111';
const live: VisibilityFacts = { ownerId, status: 'available', isVerified: true, reviewState: 'approved', deletedAt: null, availabilityConfirmedAt: new Date() };
const renter: Actor = { userId: '33333333-3333-4333-8333-333333333333', role: 'renter', isVerified: false };
const owner: Actor = { userId: ownerId, role: 'landlord', isVerified: true };

const read = {
  id: 'p1',
  _id: 'p1',
  title: 'Studio in Molyko',
  description: 'Quiet, near the university',
  author: { _id: ownerId, name: 'Ada N.', email: 'ada@example.cm', whatsapp: '674123456' },
  propertyImages: [
    { url: '/media/a.webp', alt: '', width: 1024, height: 768 },
    { url: '/media/b.webp', alt: '', width: 1024, height: 768 },
  ],
} as unknown as PropertyRead;

describe('where a favourite stands', () => {
  it('a listing the public sees is available', () => {
    expect(favouriteState(live, { banned: false })).toBe('available');
  });

  it('rented and deactivated are said as such', () => {
    expect(favouriteState({ ...live, status: 'rented' }, null)).toBe('rented');
    expect(favouriteState({ ...live, status: 'deactivated' }, null)).toBe('deactivated');
  });

  it.each<[string, VisibilityFacts, { banned: boolean } | null]>([
    ['held for review', { ...live, heldAt: new Date() }, null],
    ['of a banned owner', live, { banned: true }],
    ['not confirmed for 45 days', { ...live, availabilityConfirmedAt: new Date(Date.now() - 60 * 24 * 3600 * 1000) }, null],
    ['not approved', { ...live, isVerified: false, reviewState: 'pending' }, null],
  ])('a listing %s is only "unavailable", never why', (_, property, ownerFacts) => {
    expect(favouriteState(property, ownerFacts)).toBe('unavailable');
  });
});

describe('what an account may keep', () => {
  it('a public listing, or its own in any state; not someone else’s hidden one', () => {
    expect(mayKeep(live, null, renter)).toBe(true);
    expect(mayKeep({ ...live, status: 'rented' }, null, renter)).toBe(false);
    expect(mayKeep({ ...live, isVerified: false, reviewState: 'pending' }, null, owner)).toBe(true);
  });

  it('at most the cap, however many are asked', () => {
    expect(roomFor(0, 5, 100)).toBe(5);
    expect(roomFor(98, 5, 100)).toBe(2);
    expect(roomFor(100, 1, 100)).toBe(0);
    expect(roomFor(120, 1, 100)).toBe(0);
  });
});

describe('the cards', () => {
  it('an unavailable favourite of an account keeps its card but no contact details or description', () => {
    const card = accountCard(read, 'rented', new Date('2026-11-25T00:00:00Z'));
    expect(card).toMatchObject({ propertyId: 'p1', available: false, state: 'rented', savedAt: '2026-11-25T00:00:00.000Z' });
    expect(card.property?.title).toBe('Studio in Molyko');
    expect(card.property?.author).toEqual({ _id: ownerId, name: '', email: '', whatsapp: '' });
    expect(card.property?.description).toBe('');
    expect(card.property?.propertyImages).toHaveLength(1);
    expect(withoutContact(read).author.whatsapp).toBe('');
  });

  it('an available one is the full card', () => {
    expect(accountCard(read, 'available', new Date()).property).toBe(read);
  });

  it('a device list tells nothing of a listing the public does not see', () => {
    expect(deviceCard('p1', read, 'deactivated')).toEqual({ propertyId: 'p1', available: false, state: 'unavailable', property: null });
    expect(deviceCard('p1', read, 'rented').state).toBe('unavailable');
    expect(deviceCard('p1', read, 'available').property).toBe(read);
  });
});
