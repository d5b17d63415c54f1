import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from '../libs/web-core/vite-precompress.js';
import { contractsDeclareOnly, sharedAliases, sharedBuild } from '../libs/web-core/vite-shared.js';
import { webPwa } from './pwa.config.js';

export default defineConfig({
  plugins: [react(), webPwa(contractsDeclareOnly), precompress()],
  resolve: { alias: sharedAliases },
  build: sharedBuild,
  server: { proxy: { '/api': 'http://localhost:3000', '/media': 'http://localhost:3000' } },
  preview: { proxy: { '/api': 'http://localhost:3000', '/media': 'http://localhost:3000' } },
});
