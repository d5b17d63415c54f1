export const ROLES = ['renter', 'landlord', 'caretaker', 'admin'] as const;
export type Role = (typeof ROLES)[number];
