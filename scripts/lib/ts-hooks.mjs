// Node module hooks that let a process run the apps' TypeScript sources as jest does
// (jest.preset.cjs): workspace packages resolve to their sources, `.js` imports fall back to
// `.ts`, and `.ts` files go through swc with decorators and their metadata (Nest needs both).
// Used by `FROM_SOURCE=1 npm start` and by tests that start apps as child processes
// (`node --import ./scripts/lib/register-ts.mjs app.ts`). Types are not checked here.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import swc from '@swc/core';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const WORKSPACE = {
  '@mboa/contracts': 'libs/contracts/src/index.ts',
  '@mboa/platform': 'libs/platform/src/index.ts',
  '@mboa/platform/testing': 'libs/platform/src/testing/index.ts',
  '@mboa/platform/migrate': 'libs/platform/src/migrate/index.ts',
  '@mboa/platform/launch': 'libs/platform/src/launch/index.ts',
};

export async function resolve(specifier, context, next) {
  if (WORKSPACE[specifier]) return { url: pathToFileURL(path.join(root, WORKSPACE[specifier])).href, shortCircuit: true };
  try {
    return await next(specifier, context);
  } catch (err) {
    if (specifier.startsWith('.') && specifier.endsWith('.js')) return next(`${specifier.slice(0, -3)}.ts`, context);
    throw err;
  }
}

export async function load(url, context, next) {
  if (!url.endsWith('.ts')) return next(url, context);
  const filename = fileURLToPath(url);
  const { code } = await swc.transform(await readFile(filename, 'utf8'), {
    filename,
    jsc: {
      parser: { syntax: 'typescript', decorators: true },
      transform: { legacyDecorator: true, decoratorMetadata: true },
      target: 'es2022',
    },
    module: { type: 'es6' },
  });
  return { format: 'module', source: code, shortCircuit: true };
}
