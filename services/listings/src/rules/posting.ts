// Who may post a property, for whom, and what a property must say about itself
// (docs/api.md#posting-a-property). The one place these rules live: the pre-upload check, the
// creation itself and the admin edit all judge with them.
import {
  isOwnerRole,
  LIMITS,
  MESSAGES,
  missingSpecifications,
  type Actor,
  type PropertyCategory,
  type SpecificationField,
} from '@mboa/contracts';
import { fail, ServiceException } from '@mboa/platform';
import { hasProvenNumber, type KnownNumbers } from './whatsapp-number.js';

/** What listings knows of a user (its owners projection of auth's users). */
export interface KnownUser {
  role: Actor['role'];
  banned: boolean;
}

/**
 * Verified landlords and caretakers, and admins, may post; nobody banned. `self` is the actor as
 * the owners projection knows them (null while their registration is still on its way).
 */
export function ensureMayPost(actor: Actor, self: KnownUser | null): void {
  if (actor.role === 'admin') return;
  if (!isOwnerRole(actor.role)) throw fail.forbidden(MESSAGES.auth.postingNotAllowedForRole);
  if (!actor.isVerified) throw fail.forbidden(MESSAGES.auth.verificationRequiredToPost);
  if (self?.banned) throw fail.forbidden(MESSAGES.auth.accountBanned);
}

/**
 * A landlord or caretaker posts only once their current WhatsApp number is proven: the number a
 * listing's button shows is always a proven one (docs/api.md#proving-a-whatsapp-number). Staff
 * posting for an owner are not held. 403 with `errors: ['whatsapp: …']`, the field the web
 * recognises to lead the person to confirming their number.
 */
export function ensureNumberProvenToPost(actor: Actor, self: KnownNumbers | null): void {
  if (actor.role === 'admin' || hasProvenNumber(self)) return;
  const message = MESSAGES.whatsappProof.requiredToPost;
  throw new ServiceException(403, message, [`whatsapp: ${message}`]);
}

/** Only an admin posts for someone else, and only for a landlord or caretaker who is not banned. */
export function ensureMayPostFor<T extends KnownUser>(actor: Actor, owner: T | null): asserts owner is T {
  if (actor.role !== 'admin') throw fail.forbidden(MESSAGES.property.postForOthersAdminOnly);
  if (!owner) throw fail.notFound(MESSAGES.property.ownerNotFound);
  if (!isOwnerRole(owner.role)) throw fail.badRequest(MESSAGES.property.ownerRoleInvalid);
  if (owner.banned) throw fail.badRequest(MESSAGES.property.ownerBanned);
}

/**
 * What each category needs, checked again on the server: a residential property has bedrooms,
 * toilets and a size; a commercial one sections and a size. 400 naming each missing field.
 */
export function ensureRequiredSpecifications(
  category: PropertyCategory,
  specifications: Partial<Record<SpecificationField, number | null | undefined>>,
): void {
  const missing = missingSpecifications(category, specifications);
  if (!missing.length) return;
  throw fail.badRequest(
    missing.length === 1 ? missing[0].message : MESSAGES.common.validationFailed,
    missing.map(({ field, message }) => `specifications.${field}: ${message}`),
  );
}

/**
 * Who may add photos to a listing (docs/api.md#adding-photos-to-a-listing): its owner (not banned)
 * or staff. Anyone else hears that it does not exist (404), as for every owner action.
 */
export function ensureMayAddPhotos(actor: Actor, property: { ownerId: string }, self: KnownUser | null): void {
  if (actor.role === 'admin') return;
  if (actor.userId !== property.ownerId) throw fail.notFound(MESSAGES.property.notFound);
  if (self?.banned) throw fail.forbidden(MESSAGES.auth.accountBanned);
}

/** A listing holds at most LIMITS.images.maxCount photos: `adding` more must fit beside its `current` ones (400). */
export function ensureRoomForPhotos(current: number, adding: number): void {
  if (current + adding > LIMITS.images.maxCount) throw fail.badRequest(MESSAGES.property.maxImages);
}
