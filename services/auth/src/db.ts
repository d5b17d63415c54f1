import { serviceDatabase } from '@mboa/platform';
import { PrismaClient } from './generated/prisma/client.js';
import { AUTH_CONFIG } from './config.js';

export class AuthDb extends serviceDatabase(PrismaClient, AUTH_CONFIG) {}

export type AuthTx = Parameters<Parameters<AuthDb['$transaction']>[0]>[0];
