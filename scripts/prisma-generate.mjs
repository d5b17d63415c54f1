// Placeholder until the Prisma generator wrapper lands.
