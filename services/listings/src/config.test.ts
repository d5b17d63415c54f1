import { listingsConfigFromEnv } from './config.js';

// The links in listings' mails (availability reminders, saved-search alerts) must open the site
// that sent them: under `PORT=3400 npm start`, without PUBLIC_ORIGIN, that is localhost:3400.
describe('listings mail links', () => {
  test('follow PORT when PUBLIC_ORIGIN is unset, and PUBLIC_ORIGIN (its first origin) when set', () => {
    expect(listingsConfigFromEnv({ PORT: '3400' }).freshness?.publicOrigin).toBe('http://localhost:3400');
    expect(listingsConfigFromEnv({}).freshness?.publicOrigin).toBe('http://localhost:3000');
    expect(listingsConfigFromEnv({ PORT: '3400', PUBLIC_ORIGIN: 'https://mboa.cm/, https://www.mboa.cm' }).freshness?.publicOrigin).toBe('https://mboa.cm');
  });
});
