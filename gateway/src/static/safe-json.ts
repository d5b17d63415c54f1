/**
 * JSON to put inside an HTML `<script>` data block (`application/json`, `application/ld+json`).
 * The HTML parser ends a script at the first `</script` whatever the JSON means, and `<!--` can
 * change how it reads the rest; so `<`, `>` and `&` go out as `\u003c`, `\u003e`, `\u0026`, which
 * JSON.parse reads back as the same characters. U+2028 and U+2029 too, for older JavaScript
 * parsers. A listing titled `</script><script>alert(1)</script>` stays a title.
 */
export function safeJson(value: unknown): string {
  return JSON.stringify(value).replace(/[<>&\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}
