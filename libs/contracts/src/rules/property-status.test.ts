import {
  ADMIN_PROPERTY_ACTIONS,
  adminActionTarget,
  adminStatusActions,
  canTransitionStatus,
  ownerStatusMoves,
  PROPERTY_STATUSES,
} from '../index.js';

describe('owner status moves (My Listings)', () => {
  it('an available property may be marked rented or deactivated, in that order', () => {
    expect(ownerStatusMoves('available')).toEqual(['rented', 'deactivated']);
  });

  it('a rented property may become available again or be deactivated', () => {
    expect(ownerStatusMoves('rented')).toEqual(['available', 'deactivated']);
  });

  it('a deactivated property can only be activated (back to available), never marked rented', () => {
    expect(ownerStatusMoves('deactivated')).toEqual(['available']);
    expect(canTransitionStatus('deactivated', 'rented')).toBe(false);
  });

  it('no status moves to itself', () => {
    for (const s of PROPERTY_STATUSES) expect(canTransitionStatus(s, s)).toBe(false);
  });

  it('an unknown status offers nothing (no prototype key slips through)', () => {
    expect(ownerStatusMoves('sold')).toEqual([]);
    expect(ownerStatusMoves('constructor')).toEqual([]);
  });
});

describe('admin status actions (manage/properties)', () => {
  it('offers exactly the actions whose precondition holds', () => {
    expect(adminStatusActions('available')).toEqual(['markRented', 'deactivate']);
    expect(adminStatusActions('rented')).toEqual(['markAvailable', 'deactivate']);
    expect(adminStatusActions('deactivated')).toEqual(['activate']);
  });

  it('each offered action leads somewhere; a refused one leads nowhere', () => {
    expect(adminActionTarget('markRented', 'available')).toBe('rented');
    expect(adminActionTarget('markAvailable', 'rented')).toBe('available');
    expect(adminActionTarget('deactivate', 'rented')).toBe('deactivated');
    expect(adminActionTarget('activate', 'deactivated')).toBe('available');
    expect(adminActionTarget('markRented', 'rented')).toBeNull();
    expect(adminActionTarget('activate', 'available')).toBeNull();
    expect(adminActionTarget('deactivate', 'deactivated')).toBeNull();
  });

  it('the menu and the server agree: an action is offered exactly when it has a target', () => {
    for (const s of PROPERTY_STATUSES) {
      for (const a of ADMIN_PROPERTY_ACTIONS) {
        expect(adminStatusActions(s).includes(a)).toBe(adminActionTarget(a, s) !== null);
      }
    }
  });
});
