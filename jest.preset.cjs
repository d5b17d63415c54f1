// Shared jest settings: ESM (Nest 12 is ESM only), TypeScript through swc, and workspace
// packages resolved to their sources so tests never depend on a stale build.
const path = require('node:path');
const root = __dirname;
module.exports = (name, dir) => ({
  displayName: name,
  rootDir: path.join(root, dir),
  testEnvironment: 'node',
  extensionsToTreatAsEsm: ['.ts'],
  testMatch: ['<rootDir>/src/**/*.test.ts'],
  moduleNameMapper: {
    '^@mboa/contracts$': path.join(root, 'libs/contracts/src/index.ts'),
    '^@mboa/platform$': path.join(root, 'libs/platform/src/index.ts'),
    '^@mboa/platform/testing$': path.join(root, 'libs/platform/src/testing/index.ts'),
    '^@mboa/platform/migrate$': path.join(root, 'libs/platform/src/migrate/index.ts'),
    '^@mboa/platform/launch$': path.join(root, 'libs/platform/src/launch/index.ts'),
    '^(\\.{1,2}/.*)\\.js$': '$1',
  },
  transform: {
    '^.+\\.ts$': [
      '@swc/jest',
      {
        jsc: {
          parser: { syntax: 'typescript', decorators: true },
          transform: { legacyDecorator: true, decoratorMetadata: true },
          target: 'es2023',
        },
        module: { type: 'es6' },
      },
    ],
  },
  testTimeout: 30000,
});
