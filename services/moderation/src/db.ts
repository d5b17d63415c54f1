import { serviceDatabase } from '@mboa/platform';
import { PrismaClient } from './generated/prisma/client.js';
import { MODERATION_CONFIG } from './config.js';

export class ModerationDb extends serviceDatabase(PrismaClient, MODERATION_CONFIG) {}
