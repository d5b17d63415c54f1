import { LIMITS } from '@mboa/contracts';
import { establishedPeople, keptByStaff, shouldHold, standingOf, type ScamReport, type StaffHistory } from './report-hold.js';

const DAY = 24 * 60 * 60 * 1000;
const now = new Date('2026-11-27T12:00:00.000Z');
const ago = (ms: number) => new Date(now.getTime() - ms);
const never: StaffHistory = { dismissals: 0, approvalsAfterReports: 0 };

describe('who counts towards a hold', () => {
  const { establishedAccountDays, knownDeviceDays } = LIMITS.reports;
  const account = (days: number, whatsappProven = false) => ({ accountCreatedAt: ago(days * DAY), whatsappProven, knownDeviceSince: null });

  test(`an account ${establishedAccountDays} days old counts; one signed up today or a day short does not`, () => {
    expect(establishedAccountDays).toBe(30);
    expect(standingOf(account(establishedAccountDays), now)).toBe('account-age');
    expect(standingOf(account(400), now)).toBe('account-age');
    expect(standingOf(account(0), now)).toBeNull();
    expect(standingOf(account(establishedAccountDays - 1), now)).toBeNull();
  });

  test('an account with a proven WhatsApp number counts from its first day (once auth proves numbers)', () => {
    expect(standingOf(account(0, true), now)).toBe('whatsapp');
  });

  test(`someone not signed in counts only from a browser that signed in at least ${knownDeviceDays} days ago`, () => {
    const visitor = (since: Date | null) => ({ accountCreatedAt: null, whatsappProven: false, knownDeviceSince: since });
    expect(standingOf(visitor(null), now)).toBeNull();
    expect(standingOf(visitor(ago(60_000)), now)).toBeNull();
    expect(standingOf(visitor(ago((knownDeviceDays - 1) * DAY)), now)).toBeNull();
    expect(standingOf(visitor(ago(knownDeviceDays * DAY)), now)).toBe('known-device');
    // A clock ahead of ours is no older for it.
    expect(standingOf(visitor(new Date(now.getTime() + 90 * DAY)), now)).toBeNull();
  });

  test("a signed-in account stands on its own age, not on an older account's cookie in the same browser", () => {
    expect(standingOf({ accountCreatedAt: ago(DAY), whatsappProven: false, knownDeviceSince: ago(365 * DAY) }, now)).toBeNull();
  });
});

let n = 0;
/** An open scam report; by default an established account on its own address. */
function report(over: Partial<ScamReport> = {}): ScamReport {
  n += 1;
  return { personKey: `user:${n}`, accountKey: `account-${n}`, addressKey: `address-${n}`, at: now, standing: 'account-age', ...over };
}

describe('counting people', () => {
  test('the attack of the issue: one anonymous report and two new accounts are nobody', () => {
    const reports = [
      report({ personKey: 'address:a', accountKey: null, standing: null }),
      report({ standing: null }),
      report({ standing: null }),
    ];
    expect(establishedPeople(reports)).toBe(0);
    expect(shouldHold({ reports, alreadyHeld: false, history: never })).toBe(false);
  });

  test('three established accounts on three addresses are three people and hold', () => {
    const reports = [report(), report(), report()];
    expect(establishedPeople(reports)).toBe(3);
    expect(shouldHold({ reports, alreadyHeld: false, history: never })).toBe(true);
    expect(shouldHold({ reports: reports.slice(0, 2), alreadyHeld: false, history: never })).toBe(false);
  });

  test(`established accounts from one address within ${LIMITS.reports.sameAddressMinutes} minutes are one person`, () => {
    const minutes = LIMITS.reports.sameAddressMinutes;
    const oneHour = [0, 20, minutes - 1].map((m) => report({ addressKey: 'carrier', at: ago(m * 60_000) }));
    expect(establishedPeople(oneHour)).toBe(1);
    expect(shouldHold({ reports: oneHour, alreadyHeld: false, history: never })).toBe(false);
    // The same address hours apart (one carrier's many customers): different people.
    const apart = [0, 2, 4].map((h) => report({ addressKey: 'carrier', at: ago(h * 60 * 60_000) }));
    expect(establishedPeople(apart)).toBe(3);
  });

  test('one account counts once, signed in or from its device cookie in other browsers', () => {
    const reports = [
      report({ accountKey: 'aged', personKey: 'user:u1' }),
      report({ accountKey: 'aged', personKey: 'address:x', standing: 'known-device' }),
      report({ accountKey: 'aged', personKey: 'address:y', standing: 'known-device' }),
    ];
    expect(establishedPeople(reports)).toBe(1);
  });

  test('young reporters beside established ones add nothing; reports from before standings were kept count as none', () => {
    const reports = [report(), report(), report({ standing: null }), report({ addressKey: null, accountKey: null, standing: null })];
    expect(establishedPeople(reports)).toBe(2);
    expect(shouldHold({ reports, alreadyHeld: false, history: never })).toBe(false);
  });
});

describe('staff decisions', () => {
  const enough = () => [report(), report(), report(), report()];

  test('a listing already held is not held twice', () => {
    expect(shouldHold({ reports: enough(), alreadyHeld: true, history: never })).toBe(false);
  });

  test('a listing staff kept (reports dismissed, or approved after it was reported) is never held again by reports', () => {
    expect(keptByStaff(never)).toBe(false);
    expect(keptByStaff({ dismissals: 3, approvalsAfterReports: 0 })).toBe(true);
    expect(keptByStaff({ dismissals: 0, approvalsAfterReports: 1 })).toBe(true);
    expect(shouldHold({ reports: enough(), alreadyHeld: false, history: { dismissals: 3, approvalsAfterReports: 0 } })).toBe(false);
    expect(shouldHold({ reports: enough(), alreadyHeld: false, history: { dismissals: 0, approvalsAfterReports: 1 } })).toBe(false);
  });
});
