import { MESSAGES } from '@mboa/contracts';
import { passwordProblem, preloadPasswordPolicy } from '../rules/password-policy.js';

const owner = { email: 'Ngo.Biyong@example.cm', name: 'Marie Ngo Biyong' };

test('loads the 100,000 most common passwords once, then answers in microseconds', () => {
  const started = performance.now();
  preloadPasswordPolicy();
  const loadMs = performance.now() - started;
  const checks = performance.now();
  for (let i = 0; i < 10_000; i++) passwordProblem(`a fine passphrase ${i}`, owner);
  const perCheckMs = (performance.now() - checks) / 10_000;
  console.log(`common-password list loaded in ${loadMs.toFixed(0)} ms; one check ${(perCheckMs * 1000).toFixed(1)} µs`);
  expect(perCheckMs).toBeLessThan(0.5);
});

test.each([
  ['12345678', MESSAGES.auth.passwordTooCommon],
  ['password', MESSAGES.auth.passwordTooCommon],
  ['Password', MESSAGES.auth.passwordTooCommon],
  ['iloveyou', MESSAGES.auth.passwordTooCommon],
  // Ranked 99,998th and 100,001st: the list is the top 100,000, no more, no less.
  ['07021957', MESSAGES.auth.passwordTooCommon],
  ['07012006', null],
  ['        ', MESSAGES.auth.passwordAllWhitespace],
  ['\t \t \t \t ', MESSAGES.auth.passwordAllWhitespace],
  ['short', MESSAGES.auth.passwordTooShort],
  ['ngo.biyong@example.cm', MESSAGES.auth.passwordLikeEmail],
  ['NGO.BIYONG', MESSAGES.auth.passwordLikeEmail],
  ['marie ngo biyong', MESSAGES.auth.passwordLikeName],
  ['MarieNgoBiyong', MESSAGES.auth.passwordLikeName],
  ['mango tree by the river', null],
  ['correct horse', null],
])('%j → %s', (password, expected) => {
  expect(passwordProblem(password, owner)).toBe(expected);
});
