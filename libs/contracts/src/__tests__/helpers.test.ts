import {
  contactOwnerLink,
  formatAdminPrice,
  formatPrice,
  formatPriceWithTerm,
  listMeta,
  paginationText,
  searchTowns,
  statusBadgeColor,
  townOptions,
  whatsappLink,
  canonicalTown,
  nestFormFields,
  isUuid,
} from '../index.js';

test('price formatting', () => {
  expect(formatPrice(25000)).toBe('25,000 FCFA');
  expect(formatPriceWithTerm(25000, 'monthly')).toBe('25,000 FCFA/month');
  expect(formatPriceWithTerm(1250000, 'yearly')).toBe('1,250,000 FCFA/year');
  expect(formatPriceWithTerm(500, undefined)).toBe('500 FCFA');
  expect(formatAdminPrice(999)).toBe('999 XAF');
});

test('status badge colour', () => {
  expect(statusBadgeColor('available')).toBe('green');
  expect(statusBadgeColor('Rented')).toBe('yellow');
  expect(statusBadgeColor('deactivated')).toBe('red');
  expect(statusBadgeColor('weird')).toBe('gray');
  expect(statusBadgeColor(undefined)).toBe('gray');
});

test('whatsapp links', () => {
  expect(whatsappLink('674000000')).toBe('https://wa.me/237674000000');
  expect(whatsappLink('+237 674 000 000', 'Hi there')).toBe('https://wa.me/237674000000?text=Hi%20there');
  expect(contactOwnerLink('674000000', 'Nice flat')).toMatch(/^https:\/\/wa\.me\/237674000000\?text=.*Nice%20flat/);
});

test('town search', () => {
  expect(searchTowns('dou')).toEqual(['Douala', 'Yokadouma']);
  expect(searchTowns('YAOUNDÉ')).toEqual(['Yaounde']);
  expect(searchTowns('')).toHaveLength(10);
  expect(searchTowns('a').length).toBeLessThanOrEqual(10);
  expect(searchTowns('ba')[0].toLowerCase().startsWith('ba')).toBe(true);
  expect(townOptions('zzz')).toEqual(['Other (please specify)']);
  expect(canonicalTown(' buea ')).toBe('Buea');
  expect(canonicalTown('Bonaberi')).toBe('Bonaberi');
});

test('pagination', () => {
  expect(paginationText(1, 5, 12)).toBe('Showing 1 to 5 of 12');
  expect(paginationText(3, 5, 12)).toBe('Showing 11 to 12 of 12');
  expect(paginationText(1, 5, 0)).toBe('Showing 0 to 0 of 0');
  expect(listMeta(23, 2, 10)).toEqual({ total: 23, page: 2, totalPages: 3 });
  expect(listMeta(0, 1, 10).totalPages).toBe(1);
});

test('nestFormFields', () => {
  expect(
    nestFormFields({ 'location[town]': 'Buea', 'specifications[bedrooms]': '2', title: 't', __proto__x: 1 } as Record<string, unknown>),
  ).toEqual({ location: { town: 'Buea' }, specifications: { bedrooms: '2' }, title: 't', __proto__x: 1 });
  expect(nestFormFields([['a', '1'], ['a', '2'], ['constructor[x]', 'y']])).toEqual({ a: ['1', '2'] });
});

test('isUuid: only a UUID can name a stored row (any case); anything else is not an id', () => {
  expect(isUuid('6f1c2d3e-4a5b-4c6d-8e9f-0a1b2c3d4e5f')).toBe(true);
  expect(isUuid('6F1C2D3E-4A5B-4C6D-8E9F-0A1B2C3D4E5F')).toBe(true);
  for (const bad of ['', 'abc', '6f1c2d3e-4a5b-4c6d-8e9f-0a1b2c3d4e5', "6f1c2d3e-4a5b-4c6d-8e9f-0a1b2c3d4e5f' OR 1=1", 42, null, undefined, {}]) {
    expect(isUuid(bad)).toBe(false);
  }
});
