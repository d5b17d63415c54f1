import { REQUEST_STATUSES, TICKET_STATUSES } from '@mboa/contracts';
import { describe, expect, it } from 'vitest';
import { postOnBehalfUrl, propertyMenuActions, statusMoves, userMenuActions } from './menus.js';

describe('user row menu', () => {
  it.each([
    [{ role: 'landlord', status: 'active', isVerified: false }, ['ban', 'verify', 'postOnBehalf', 'edit']],
    [{ role: 'landlord', status: 'active', isVerified: true }, ['ban', 'postOnBehalf', 'edit']],
    [{ role: 'caretaker', status: 'banned', isVerified: false }, ['unban', 'verify', 'edit']],
    [{ role: 'renter', status: 'active', isVerified: true }, ['ban', 'edit']],
    [{ role: 'renter', status: 'banned', isVerified: true }, ['unban', 'edit']],
    [{ role: 'admin', status: 'active', isVerified: true }, ['edit', 'resetSecondFactor']],
  ] as const)('%o offers %o', (state, expected) => {
    expect(userMenuActions(state)).toEqual(expected);
  });

  it('posts on behalf through the public wizard with the user id', () => {
    expect(postOnBehalfUrl('a b/1')).toBe('/post-property?userId=a%20b%2F1');
  });
});

describe('property row menu (the status each action requires)', () => {
  it.each([
    [{ status: 'available', isVerified: true }, ['markRented', 'deactivate', 'edit']],
    [{ status: 'rented', isVerified: true }, ['markAvailable', 'deactivate', 'edit']],
    [{ status: 'deactivated', isVerified: true }, ['activate', 'edit']],
    [{ status: 'available', isVerified: false }, ['markRented', 'deactivate', 'verifyProperty', 'edit']],
    [{ status: 'deactivated', isVerified: false }, ['activate', 'verifyProperty', 'edit']],
  ] as const)('%o offers %o', (state, expected) => {
    expect(propertyMenuActions(state)).toEqual(expected);
  });
});

describe('status moves', () => {
  it('offers every status but the current one', () => {
    expect(statusMoves(REQUEST_STATUSES, 'searching')).toEqual(['match-found', 'contacted']);
    expect(statusMoves(REQUEST_STATUSES, 'match-found')).toEqual(['searching', 'contacted']);
    expect(statusMoves(TICKET_STATUSES, 'completed')).toEqual(['pending', 'in-progress']);
    expect(statusMoves(TICKET_STATUSES, 'in-progress')).toEqual(['pending', 'completed']);
  });
});
