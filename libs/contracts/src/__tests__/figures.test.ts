import { adminFiguresQuerySchema, MESSAGES, priceBandOf, searchTownOf } from '../index.js';

describe("staff figures' words", () => {
  it("counts a search's town as a known town's own spelling, 'other' for any other text, 'any' when none: never the text typed", () => {
    expect(searchTownOf('kribi')).toBe('Kribi');
    expect(searchTownOf(' YAOUNDÉ ')).toBe('Yaounde');
    expect(searchTownOf('Chez Paul Mbarga')).toBe('other');
    expect(searchTownOf(undefined)).toBe('any');
    expect(searchTownOf('  ')).toBe('any');
  });

  it('puts a search in a price band by the highest price it allows', () => {
    expect(priceBandOf(undefined)).toBe('any');
    expect(priceBandOf(0)).toBe('up-to-25k');
    expect(priceBandOf(25_000)).toBe('up-to-25k');
    expect(priceBandOf(25_001)).toBe('25k-50k');
    expect(priceBandOf(100_000)).toBe('50k-100k');
    expect(priceBandOf(250_000)).toBe('100k-250k');
    expect(priceBandOf(2_000_000)).toBe('over-250k');
  });

  it('reads days from 1 to 90, 30 when left out, and refuses anything else naming the field', () => {
    expect(adminFiguresQuerySchema.parse({})).toEqual({ days: 30 });
    expect(adminFiguresQuerySchema.parse({ days: '7' })).toEqual({ days: 7 });
    for (const days of ['0', '91', '2.5', 'abc', '-1']) {
      const result = adminFiguresQuerySchema.safeParse({ days });
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]).toMatchObject({ path: ['days'], message: MESSAGES.figures.daysInvalid });
    }
  });
});
