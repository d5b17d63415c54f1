import { ImageTooLargeError } from './image-errors.js';

/**
 * Collects a stream into one Buffer, failing with {@link ImageTooLargeError} as soon as it passes
 * `maxBytes` (without reading the rest), so an oversized upload never sits whole in memory.
 */
export async function readAtMost(source: AsyncIterable<Uint8Array | string>, maxBytes: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let total = 0;
  for await (const chunk of source) {
    const buf = typeof chunk === 'string' ? Buffer.from(chunk) : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
    total += buf.length;
    if (total > maxBytes) {
      // Leaving the loop early calls the iterator's return(), which destroys a Node stream.
      throw new ImageTooLargeError(maxBytes);
    }
    chunks.push(buf);
  }
  return Buffer.concat(chunks, total);
}
