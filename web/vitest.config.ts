import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { sharedAliases } from '../libs/web-core/vite-shared.js';

export default defineConfig({
  plugins: [react()],
  resolve: { alias: sharedAliases },
  test: {
    environment: 'jsdom',
    // The shared web core (libs/web-core) is tested once, here.
    include: ['src/**/*.test.{ts,tsx}', 'e2e/**/*.e2e.test.ts', '../libs/web-core/**/*.test.{ts,tsx}'],
    setupFiles: ['../libs/ui/test/setup.ts'],
    restoreMocks: true,
    // Full user-event flows (the 8-step wizard) take seconds on a loaded 2-core machine.
    testTimeout: 20_000,
    unstubGlobals: true,
  },
});
