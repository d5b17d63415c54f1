import { GEO } from '@mboa/contracts';
import { metresPerPixel, tilesAround, tileUrl, worldPixel } from '@mboa/ui/map-tiles.js';
import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { EMPTY_FILTERS, filtersFromAddress, nearFilters, sortOptions, toSearchParams, withoutNear } from '../home/filters.js';
import PropertyDetails from '../pages/PropertyDetails.js';
import { MapBoundary } from './MapBoundary.js';
import { PinPicker } from './PinPicker.js';
import userEvent from '@testing-library/user-event';
import { i18n, mockFetch, property, renderApp } from '../test/utils.js';
import { I18nProvider } from '@mboa/web-core';

afterEach(async () => {
  vi.unstubAllGlobals();
  await i18n.changeLanguage('en');
});

describe('static map tiles', () => {
  it('puts the centre where the tiles say, and covers the box around it', () => {
    const centre = { lat: 4.05, lng: 9.7 };
    const tiles = tilesAround('https://t.example/{z}/{x}/{y}.png', centre, 15, 320, 100);
    const c = worldPixel(centre, 15);
    // Every tile's offset is its corner's distance from the centre; together they cover ±320 × ±100 px.
    for (const tile of tiles) {
      const [z = -1, x = -1, y = -1] = /\/(\d+)\/(\d+)\/(\d+)\.png$/.exec(tile.src)!.slice(1).map(Number);
      expect(z).toBe(15);
      expect(Math.abs(x * 256 - c.x - tile.left)).toBeLessThanOrEqual(1);
      expect(Math.abs(y * 256 - c.y - tile.top)).toBeLessThanOrEqual(1);
    }
    expect(Math.min(...tiles.map((t) => t.left))).toBeLessThanOrEqual(-320);
    expect(Math.max(...tiles.map((t) => t.left + 256))).toBeGreaterThanOrEqual(320);
    expect(tiles.length).toBeLessThanOrEqual(8);
  });

  it('fills {s} and knows the scale (a 400 m circle is about 84 px at zoom 15 near the equator)', () => {
    expect(tileUrl('https://{s}.t.example/{z}/{x}/{y}.png', 3, 1, 1)).toBe('https://c.t.example/3/1/1.png');
    expect(Math.round(GEO.areaRadiusM / metresPerPixel(4.05, 15))).toBe(84);
  });
});

describe('near and distance in the home filters', () => {
  it('near sets nearest first; without it the order goes back and an address cannot ask for it', () => {
    const near = nearFilters(EMPTY_FILTERS, { lat: 4.0512345, lng: 9.7 });
    expect(toSearchParams(near, 1)).toMatchObject({ near: '4.05123,9.7', sort: 'distance' });
    expect(withoutNear(near)).toMatchObject({ near: '', sort: 'newest' });
    expect(filtersFromAddress('?sort=distance')?.sort).toBe('newest');
    expect(filtersFromAddress('?sort=distance&near=4.05,9.7')).toMatchObject({ sort: 'distance', near: '4.05,9.7' });
    expect(sortOptions(i18n.t.bind(i18n)).map((o) => o.value)).not.toContain('distance');
    expect(sortOptions(i18n.t.bind(i18n), '4.05,9.7').map((o) => o.value)).toContain('distance');
  });
});

describe('the pin picker', () => {
  it('says in words why the phone gave no position, and places no pin', async () => {
    const getCurrentPosition = vi.fn((_ok: PositionCallback, fail: PositionErrorCallback) =>
      fail({ code: 1, PERMISSION_DENIED: 1, POSITION_UNAVAILABLE: 2, TIMEOUT: 3, message: 'denied' }),
    );
    vi.stubGlobal('navigator', { ...navigator, geolocation: { getCurrentPosition } });
    const onPin = vi.fn();
    render(
      <I18nProvider i18n={i18n}>
        <PinPicker town="Buea" pin={null} onPin={onPin} landmark="" onLandmark={() => undefined} />
      </I18nProvider>,
    );
    // Nothing is asked before the tap.
    expect(getCurrentPosition).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'I am at the property' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/did not share its position/);
    expect(onPin).not.toHaveBeenCalled();
    expect(screen.getByTestId('pin-status')).toHaveTextContent('No pin yet.');
  });
});

describe('where it is, on the details page', () => {
  const at = { path: '/property-details/p1', route: '/property-details/:id' };

  it('shows the area as tile images with a circle, the landmark, and Directions to the area centre', async () => {
    mockFetch(() => ({
      body: property({ location: { country: 'Cameroon', town: 'Buea', neighbourhood: 'Molyko', landmark: 'Behind the Total station', area: { lat: 4.148, lng: 9.287, radiusM: 400 } } }),
    }));
    renderApp(<PropertyDetails />, at);
    await screen.findByRole('heading', { name: 'Where it is' });
    expect(screen.getByText('Landmark: Behind the Total station')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Directions' }).getAttribute('href')).toBe('geo:4.14800,9.28700?q=4.14800,9.28700');
    const map = screen.getByRole('button', { name: /Map of the approximate area/ });
    expect(map.querySelectorAll('img').length).toBeGreaterThan(0);
    for (const img of map.querySelectorAll('img')) {
      expect(img.getAttribute('loading')).toBe('lazy');
      expect(img.getAttribute('src')).toMatch(/^https:\/\/tile\.openstreetmap\.org\/15\/\d+\/\d+\.png$/);
    }
    expect(map.querySelector('.static-map-circle')).not.toBeNull();
  });

  it('says nothing of a place for a listing without pin or landmark', async () => {
    mockFetch(() => ({ body: property() }));
    renderApp(<PropertyDetails />, at);
    await screen.findByRole('heading', { level: 1 });
    expect(screen.queryByRole('heading', { name: 'Where it is' })).toBeNull();
  });
});

describe('a search saved from the map', () => {
  it('keeps the box on screen, not the place distances were measured from nor the order', async () => {
    const { saveHomeSearch } = await import('../saved-searches/save.js');
    const { calls } = mockFetch(() => ({ status: 201, body: { message: 'Saved', data: { id: 's1', name: 'Apartments in an area of the map' } } }));
    const filters = { ...nearFilters({ ...EMPTY_FILTERS, propertyType: 'apartment' }, { lat: 4.05, lng: 9.7 }) };
    const outcome = await saveHomeSearch(filters, i18n.t.bind(i18n), '9.6,4,9.8,4.1');
    expect(outcome.ok).toBe(true);
    expect(calls[0]).toMatchObject({ method: 'POST', path: '/api/saved-searches' });
    expect(calls[0].body).toMatchObject({ propertyType: 'apartment', bbox: '9.6,4,9.8,4.1' });
    expect(calls[0].body).not.toHaveProperty('near');
    expect(calls[0].body).not.toHaveProperty('sort');
  });
});

describe('a map whose code cannot be fetched', () => {
  it('says so in its place; the rest of the page stays', () => {
    const Broken = () => {
      throw new Error('Failed to fetch dynamically imported module');
    };
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    render(
      <div>
        <p>the page</p>
        <MapBoundary failed={<p role="alert">The map did not load.</p>}>
          <Broken />
        </MapBoundary>
      </div>,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('The map did not load.');
    expect(screen.getByText('the page')).toBeTruthy();
  });
});
