import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Alias } from 'vite';
import { precompress } from '../libs/web-core/vite-precompress.js';

const contracts = fileURLToPath(new URL('../libs/contracts/src/index.ts', import.meta.url));
const ui = fileURLToPath(new URL('../libs/ui/', import.meta.url));
const webCore = fileURLToPath(new URL('../libs/web-core/index.ts', import.meta.url));

/** Also used by vitest.config.ts. `@mboa/ui` and `@mboa/web-core` are plain folders under libs/ (shared with admin-web). */
export const sharedAliases: Alias[] = [
  { find: /^@mboa\/contracts$/, replacement: contracts },
  { find: /^@mboa\/ui$/, replacement: `${ui}index.ts` },
  { find: /^@mboa\/ui\/(.*)$/, replacement: `${ui}$1` },
  { find: /^@mboa\/web-core$/, replacement: webCore },
];

export default defineConfig({
  plugins: [react(), precompress()],
  // The contracts package's dist may not be built: the web app compiles its TypeScript sources.
  resolve: { alias: sharedAliases },
  build: {
    // Lets ../scripts/bundle-size.mjs find exactly which files the home route loads.
    manifest: true,
    target: 'es2020',
    rolldownOptions: {
      treeshake: {
        // The contracts library only declares values; nothing runs on import. Saying so lets the
        // bundler drop the zod schemas (and zod) that the browser never uses.
        moduleSideEffects: (id: string) => !id.includes('/libs/contracts/'),
      },
    },
  },
  server: { proxy: { '/api': 'http://localhost:3000', '/media': 'http://localhost:3000' } },
  preview: { proxy: { '/api': 'http://localhost:3000', '/media': 'http://localhost:3000' } },
});
