const preset = require('./jest.preset.cjs');
module.exports = {
  projects: [
    preset('contracts', 'libs/contracts'),
    preset('platform', 'libs/platform'),
    preset('auth', 'services/auth'),
    preset('listings', 'services/listings'),
    preset('media', 'services/media'),
    preset('moderation', 'services/moderation'),
    preset('support', 'services/support'),
    preset('gateway', 'gateway'),
  ],
};
