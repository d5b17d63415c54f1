import { totalPagesOf, type Pagination, type PropertyRequest, type RequestStatus, type SupportTicket, type TicketStatus } from '@mboa/contracts';
import type { PropertyRequest as RequestRow, SupportTicket as TicketRow } from './generated/prisma/client.js';

// Prisma enum names use '_' where the API's statuses use '-' (the database stores the API's spelling).
export const toDbStatus = <S extends string>(status: RequestStatus | TicketStatus) => status.replace(/-/g, '_') as S;
const fromDbStatus = <S extends string>(status: string) => status.replace(/_/g, '-') as S;

/** A request as it leaves this service; `updatedAt` is added to the contract's fields. */
export type RequestView = PropertyRequest & { updatedAt: string };
/** A ticket as it leaves this service; `userId` (the signed-in sender) and `updatedAt` are additions. */
export type TicketView = SupportTicket & { userId: string | null; updatedAt: string };

export function toRequestView(row: RequestRow): RequestView {
  return {
    _id: row.id,
    id: row.id,
    requestText: row.requestText,
    whatsapp: row.whatsapp,
    status: fromDbStatus<RequestStatus>(row.status),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function toTicketView(row: TicketRow): TicketView {
  return {
    _id: row.id,
    id: row.id,
    name: row.name,
    email: row.email,
    phone: row.phone,
    subject: row.subject,
    message: row.message,
    whatsapp: row.whatsapp,
    userId: row.userId,
    status: fromDbStatus<TicketStatus>(row.status),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function paginationOf(total: number, page: number, limit: number): Pagination {
  return { total, page, limit, totalPages: totalPagesOf(total, limit) };
}
