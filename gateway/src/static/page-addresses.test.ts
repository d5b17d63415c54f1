// One address per language: what a page's head tells search engines about its French, English and
// language-less (x-default) addresses, and which of the visit's query parameters they keep.
import { addressTags, pageAddresses } from './page-addresses.js';

const ORIGIN = 'https://mboa.example';

describe('pageAddresses', () => {
  test('a details page: its path with lang in each language, the page in its own language canonical', () => {
    expect(pageAddresses(ORIGIN, '/property-details/abc123', {}, 'fr')).toEqual({
      canonical: `${ORIGIN}/property-details/abc123?lang=fr`,
      alternates: {
        fr: `${ORIGIN}/property-details/abc123?lang=fr`,
        en: `${ORIGIN}/property-details/abc123?lang=en`,
        'x-default': `${ORIGIN}/property-details/abc123`,
      },
    });
    expect(pageAddresses(`${ORIGIN}/`, '/property-details/abc123/', { lang: 'fr' }, 'en').canonical).toBe(
      `${ORIGIN}/property-details/abc123?lang=en`,
    );
  });

  test('the home page without filters', () => {
    expect(pageAddresses(ORIGIN, '/', {}, 'en')).toEqual({
      canonical: `${ORIGIN}/?lang=en`,
      alternates: { fr: `${ORIGIN}/?lang=fr`, en: `${ORIGIN}/?lang=en`, 'x-default': `${ORIGIN}/` },
    });
  });

  test('the home page keeps its filters in one fixed order, whatever order the visit had', () => {
    const query = { sort: 'price-asc', controlChecked: 'true', maxPrice: '100000', town: 'Douala', search: 'studio meublé', rooms: '2', category: 'residential', propertyType: 'studio', minPrice: '20000', lang: 'en' };
    const filters = 'search=studio+meubl%C3%A9&category=residential&propertyType=studio&town=Douala&rooms=2&minPrice=20000&maxPrice=100000&controlChecked=true&sort=price-asc';
    expect(pageAddresses(ORIGIN, '/', query, 'fr')).toEqual({
      canonical: `${ORIGIN}/?${filters}&lang=fr`,
      alternates: { fr: `${ORIGIN}/?${filters}&lang=fr`, en: `${ORIGIN}/?${filters}&lang=en`, 'x-default': `${ORIGIN}/?${filters}` },
    });
    const reordered = Object.fromEntries(Object.entries(query).reverse());
    expect(pageAddresses(ORIGIN, '/', reordered, 'fr')).toEqual(pageAddresses(ORIGIN, '/', query, 'fr'));
  });

  test('tracking and unknown parameters, empty values and the default order are dropped', () => {
    const query = { utm_source: 'whatsapp', fbclid: 'IwAR0', gclid: 'x', ref: 'home', page: '3', town: '  ', search: '', sort: 'newest', rooms: '3' };
    expect(pageAddresses(ORIGIN, '/', query, 'en').alternates).toEqual({
      fr: `${ORIGIN}/?rooms=3&lang=fr`,
      en: `${ORIGIN}/?rooms=3&lang=en`,
      'x-default': `${ORIGIN}/?rooms=3`,
    });
    expect(pageAddresses(ORIGIN, '/', { sort: 'cheapest-first' }, 'en').canonical).toBe(`${ORIGIN}/?lang=en`);
    // Only `true` filters by control checked (the app reads nothing else): any other value is the plain page.
    expect(pageAddresses(ORIGIN, '/', { controlChecked: 'yes' }, 'en').canonical).toBe(`${ORIGIN}/?lang=en`);
    expect(pageAddresses(ORIGIN, '/', { controlChecked: 'TRUE' }, 'en').canonical).toBe(`${ORIGIN}/?controlChecked=true&lang=en`);
    // A details page has no parameters of its own: even a home filter is not one of its.
    expect(pageAddresses(ORIGIN, '/property-details/p1', { town: 'Douala', utm_medium: 'social' }, 'fr').canonical).toBe(
      `${ORIGIN}/property-details/p1?lang=fr`,
    );
  });

  test('a known town in the list’s spelling, a repeated parameter counted once, values trimmed', () => {
    expect(pageAddresses(ORIGIN, '/', { town: ' yaoundé ' }, 'fr').canonical).toBe(`${ORIGIN}/?town=Yaounde&lang=fr`);
    expect(pageAddresses(ORIGIN, '/', { town: 'Bonaberi Village' }, 'fr').canonical).toBe(`${ORIGIN}/?town=Bonaberi+Village&lang=fr`);
    expect(pageAddresses(ORIGIN, '/', { town: ['Buea', 'Limbe'], search: { nested: 'x' } }, 'en').canonical).toBe(`${ORIGIN}/?town=Buea&lang=en`);
  });

  test('hostile values are encoded into the query, never breaking out of it', () => {
    const { canonical } = pageAddresses(ORIGIN, '/', { search: '"><script>alert(1)</script>&lang=xx#x', town: "O'Neil$&" }, 'fr');
    expect(canonical).toBe(`${ORIGIN}/?search=%22%3E%3Cscript%3Ealert%281%29%3C%2Fscript%3E%26lang%3Dxx%23x&town=O%27Neil%24%26&lang=fr`);
    expect(new URL(canonical).searchParams.get('search')).toBe('"><script>alert(1)</script>&lang=xx#x');
    expect(new URL(canonical).searchParams.getAll('lang')).toEqual(['fr']);
  });
});

describe('addressTags', () => {
  test('canonical and an alternate per language and x-default', () => {
    const tags = addressTags(pageAddresses(ORIGIN, '/', { town: 'Douala', category: 'commercial' }, 'en'));
    expect(tags.split('\n').map((l) => l.trim())).toEqual([
      `<link rel="canonical" href="${ORIGIN}/?category=commercial&amp;town=Douala&amp;lang=en">`,
      `<link rel="alternate" hreflang="en" href="${ORIGIN}/?category=commercial&amp;town=Douala&amp;lang=en">`,
      `<link rel="alternate" hreflang="fr" href="${ORIGIN}/?category=commercial&amp;town=Douala&amp;lang=fr">`,
      `<link rel="alternate" hreflang="x-default" href="${ORIGIN}/?category=commercial&amp;town=Douala">`,
    ]);
  });

  test('every address is HTML-escaped, so a hostile path cannot leave its attribute', () => {
    const tags = addressTags(pageAddresses(ORIGIN, `/property-details/a"><script>alert('x')</script>`, {}, 'fr'));
    expect(tags).not.toContain('<script');
    expect(tags).not.toContain(`"><`);
    expect(tags).toContain(`href="${ORIGIN}/property-details/a&quot;&gt;&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt;?lang=fr"`);
    expect(tags.match(/<link /g)).toHaveLength(4);
  });
});
