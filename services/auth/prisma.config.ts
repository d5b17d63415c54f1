// Prisma CLI configuration of the auth service, whose data lives in the PostgreSQL schema "auth".
import { servicePrismaConfig } from '../../infra/prisma/service-prisma-config.js';

export default servicePrismaConfig('auth');
