import type { Actor, PublicUser } from '@mboa/contracts';

/** The session user as services see a caller: they decide what it may do. */
export function actorOf(user: PublicUser): Actor {
  return { userId: user.id, role: user.role, isVerified: user.isVerified, name: user.name };
}
