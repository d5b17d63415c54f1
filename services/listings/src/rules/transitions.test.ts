import { ADMIN_PROPERTY_ACTIONS, MESSAGES, PROPERTY_STATUSES, type PropertyStatus } from '@mboa/contracts';
import { refusalOf as refusal } from '@mboa/platform/testing';
import { adminStatusChange, ownerStatusChange } from './transitions.js';

const conflict = { status: 409, message: MESSAGES.property.invalidTransition };

describe("an owner's status moves", () => {
  it.each<[PropertyStatus, PropertyStatus]>([
    ['available', 'rented'],
    ['available', 'deactivated'],
    ['rented', 'available'],
    ['rented', 'deactivated'],
    ['deactivated', 'available'],
  ])('%s → %s is allowed', (from, to) => {
    expect(ownerStatusChange(from, to)).toBe(to);
  });

  it('a deactivated property cannot be marked rented, and nothing moves to itself (409)', () => {
    expect(refusal(() => ownerStatusChange('deactivated', 'rented'))).toEqual(conflict);
    for (const s of PROPERTY_STATUSES) expect(refusal(() => ownerStatusChange(s, s))).toEqual(conflict);
  });
});

describe("an admin's status actions", () => {
  it('each action leads to its status when its precondition holds', () => {
    expect(adminStatusChange('markRented', 'available')).toBe('rented');
    expect(adminStatusChange('markAvailable', 'rented')).toBe('available');
    expect(adminStatusChange('deactivate', 'available')).toBe('deactivated');
    expect(adminStatusChange('deactivate', 'rented')).toBe('deactivated');
    expect(adminStatusChange('activate', 'deactivated')).toBe('available');
  });

  it('an action whose precondition fails is a 409', () => {
    expect(refusal(() => adminStatusChange('markRented', 'rented'))).toEqual(conflict);
    expect(refusal(() => adminStatusChange('markRented', 'deactivated'))).toEqual(conflict);
    expect(refusal(() => adminStatusChange('markAvailable', 'available'))).toEqual(conflict);
    expect(refusal(() => adminStatusChange('activate', 'available'))).toEqual(conflict);
    expect(refusal(() => adminStatusChange('deactivate', 'deactivated'))).toEqual(conflict);
  });

  it('every action is allowed from some status and refused from another', () => {
    for (const action of ADMIN_PROPERTY_ACTIONS) {
      const outcomes = PROPERTY_STATUSES.map((s) => refusal(() => adminStatusChange(action, s)));
      expect(outcomes).toContain(null);
      expect(outcomes).toContainEqual(conflict);
    }
  });
});
