import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from '../libs/web-core/vite-precompress.js';
import { contractsDeclareOnly, sharedAliases, sharedBuild } from '../libs/web-core/vite-shared.js';
import { webPwa } from './pwa.config.js';

/**
 * Two builds (`npm run build`): the browser's app into dist/, then the server renderer
 * (`vite build --ssr src/entry-server.tsx`) into dist/.ssr/, one self-contained file the gateway
 * loads (gateway/src/static/server-render.ts). It carries its libraries (React's server renderer
 * among them), so it runs wherever dist/ is copied; a dot folder, so the gateway never serves it.
 */
export default defineConfig(({ isSsrBuild }) =>
  isSsrBuild
    ? {
        plugins: [react()],
        resolve: { alias: sharedAliases },
        // React's production server renderer, whatever NODE_ENV the gateway runs with.
        define: { 'process.env.NODE_ENV': JSON.stringify('production') },
        ssr: { noExternal: true, target: 'node' },
        build: {
          outDir: 'dist/.ssr',
          emptyOutDir: true,
          copyPublicDir: false,
          target: 'node20',
          minify: false,
          rolldownOptions: { output: { codeSplitting: false } },
        },
      }
    : {
        plugins: [react(), webPwa(contractsDeclareOnly), precompress()],
        resolve: { alias: sharedAliases },
        build: sharedBuild,
        server: { proxy: { '/api': 'http://localhost:3000', '/media': 'http://localhost:3000' } },
        preview: { proxy: { '/api': 'http://localhost:3000', '/media': 'http://localhost:3000' } },
      },
);
