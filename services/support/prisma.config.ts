// Prisma CLI configuration of the support service, whose data lives in the PostgreSQL schema "support".
import { servicePrismaConfig } from '../../infra/prisma/service-prisma-config.js';

export default servicePrismaConfig('support');
