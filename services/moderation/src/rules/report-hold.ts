// When scam reports take a listing out of search (docs/api.md#reporting-a-listing). Sign-up needs no
// proof of anything, so "three people" must be three people who could not be made on the spot:
// only established reporters count, one person per account and per address-hour, and never
// against a listing staff have looked at and kept. Everyone's report still reaches the staff queue.
import { LIMITS } from '@mboa/contracts';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Why a reporter counts towards a hold; stored with the report (null: it does not count). */
export const STANDINGS = ['whatsapp', 'account-age', 'known-device'] as const;
export type Standing = (typeof STANDINGS)[number];

/** What is known of a reporter when they report, each from the service that owns it. */
export interface ReporterEvidence {
  /** When their account was created (auth); null when not signed in. */
  accountCreatedAt: Date | null;
  /** Auth has proven their WhatsApp number. It proves none yet; when it does, such an account counts at once. */
  whatsappProven: boolean;
  /** When the oldest valid device cookie of their browser was issued (the gateway checks its signature); someone not signed in only. */
  knownDeviceSince: Date | null;
}

/**
 * Why this reporter cannot be minted for free, or null. An account counts once it is
 * `establishedAccountDays` old or its WhatsApp number is proven; someone not signed in counts when
 * their browser signed in to an account at least `knownDeviceDays` ago. Both cost an attacker
 * weeks of waiting per person, where a new account or a cleared browser costs seconds.
 */
export function standingOf(evidence: ReporterEvidence, now: Date): Standing | null {
  const daysSince = (at: Date | null) => (at ? (now.getTime() - at.getTime()) / DAY_MS : -1);
  if (evidence.accountCreatedAt) {
    if (evidence.whatsappProven) return 'whatsapp';
    return daysSince(evidence.accountCreatedAt) >= LIMITS.reports.establishedAccountDays ? 'account-age' : null;
  }
  return daysSince(evidence.knownDeviceSince) >= LIMITS.reports.knownDeviceDays ? 'known-device' : null;
}

/** One open scam report, as the hold counts it. */
export interface ScamReport {
  /** `user:<id>` signed in, `address:<key>` otherwise (rules/reports.ts). */
  personKey: string;
  /** The account behind it: the signed-in one, or the one a known device cookie names. */
  accountKey: string | null;
  addressKey: string | null;
  at: Date;
  standing: string | null;
}

/**
 * How many different established people the reports come from. Reports are one person when they
 * share a person, an account (one account reporting signed in and again signed out, or a device
 * cookie copied into other browsers), or an address within `sameAddressMinutes` of each other
 * (several accounts from one address in one hour are one person, however old the accounts).
 */
export function establishedPeople(reports: readonly ScamReport[]): number {
  const counted = reports.filter((r) => r.standing !== null);
  const parent = counted.map((_, i) => i);
  const root = (i: number): number => (parent[i] === i ? i : (parent[i] = root(parent[i])));
  const windowMs = LIMITS.reports.sameAddressMinutes * 60_000;
  for (let i = 0; i < counted.length; i++) {
    for (let j = i + 1; j < counted.length; j++) {
      const [a, b] = [counted[i], counted[j]];
      const samePerson = a.personKey === b.personKey || (!!a.accountKey && a.accountKey === b.accountKey);
      const sameAddressHour = !!a.addressKey && a.addressKey === b.addressKey && Math.abs(a.at.getTime() - b.at.getTime()) < windowMs;
      if (samePerson || sameAddressHour) parent[root(i)] = root(j);
    }
  }
  return new Set(counted.map((_, i) => root(i))).size;
}

/** What staff have decided about a listing before: a keep is a dismissal of its reports, or an approval given after it was reported. */
export interface StaffHistory {
  dismissals: number;
  approvalsAfterReports: number;
}

/** Staff looked at the reported listing and kept it: from then on only staff take it out of search. */
export function keptByStaff(history: StaffHistory): boolean {
  return history.dismissals > 0 || history.approvalsAfterReports > 0;
}

/**
 * A listing leaves search pending review the moment `scamHoldReporters` different established
 * people have open scam reports on it: once per hold (a held listing is not held again until staff
 * resolve it), and never after staff kept it.
 */
export function shouldHold(state: { reports: readonly ScamReport[]; alreadyHeld: boolean; history: StaffHistory }): boolean {
  if (state.alreadyHeld || keptByStaff(state.history)) return false;
  return establishedPeople(state.reports) >= LIMITS.reports.scamHoldReporters;
}
