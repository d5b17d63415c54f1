import { Injectable } from '@nestjs/common';
import {
  MESSAGES,
  type AdminListResponse,
  type RequestSpaceInput,
  type RequestStatus,
} from '@mboa/contracts';
import { fail } from '@mboa/platform';
import { Prisma, type RequestStatus as DbRequestStatus } from '../generated/prisma/client.js';
import { SupportDb } from '../db.js';
import { isUuid, paginationOf, toDbStatus, toRequestView, type RequestView } from '../views.js';

/** Property requests from the request modal: stored as sent, worked through by staff. */
@Injectable()
export class RequestsService {
  constructor(private readonly db: SupportDb) {}

  async create(input: RequestSpaceInput): Promise<RequestView> {
    const row = await this.db.propertyRequest.create({ data: { requestText: input.requestText, whatsapp: input.whatsapp } });
    return toRequestView(row);
  }

  /** Newest first; no status means every status. */
  async list(query: { page: number; limit: number; status?: RequestStatus }): Promise<AdminListResponse<RequestView>> {
    const where: Prisma.PropertyRequestWhereInput = query.status ? { status: toDbStatus<DbRequestStatus>(query.status) } : {};
    const [total, rows] = await this.db.$transaction([
      this.db.propertyRequest.count({ where }),
      this.db.propertyRequest.findMany({
        where,
        orderBy: [{ createdAt: 'desc' }, { id: 'asc' }],
        skip: (query.page - 1) * query.limit,
        take: query.limit,
      }),
    ]);
    return { success: true, data: rows.map(toRequestView), pagination: paginationOf(total, query.page, query.limit) };
  }

  /** Any status but the current one (spec §4): 404 unknown id, 409 same status. */
  async updateStatus(requestId: string, newStatus: RequestStatus): Promise<RequestView> {
    if (!isUuid(requestId)) throw fail.notFound(MESSAGES.request.notFound);
    const status = toDbStatus<DbRequestStatus>(newStatus);
    try {
      // One conditional update, so two admins acting at once cannot both "change" to the same status.
      const row = await this.db.propertyRequest.update({ where: { id: requestId, status: { not: status } }, data: { status } });
      return toRequestView(row);
    } catch (error) {
      if (!(error instanceof Prisma.PrismaClientKnownRequestError && error.code === 'P2025')) throw error;
      const exists = await this.db.propertyRequest.count({ where: { id: requestId } });
      throw exists ? fail.conflict(MESSAGES.status.sameStatus) : fail.notFound(MESSAGES.request.notFound);
    }
  }

  searchingCount(): Promise<number> {
    return this.db.propertyRequest.count({ where: { status: 'searching' } });
  }
}
