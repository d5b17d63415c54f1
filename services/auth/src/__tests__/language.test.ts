// The account's language against the real servers: stored at sign-up, changed by an update,
// carried in user.* events, and the language the reset code is mailed in.
import type { NatsConnection } from '@nats-io/transport-node';
import { AUTH_PATTERNS, EVENT_TYPES, MESSAGES, MESSAGES_FR, type Language, type PublicUser, type UserEventPayload } from '@mboa/contracts';
import type { MailMessage, MailPort, RpcClient } from '@mboa/platform';
import { eventually, waitForEvent } from '@mboa/platform/testing';
import { startAuthTestbed, type AuthTestbed } from './testbed.js';

let bed: AuthTestbed;
let rpc: RpcClient;
let nc: NatsConnection;
/** What auth handed to its mail port; the file mailer writes each one too. */
const mailed: MailMessage[] = [];

beforeAll(async () => {
  bed = await startAuthTestbed('authlang', {
    mailer: (files): MailPort => ({
      async send(message) {
        await files.send(message);
        mailed.push(message);
      },
    }),
  });
  ({ rpc, nc } = bed);
});

afterAll(() => bed?.stop());

const bus = () => bed.bus();

async function signup(email: string, language?: Language): Promise<PublicUser> {
  const reply = await rpc.call(AUTH_PATTERNS.signup, {
    name: 'Ngono Paul',
    email,
    password: 'password 123',
    role: 'landlord',
    whatsapp: '699112233',
    agreeToTerms: true,
    ...(language ? { language } : {}),
  });
  return reply.user;
}

const mailsTo = (to: string) => eventually(async () => mailed.filter((m) => m.to === to), (m) => m.length > 0);

test('sign-up keeps the language asked for (English when none), and user.registered carries it', async () => {
  const french = await signup('mballa.fr@example.cm', 'fr');
  expect(french.language).toBe('fr');
  expect((await signup('mballa.en@example.cm')).language).toBe('en');
  const event = await waitForEvent<UserEventPayload>(nc, {
    ...bus(),
    type: EVENT_TYPES.userRegistered,
    match: (e) => e.payload.user.id === french.id,
  });
  expect(event.payload.user.language).toBe('fr');
  expect((await rpc.call(AUTH_PATTERNS.usersGet, { userId: french.id })).user.language).toBe('fr');
});

test('an update changes the language, and user.updated carries the new one', async () => {
  const user = await signup('change.lang@example.cm');
  const actor = { userId: user.id, role: user.role, isVerified: user.isVerified };
  const { user: changed } = await rpc.call(AUTH_PATTERNS.usersUpdate, { userId: user.id, actor, language: 'fr' });
  expect(changed).toMatchObject({ language: 'fr', name: 'Ngono Paul' });
  const event = await waitForEvent<UserEventPayload>(nc, {
    ...bus(),
    type: EVENT_TYPES.userUpdated,
    match: (e) => e.payload.user.id === user.id,
  });
  expect(event.payload.user.language).toBe('fr');
  // What a careless client might send: the contract refuses it whatever the caller's types said.
  const german = 'de' as unknown as Language;
  await expect(rpc.call(AUTH_PATTERNS.usersUpdate, { userId: user.id, actor, language: german })).rejects.toMatchObject({
    status: 400,
    message: MESSAGES.auth.invalidLanguage,
  });
  expect((await rpc.call(AUTH_PATTERNS.usersGet, { userId: user.id })).user.language).toBe('fr');
});

test('the reset code goes out in the account language: French for a French account, English for an English one', async () => {
  await signup('reset.fr@example.cm', 'fr');
  await signup('reset.en@example.cm', 'en');
  await rpc.call(AUTH_PATTERNS.passwordResetRequest, { email: 'reset.fr@example.cm', requestId: 'french-browser' });
  await rpc.call(AUTH_PATTERNS.passwordResetRequest, { email: 'reset.en@example.cm', requestId: 'english-browser' });

  const [fr] = await mailsTo('reset.fr@example.cm');
  expect(fr.subject).toBe(MESSAGES_FR.passwordReset.mailSubject);
  const frCode = /est (\d{6})\./.exec(fr.text)?.[1];
  expect(frCode).toMatch(/^\d{6}$/);
  expect(fr.text).toBe(MESSAGES_FR.passwordReset.mailBody(frCode ?? ''));
  expect(fr.text).toContain('Il est valable 10 minutes');

  const [en] = await mailsTo('reset.en@example.cm');
  expect(en.subject).toBe(MESSAGES.passwordReset.mailSubject);
  const enCode = /reset code is (\d{6})\./.exec(en.text)?.[1];
  expect(en.text).toBe(MESSAGES.passwordReset.mailBody(enCode ?? ''));

  // The French code is a real one: it verifies.
  await expect(rpc.call(AUTH_PATTERNS.passwordResetVerify, { email: 'reset.fr@example.cm', code: frCode ?? '', requestId: 'french-browser' })).resolves.toBeDefined();
});
