// Module hooks that let a bench script import the TypeScript sources the tests run (the e2e harness
// in gateway/src/__tests__), compiled on the fly by swc with the options of jest.preset.cjs:
// decorator metadata (Nest injects by it), `.js` relative imports found as `.ts`, and the
// workspace packages resolved to their sources, so a bench never runs a stale build.
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { transform } from '@swc/core';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const PACKAGES = {
  '@mboa/contracts': 'libs/contracts/src/index.ts',
  '@mboa/platform': 'libs/platform/src/index.ts',
  '@mboa/platform/testing': 'libs/platform/src/testing/index.ts',
  '@mboa/platform/migrate': 'libs/platform/src/migrate/index.ts',
  '@mboa/platform/launch': 'libs/platform/src/launch/index.ts',
};

export async function resolve(specifier, context, next) {
  const source = PACKAGES[specifier];
  if (source) return { url: pathToFileURL(path.join(root, source)).href, shortCircuit: true };
  if (/^\.{1,2}\//.test(specifier) && context.parentURL?.endsWith('.ts')) {
    const base = fileURLToPath(new URL(specifier, context.parentURL));
    for (const candidate of [base.replace(/\.js$/, '.ts'), `${base}.ts`, path.join(base, 'index.ts')]) {
      if (candidate.endsWith('.ts') && existsSync(candidate)) return { url: pathToFileURL(candidate).href, shortCircuit: true };
    }
  }
  return next(specifier, context);
}

export async function load(url, context, next) {
  if (!url.endsWith('.ts')) return next(url, context);
  const filename = fileURLToPath(url);
  const { code } = await transform(await readFile(filename, 'utf8'), {
    filename,
    jsc: {
      parser: { syntax: 'typescript', decorators: true },
      transform: { legacyDecorator: true, decoratorMetadata: true },
      target: 'es2023',
    },
    module: { type: 'es6' },
    sourceMaps: 'inline',
  });
  return { format: 'module', source: code, shortCircuit: true };
}
