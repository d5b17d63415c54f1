import { isSamePhoto, mayFlag, PHOTO_MATCH_MAX_DISTANCE, photoDistance, photoHashDistance, type ListingForPhotoMatch } from './photo-match.js';

/** `hash` with its lowest `bits` bits flipped. */
function flip(hash: string, bits: number): string {
  const mask = bits === 0 ? 0n : (1n << BigInt(bits)) - 1n;
  return (BigInt(`0x${hash}`) ^ mask).toString(16).padStart(16, '0');
}

const A = '3c7e1f0f8f0e1c3c';

describe('photoHashDistance', () => {
  it('counts the bits that differ, 0 to 64', () => {
    expect(photoHashDistance(A, A)).toBe(0);
    expect(photoHashDistance('0000000000000000', 'ffffffffffffffff')).toBe(64);
    expect(photoHashDistance('8000000000000000', '0000000000000001')).toBe(2);
    for (const bits of [1, 7, 10, 11, 33]) expect(photoHashDistance(A, flip(A, bits))).toBe(bits);
  });

  it('is symmetric', () => {
    expect(photoHashDistance(A, 'f0f0f0f0f0f0f0f0')).toBe(photoHashDistance('f0f0f0f0f0f0f0f0', A));
  });

  it('refuses anything but 16 lower-case hex digits', () => {
    expect(() => photoHashDistance(A, 'abc')).toThrow(RangeError);
    expect(() => photoHashDistance(A.toUpperCase(), A)).toThrow(RangeError);
  });
});

describe('the match threshold', () => {
  it(`a copy within ${PHOTO_MATCH_MAX_DISTANCE} bits is the same photo; one bit more is another photo`, () => {
    expect(isSamePhoto(photoHashDistance(A, flip(A, PHOTO_MATCH_MAX_DISTANCE)))).toBe(true);
    expect(isSamePhoto(photoHashDistance(A, flip(A, PHOTO_MATCH_MAX_DISTANCE + 1)))).toBe(false);
  });

  it('sits between what the bench measured: copies at most 8 bits away, different photos at least 9', () => {
    expect(PHOTO_MATCH_MAX_DISTANCE).toBeGreaterThanOrEqual(8);
    expect(PHOTO_MATCH_MAX_DISTANCE).toBeLessThan(9);
  });
});

describe('photoDistance', () => {
  const whole = A;
  const centre5 = 'ffff0000ffff0000';
  const centre10 = '00ff00ff00ff00ff';
  const original = { perceptualHash: whole, croppedHashes: [centre5, centre10] };

  it('a later copy cropped at the edges is as near as its cropped centre', () => {
    expect(photoDistance({ perceptualHash: flip(centre10, 2), croppedHashes: [] }, original)).toBe(2);
  });

  it('a later wider copy of a photo posted trimmed is as near as its own cropped centre', () => {
    const trimmed = { perceptualHash: flip(centre5, 1), croppedHashes: [] };
    expect(photoDistance({ perceptualHash: whole, croppedHashes: [centre5, centre10] }, trimmed)).toBe(1);
  });

  it('a later mirrored or rotated copy is as near as the turned hash of either photo, so a photo stored before turns were hashed is still caught', () => {
    const mirrored = '0f0f0f0f0f0f0f0f';
    const quarter = 'aaaa5555aaaa5555';
    const turnedOriginal = { ...original, turnedHashes: [mirrored, quarter, 'f00ff00ff00ff00f', '5555aaaa5555aaaa'] };
    // The copy posted after the original: its whole hash is near one of the original's turns.
    expect(photoDistance({ perceptualHash: flip(quarter, 3), croppedHashes: [] }, turnedOriginal)).toBe(3);
    // The original stored before turned hashes existed: the copy's own turn (the inverse) brings it back.
    const copy = { perceptualHash: mirrored, croppedHashes: [], turnedHashes: [flip(whole, 2), '1111111111111111', '2222222222222222', '4444444444444444'] };
    expect(photoDistance(copy, original)).toBe(2);
    // Two turned hashes are never compared with each other.
    expect(photoDistance({ perceptualHash: 'ffffffffffffffff', croppedHashes: [], turnedHashes: [quarter] }, { perceptualHash: '0000000000000000', croppedHashes: [], turnedHashes: [quarter] })).toBe(32);
  });

  it('two crops are never compared with each other (each pair has the whole of one photo)', () => {
    const later = { perceptualHash: 'ffffffffffffffff', croppedHashes: [centre5] };
    const earlier = { perceptualHash: '0000000000000000', croppedHashes: [centre5] };
    // Comparing the two identical centres would give 0; each whole photo against the other's centre gives 32.
    expect(photoDistance(later, earlier)).toBe(32);
  });
});

describe('mayFlag', () => {
  const at = (minute: number) => new Date(Date.UTC(2026, 10, 24, 12, minute));
  const listing = (id: string, ownerId: string, minute: number, deleted = false): ListingForPhotoMatch => ({
    id,
    ownerId,
    createdAt: at(minute),
    deletedAt: deleted ? at(59) : null,
  });
  const copy = listing('b0000000-0000-4000-8000-000000000002', 'scammer', 30);

  it("another owner's earlier live listing flags the new one", () => {
    expect(mayFlag(copy, listing('a0000000-0000-4000-8000-000000000001', 'owner', 10))).toBe(true);
  });

  it("the same owner's listings never flag each other (a re-post is not a scam)", () => {
    expect(mayFlag(copy, listing('a0000000-0000-4000-8000-000000000001', 'scammer', 10))).toBe(false);
  });

  it("a deleted listing's photos no longer flag anything", () => {
    expect(mayFlag(copy, listing('a0000000-0000-4000-8000-000000000001', 'owner', 10, true))).toBe(false);
  });

  it('the original is not flagged by its later copy', () => {
    const original = listing('a0000000-0000-4000-8000-000000000001', 'owner', 10);
    expect(mayFlag(original, copy)).toBe(false);
  });

  it('two listings posted in the same instant: exactly one of them flags the other', () => {
    const first = listing('a0000000-0000-4000-8000-000000000001', 'owner', 10);
    const second = listing('b0000000-0000-4000-8000-000000000002', 'other', 10);
    expect([mayFlag(first, second), mayFlag(second, first)].filter(Boolean)).toHaveLength(1);
  });

  it('a listing never flags itself', () => {
    expect(mayFlag(copy, copy)).toBe(false);
  });
});
