import { ROLES } from './roles.js';
test('roles', () => { expect(ROLES).toContain('renter'); });
