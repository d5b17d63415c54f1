// Names people are shown (docs/api.md#texts-shown-to-others), against the real gateway, auth and
// support services: a name of zero-width characters or one that turns the text around is refused
// at sign-up, when staff edit a user and on the support form, in the reader's language, and
// nothing is stored; a real name with accents and apostrophes goes through.
import { MESSAGES, MESSAGES_FR } from '@mboa/contracts';
import { signInAdmin, signUp, signupBody, TEST_ADMIN, uniqueEmail } from './people.js';
import { Browser, startTestSystem, type TestSystem } from './system.js';

let system: TestSystem;

beforeAll(async () => {
  system = await startTestSystem({ services: ['auth', 'support'], env: TEST_ADMIN });
}, 120_000);

afterAll(async () => {
  await system?.stop();
});

const INVISIBLE = ['\u200B\u200B\u200B', '\u200C\u200D\u2060', '\u3164\u3164'];
const TURNED = ['\u202EmeknN awA', '\u2066Awa\u2069 Nkem', '\u200FAwa Nkem'];

describe('person names', () => {
  test('sign-up refuses a name of invisible characters or with a direction control (400, EN and FR) and creates no account', async () => {
    for (const name of [...INVISIBLE, ...TURNED]) {
      const body = signupBody({ name, email: uniqueEmail('ghost') });
      const res = await new Browser(system.url).post('/api/auth/signup', body);
      const expected = INVISIBLE.includes(name) ? MESSAGES.common.nameInvisible : MESSAGES.common.nameDirectionControl;
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ message: expected, errors: [`name: ${expected}`] });
      // Nothing was stored: the same e-mail signs up once the name is a name.
      expect((await new Browser(system.url).post('/api/auth/signup', { ...body, name: 'Awa Nkem' })).status).toBe(201);
    }
    const french = await new Browser(system.url).request('POST', '/api/auth/signup', signupBody({ name: '\u200B' }), { 'accept-language': 'fr' });
    expect(french.status).toBe(400);
    expect(french.body.message).toBe(MESSAGES_FR.common.nameInvisible);
    const frenchTurned = await new Browser(system.url).request('POST', '/api/auth/signup', signupBody({ name: '\u202Eawa' }), { 'accept-language': 'fr' });
    expect(frenchTurned.body.message).toBe(MESSAGES_FR.common.nameDirectionControl);

    const real = await new Browser(system.url).post('/api/auth/signup', signupBody({ name: 'Ngo\u2019o Bélinga-Ëwondo' }));
    expect(real.status).toBe(201);
    expect(real.body.user.name).toBe('Ngo\u2019o Bélinga-Ëwondo');
  });

  test('staff cannot give a user such a name either, and the support form refuses it as its sender name', async () => {
    const admin = (await signInAdmin(system)).browser;
    const renter = await signUp(system, 'renter', { name: 'Bih Clarisse' });
    for (const name of [INVISIBLE[0], TURNED[0]]) {
      const res = await admin.request('PATCH', `/api/admin/users/${renter.user.id}`, { name });
      expect(res.status).toBe(400);
    }
    expect((await renter.browser.get('/api/me')).body.user.name).toBe('Bih Clarisse');
    expect((await admin.request('PATCH', `/api/admin/users/${renter.user.id}`, { name: 'Bih Clarisse Ayuk' })).status).toBe(200);

    const ticket = { email: 'awa@example.cm', subject: 'My listing', message: 'It disappeared.' };
    const refused = await new Browser(system.url).post('/api/properties/support', { ...ticket, name: '\u2060\u200B' });
    expect(refused.status).toBe(400);
    expect(refused.body.errors).toEqual([`name: ${MESSAGES.common.nameInvisible}`]);
    // Other texts are neutralised rather than refused: the subject loses its direction control.
    const sent = await new Browser(system.url).post('/api/properties/support', { ...ticket, name: 'Awa', subject: '\u202EMy listing' });
    expect(sent.status).toBe(201);
    expect(sent.body.data.subject).toBe('My listing');
  });
});
