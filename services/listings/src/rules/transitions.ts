// The status moves an owner (My Listings) and an admin (manage/properties) may make. The moves
// themselves are shared with the front ends' menus (@mboa/contracts rules/property-status.ts);
// here they become the service's answer: a move not allowed is a 409 and changes nothing.
import {
  adminActionTarget,
  canTransitionStatus,
  MESSAGES,
  type AdminPropertyAction,
  type PropertyStatus,
} from '@mboa/contracts';
import { fail } from '@mboa/platform';

/** The status an owner's move leads to; 409 when it is not one of the owner's moves. */
export function ownerStatusChange(from: PropertyStatus, to: PropertyStatus): PropertyStatus {
  if (!canTransitionStatus(from, to)) throw fail.conflict(MESSAGES.property.invalidTransition);
  return to;
}

/** The status an admin action leads to; 409 when its precondition does not hold. */
export function adminStatusChange(action: AdminPropertyAction, from: PropertyStatus): PropertyStatus {
  const to = adminActionTarget(action, from);
  if (to === null) throw fail.conflict(MESSAGES.property.invalidTransition);
  return to;
}
