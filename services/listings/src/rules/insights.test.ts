import { INSIGHTS } from '@mboa/contracts';
import { addDays, countsAsView, insightsDay, insightsWindow, listingInsights, oldestKeptDay, viewerKeyOf, withinAddressCap } from './insights.js';

const owner = '11111111-1111-4111-8111-111111111111';
const renter = '22222222-2222-4222-8222-222222222222';

describe('owner insights rules', () => {
  it('counts renters and anonymous visitors, never the owner nor staff', () => {
    expect(countsAsView({ deviceKey: 'abcdefghijklmnopqrstuv' }, owner)).toBe(true);
    expect(countsAsView({ userId: renter, role: 'renter' }, owner)).toBe(true);
    // Another landlord shopping around is a visitor like any other.
    expect(countsAsView({ userId: renter, role: 'landlord' }, owner)).toBe(true);
    expect(countsAsView({ userId: owner, role: 'landlord' }, owner)).toBe(false);
    expect(countsAsView({ userId: owner, role: 'caretaker' }, owner)).toBe(false);
    expect(countsAsView({ userId: renter, role: 'admin' }, owner)).toBe(false);
  });

  it('keys a person by account when signed in, else by the device hash', () => {
    expect(viewerKeyOf({ userId: renter, role: 'renter' })).toBe(`user:${renter}`);
    expect(viewerKeyOf({ deviceKey: 'abcdefghijklmnopqrstuv' })).toBe('device:abcdefghijklmnopqrstuv');
  });

  it('lets one address add at most viewersPerAddress visitors known only by address and browser, per listing and day', () => {
    const view = (viewerKey: string, addressKey?: string, propertyId = owner, day = '2026-11-27') => ({ propertyId, day, viewerKey, addressKey });
    const agents = Array.from({ length: 12 }, (_, i) => view(`device:ua${i}`, 'carrier'));
    expect(withinAddressCap(agents, new Map())).toEqual(agents.slice(0, INSIGHTS.viewersPerAddress));
    // Already at the cap that day: no new one; one already stored passes (writing it again changes nothing).
    const full = new Map([[`${owner}|2026-11-27|carrier`, new Set(agents.slice(0, INSIGHTS.viewersPerAddress).map((v) => v.viewerKey))]]);
    expect(withinAddressCap([agents[0], agents[9]], full)).toEqual([agents[0]]);
    // Another listing, another day, another address, an account or a device cookie: not capped.
    const others = [view('device:x', 'carrier', renter), view('device:y', 'carrier', owner, '2026-11-28'), view('device:z', 'home'), view(`user:${renter}`), view('device:cookie')];
    expect(withinAddressCap(others, full)).toEqual(others);
  });

  it("counts days on Cameroon's calendar (UTC+1)", () => {
    expect(insightsDay(new Date('2026-11-25T22:59:59Z'))).toBe('2026-11-25');
    expect(insightsDay(new Date('2026-11-25T23:00:00Z'))).toBe('2026-11-26');
    expect(insightsDay(new Date('2026-12-31T23:30:00Z'))).toBe('2027-01-01');
  });

  it('covers the last 30 days, today included, oldest first, across a month end', () => {
    const window = insightsWindow(new Date('2026-03-10T12:00:00Z'));
    expect(window.days).toHaveLength(30);
    expect(window.from).toBe('2026-02-09');
    expect(window.to).toBe('2026-03-10');
    expect(window.days[19]).toBe('2026-02-28');
    expect(window.days[20]).toBe('2026-03-01');
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
  });

  it('keeps 35 days of views', () => {
    expect(oldestKeptDay(new Date('2026-11-25T12:00:00Z'))).toBe('2026-10-22');
  });

  it('fills the days without views or contacts with zeros and adds up the totals', () => {
    const window = insightsWindow(new Date('2026-11-25T12:00:00Z'));
    const insights = listingInsights(owner, window, [
      { day: '2026-11-25', views: 3, contacts: 1 },
      { day: '2026-10-27', views: 2, contacts: 0 },
      // Outside the window: not shown, not counted.
      { day: '2026-10-20', views: 9, contacts: 9 },
    ]);
    expect(insights.daily).toHaveLength(30);
    expect(insights.daily[0]).toEqual({ day: '2026-10-27', views: 2, contacts: 0 });
    expect(insights.daily[29]).toEqual({ day: '2026-11-25', views: 3, contacts: 1 });
    expect(insights.daily[10]).toEqual({ day: '2026-11-06', views: 0, contacts: 0 });
    expect(insights).toMatchObject({ propertyId: owner, views30d: 5, contacts30d: 1 });
  });
});
