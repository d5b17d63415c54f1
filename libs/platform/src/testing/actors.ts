import { randomUUID } from 'node:crypto';
import type { Actor } from '@mboa/contracts';

/**
 * Who a test says is asking when it calls a service over the bus directly: services judge the
 * actor themselves, so staff commands (verify, ban, a request's status) need an admin one.
 */
export function testActor(role: Actor['role'] = 'admin', userId: string = randomUUID()): Actor {
  return { userId, role, isVerified: true, name: role === 'admin' ? 'Test Staff' : `Test ${role}` };
}

/** The staff member tests act as when they verify, ban or move a request through RPC. */
export const TEST_STAFF: Actor = testActor('admin', '5ea1f0e2-7c1d-4b8e-9a3f-0d6c2b1e4a77');
