// The project's drift guard: for every service with a prisma/schema.prisma, replaying its
// migrations must give exactly what schema.prisma describes. A change to schema.prisma without its
// migration (or a hand-edited migration.sql that no longer matches) fails here.
import { checkDrift, servicesWithSchema } from './index.js';

const serverUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const services = servicesWithSchema();

describe('migrations agree with schema.prisma', () => {
  it('finds the services to check', () => {
    expect(services).toContain('auth');
  });

  it.each(services)('%s', async (service) => {
    const report = await checkDrift(service, { serverUrl });
    if (!report.inSync) {
      throw new Error(
        `services/${service}/prisma/schema.prisma differs from its migrations:\n${report.summary}\n\n` +
          `A new migration would contain:\n${report.missingSql}\n` +
          `Create it with: node scripts/db.mjs create ${service} --name <what_changed>`,
      );
    }
  });
});
