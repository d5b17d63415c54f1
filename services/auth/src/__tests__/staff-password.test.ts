// A staff member whose password was set before the staff rule (or before they became staff) must
// choose a new one: the right old password is refused at login with the way out (issue 23).
import { AUTH_PATTERNS, MESSAGES } from '@mboa/contracts';
import pg from 'pg';
import { hashPassword } from '../passwords.js';
import { startAuthTestbed, type AuthTestbed } from './testbed.js';

let bed: AuthTestbed;

beforeAll(async () => {
  bed = await startAuthTestbed('staff-password', {
    admin: { email: 'chief@mboa.cm', password: 'a long staff passphrase', name: 'Chief', whatsapp: '600000001' },
  });
}, 120_000);

afterAll(() => bed?.stop());

/** What an older release let an admin keep: a password set straight in the table. */
async function setStoredPassword(email: string, password: string): Promise<void> {
  const client = new pg.Client({ connectionString: bed.db.url });
  await client.connect();
  try {
    await client.query('UPDATE auth.users SET password_hash = $1 WHERE email = $2', [await hashPassword(password), email]);
  } finally {
    await client.end();
  }
}

const login = (email: string, password: string) =>
  bed.rpc.call(AUTH_PATTERNS.login, { email, password }).then(
    (reply) => ({ status: 200, message: reply.user.email }),
    (error: { status: number; message: string }) => ({ status: error.status, message: error.message }),
  );

test('an admin with an 11-character password from before the rule is told to choose a new one; a wrong password still gets 401', async () => {
  await setStoredPassword('chief@mboa.cm', 'river mango');
  expect(await login('chief@mboa.cm', 'river mango')).toEqual({ status: 403, message: MESSAGES.auth.staffPasswordRenewal });
  expect(await login('chief@mboa.cm', 'not the password')).toEqual({ status: 401, message: MESSAGES.auth.invalidCredentials });
  await setStoredPassword('chief@mboa.cm', 'river mangos');
  expect(await login('chief@mboa.cm', 'river mangos')).toEqual({ status: 200, message: 'chief@mboa.cm' });
});

test('a renter keeps an 8-character password', async () => {
  await bed.rpc.call(AUTH_PATTERNS.signup, {
    name: 'Awa Nkem',
    email: 'awa@example.cm',
    password: 'river mango',
    role: 'renter',
    whatsapp: '699112233',
    agreeToTerms: true,
  });
  expect(await login('awa@example.cm', 'river mango')).toEqual({ status: 200, message: 'awa@example.cm' });
});
