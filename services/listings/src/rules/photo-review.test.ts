import { MESSAGES, type Actor } from '@mboa/contracts';
import { refusalOf as refusal } from '@mboa/platform/testing';
import { heldPhotosToReview, photosHeldOnAdd, publicPhotos } from './photo-review.js';

const actor = (role: Actor['role']): Actor => ({ userId: '11111111-1111-4111-8111-111111111111', role, isVerified: true });
const photo = (id: string, heldForReview: boolean) => ({ id, heldForReview });

describe('photos added to a listing', () => {
  it('an owner adding to an approved listing waits for staff', () => {
    expect(photosHeldOnAdd(actor('landlord'), { reviewState: 'approved' })).toBe(true);
    expect(photosHeldOnAdd(actor('caretaker'), { reviewState: 'approved' })).toBe(true);
  });

  it('photos of a listing not approved yet, and staff photos, go out with the listing', () => {
    expect(photosHeldOnAdd(actor('landlord'), { reviewState: 'pending' })).toBe(false);
    expect(photosHeldOnAdd(actor('landlord'), { reviewState: 'rejected' })).toBe(false);
    expect(photosHeldOnAdd(actor('admin'), { reviewState: 'approved' })).toBe(false);
  });

  it('the public never sees a held photo', () => {
    expect(publicPhotos([photo('a', false), photo('b', true)]).map((p) => p.id)).toEqual(['a']);
  });
});

describe('reviewing held photos', () => {
  const photos = [photo('a', false), photo('b', true), photo('c', true)];

  it('all held photos when none is named, else the named ones', () => {
    expect(heldPhotosToReview(photos).map((p) => p.id)).toEqual(['b', 'c']);
    expect(heldPhotosToReview(photos, ['c']).map((p) => p.id)).toEqual(['c']);
  });

  it('nothing held, or a named photo that is public or unknown, is refused (400)', () => {
    const refused = { status: 400, message: MESSAGES.property.noPhotosAwaitingReview };
    expect(refusal(() => heldPhotosToReview([photo('a', false)]))).toEqual(refused);
    expect(refusal(() => heldPhotosToReview(photos, ['a']))).toEqual(refused);
    expect(refusal(() => heldPhotosToReview(photos, ['b', 'zz']))).toEqual(refused);
  });
});
