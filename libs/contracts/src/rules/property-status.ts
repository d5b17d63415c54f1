// Which status moves an owner and an admin may make (the tables under docs/api.md#properties and
// docs/api.md#admin). The listings service enforces them
// (services/listings/src/rules/transitions.ts); My Listings and the admin Properties menu offer
// exactly these, so a menu never shows a move the server refuses.
import type { AdminPropertyAction, PropertyStatus } from '../property.js';
import { ADMIN_PROPERTY_ACTIONS } from '../property.js';

/** Owner (My Listings) transitions: from → allowed targets, in the order the menu lists them. */
export const OWNER_STATUS_TRANSITIONS: Readonly<Record<PropertyStatus, readonly PropertyStatus[]>> = {
  available: ['rented', 'deactivated'],
  rented: ['available', 'deactivated'],
  deactivated: ['available'],
};

/** The statuses an owner may move a property to from `from`, any text (none for an unknown status). */
export function ownerStatusMoves(from: string): readonly PropertyStatus[] {
  return Object.hasOwn(OWNER_STATUS_TRANSITIONS, from) ? OWNER_STATUS_TRANSITIONS[from as PropertyStatus] : [];
}

export function canTransitionStatus(from: PropertyStatus, to: PropertyStatus): boolean {
  return ownerStatusMoves(from).includes(to);
}

/** Admin property actions (`manage/properties`, docs/api.md#admin): the status each requires and produces. */
export const ADMIN_PROPERTY_ACTION_RULES: Readonly<
  Record<AdminPropertyAction, { from: (s: PropertyStatus) => boolean; to: PropertyStatus }>
> = {
  markRented: { from: (s) => s === 'available', to: 'rented' },
  markAvailable: { from: (s) => s === 'rented', to: 'available' },
  deactivate: { from: (s) => s !== 'deactivated', to: 'deactivated' },
  activate: { from: (s) => s === 'deactivated', to: 'available' },
};

/** The admin actions whose precondition holds for a property in `status`, in menu order. */
export function adminStatusActions(status: PropertyStatus): AdminPropertyAction[] {
  return ADMIN_PROPERTY_ACTIONS.filter((a) => ADMIN_PROPERTY_ACTION_RULES[a].from(status));
}

/** Where an admin action takes a property in `from`, or null when its precondition fails. */
export function adminActionTarget(action: AdminPropertyAction, from: PropertyStatus): PropertyStatus | null {
  const rule = ADMIN_PROPERTY_ACTION_RULES[action];
  return rule.from(from) ? rule.to : null;
}
