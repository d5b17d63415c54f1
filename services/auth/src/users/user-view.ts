import type { PublicUser } from '@mboa/contracts';
import type { User } from '../generated/prisma/client.js';

/** The only shape a user leaves this service in: never a password hash. */
export function toPublicUser(user: User): PublicUser {
  return {
    _id: user.id,
    id: user.id,
    name: user.name,
    email: user.email,
    whatsapp: user.whatsapp,
    role: user.role,
    status: user.status,
    isVerified: user.isVerified,
    language: user.language,
    createdAt: user.createdAt.toISOString(),
  };
}
