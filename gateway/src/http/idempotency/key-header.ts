import { LIMITS } from '@mboa/contracts';

export type KeyHeader = { kind: 'absent' } | { kind: 'invalid' } | { kind: 'key'; key: string };

/**
 * Reads `Idempotency-Key` as the draft defines it: one Structured Field string (RFC 8941),
 * `"…"` of printable ASCII with `\"` and `\\` escapes, at most LIMITS.idempotency.maxKeyLength
 * characters once unescaped, never empty. Anything else (a bare token, two headers joined by a
 * comma, parameters) is invalid rather than guessed at: a client that means one key can say it.
 */
export function readKeyHeader(value: string | string[] | undefined): KeyHeader {
  if (value === undefined) return { kind: 'absent' };
  if (Array.isArray(value)) return { kind: 'invalid' };
  const text = value.trim();
  if (text.length < 2 || !text.startsWith('"')) return { kind: 'invalid' };
  let key = '';
  for (let i = 1; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x5c) {
      const next = text[i + 1];
      if (next !== '"' && next !== '\\') return { kind: 'invalid' };
      key += next;
      i++;
    } else if (c === 0x22) {
      // The closing quote ends the item; nothing may follow it.
      if (i !== text.length - 1) return { kind: 'invalid' };
      if (key.length === 0 || key.length > LIMITS.idempotency.maxKeyLength) return { kind: 'invalid' };
      return { kind: 'key', key };
    } else if (c < 0x20 || c > 0x7e) {
      return { kind: 'invalid' };
    } else key += text[i];
  }
  return { kind: 'invalid' };
}
