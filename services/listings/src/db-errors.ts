import { Prisma } from './generated/prisma/client.js';

/** A write refused by a unique index: the same thing was recorded a moment before. */
export function isUniqueViolation(error: unknown): boolean {
  return error instanceof Prisma.PrismaClientKnownRequestError && error.code === 'P2002';
}
