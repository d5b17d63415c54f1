import { Injectable } from '@nestjs/common';
import {
  EVENT_TYPES,
  MESSAGES,
  type Actor,
  type AdminListResponse,
  type SupportTicketInput,
  type TicketStatus,
  isUuid,
} from '@mboa/contracts';
import { addToOutbox, fail } from '@mboa/platform';
import { Prisma, type TicketStatus as DbTicketStatus } from '../generated/prisma/client.js';
import { SupportDb } from '../db.js';
import { ensureMayChangeStatus } from '../rules/staff-only.js';
import { paginationOf, toDbStatus, toTicketView, type TicketView } from '../views.js';

export type NewTicket = SupportTicketInput & { userId?: string };

/** Support tickets from the contact form: stored as sent, worked through by staff. */
@Injectable()
export class TicketsService {
  constructor(private readonly db: SupportDb) {}

  async create(input: NewTicket): Promise<TicketView> {
    const row = await this.db.supportTicket.create({
      data: {
        name: input.name,
        email: input.email,
        phone: input.phone ?? null,
        subject: input.subject,
        message: input.message,
        whatsapp: input.whatsapp ?? null,
        userId: input.userId ?? null,
      },
    });
    return toTicketView(row);
  }

  /** Newest first; no status means every status. */
  async list(query: { page: number; limit: number; status?: TicketStatus }): Promise<AdminListResponse<TicketView>> {
    const where: Prisma.SupportTicketWhereInput = query.status ? { status: toDbStatus<DbTicketStatus>(query.status) } : {};
    const [total, rows] = await this.db.$transaction([
      this.db.supportTicket.count({ where }),
      this.db.supportTicket.findMany({
        where,
        orderBy: [{ createdAt: 'desc' }, { id: 'asc' }],
        skip: (query.page - 1) * query.limit,
        take: query.limit,
      }),
    ]);
    return { success: true, data: rows.map(toTicketView), pagination: paginationOf(total, query.page, query.limit) };
  }

  /**
   * Admins only (403); any status but the current one (docs/api.md#admin): 404 unknown id, 409 same
   * status. The change and its `ticketStatusChanged` event (with the acting admin, for the audit trail)
   * commit together.
   */
  async updateStatus(ticketId: string, newStatus: TicketStatus, actor: Actor): Promise<TicketView> {
    ensureMayChangeStatus(actor);
    if (!isUuid(ticketId)) throw fail.notFound(MESSAGES.contact.ticketNotFound);
    const status = toDbStatus<DbTicketStatus>(newStatus);
    return this.db.$transaction(async (tx) => {
      // Row lock: two admins acting at once see each other's change, never a stale status. Raw SQL
      // reads the stored spelling ('in-progress'), the API's.
      const [current] = await tx.$queryRawUnsafe<{ status: string }[]>(
        'SELECT status::text AS status FROM "support"."support_tickets" WHERE id = $1::uuid FOR UPDATE',
        ticketId,
      );
      if (!current) throw fail.notFound(MESSAGES.contact.ticketNotFound);
      if (current.status === newStatus) throw fail.conflict(MESSAGES.status.sameStatus);
      const row = await tx.supportTicket.update({ where: { id: ticketId }, data: { status } });
      await addToOutbox(tx, 'support', {
        type: EVENT_TYPES.ticketStatusChanged,
        payload: { ticketId, from: current.status, to: newStatus, actor },
        source: 'support',
      });
      return toTicketView(row);
    });
  }


  pendingCount(): Promise<number> {
    return this.db.supportTicket.count({ where: { status: 'pending' } });
  }
}
