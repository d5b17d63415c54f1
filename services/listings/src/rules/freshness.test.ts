import { daysSinceConfirmed, FRESHNESS, isStale, linkExpiresAt, linkProblem, reminderDue, staleFrom } from './freshness.js';

const DAY = 24 * 60 * 60 * 1000;
const now = new Date('2026-11-24T12:00:00Z');
const daysAgo = (days: number, extraMs = 0) => new Date(now.getTime() - days * DAY - extraMs);

describe('the freshness clock', () => {
  test('the numbers the issue states', () => {
    expect(FRESHNESS).toEqual({ remindAfterDays: 21, hiddenAfterDays: 45, linkValidDays: 7 });
  });

  test('counts whole days since the last confirmation, never negative', () => {
    expect(daysSinceConfirmed(daysAgo(0), now)).toBe(0);
    expect(daysSinceConfirmed(daysAgo(3, 60_000), now)).toBe(3);
    expect(daysSinceConfirmed(daysAgo(3).toISOString(), now)).toBe(3);
    expect(daysSinceConfirmed(new Date(now.getTime() + 60_000), now)).toBe(0);
  });

  test('a listing becomes stale at exactly 45 days without a confirmation', () => {
    expect(isStale(daysAgo(44, DAY - 1), now)).toBe(false);
    expect(isStale(daysAgo(45), now)).toBe(true);
    expect(isStale(daysAgo(90).toISOString(), now)).toBe(true);
    expect(staleFrom(daysAgo(45)).getTime()).toBe(now.getTime());
  });

  test('a listing whose confirmation time is unknown is not stale', () => {
    expect(isStale(null, now)).toBe(false);
    expect(isStale(undefined, now)).toBe(false);
    expect(isStale('not a date', now)).toBe(false);
  });
});

describe('reminders: after 21 days, once per 21-day period', () => {
  test('none before 21 days', () => {
    expect(reminderDue({ confirmedAt: daysAgo(20, DAY - 1), remindedAt: null }, now)).toBe(false);
  });

  test('one at 21 days, not a second one the next day', () => {
    expect(reminderDue({ confirmedAt: daysAgo(21), remindedAt: null }, now)).toBe(true);
    expect(reminderDue({ confirmedAt: daysAgo(22), remindedAt: daysAgo(1) }, now)).toBe(false);
  });

  test('another after 21 more days without an answer', () => {
    expect(reminderDue({ confirmedAt: daysAgo(42), remindedAt: daysAgo(20) }, now)).toBe(false);
    expect(reminderDue({ confirmedAt: daysAgo(42), remindedAt: daysAgo(21) }, now)).toBe(true);
  });

  test('a confirmation after a reminder starts a new period', () => {
    // Reminded 30 days ago, confirmed 25 days ago: the old reminder belongs to the old period.
    expect(reminderDue({ confirmedAt: daysAgo(25), remindedAt: daysAgo(30) }, now)).toBe(true);
    expect(reminderDue({ confirmedAt: daysAgo(10), remindedAt: daysAgo(30) }, now)).toBe(false);
  });
});

describe('one-time links', () => {
  const issued = daysAgo(1);
  const link = { usedAt: null, expiresAt: linkExpiresAt(issued) };

  test('work for 7 days', () => {
    expect(link.expiresAt.getTime() - issued.getTime()).toBe(7 * DAY);
    expect(linkProblem(link, now)).toBeNull();
    expect(linkProblem(link, new Date(link.expiresAt.getTime() - 1))).toBeNull();
    expect(linkProblem(link, link.expiresAt)).toBe('expired');
  });

  test('work once', () => {
    expect(linkProblem({ ...link, usedAt: now }, now)).toBe('used');
  });

  test('an unknown token is not a link', () => {
    expect(linkProblem(null, now)).toBe('unknown');
  });
});
