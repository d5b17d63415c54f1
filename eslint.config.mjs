// One lint for the whole tree (Nx infers a cached `lint` target per project from this file: nx.json).
// What it guards: types (type-aware typescript-eslint, no `any`), the React hooks rules in the
// front ends, and the design's module boundaries (tags in each project's package.json / project.json).
import nx from '@nx/eslint-plugin';
import { defineConfig } from 'eslint/config';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

/**
 * Who may import whom. Every project carries one `type:` tag (and a `scope:` tag naming it):
 * - type:app (gateway, services/*) use only the libraries: a service never imports another
 *   service, the gateway no service code; they talk over NATS through @mboa/contracts.
 * - type:web-app (web, admin-web) and type:web-lib (libs/ui, libs/web-core) run in the browser and
 *   never import server code (gateway, services, libs/platform).
 * - scope:contracts is the shared vocabulary: it imports nothing of ours.
 */
export const depConstraints = [
  { sourceTag: 'type:app', onlyDependOnLibsWithTags: ['type:lib'] },
  { sourceTag: 'type:lib', onlyDependOnLibsWithTags: ['type:lib'] },
  { sourceTag: 'scope:contracts', onlyDependOnLibsWithTags: [] },
  { sourceTag: 'type:web-app', onlyDependOnLibsWithTags: ['type:web-lib', 'scope:contracts'] },
  { sourceTag: 'type:web-lib', onlyDependOnLibsWithTags: ['type:web-lib', 'scope:contracts'] },
];

const frontEnds = ['web/**/*.{ts,tsx}', 'admin-web/**/*.{ts,tsx}', 'libs/ui/**/*.{ts,tsx}', 'libs/web-core/**/*.{ts,tsx}'];

export default defineConfig(
  { ignores: ['**/dist/**', '**/generated/**', '**/node_modules/**', '**/test-artifacts/**'] },
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: {
        // Each file is checked with the tsconfig.json nearest to it; the Prisma configs sit
        // outside every project's `include` (they are read by the Prisma CLI, not compiled).
        projectService: { allowDefaultProject: ['services/*/prisma.config.ts', 'scripts/bench/*.d.mts'] },
        tsconfigRootDir: import.meta.dirname,
      },
    },
    plugins: { '@nx': nx },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@nx/enforce-module-boundaries': ['error', { allow: [], depConstraints }],
    },
  },
  {
    files: ['**/*.{js,mjs,cjs}'],
    extends: [tseslint.configs.disableTypeChecked],
  },
  {
    files: frontEnds,
    extends: [reactHooks.configs.flat.recommended],
  },
  {
    // Tests: supertest's `response.body`, jest's `mock.calls` and vitest's mocks are typed `any` by
    // those libraries, and reading them is what an assertion does; the `no-unsafe-*` family would
    // flag every such line. Tests still may not write `any` themselves (no-explicit-any stays on).
    // A stub that implements an async port is written `async` to read like the port it stands for.
    files: ['**/__tests__/**/*.{ts,tsx}', '**/*.test.{ts,tsx}', '**/test/**/*.{ts,tsx}', '*/e2e/**/*.ts', 'e2e/src/**/*.ts'],
    rules: {
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      '@typescript-eslint/require-await': 'off',
    },
  },
  {
    // Test harnesses that start or drive the whole system may reach into another project by path:
    // the gateway's end-to-end harness starts every service in one process (system.ts) and loads the
    // repository's TypeScript hooks for child processes; the upload tests reuse the media
    // service's image fixtures and limits (the idempotency test's posting with photos too); the reused-photo test posts the photo-hash bench's
    // scenes (scripts/bench/photo-scenes.mjs) and reads listings' match threshold; moderation's
    // tests run the real listings service as its neighbour; the probes test starts each service
    // with a metrics port of its own (probes.e2e); the admin app's browser test reuses
    // the web app's Chromium runner; the browser
    // tests in e2e/ drive the whole system through the gateway's harness.
    // Tool configs (Vite, Vitest, Prisma) run on the developer's machine, not in the product, and
    // load build helpers and the shared migration settings from their files. Product code stays
    // under the boundaries above.
    files: [
      'gateway/src/__tests__/system.ts',
      'gateway/src/__tests__/child/register-ts.mjs',
      'gateway/src/__tests__/{property-post,upload-guards,hostile-input,staff-posting,held-photos,idempotent-writes}.e2e.test.ts',
      'gateway/src/__tests__/photo-matches.e2e.test.ts',
      'gateway/src/__tests__/probes.e2e.test.ts',
      'services/moderation/src/__tests__/moderation-service.test.ts',
      'admin-web/e2e/**/*.ts',
      'e2e/src/**/*.ts',
      '*/vite.config.ts',
      '*/vitest.config.ts',
      'services/*/prisma.config.ts',
    ],
    rules: { '@nx/enforce-module-boundaries': 'off' },
  },
);
