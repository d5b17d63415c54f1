import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin, ResolvedConfig } from 'vite';

/** Text formats worth compressing; images and fonts are compressed already. */
const TEXT = /\.(js|mjs|css|html|svg|json|txt|xml|webmanifest)$/;
/** Below this, the encoding's header and the extra request headers eat the gain. */
const MIN_BYTES = 512;

/**
 * Writes `file.br` (brotli, quality 11) and `file.gz` (gzip, level 9) next to every text file of
 * the build, so the gateway sends the smallest form without compressing at request time: a phone
 * on a metered plan gets the best ratio, and the server spends no CPU on it. A form is written only
 * when it is smaller than the file.
 */
export function precompress(): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'mboa-precompress',
    apply: 'build',
    configResolved(resolved) {
      config = resolved;
    },
    // closeBundle: after Vite has written the chunks and copied public/, so every file is there.
    closeBundle() {
      const outDir = path.resolve(config.root, config.build.outDir);
      for (const file of textFiles(outDir)) {
        const source = readFileSync(file);
        if (source.length < MIN_BYTES) continue;
        const br = brotliCompressSync(source, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
            [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
            [constants.BROTLI_PARAM_SIZE_HINT]: source.length,
          },
        });
        const gz = gzipSync(source, { level: 9 });
        if (br.length < source.length) writeFileSync(`${file}.br`, br);
        if (gz.length < source.length) writeFileSync(`${file}.gz`, gz);
      }
    },
  };
}

function textFiles(dir: string): string[] {
  let entries: string[];
  try {
    entries = readdirSync(dir);
  } catch {
    return []; // the build failed before writing anything
  }
  return entries.flatMap((name) => {
    // .vite/ holds the manifest for our scripts, never served.
    if (name === '.vite') return [];
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return textFiles(full);
    return TEXT.test(name) ? [full] : [];
  });
}
