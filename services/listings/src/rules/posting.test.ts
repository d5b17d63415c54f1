import { LIMITS, MESSAGES, type Actor } from '@mboa/contracts';
import { refusalOf as refusal } from '@mboa/platform/testing';
import { ensureMayAddPhotos, ensureMayPost, ensureMayPostFor, ensureNumberProvenToPost, ensureRequiredSpecifications, ensureRoomForPhotos, type KnownUser } from './posting.js';

const actor = (role: Actor['role'], isVerified = true): Actor => ({ userId: '11111111-1111-4111-8111-111111111111', role, isVerified });
const known = (role: Actor['role'], banned = false): KnownUser => ({ role, banned });

describe('who may post', () => {
  it('verified landlords and caretakers, and admins, may post', () => {
    expect(refusal(() => ensureMayPost(actor('landlord'), known('landlord')))).toBeNull();
    expect(refusal(() => ensureMayPost(actor('caretaker'), null))).toBeNull();
    expect(refusal(() => ensureMayPost(actor('admin'), known('admin')))).toBeNull();
  });

  it('a renter may not (403)', () => {
    expect(refusal(() => ensureMayPost(actor('renter'), known('renter')))).toEqual({ status: 403, message: MESSAGES.auth.postingNotAllowedForRole });
  });

  it('an owner not verified yet may not (403)', () => {
    expect(refusal(() => ensureMayPost(actor('landlord', false), known('landlord')))).toEqual({
      status: 403,
      message: MESSAGES.auth.verificationRequiredToPost,
    });
  });

  it('a banned owner may not (403)', () => {
    expect(refusal(() => ensureMayPost(actor('landlord'), known('landlord', true)))).toEqual({ status: 403, message: MESSAGES.auth.accountBanned });
  });
});

describe('a proven number to post', () => {
  const provenAt = new Date('2026-11-20T10:00:00Z');
  const heldBack = { status: 403, message: MESSAGES.whatsappProof.requiredToPost, errors: [`whatsapp: ${MESSAGES.whatsappProof.requiredToPost}`] };

  it('a landlord or caretaker whose current number is proven may post', () => {
    expect(refusal(() => ensureNumberProvenToPost(actor('landlord'), { whatsapp: '677000001', provenWhatsapp: '677000001', whatsappProvenAt: provenAt }))).toBeNull();
    expect(refusal(() => ensureNumberProvenToPost(actor('caretaker'), { whatsapp: '677000001', provenWhatsapp: '677000001', whatsappProvenAt: provenAt }))).toBeNull();
  });

  it('one who never proved a number, or changed it since, or is not known yet, is held (403 naming the whatsapp field)', () => {
    expect(refusal(() => ensureNumberProvenToPost(actor('landlord'), { whatsapp: '677000001', provenWhatsapp: null, whatsappProvenAt: null }))).toEqual(heldBack);
    expect(refusal(() => ensureNumberProvenToPost(actor('caretaker'), { whatsapp: '677000002', provenWhatsapp: '677000001', whatsappProvenAt: null }))).toEqual(heldBack);
    expect(refusal(() => ensureNumberProvenToPost(actor('landlord'), null))).toEqual(heldBack);
  });

  it('staff are not held, whatever their own number', () => {
    expect(refusal(() => ensureNumberProvenToPost(actor('admin'), { whatsapp: '677000001', provenWhatsapp: null, whatsappProvenAt: null }))).toBeNull();
  });
});

describe('posting for someone else', () => {
  it('only an admin posts for an active landlord or caretaker', () => {
    expect(refusal(() => ensureMayPostFor(actor('admin'), known('landlord')))).toBeNull();
    expect(refusal(() => ensureMayPostFor(actor('admin'), known('caretaker')))).toBeNull();
  });

  it('anyone else is refused (403), whatever the owner', () => {
    expect(refusal(() => ensureMayPostFor(actor('landlord'), known('caretaker')))).toEqual({ status: 403, message: MESSAGES.property.postForOthersAdminOnly });
  });

  it('an unknown owner is 404; a renter or a banned owner 400', () => {
    expect(refusal(() => ensureMayPostFor(actor('admin'), null))).toEqual({ status: 404, message: MESSAGES.property.ownerNotFound });
    expect(refusal(() => ensureMayPostFor(actor('admin'), known('renter')))).toEqual({ status: 400, message: MESSAGES.property.ownerRoleInvalid });
    expect(refusal(() => ensureMayPostFor(actor('admin'), known('landlord', true)))).toEqual({ status: 400, message: MESSAGES.property.ownerBanned });
  });
});

describe('what a property must say about itself', () => {
  it('a residential property with bedrooms, toilets and size passes', () => {
    expect(refusal(() => ensureRequiredSpecifications('residential', { bedrooms: 2, toilets: 1, size: 40 }))).toBeNull();
  });

  it('a commercial property with sections and size passes', () => {
    expect(refusal(() => ensureRequiredSpecifications('commercial', { sections: 3, size: 120 }))).toBeNull();
  });

  it('one missing field is named in the message and in the errors (400)', () => {
    const answer = refusal(() => ensureRequiredSpecifications('residential', { bedrooms: 2, size: 40 }));
    expect(answer?.status).toBe(400);
    expect(answer?.errors).toEqual([expect.stringMatching(/^specifications\.toilets: /)]);
    expect(answer?.message).toBe(answer?.errors?.[0]?.replace('specifications.toilets: ', ''));
  });

  it('several missing fields: a general message and one error per field', () => {
    const answer = refusal(() => ensureRequiredSpecifications('commercial', { bedrooms: 2, size: null }));
    expect(answer?.status).toBe(400);
    expect(answer?.message).toBe(MESSAGES.common.validationFailed);
    expect(answer?.errors?.map((e) => e.split(':')[0])).toEqual(expect.arrayContaining(['specifications.sections', 'specifications.size']));
    expect(answer?.errors).toHaveLength(2);
  });
});

describe('who may add photos to a listing, and how many', () => {
  const listing = { ownerId: actor('landlord').userId };
  const stranger: Actor = { ...actor('landlord'), userId: '22222222-2222-4222-8222-222222222222' };

  it('its owner and staff may', () => {
    expect(refusal(() => ensureMayAddPhotos(actor('landlord'), listing, known('landlord')))).toBeNull();
    expect(refusal(() => ensureMayAddPhotos({ ...actor('admin'), userId: stranger.userId }, listing, null))).toBeNull();
  });

  it('another owner or a renter hears the listing does not exist (404)', () => {
    const notFound = { status: 404, message: MESSAGES.property.notFound };
    expect(refusal(() => ensureMayAddPhotos(stranger, listing, known('landlord')))).toEqual(notFound);
    expect(refusal(() => ensureMayAddPhotos({ ...actor('renter'), userId: stranger.userId }, listing, known('renter')))).toEqual(notFound);
  });

  it('a banned owner may not (403)', () => {
    expect(refusal(() => ensureMayAddPhotos(actor('landlord'), listing, known('landlord', true)))).toEqual({ status: 403, message: MESSAGES.auth.accountBanned });
  });

  it(`photos fit up to ${LIMITS.images.maxCount} in all; one more is 400`, () => {
    expect(refusal(() => ensureRoomForPhotos(LIMITS.images.maxCount - 3, 3))).toBeNull();
    expect(refusal(() => ensureRoomForPhotos(LIMITS.images.maxCount - 3, 4))).toEqual({ status: 400, message: MESSAGES.property.maxImages });
    expect(refusal(() => ensureRoomForPhotos(LIMITS.images.maxCount, 1))).toEqual({ status: 400, message: MESSAGES.property.maxImages });
  });
});
