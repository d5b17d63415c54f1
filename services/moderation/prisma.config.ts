// Prisma CLI configuration of the moderation service, whose data lives in the PostgreSQL schema "moderation".
import { servicePrismaConfig } from '../../infra/prisma/service-prisma-config.js';

export default servicePrismaConfig('moderation');
