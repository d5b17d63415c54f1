import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { precompress } from '../libs/web-core/vite-precompress.js';
import { sharedAliases, sharedBuild } from '../libs/web-core/vite-shared.js';
import { pwaOptions } from './pwa.config.js';

const dist = fileURLToPath(new URL('./dist', import.meta.url));

export default defineConfig({
  plugins: [react(), VitePWA(pwaOptions(dist)), precompress()],
  resolve: { alias: sharedAliases },
  build: sharedBuild,
  server: { proxy: { '/api': 'http://localhost:3000', '/media': 'http://localhost:3000' } },
  preview: { proxy: { '/api': 'http://localhost:3000', '/media': 'http://localhost:3000' } },
});
