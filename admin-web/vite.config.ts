import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Alias } from 'vite';
import { precompress } from '../libs/web-core/vite-precompress.js';

const contracts = fileURLToPath(new URL('../libs/contracts/src/index.ts', import.meta.url));
const ui = fileURLToPath(new URL('../libs/ui/', import.meta.url));
const webCore = fileURLToPath(new URL('../libs/web-core/index.ts', import.meta.url));

/** Shared with vitest.config.ts: contracts compile from source; `@mboa/ui` and `@mboa/web-core` are plain folders under libs/. */
export const aliases: Alias[] = [
  { find: /^@mboa\/contracts$/, replacement: contracts },
  { find: /^@mboa\/ui$/, replacement: `${ui}index.ts` },
  { find: /^@mboa\/ui\/(.*)$/, replacement: `${ui}$1` },
  { find: /^@mboa\/web-core$/, replacement: webCore },
];

const gateway = process.env.GATEWAY_URL ?? 'http://localhost:3000';

export default defineConfig({
  // The gateway serves this app under /admin/ (docs/api.md#general-rules).
  base: '/admin/',
  plugins: [react(), precompress()],
  resolve: { alias: aliases },
  build: {
    // Lets ../scripts/bundle-size.mjs find exactly which files the dashboard route loads.
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
  // In development the public app's /login and /post-property live on the gateway too.
  server: { proxy: { '/api': gateway, '/media': gateway } },
  preview: { proxy: { '/api': gateway, '/media': gateway } },
});
