import { LIMITS, MESSAGES } from '@mboa/contracts';
import { ACCEPTED_IMAGE_TYPES, assertAcceptedImageType, IMAGE_LIMITS, sniffImageType, UnsupportedImageTypeError } from '../index.js';

const bytes = (...parts: (string | number[])[]): Buffer =>
  Buffer.concat(parts.map((p) => (typeof p === 'string' ? Buffer.from(p, 'latin1') : Buffer.from(p))));

describe('sniffImageType', () => {
  it.each([
    ['image/jpeg', bytes([0xff, 0xd8, 0xff, 0xe0], 'rest')],
    ['image/png', bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], 'IHDR')],
    ['image/gif', bytes('GIF89a....')],
    ['image/gif', bytes('GIF87a....')],
    ['image/webp', bytes('RIFF', [1, 2, 3, 4], 'WEBPVP8 ....')],
    ['image/webp', bytes('RIFF', [1, 2, 3, 4], 'WEBPVP8L....')],
    ['image/webp', bytes('RIFF', [1, 2, 3, 4], 'WEBPVP8X....')],
  ])('recognises %s from its magic numbers', (type, input) => {
    expect(sniffImageType(input)).toBe(type);
  });

  it.each([
    ['empty', Buffer.alloc(0)],
    ['text named .jpg', bytes('hello, this is not a photo\n')],
    ['SVG', bytes('<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg"/>')],
    ['SVG without prolog', bytes('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>')],
    ['HEIC', bytes([0, 0, 0, 0x18], 'ftypheic', [0, 0, 0, 0], 'mif1heic')],
    ['AVIF', bytes([0, 0, 0, 0x1c], 'ftypavif')],
    ['TIFF', bytes('II*\0')],
    ['BMP', bytes('BM6\0\0\0')],
    ['PDF', bytes('%PDF-1.7')],
    ['WAV (RIFF but not WebP)', bytes('RIFF', [1, 2, 3, 4], 'WAVEfmt ')],
    ['JPEG signature cut short', bytes([0xff, 0xd8])],
    ['GIF without version', bytes('GIF8')],
  ])('refuses %s', (_name, input) => {
    expect(sniffImageType(input)).toBeUndefined();
    expect(() => assertAcceptedImageType(input)).toThrow(UnsupportedImageTypeError);
  });

  it('gives a message fit for a 400', () => {
    const error = (() => {
      try {
        assertAcceptedImageType(bytes('plain text'));
      } catch (e) {
        return e as UnsupportedImageTypeError;
      }
    })();
    expect(error).toBeInstanceOf(UnsupportedImageTypeError);
    expect(error?.status).toBe(400);
    expect(error?.code).toBe('unsupported_type');
    expect(error?.message).toBe(MESSAGES.property.imageTypeNotAllowed);
    expect(error?.toServiceError()).toEqual({ status: 400, message: MESSAGES.property.imageTypeNotAllowed });
  });
});

describe('image limits', () => {
  it('agree with @mboa/contracts', () => {
    expect([...ACCEPTED_IMAGE_TYPES].sort()).toEqual([...LIMITS.images.allowedMimeTypes].sort());
    expect(IMAGE_LIMITS.maxInputBytes).toBe(10 * 1024 * 1024);
    expect(IMAGE_LIMITS.largeMaxDimension).toBe(1024);
  });
});
