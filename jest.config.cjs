const preset = require('./jest.preset.cjs');
module.exports = {
  // Per-project testTimeout is ignored by jest; end-to-end files start whole systems.
  testTimeout: 30000,
  projects: [
    preset('contracts', 'libs/contracts'),
    preset('platform', 'libs/platform'),
    preset('auth', 'services/auth'),
    preset('listings', 'services/listings'),
    preset('media', 'services/media'),
    preset('moderation', 'services/moderation'),
    preset('support', 'services/support'),
    preset('gateway', 'gateway'),
    // Real headless Chromium against the whole system (e2e/src/harness.ts).
    preset('browser', 'e2e'),
  ],
};
