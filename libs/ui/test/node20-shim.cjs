// jsdom 31 loads undici 8, which wants Node 22 (zstd in zlib). These machines run Node 20.20
// (README: Node 20.19 or newer). Component tests never decode zstd, so a stub that fails
// only when actually used is enough. Loaded into vitest's workers with --require (vitest.config.ts).
const zlib = require('node:zlib');
if (typeof zlib.createZstdDecompress !== 'function') {
  zlib.createZstdDecompress = () => {
    throw new Error('zstd decompression is not available on this Node version');
  };
  zlib.createZstdCompress = zlib.createZstdDecompress;
  zlib.constants.ZSTD_d_windowLogMax ??= 100;
}
const workerThreads = require('node:worker_threads');
if (typeof workerThreads.markAsUncloneable !== 'function') {
  // Only marks an object as not structured-cloneable; nothing in a component test clones them.
  workerThreads.markAsUncloneable = () => {};
}
if (typeof globalThis.Iterator !== 'function') {
  // jsdom's tree walkers `extend Iterator` (a Node 22 global) and call iterator helpers on them
  // (find, filter, ...), standard since Node 22: the helpers below follow the spec's behaviour
  // for the plain synchronous case. The global itself exists only while
  // that module loads: jsdom copies every global it finds into each window's context by name, and
  // the window's own context has no Iterator to copy.
  const IteratorPrototype = Object.getPrototypeOf(Object.getPrototypeOf([][Symbol.iterator]()));
  function Iterator() {}
  Iterator.prototype = IteratorPrototype;
  Object.defineProperty(IteratorPrototype, 'constructor', { value: Iterator, writable: true, configurable: true });
  Object.defineProperty(globalThis, 'Iterator', { value: Iterator, writable: true, configurable: true });
  const helpers = {
    *map(fn) {
      let i = 0;
      for (const v of this) yield fn(v, i++);
    },
    *filter(fn) {
      let i = 0;
      for (const v of this) if (fn(v, i++)) yield v;
    },
    *take(n) {
      if (n <= 0) return;
      let i = 0;
      for (const v of this) {
        yield v;
        if (++i >= n) return;
      }
    },
    *drop(n) {
      let i = 0;
      for (const v of this) if (i++ >= n) yield v;
    },
    *flatMap(fn) {
      let i = 0;
      for (const v of this) yield* fn(v, i++);
    },
    find(fn) {
      let i = 0;
      for (const v of this) if (fn(v, i++)) return v;
      return undefined;
    },
    some(fn) {
      let i = 0;
      for (const v of this) if (fn(v, i++)) return true;
      return false;
    },
    every(fn) {
      let i = 0;
      for (const v of this) if (!fn(v, i++)) return false;
      return true;
    },
    forEach(fn) {
      let i = 0;
      for (const v of this) fn(v, i++);
    },
    reduce(fn, ...init) {
      let i = 0;
      let acc = init.length ? init[0] : undefined;
      let first = !init.length;
      for (const v of this) {
        if (first) {
          acc = v;
          first = false;
        } else acc = fn(acc, v, i);
        i++;
      }
      return acc;
    },
    toArray() {
      return [...this];
    },
  };
  for (const [name, fn] of Object.entries(helpers)) {
    if (!(name in IteratorPrototype)) Object.defineProperty(IteratorPrototype, name, { value: fn, writable: true, configurable: true });
  }
  const path = require('node:path');
  const jsdomRoot = path.dirname(require.resolve('jsdom/package.json', { paths: [process.cwd(), __dirname] }));
  require(path.join(jsdomRoot, 'lib/jsdom/living/helpers/dom-tree.js'));
  delete globalThis.Iterator;
}
