import { MESSAGES, type Actor } from '@mboa/contracts';
import { refusalOf as refusal } from '@mboa/platform/testing';
import { ensureMayManageUsers, ensureMayUpdateUser } from './user-admin.js';

const SOMEONE = '11111111-1111-4111-8111-111111111111';
const OTHER = '22222222-2222-4222-8222-222222222222';
const actor = (role: Actor['role'], userId = SOMEONE): Actor => ({ userId, role, isVerified: true });
const adminOnly = { status: 403, message: MESSAGES.auth.adminOnly };

describe('verifying, banning, unbanning', () => {
  it('an admin may', () => {
    expect(refusal(() => ensureMayManageUsers(actor('admin')))).toBeNull();
  });

  it.each(['landlord', 'caretaker', 'renter'] as const)('a %s may not (403), not even on their own account', (role) => {
    expect(refusal(() => ensureMayManageUsers(actor(role)))).toEqual(adminOnly);
  });
});

describe('editing an account', () => {
  it('an admin may edit anyone: name, WhatsApp and language', () => {
    expect(refusal(() => ensureMayUpdateUser(actor('admin'), OTHER, { name: 'Ngono', whatsapp: '677000111', language: 'fr' }))).toBeNull();
  });

  it.each(['landlord', 'caretaker', 'renter'] as const)('a %s may change the language and the WhatsApp number of their own account only', (role) => {
    expect(refusal(() => ensureMayUpdateUser(actor(role), SOMEONE, { language: 'fr' }))).toBeNull();
    expect(refusal(() => ensureMayUpdateUser(actor(role), SOMEONE, { whatsapp: '677000111', language: 'en' }))).toBeNull();
    expect(refusal(() => ensureMayUpdateUser(actor(role), OTHER, { language: 'fr' }))).toEqual(adminOnly);
    expect(refusal(() => ensureMayUpdateUser(actor(role), OTHER, { whatsapp: '677000111' }))).toEqual(adminOnly);
    expect(refusal(() => ensureMayUpdateUser(actor(role), SOMEONE, { name: 'Ngono' }))).toEqual(adminOnly);
    expect(refusal(() => ensureMayUpdateUser(actor(role), SOMEONE, { name: 'Ngono', whatsapp: '677000111' }))).toEqual(adminOnly);
  });
});
