import { MESSAGES } from '@mboa/contracts';
import { describe, expect, it } from 'vitest';
import { formProblem } from './formProblem.js';

describe('formProblem', () => {
  it('says "all fields are required" when any field is missing, else the first problem in screen order', () => {
    const missing = { email: { type: 'custom', message: MESSAGES.auth.invalidEmail }, password: { type: 'custom', message: MESSAGES.common.allFieldsRequired } };
    expect(formProblem(missing, ['email', 'password'])).toBe(MESSAGES.common.allFieldsRequired);
    const two = { name: { type: 'custom', message: 'Name too long' }, email: { type: 'custom', message: MESSAGES.auth.invalidEmail } };
    expect(formProblem(two, ['email', 'name'])).toBe(MESSAGES.auth.invalidEmail);
    expect(formProblem({}, ['email'])).toBeNull();
  });
});
