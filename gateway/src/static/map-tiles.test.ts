import { MAP_TILES_DEFAULT, MAP_TILES_META } from '@mboa/contracts';
import { mapTilesHead, tileImageSource, withMapTiles } from './map-tiles.js';

describe('the map tiles handed to the web apps', () => {
  test('two meta tags at the end of the head, escaped', () => {
    const html = withMapTiles('<html><head><title>x</title></head><body></body></html>', { url: 'https://t.example/{z}/{x}/{y}.png?k="a"&b', attribution: '<b>© OSM</b>' });
    expect(html).toContain(`<meta name="${MAP_TILES_META.url}" content="https://t.example/{z}/{x}/{y}.png?k=&quot;a&quot;&amp;b">`);
    expect(html).toContain(`<meta name="${MAP_TILES_META.attribution}" content="&lt;b&gt;© OSM&lt;/b&gt;">`);
    expect(html.indexOf('mboa-map-tile-url')).toBeLessThan(html.indexOf('</head>'));
    expect(mapTilesHead(MAP_TILES_DEFAULT)).toContain('content="https://tile.openstreetmap.org/{z}/{x}/{y}.png"');
  });

  test("the Content-Security-Policy's image source: the tiles' host, a {s} subdomain as a wildcard, none for our own paths", () => {
    expect(tileImageSource(MAP_TILES_DEFAULT.url)).toBe('https://tile.openstreetmap.org');
    expect(tileImageSource('https://{s}.tiles.example.cm/{z}/{x}/{y}.png')).toBe('https://*.tiles.example.cm');
    expect(tileImageSource('http://127.0.0.1:8080/{z}/{x}/{y}.png')).toBe('http://127.0.0.1:8080');
    expect(tileImageSource('/tiles/{z}/{x}/{y}.png')).toBeNull();
    expect(tileImageSource('not a url')).toBeNull();
  });
});
