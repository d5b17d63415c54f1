import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { sharedAliases } from '../libs/web-core/vite-shared.js';

export default defineConfig({
  plugins: [react()],
  resolve: { alias: sharedAliases },
  test: {
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}', 'e2e/**/*.e2e.test.ts'],
    setupFiles: ['../libs/ui/test/setup.ts'],
    restoreMocks: true,
    testTimeout: 20_000,
    unstubGlobals: true,
  },
});
