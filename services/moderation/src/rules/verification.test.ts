import { ServiceException } from '@mboa/platform';
import type { Actor } from '@mboa/contracts';
import { ensureMaySend, ensureProofFitsRole, ensureStaff, ensureStillPending, filesExpireBefore, propertySet } from './verification.js';

const actor = (role: Actor['role']): Actor => ({ userId: 'u', role, isVerified: true });
const statusOf = (fn: () => void): number | undefined => {
  try {
    fn();
    return undefined;
  } catch (e) {
    return e instanceof ServiceException ? e.body.status : -1;
  }
};

test('landlords and caretakers send documents; renters and staff do not', () => {
  expect(statusOf(() => ensureMaySend(actor('landlord')))).toBeUndefined();
  expect(statusOf(() => ensureMaySend(actor('caretaker')))).toBeUndefined();
  expect(statusOf(() => ensureMaySend(actor('renter')))).toBe(403);
  expect(statusOf(() => ensureMaySend(actor('admin')))).toBe(403);
});

test("a caretaker's proof of control is the mandate, a landlord's never is", () => {
  expect(statusOf(() => ensureProofFitsRole('caretaker', 'caretaker-mandate', 'control'))).toBeUndefined();
  expect(statusOf(() => ensureProofFitsRole('caretaker', 'utility-bill', 'control'))).toBe(400);
  expect(statusOf(() => ensureProofFitsRole('landlord', 'caretaker-mandate', 'control'))).toBe(400);
  expect(statusOf(() => ensureProofFitsRole('landlord', 'title-deed', 'control'))).toBeUndefined();
  expect(statusOf(() => ensureProofFitsRole('caretaker', 'passport', 'identity'))).toBeUndefined();
});

test('only staff decide, once', () => {
  expect(statusOf(() => ensureStaff(actor('landlord')))).toBe(403);
  expect(statusOf(() => ensureStaff(actor('admin')))).toBeUndefined();
  expect(statusOf(() => ensureStillPending('pending'))).toBeUndefined();
  expect(statusOf(() => ensureStillPending('approved'))).toBe(409);
  expect(statusOf(() => ensureStillPending('rejected'))).toBe(409);
});

test('the same properties in any order are one set; photos go 90 days after the decision', () => {
  expect(propertySet(['B', 'a', 'b'])).toEqual(['a', 'b']);
  expect(filesExpireBefore(new Date('2026-04-01T00:00:00Z')).toISOString()).toBe('2026-01-01T00:00:00.000Z');
});
