// Prisma CLI configuration of the listings service, whose data lives in the PostgreSQL schema "listings".
import { servicePrismaConfig } from '../../infra/prisma/service-prisma-config.js';

export default servicePrismaConfig('listings');
