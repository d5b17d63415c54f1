const preset = require('./jest.preset.cjs');
module.exports = {
  // Per-project testTimeout is ignored by jest; end-to-end files start whole systems, and their hooks
  // took longer than 30 s at a load average of 30 (a busy shared machine): slow set-ups get the time
  // they need. A test that hangs is still stopped.
  testTimeout: 120000,
  // Jest's default is one worker per core less one: a single worker on a 2-core machine. The end-to-end
  // files mostly wait on servers (a full run uses about 8 CPU-minutes in 14 wall-minutes), so two workers
  // overlap that waiting; the 1-second "search reflects it" bounds held under load 14 in all but one case.
  maxWorkers: 2,
  // Jest's ESM mode keeps something of every test file's module graph in its worker (Nest, Prisma,
  // the whole gateway; about 40 MB a file): a worker that had run about 95 files reached its 4 GB heap limit,
  // spent its last minutes collecting garbage, and crashed a test file (CI, 2026-11-28). A worker
  // whose heap is past this after a file is replaced by a fresh one.
  workerIdleMemoryLimit: '1GB',
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
