import { MESSAGES, type Actor } from '@mboa/contracts';
import { refusalOf as refusal } from '@mboa/platform/testing';
import {
  alreadyDone,
  ensureFirstReport,
  ensureNotOwnListing,
  ensureOpenReports,
  ensureStaff,
  reporterKeys,
  resolutionOf,
  resolutionSummary,
  staffAction,
} from './reports.js';

const userId = '11111111-1111-4111-8111-111111111111';
const admin: Actor = { userId: '22222222-2222-4222-8222-222222222222', role: 'admin', isVerified: true };
const renter: Actor = { userId, role: 'renter', isVerified: false };

describe('who reports', () => {
  const addressKey = 'address-bbbbbbbbbbbbbb';
  const accountKey = 'account-dddddddddddddd';

  test('a signed-in reporter is one person by account, for duplicates and for the scam count', () => {
    expect(reporterKeys({ userId, addressKey, accountKey })).toEqual({
      reporterKey: `user:${userId}`,
      personKey: `user:${userId}`,
      reporterId: userId,
      accountKey,
      addressKey,
    });
  });

  test('someone not signed in: duplicates by browser, the scam count by address, and by the account of a known device', () => {
    const phone = reporterKeys({ deviceId: 'device-aaaaaaaaaaaaaaaa', addressKey });
    const sameAddressNewCookie = reporterKeys({ deviceId: 'device-cccccccccccccccc', addressKey });
    expect(phone.reporterKey).not.toBe(sameAddressNewCookie.reporterKey);
    expect(phone.personKey).toBe(sameAddressNewCookie.personKey);
    expect(phone.reporterId).toBeNull();
    expect(phone.accountKey).toBeNull();
    const known = reporterKeys({ deviceId: 'device-aaaaaaaaaaaaaaaa', addressKey, knownDevice: { accountKey, since: '2026-01-01T00:00:00.000Z' } });
    expect(known.accountKey).toBe(accountKey);
  });

  test('an owner cannot report their own listing; anyone else can', () => {
    expect(refusal(() => ensureNotOwnListing(userId, userId))).toEqual({ status: 403, message: MESSAGES.report.ownListing });
    expect(refusal(() => ensureNotOwnListing(userId, admin.userId))).toBeNull();
    expect(refusal(() => ensureNotOwnListing(null, userId))).toBeNull();
  });

  test('a second report of the same listing by the same reporter is a conflict', () => {
    expect(refusal(() => ensureFirstReport({ id: 'x' }))).toEqual({ status: 409, message: MESSAGES.report.duplicate });
    expect(() => ensureFirstReport(null)).not.toThrow();
  });
});

describe('staff', () => {
  test('only admins', () => {
    expect(refusal(() => ensureStaff(renter))).toEqual({ status: 403, message: MESSAGES.auth.adminOnly });
    expect(() => ensureStaff(admin)).not.toThrow();
  });

  test('act with deactivate or ban-owner; anything else is 400 naming the field', () => {
    expect(staffAction('deactivate')).toBe('deactivate');
    expect(staffAction('BAN-OWNER')).toBe('ban-owner');
    expect(refusal(() => staffAction('delete'))).toMatchObject({ status: 400, errors: [`action: ${MESSAGES.report.actionRequired}`] });
  });

  test('resolving needs open reports', () => {
    expect(refusal(() => ensureOpenReports(0))).toEqual({ status: 404, message: MESSAGES.report.noOpenReports });
    expect(() => ensureOpenReports(2)).not.toThrow();
  });

  test('each action closes the reports its own way, and says so in the audit trail', () => {
    expect(resolutionOf('dismiss')).toBe('dismissed');
    expect(resolutionOf('deactivate')).toBe('deactivated');
    expect(resolutionOf('ban-owner')).toBe('owner-banned');
    expect(resolutionSummary('dismissed', 1, 'p1')).toBe('Dismissed 1 report on property p1');
    expect(resolutionSummary('deactivated', 3, 'p1')).toBe('Deactivated property p1 after 3 reports');
    expect(resolutionSummary('owner-banned', 4, 'p1')).toBe('Banned the owner of property p1 after 4 reports');
  });

  test('an action another service says is already done still closes the reports; an admin owner stops it', () => {
    expect(alreadyDone('deactivate', 409, 'This status change is not allowed.')).toBe(true);
    expect(alreadyDone('ban-owner', 409, MESSAGES.auth.userAlreadyBanned)).toBe(true);
    expect(alreadyDone('ban-owner', 409, MESSAGES.auth.cannotBanAdmin)).toBe(false);
    expect(alreadyDone('deactivate', 404, MESSAGES.property.notFound)).toBe(false);
  });
});
