import { LIMITS, MESSAGES, PERSON_CHECK_HEADER, readPersonCheckAnswer, solvePersonCheck, type PersonCheckChallenge } from '@mboa/contracts';
import { Browser, startTestSystem, type TestSystem } from './system.js';
import { signupBody, uniqueEmail } from './people.js';

/**
 * A carrier's address under attack with real customers beside it (docs/api.md#the-person-check).
 * Thousands of phones share one MTN or Orange address; an attacker's script behind it spends the
 * per-address allowances, and then a real person on a new phone must still get in: past the
 * allowance the gateway asks for a proof of work, which the test solves with the browser's own code
 * (solvePersonCheck), at a smaller number of tries than production's. Every customer here shares
 * the one address the proxy reports for them (X-Forwarded-For with TRUST_PROXY=1); each test
 * takes its own address so their counters never meet.
 */
let system: TestSystem;

// Allowances at this scale: 2 failed logins and 1 per e-mail, 10 sign-ups, 6 reset requests per address.
const SCALE = 0.02;
const allowance = (points: number) => Math.max(1, Math.round(points * SCALE));
const WORK = { triesMin: 10, triesMax: 20 };

beforeAll(async () => {
  system = await startTestSystem({ gateway: { rateLimitScale: SCALE, trustProxy: 1, personCheckWork: WORK } });
});

afterAll(async () => {
  await system?.stop();
});

let addresses = 0;
/** A phone behind the carrier address `carrier`: a cookie jar whose requests all come from it. */
function phone(carrier: string) {
  const browser = new Browser(system.url);
  const send = (path: string, body: unknown, headers: Record<string, string> = {}) =>
    browser.post(path, body, { 'x-forwarded-for': carrier, ...headers });
  return { browser, send };
}
const newCarrierAddress = () => `100.64.${Math.floor(Date.now() / 1000) % 250}.${++addresses}`;

type Answer = Awaited<ReturnType<Browser['post']>>;

/** What a browser does on a 429 carrying a challenge: solve it and send the same request again. */
async function solved(first: Answer): Promise<string> {
  expect(first.status).toBe(429);
  const challenge = first.body.personCheck as PersonCheckChallenge;
  expect(challenge).toBeDefined();
  const header = await solvePersonCheck(challenge);
  if (!header) throw new Error('the challenge was not solved');
  return header;
}

async function attackerSpendsSignups(carrier: string) {
  const attacker = phone(carrier);
  for (let i = 0; i < allowance(LIMITS.signup.maxPerIpPerHour); i++) {
    expect((await attacker.send('/api/auth/signup', signupBody({ name: `Bot ${i}` }))).status).toBe(201);
  }
  const refused = await attacker.send('/api/auth/signup', signupBody({ name: 'Bot more' }));
  expect(refused.status).toBe(429);
  return refused;
}

async function attackerSpendsLogins(carrier: string) {
  const attacker = phone(carrier);
  for (let i = 0; i < allowance(LIMITS.login.maxFailuresPerIp); i++) {
    const guess = await attacker.send('/api/auth/login', { email: uniqueEmail('victim'), password: `guess ${i}` });
    expect(guess.status).toBe(401);
  }
  const refused = await attacker.send('/api/auth/login', { email: uniqueEmail('victim'), password: 'guess more' });
  expect(refused.status).toBe(429);
  return attacker;
}

test('past the sign-up allowance a real customer on the same address signs up after the check, then logs in on a new phone', async () => {
  const carrier = newCarrierAddress();
  const refused = await attackerSpendsSignups(carrier);
  // The refusal still says how long the lock lasts, for clients that cannot solve.
  expect(refused.body).toMatchObject({ message: MESSAGES.common.tooManyAttempts, personCheck: expect.any(Object) });
  expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);

  const customer = phone(carrier);
  const body = signupBody({ name: 'Mireille Ngo' });
  const first = await customer.send('/api/auth/signup', body);
  const header = await solved(first);
  const signedUp = await customer.send('/api/auth/signup', body, { [PERSON_CHECK_HEADER]: header });
  expect(signedUp.status).toBe(201);
  expect(signedUp.body.user.email).toBe(body.email);
  expect((await customer.browser.get('/api/me')).body.user.email).toBe(body.email);

  // The failed-login allowance of the address is spent too; the customer's new phone has no device cookie.
  await attackerSpendsLogins(carrier);
  const newPhone = phone(carrier);
  const credentials = { email: body.email, password: body.password };
  const login = await newPhone.send('/api/auth/login', credentials);
  const loggedIn = await newPhone.send('/api/auth/login', credentials, { [PERSON_CHECK_HEADER]: await solved(login) });
  expect(loggedIn.status).toBe(200);
  expect((await newPhone.browser.get('/api/me')).body.user.email).toBe(body.email);
}, 120_000);

test('an answer works once: replayed, altered, wrong or garbled, the request is refused and nothing is created', async () => {
  const carrier = newCarrierAddress();
  await attackerSpendsSignups(carrier);
  const customer = phone(carrier);
  const body = signupBody({ name: 'Paul Biya Etoa' });
  const header = await solved(await customer.send('/api/auth/signup', body));
  expect((await customer.send('/api/auth/signup', body, { [PERSON_CHECK_HEADER]: header })).status).toBe(201);

  // The same answer again, for another account: a script cannot pay once and sign up many times.
  const replayBody = signupBody({ name: 'Replay' });
  const replayed = await phone(carrier).send('/api/auth/signup', replayBody, { [PERSON_CHECK_HEADER]: header });
  expect(replayed.status).toBe(429);
  expect(replayed.body.personCheck).toBeDefined();

  // A fresh challenge answered with the wrong counter, or with the challenge's numbers changed.
  const script = phone(carrier);
  const fresh = (await script.send('/api/auth/signup', replayBody)).body.personCheck as PersonCheckChallenge;
  const answer = readPersonCheckAnswer((await solvePersonCheck(fresh)) ?? undefined)!;
  const encode = (value: unknown) => btoa(JSON.stringify(value));
  // The key the tries found is the proof (the counter only says where it was found).
  const key = answer.solution.derivedKey;
  const wrongKey = encode({ ...answer, solution: { ...answer.solution, derivedKey: `${key.slice(0, -1)}${key.endsWith('0') ? '1' : '0'}` } });
  const easier = encode({ ...answer, challenge: { ...answer.challenge, parameters: { ...answer.challenge.parameters, cost: 1 } } });
  for (const bad of [easier, wrongKey, 'not an answer', encode({ challenge: fresh, solution: { counter: 0, derivedKey: '00' } })]) {
    const refused = await script.send('/api/auth/signup', replayBody, { [PERSON_CHECK_HEADER]: bad });
    expect(refused.status).toBe(429);
    expect(refused.body.personCheck).toBeDefined();
  }
  // The wrong key spent that challenge: its right answer no longer counts either.
  const late = await script.send('/api/auth/signup', replayBody, { [PERSON_CHECK_HEADER]: encode(answer) });
  expect(late.status).toBe(429);

  // None of these created the account.
  const login = await phone(newCarrierAddress()).send('/api/auth/login', { email: replayBody.email, password: replayBody.password });
  expect(login.status).toBe(401);
}, 120_000);

test('the per-account lockout and a spent device allowance still refuse, whatever the check', async () => {
  // The owner signed up at home; their phone keeps the device cookie of the account.
  const owner = phone(newCarrierAddress());
  const body = signupBody({ name: 'Esther Fouda' });
  expect((await owner.send('/api/auth/signup', body)).status).toBe(201);

  // An attacker behind a carrier address spends the address, then pays for guesses at her password.
  const carrier = newCarrierAddress();
  const attacker = await attackerSpendsLogins(carrier);
  for (let i = 0; i < allowance(LIMITS.login.maxFailuresPerEmail); i++) {
    const guess = { email: body.email, password: `guess ${i}` };
    const wrong = await attacker.send('/api/auth/login', guess, { [PERSON_CHECK_HEADER]: await solved(await attacker.send('/api/auth/login', guess)) });
    expect(wrong.status).toBe(401);
  }
  // The account's lock holds for every untrusted client: no challenge is offered, since solving
  // one could not help, and even an answer from elsewhere does not open it.
  const stranger = phone(carrier);
  const credentials = { email: body.email, password: body.password };
  const locked = await stranger.send('/api/auth/login', credentials);
  expect(locked.status).toBe(429);
  expect(locked.body.personCheck).toBeUndefined();
  const other = await phone(carrier).send('/api/auth/login', { email: uniqueEmail('someone'), password: 'x' });
  const withAnswer = await stranger.send('/api/auth/login', credentials, { [PERSON_CHECK_HEADER]: await solved(other) });
  expect(withAnswer.status).toBe(429);

  // Her own phone, now on the attacked address, is judged by its device allowance and gets in.
  const home = owner.browser;
  const fromCarrier = (b: unknown, h: Record<string, string> = {}) => home.post('/api/auth/login', b, { 'x-forwarded-for': carrier, ...h });
  expect((await fromCarrier(credentials)).status).toBe(200);
  // Once that phone spends its own allowance too, it is an untrusted client: the account's lock
  // refuses it, answer or not.
  for (let i = 0; i < allowance(LIMITS.login.maxFailuresPerDevice); i++) {
    expect((await fromCarrier({ email: body.email, password: `typo ${i}` })).status).toBe(401);
  }
  const spent = await phone(carrier).send('/api/auth/login', { email: uniqueEmail('someone'), password: 'x' });
  const refused = await fromCarrier(credentials, { [PERSON_CHECK_HEADER]: await solved(spent) });
  expect(refused.status).toBe(429);
}, 120_000);

test('a password-reset request past the address allowance is mailed after the check', async () => {
  const carrier = newCarrierAddress();
  const attacker = phone(carrier);
  for (let i = 0; i < allowance(LIMITS.passwordResetLimits.requestsPerIp); i++) {
    expect((await attacker.send('/api/auth/password-reset/request', { email: uniqueEmail('target') })).status).toBe(200);
  }
  const body = signupBody({ name: 'Jeanne Atangana' });
  expect((await phone(newCarrierAddress()).send('/api/auth/signup', body)).status).toBe(201);
  const forgetful = phone(carrier);
  const first = await forgetful.send('/api/auth/password-reset/request', { email: body.email });
  const sent = await forgetful.send('/api/auth/password-reset/request', { email: body.email }, { [PERSON_CHECK_HEADER]: await solved(first) });
  expect(sent.status).toBe(200);
  expect(await system.mailedCodes(body.email, { atLeast: 1 })).toHaveLength(1);
}, 120_000);

test('the more an address goes past its allowance, the more tries the next challenge takes', async () => {
  const carrier = newCarrierAddress();
  const attacker = await attackerSpendsLogins(carrier);
  const triesOf = async () => {
    const header = await solved(await attacker.send('/api/auth/login', { email: uniqueEmail('victim'), password: 'guess' }));
    return { header, tries: readPersonCheckAnswer(header)!.solution.counter };
  };
  expect((await triesOf()).tries).toBeLessThanOrEqual(WORK.triesMax);
  // The script pays and keeps failing: each paid failure still counts against the address.
  const perAllowance = allowance(LIMITS.login.maxFailuresPerIp);
  for (let i = 0; i < perAllowance * LIMITS.personCheck.maxFactor; i++) {
    const guess = { email: uniqueEmail('victim'), password: 'guess' };
    const { header } = await triesOf();
    expect((await attacker.send('/api/auth/login', guess, { [PERSON_CHECK_HEADER]: header })).status).toBe(401);
  }
  expect((await triesOf()).tries).toBeGreaterThanOrEqual(WORK.triesMin * LIMITS.personCheck.maxFactor);
}, 120_000);
