import { PassThrough } from 'node:stream';
import type { Request } from 'express';
import { LIMITS } from '@mboa/contracts';
import { readFingerprint } from './fingerprint.js';
import { readKeyHeader } from './key-header.js';

describe('the Idempotency-Key header (a Structured Field string)', () => {
  it('reads a quoted key, escapes undone', () => {
    expect(readKeyHeader('"8e03978e-40d5-43e8-bc93-6894a57f9324"')).toEqual({ kind: 'key', key: '8e03978e-40d5-43e8-bc93-6894a57f9324' });
    expect(readKeyHeader(' "a \\"quoted\\" \\\\ key" ')).toEqual({ kind: 'key', key: 'a "quoted" \\ key' });
    expect(readKeyHeader(`"${'k'.repeat(LIMITS.idempotency.maxKeyLength)}"`)).toMatchObject({ kind: 'key' });
    expect(readKeyHeader(undefined)).toEqual({ kind: 'absent' });
  });

  it('refuses what is not one such string', () => {
    for (const bad of ['bare-token', '""', '"open', '"a" trailing', '"a", "b"', '"bad \\x escape"', '"tab\there"', '"é"', `"${'k'.repeat(LIMITS.idempotency.maxKeyLength + 1)}"`, '']) {
      expect({ bad, read: readKeyHeader(bad) }).toEqual({ bad, read: { kind: 'invalid' } });
    }
    expect(readKeyHeader(['"a"', '"b"'])).toEqual({ kind: 'invalid' });
  });
});

/** A request stream with these headers whose body arrives in the given pieces. */
function requestOf(contentType: string, pieces: Buffer[], url = '/api/property/post'): Request {
  const stream = new PassThrough();
  const req = Object.assign(stream, { headers: { 'content-type': contentType }, originalUrl: url, complete: false });
  setImmediate(() => {
    for (const piece of pieces) stream.write(piece);
    stream.end();
  });
  return req as unknown as Request;
}

/** The same form as a browser encodes it, under `boundary`, cut into pieces of `size` bytes. */
function multipart(boundary: string, title: string, size: number): { contentType: string; pieces: Buffer[] } {
  const body = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="title"\r\n\r\n${title}\r\n`),
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="propertyImages"; filename="1790000000000-0-room.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`),
    Buffer.alloc(5000, 7),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const pieces: Buffer[] = [];
  for (let at = 0; at < body.length; at += size) pieces.push(body.subarray(at, at + size));
  return { contentType: `multipart/form-data; boundary=${boundary}`, pieces };
}

describe('the fingerprint of a request', () => {
  it('is the same for the same form sent under another boundary, however the bytes are cut', async () => {
    const prints = new Set<string | null>();
    for (const [boundary, size] of [
      ['----formdata-undici-0123456789', 7],
      ['----WebKitFormBoundaryAbCdEfGh12345678', 1000],
      ['x', 3],
      ['----formdata-undici-9876543210', 65536],
    ] as const) {
      const { contentType, pieces } = multipart(boundary, 'Studio in Molyko', size);
      prints.add(await readFingerprint(requestOf(contentType, pieces)));
    }
    expect(prints.size).toBe(1);
    expect([...prints][0]).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('differs when a field, a file byte, the media type or the query differs', async () => {
    const base = multipart('b1', 'Studio in Molyko', 100);
    const original = await readFingerprint(requestOf(base.contentType, base.pieces));
    const otherTitle = multipart('b1', 'Studio in Bonamoussadi', 100);
    expect(await readFingerprint(requestOf(otherTitle.contentType, otherTitle.pieces))).not.toBe(original);
    const otherByte = multipart('b1', 'Studio in Molyko', 100);
    otherByte.pieces[30] = Buffer.from(otherByte.pieces[30]).fill(8, 0, 1);
    expect(await readFingerprint(requestOf(otherByte.contentType, otherByte.pieces))).not.toBe(original);
    const json = Buffer.from('{"reason":"scam"}');
    const asJson = await readFingerprint(requestOf('application/json', [json], '/api/properties/p1/reports'));
    expect(await readFingerprint(requestOf('text/plain', [json], '/api/properties/p1/reports'))).not.toBe(asJson);
    expect(await readFingerprint(requestOf('application/json', [json], '/api/properties/p1/reports?x=1'))).not.toBe(asJson);
    expect(await readFingerprint(requestOf('application/json; charset=utf-8', [json.subarray(0, 5), json.subarray(5)], '/api/properties/p1/reports'))).toBe(asJson);
  });
});
