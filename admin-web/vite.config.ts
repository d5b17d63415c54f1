import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from '../libs/web-core/vite-precompress.js';
import { sharedAliases, sharedBuild } from '../libs/web-core/vite-shared.js';

const gateway = process.env.GATEWAY_URL ?? 'http://localhost:3000';

export default defineConfig({
  // The gateway serves this app under /admin/ (docs/api.md#general-rules).
  base: '/admin/',
  plugins: [react(), precompress()],
  resolve: { alias: sharedAliases },
  build: sharedBuild,
  // In development the public app's /login and /post-property live on the gateway too.
  server: { proxy: { '/api': gateway, '/media': gateway } },
  preview: { proxy: { '/api': gateway, '/media': gateway } },
});
