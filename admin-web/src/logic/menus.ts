import {
  adminStatusActions,
  isOwnerRole,
  isStaffRole,
  type AdminPropertyAction,
  type PropertyRead,
  type PublicUser,
} from '@mboa/contracts';

/** What a user row's menu offers (the user actions of docs/api.md#admin). */
export type UserMenuAction = 'ban' | 'unban' | 'verify' | 'postOnBehalf' | 'edit' | 'resetSecondFactor';

export function userMenuActions(user: Pick<PublicUser, 'role' | 'status' | 'isVerified'>): UserMenuAction[] {
  const actions: UserMenuAction[] = [];
  // Admins cannot be banned (the server refuses), so the menu does not offer it.
  if (user.role !== 'admin') actions.push(user.status === 'banned' ? 'unban' : 'ban');
  if (!user.isVerified) actions.push('verify');
  // Properties can only be posted for an active landlord or caretaker.
  if (isOwnerRole(user.role) && user.status !== 'banned') actions.push('postOnBehalf');
  actions.push('edit');
  // A staff member who lost their phone gets their authenticator app removed (they set it up again).
  if (isStaffRole(user.role)) actions.push('resetSecondFactor');
  return actions;
}

/** What a property row's menu offers: the status actions whose precondition holds, review, edit (docs/api.md#admin). */
export type PropertyMenuAction = AdminPropertyAction | 'verifyProperty' | 'edit';

export function propertyMenuActions(property: Pick<PropertyRead, 'status' | 'isVerified'>): PropertyMenuAction[] {
  const actions: PropertyMenuAction[] = adminStatusActions(property.status);
  if (!property.isVerified) actions.push('verifyProperty');
  actions.push('edit');
  return actions;
}

/** Requests and tickets may move to any status except the one they have. */
export function statusMoves<S extends string>(all: readonly S[], current: S): S[] {
  return all.filter((s) => s !== current);
}

/** The public post wizard, with the owner prefilled (web reads `?userId=`). */
export function postOnBehalfUrl(userId: string): string {
  return `/post-property?userId=${encodeURIComponent(userId)}`;
}

/** The admin review screen of one property (inside the admin router's basename). */
export const reviewPath = (id: string) => `/property-review/${encodeURIComponent(id)}`;

/** One identity or proof-of-control request in the verification queue. */
export const verificationPath = (id: string) => `/verification/${encodeURIComponent(id)}`;
