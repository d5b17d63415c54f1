import { Injectable } from '@nestjs/common';
import {
  EVENT_TYPES,
  MESSAGES,
  type Actor,
  type AdminListResponse,
  type RequestSpaceInput,
  type RequestStatus,
  isUuid,
} from '@mboa/contracts';
import { addToOutbox, fail } from '@mboa/platform';
import { Prisma, type RequestStatus as DbRequestStatus } from '../generated/prisma/client.js';
import { SupportDb } from '../db.js';
import { ensureMayChangeStatus } from '../rules/staff-only.js';
import { paginationOf, toDbStatus, toRequestView, type RequestView } from '../views.js';

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

  /**
   * Admins only (403); any status but the current one (docs/api.md#admin): 404 unknown id, 409 same
   * status. The change and its `requestStatusChanged` event (with the acting admin, for the audit trail)
   * commit together.
   */
  async updateStatus(requestId: string, newStatus: RequestStatus, actor: Actor): Promise<RequestView> {
    ensureMayChangeStatus(actor);
    if (!isUuid(requestId)) throw fail.notFound(MESSAGES.request.notFound);
    const status = toDbStatus<DbRequestStatus>(newStatus);
    return this.db.$transaction(async (tx) => {
      // Row lock: two admins acting at once see each other's change, never a stale status. Raw SQL
      // reads the stored spelling ('in-progress'), the API's.
      const [current] = await tx.$queryRawUnsafe<{ status: string }[]>(
        'SELECT status::text AS status FROM "support"."property_requests" WHERE id = $1::uuid FOR UPDATE',
        requestId,
      );
      if (!current) throw fail.notFound(MESSAGES.request.notFound);
      if (current.status === newStatus) throw fail.conflict(MESSAGES.status.sameStatus);
      const row = await tx.propertyRequest.update({ where: { id: requestId }, data: { status } });
      await addToOutbox(tx, 'support', {
        type: EVENT_TYPES.requestStatusChanged,
        payload: { requestId, from: current.status, to: newStatus, actor },
        source: 'support',
      });
      return toRequestView(row);
    });
  }


  searchingCount(): Promise<number> {
    return this.db.propertyRequest.count({ where: { status: 'searching' } });
  }
}
