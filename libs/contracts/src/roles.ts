/** Roles a person may choose at sign-up (docs/api.md#roles-and-who-may-call-what). */
export const SIGNUP_ROLES = ['renter', 'landlord', 'caretaker'] as const;
export type SignupRole = (typeof SIGNUP_ROLES)[number];

/** Every role that exists; `admin` is created only by the admin bootstrap or `npm run admin:create`. */
export const ROLES = ['renter', 'landlord', 'caretaker', 'admin'] as const;
export type Role = (typeof ROLES)[number];

/** Older clients send `tenant`; it means `renter`. */
export const ROLE_ALIASES: Readonly<Record<string, SignupRole>> = { tenant: 'renter' };

export const ROLE_LABELS: Readonly<Record<Role, string>> = {
  renter: 'Renter',
  landlord: 'Landlord',
  caretaker: 'Caretaker',
  admin: 'Admin',
};

/** Roles allowed to post properties (admins skip verification). */
export const POSTING_ROLES = ['landlord', 'caretaker', 'admin'] as const satisfies readonly Role[];
/** Roles that own listings and need staff verification before posting. */
export const OWNER_ROLES = ['landlord', 'caretaker'] as const satisfies readonly Role[];

/**
 * Staff: the roles that enter the admin area. They need a longer password
 * (LIMITS.password.staffMinLength) and a second factor (docs/api.md#the-admin-areas-second-factor).
 */
export const STAFF_ROLES = ['admin'] as const satisfies readonly Role[];

export function isStaffRole(role: unknown): role is (typeof STAFF_ROLES)[number] {
  return (STAFF_ROLES as readonly unknown[]).includes(role);
}

export const USER_STATUSES = ['active', 'banned'] as const;
export type UserStatus = (typeof USER_STATUSES)[number];

/** Admin user-list filter values (`manage/user`, docs/api.md#admin). */
export const USER_FILTERS = ['active', 'banned', 'verified', 'unverified'] as const;
export type UserFilter = (typeof USER_FILTERS)[number];

export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value);
}

/** Maps `tenant` to `renter`, trims and lowercases; returns undefined for anything not a sign-up role. */
export function normaliseSignupRole(value: unknown): SignupRole | undefined {
  if (typeof value !== 'string') return undefined;
  const v = value.trim().toLowerCase();
  const mapped = ROLE_ALIASES[v] ?? v;
  return (SIGNUP_ROLES as readonly string[]).includes(mapped) ? mapped : undefined;
}

export function canPost(user: { role: Role; isVerified: boolean } | null | undefined): boolean {
  if (!user) return false;
  if (user.role === 'admin') return true;
  return (OWNER_ROLES as readonly string[]).includes(user.role) && user.isVerified;
}

export function isOwnerRole(role: unknown): role is (typeof OWNER_ROLES)[number] {
  return role === 'landlord' || role === 'caretaker';
}
