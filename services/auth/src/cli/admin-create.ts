import 'reflect-metadata';
import { parseArgs } from 'node:util';
import { NestFactory } from '@nestjs/core';
import { adminCreateSchema, parseOrErrors } from '@mboa/contracts';
import { ServiceException } from '@mboa/platform';
import { AuthModule } from '../auth.module.js';
import { authConfigFromEnv } from '../config.js';
import { UsersService } from '../users/users.service.js';

/**
 * `npm run admin:create -- --email … --password … [--name …] [--whatsapp …]`: the only way,
 * besides ADMIN_EMAIL at start, to make an admin (docs/api.md#roles-and-who-may-call-what).
 * Works whether or not the system runs; the `user.registered` event waits in the outbox for the
 * auth service's relay.
 */
export async function adminCreate(argv: string[]): Promise<number> {
  const { values } = parseArgs({
    args: argv,
    options: { email: { type: 'string' }, password: { type: 'string' }, name: { type: 'string' }, whatsapp: { type: 'string' } },
    strict: true,
  });
  const parsed = parseOrErrors(adminCreateSchema, values);
  if (!parsed.ok) {
    console.error(`admin:create: ${parsed.message}\n  ${parsed.errors.join('\n  ')}`);
    console.error('usage: npm run admin:create -- --email <email> --password <password> [--name <name>] [--whatsapp <9 digits>]');
    return 2;
  }
  const config = { ...authConfigFromEnv(), relay: false, admin: undefined };
  const app = await NestFactory.createApplicationContext(AuthModule.forRoot(config), { logger: ['error'] });
  try {
    let reply: Awaited<ReturnType<UsersService['ensureAdmin']>>;
    try {
      reply = await app.get(UsersService).ensureAdmin(parsed.data);
    } catch (error) {
      // The password policy (staff length, common passwords, the site's own words) words its refusal.
      if (!(error instanceof ServiceException && error.body.status === 400)) throw error;
      console.error(`admin:create: ${error.body.message}`);
      return 2;
    }
    const { created, user } = reply;
    if (!created) {
      console.error(`admin:create: a user with the e-mail ${user.email} already exists (role ${user.role}); nothing changed.`);
      return 1;
    }
    console.log(`admin:create: admin ${user.email} created (id ${user.id}).`);
    return 0;
  } finally {
    await app.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  adminCreate(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (error) => {
      console.error(`admin:create failed: ${error instanceof Error ? error.message : String(error)}`);
      process.exit(1);
    },
  );
}
