import { mapQuerySchema, MESSAGES, parseOrErrors, searchQueryKey, searchQuerySchema } from '../index.js';

const G = MESSAGES.geo;

describe('search query: bbox, near and sort=distance', () => {
  it('reads a box and a place from the query string', () => {
    expect(parseOrErrors(searchQuerySchema, { bbox: '9.2,4.0,9.8,4.1', near: '4.05,9.7', sort: 'distance' })).toMatchObject({
      ok: true,
      data: { bbox: { west: 9.2, south: 4.0, east: 9.8, north: 4.1 }, near: { lat: 4.05, lng: 9.7 }, sort: 'distance' },
    });
  });

  it('takes a parsed query again unchanged (the gateway validates, listings checks the same schema)', () => {
    const first = parseOrErrors(searchQuerySchema, { bbox: '9.123456789,4.0,9.8,4.1', near: '4.05,9.7' });
    if (!first.ok) throw new Error(first.message);
    expect(parseOrErrors(searchQuerySchema, first.data)).toEqual(first);
  });

  it('treats empty values as absent', () => {
    expect(parseOrErrors(searchQuerySchema, { bbox: '', near: ' ' })).toEqual({ ok: true, data: { page: 1, limit: 12 } });
  });

  it.each([
    [{ bbox: '9,-90,10,-89' }, 'bbox', G.bboxOutsideRegion],
    [{ bbox: '179,4,-179,5' }, 'bbox', G.bboxInverted],
    [{ bbox: '8,2,12,3' }, 'bbox', G.bboxTooWide],
    [{ bbox: 'NaN,4,10,5' }, 'bbox', G.bboxInvalid],
    [{ bbox: 'west,south,east,north' }, 'bbox', G.bboxInvalid],
    [{ bbox: { west: 'a' } }, 'bbox', G.bboxInvalid],
    [{ near: '48.85,2.35' }, 'near', G.nearOutsideRegion],
    [{ near: 'here' }, 'near', G.nearInvalid],
    [{ sort: 'distance' }, 'sort', G.distanceNeedsNear],
    [{ sort: 'closest', near: '4,9.7' }, 'sort', MESSAGES.property.sortInvalid],
  ])('refuses %j naming %s', (q, field, message) => {
    expect(parseOrErrors(searchQuerySchema, q)).toEqual({ ok: false, message, errors: [`${field}: ${message}`] });
  });
});

describe('map query', () => {
  it('needs a box', () => {
    expect(parseOrErrors(mapQuerySchema, { town: 'Buea' })).toEqual({ ok: false, message: G.bboxInvalid, errors: [`bbox: ${G.bboxInvalid}`] });
  });

  it('takes the search filters beside the box', () => {
    expect(parseOrErrors(mapQuerySchema, { bbox: '9.2,4.0,9.8,4.1', category: 'residential', maxPrice: '50000' })).toEqual({
      ok: true,
      data: { bbox: { west: 9.2, south: 4.0, east: 9.8, north: 4.1 }, category: 'residential', maxPrice: 50000 },
    });
  });
});

describe('searchQueryKey', () => {
  const parse = (q: Record<string, unknown>) => {
    const r = parseOrErrors(searchQuerySchema, q);
    if (!r.ok) throw new Error(r.message);
    return r.data;
  };

  it('tells boxes and places apart (their inner keys are part of the key)', () => {
    const a = searchQueryKey(parse({ bbox: '9.2,4.0,9.8,4.1' }));
    expect(searchQueryKey(parse({ bbox: '9.2,4.0,9.8,4.2' }))).not.toBe(a);
    expect(searchQueryKey(parse({ bbox: '9.2,4.0,9.8,4.1' }))).toBe(a);
    expect(searchQueryKey(parse({ near: '4.05,9.7' }))).not.toBe(searchQueryKey(parse({ near: '4.05,9.71' })));
    expect(searchQueryKey(parse({ near: '4.05,9.7', sort: 'distance' }))).not.toBe(searchQueryKey(parse({ near: '4.05,9.7' })));
  });

  it('gives no order and the default order one key', () => {
    expect(searchQueryKey(parse({ sort: 'newest', town: 'Buea' }))).toBe(searchQueryKey(parse({ town: 'Buea' })));
  });
});
