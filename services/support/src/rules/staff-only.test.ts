import { MESSAGES, type Actor } from '@mboa/contracts';
import { refusalOf as refusal } from '@mboa/platform/testing';
import { ensureMayChangeStatus } from './staff-only.js';

const actor = (role: Actor['role']): Actor => ({ userId: '11111111-1111-4111-8111-111111111111', role, isVerified: true });

it('an admin may change the status of a request or a ticket', () => {
  expect(refusal(() => ensureMayChangeStatus(actor('admin')))).toBeNull();
});

it.each(['landlord', 'caretaker', 'renter'] as const)('a %s may not (403)', (role) => {
  expect(refusal(() => ensureMayChangeStatus(actor(role)))).toEqual({ status: 403, message: MESSAGES.auth.adminOnly });
});
