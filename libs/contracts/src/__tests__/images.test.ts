import { photoSources } from '../helpers/images.js';

test('a stored photo offers its thumbnail and its large variant, with their real widths', () => {
  const portrait = photoSources('/media/properties/p1/abc-large.webp', { width: 768, height: 1024 });
  expect(portrait).toEqual({
    src: '/media/properties/p1/abc-thumb.webp',
    srcSet: '/media/properties/p1/abc-thumb.webp 240w, /media/properties/p1/abc-large.webp 768w',
    width: 768,
    height: 1024,
  });
});

test("a card's thumbnail URL leads to the large variant too, assumed 4:3 at full size", () => {
  expect(photoSources('/media/properties/p1/abc-thumb.webp')).toEqual({
    src: '/media/properties/p1/abc-thumb.webp',
    srcSet: '/media/properties/p1/abc-thumb.webp 320w, /media/properties/p1/abc-large.webp 1024w',
    width: 1024,
    height: 768,
  });
});

test('any other URL is offered as it is, with no candidates the server does not have', () => {
  expect(photoSources('https://example.com/photo.jpg', { width: 800, height: 600 })).toEqual({
    src: 'https://example.com/photo.jpg',
    width: 800,
    height: 600,
  });
});
