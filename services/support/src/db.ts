import { serviceDatabase } from '@mboa/platform';
import { PrismaClient } from './generated/prisma/client.js';
import { SUPPORT_CONFIG } from './config.js';

export class SupportDb extends serviceDatabase(PrismaClient, SUPPORT_CONFIG) {}
