import { Injectable } from '@nestjs/common';
import {
  MESSAGES,
  type AdminListResponse,
  type SupportTicketInput,
  type TicketStatus,
} from '@mboa/contracts';
import { fail } from '@mboa/platform';
import { Prisma, type TicketStatus as DbTicketStatus } from '../generated/prisma/client.js';
import { SupportDb } from '../db.js';
import { isUuid, paginationOf, toDbStatus, toTicketView, type TicketView } from '../views.js';

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

  /** Any status but the current one (spec §4): 404 unknown id, 409 same status. */
  async updateStatus(ticketId: string, newStatus: TicketStatus): Promise<TicketView> {
    if (!isUuid(ticketId)) throw fail.notFound(MESSAGES.contact.ticketNotFound);
    const status = toDbStatus<DbTicketStatus>(newStatus);
    try {
      // One conditional update, so two admins acting at once cannot both "change" to the same status.
      const row = await this.db.supportTicket.update({ where: { id: ticketId, status: { not: status } }, data: { status } });
      return toTicketView(row);
    } catch (error) {
      if (!(error instanceof Prisma.PrismaClientKnownRequestError && error.code === 'P2025')) throw error;
      const exists = await this.db.supportTicket.count({ where: { id: ticketId } });
      throw exists ? fail.conflict(MESSAGES.status.sameStatus) : fail.notFound(MESSAGES.contact.ticketNotFound);
    }
  }

  pendingCount(): Promise<number> {
    return this.db.supportTicket.count({ where: { status: 'pending' } });
  }
}
