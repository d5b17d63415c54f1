import { AUTH_PATTERNS, type PublicUser, type SignupRole } from '@mboa/contracts';
import { RpcClient } from '@mboa/platform';
import { TEST_STAFF } from '@mboa/platform/testing';
import { Browser, type TestSystem } from './system.js';

export const TEST_ADMIN = { ADMIN_EMAIL: 'staff@mboa.cm', ADMIN_PASSWORD: 'staff password 1', ADMIN_NAME: 'Staff Member' };

let counter = 0;

/** A new address each call: `label.<time>.<n>@example.cm`. */
export const uniqueEmail = (label: string) => `${label}.${Date.now()}.${++counter}@example.cm`;

/** A valid sign-up body for a new renter; `over` changes or adds fields. */
export const signupBody = (over: Record<string, unknown> = {}) => ({
  name: 'Awa Nkem',
  email: uniqueEmail('awa'),
  password: 'correct horse',
  role: 'renter',
  whatsapp: '674123456',
  agreeToTerms: true,
  ...over,
});

/** A signed-in browser for a new user of the role; landlords/caretakers verified on request. */
export async function signUp(
  system: TestSystem,
  role: SignupRole,
  options: { verified?: boolean; name?: string; whatsapp?: string } = {},
): Promise<{ browser: Browser; user: PublicUser; password: string }> {
  const browser = new Browser(system.url);
  const password = 'test password 1';
  const res = await browser.post('/api/auth/signup', {
    name: options.name ?? `${role} ${++counter}`,
    email: `${role}.${Date.now()}.${counter}@example.cm`,
    password,
    role,
    whatsapp: options.whatsapp ?? `6${String(Date.now() % 1e8).padStart(8, '0')}`,
    agreeToTerms: true,
  });
  if (res.status !== 201) throw new Error(`sign-up failed: ${res.status} ${res.text}`);
  let user: PublicUser = res.body.user;
  if (options.verified) {
    const rpc = await rpcFor(system);
    try {
      user = (await rpc.call(AUTH_PATTERNS.usersVerify, { userId: user.id, actor: TEST_STAFF })).user;
    } finally {
      await rpc.close();
    }
  }
  return { browser, user, password };
}

/** The bootstrap admin of TEST_ADMIN, signed in. */
export async function signInAdmin(system: TestSystem): Promise<{ browser: Browser; user: PublicUser }> {
  const browser = new Browser(system.url);
  const res = await browser.post('/api/auth/login', { email: TEST_ADMIN.ADMIN_EMAIL, password: TEST_ADMIN.ADMIN_PASSWORD });
  if (res.status !== 200) throw new Error(`admin login failed: ${res.status} ${res.text}`);
  return { browser, user: res.body.user };
}

export async function rpcFor(system: TestSystem): Promise<RpcClient> {
  const rpc = new RpcClient({ servers: system.config.natsUrl, subjectPrefix: system.config.subjectPrefix });
  await rpc.connect();
  return rpc;
}
