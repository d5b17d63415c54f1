import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import PropertyReview from '../pages/PropertyReview.js';
import { i18n, mockFetch, property, renderPage } from '../test/utils.js';
import { propertyChanges, toForm } from './EditPropertyDialog.js';

afterEach(async () => {
  await i18n.changeLanguage('en');
});

const pinned = () => ({
  ...property(),
  location: { country: 'Cameroon', town: 'Buea', neighbourhood: 'Molyko', pin: { lat: 4.14812, lng: 9.28734 }, landmark: 'Behind the Total station', area: { lat: 4.149, lng: 9.289, radiusM: 400 } },
});

async function review(p: ReturnType<typeof property>) {
  mockFetch(({ method, path }) => {
    if (method === 'GET' && path === '/api/admin/properties/p1') return { body: { property: { ...p, photoMatches: [], priceCheck: null } } };
    return undefined;
  });
  renderPage(<PropertyReview />, { path: '/property-review/p1', route: '/property-review/:id' });
  await screen.findByRole('heading', { level: 1 });
}

describe("the owner's exact pin for staff", () => {
  it('the review screen shows its coordinates, the landmark and a static map with a marker', async () => {
    await review(pinned());
    expect(screen.getByText('Exact pin: 4.14812, 9.28734')).toBeTruthy();
    expect(screen.getByText('Landmark: Behind the Total station')).toBeTruthy();
    const map = screen.getByRole('img', { name: 'Map with the owner’s exact pin' });
    expect(map.querySelector('.static-map-marker')).not.toBeNull();
    expect(map.querySelectorAll('img').length).toBeGreaterThan(0);
  });

  it('says so when there is none, in French too', async () => {
    await i18n.changeLanguage('fr');
    await review(property());
    expect(screen.getByText('Le propriétaire n’a pas placé d’épingle sur la carte.')).toBeTruthy();
  });

  it('the edit sends a moved pin, null for a cleared one, and the landmark only when changed', () => {
    const before = pinned() as ReturnType<typeof property>;
    const form = (patch: Record<string, string>) => ({ ...toForm(before), ...patch });
    expect(toForm(before)).toMatchObject({ pinLat: '4.14812', pinLng: '9.28734', landmark: 'Behind the Total station' });
    expect(propertyChanges(before, form({}))).not.toHaveProperty('location');
    expect(propertyChanges(before, form({ pinLat: '4.15', pinLng: '9.29' })).location).toEqual({ pin: { lat: 4.15, lng: 9.29 } });
    expect(propertyChanges(before, form({ pinLat: '', pinLng: '' })).location).toEqual({ pin: null });
    expect(propertyChanges(before, form({ landmark: '' })).location).toEqual({ landmark: '' });
  });
});
