import { serviceDatabase } from '@mboa/platform';
import { PrismaClient } from './generated/prisma/client.js';
import { LISTINGS_CONFIG } from './config.js';

export class ListingsDb extends serviceDatabase(PrismaClient, LISTINGS_CONFIG) {}

export type ListingsTx = Parameters<Parameters<ListingsDb['$transaction']>[0]>[0];
