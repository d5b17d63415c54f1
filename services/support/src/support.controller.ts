import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  MESSAGES,
  actorSchema,
  type Actor,
  SUPPORT_PATTERNS,
  adminManageRequestsSchema,
  adminManageSupportSchema,
  requestSpaceSchema,
  supportTicketSchema,
  type SupportStatsReply,
  isUuid,
} from '@mboa/contracts';
import { parsePayload } from '@mboa/platform';
import { z } from 'zod';
import { HealthService } from './health.service.js';
import { RequestsService } from './requests/requests.service.js';
import { TicketsService } from './tickets/tickets.service.js';

/** The gateway adds the signed-in sender's id; the form itself never carries one. */
const ticketCreatePayload = supportTicketSchema.extend({
  userId: z.string({ error: MESSAGES.common.invalidId }).refine(isUuid, { error: MESSAGES.common.invalidId }).optional(),
});

// The NATS payloads are the `payload` halves of the admin bodies; taking them from the same
// schemas keeps one definition of paging, status filter, ids and statuses.
const [requestsGet, requestsUpdate] = adminManageRequestsSchema.options.map((o) => o.shape.payload) as [
  (typeof adminManageRequestsSchema.options)[0]['shape']['payload'],
  (typeof adminManageRequestsSchema.options)[1]['shape']['payload'],
];
const [ticketsGet, ticketsUpdate] = adminManageSupportSchema.options.map((o) => o.shape.payload) as [
  (typeof adminManageSupportSchema.options)[0]['shape']['payload'],
  (typeof adminManageSupportSchema.options)[1]['shape']['payload'],
];

@Controller()
export class SupportController {
  constructor(
    private readonly requests: RequestsService,
    private readonly tickets: TicketsService,
    private readonly health: HealthService,
  ) {}

  @MessagePattern(SUPPORT_PATTERNS.requestsCreate)
  async createRequest(@Payload() payload: unknown) {
    const input = parsePayload(requestSpaceSchema, payload);
    return { success: true, message: MESSAGES.request.success, data: await this.requests.create(input) };
  }

  @MessagePattern(SUPPORT_PATTERNS.requestsList)
  listRequests(@Payload() payload: unknown) {
    const { page, limit, status } = parsePayload(requestsGet, payload ?? undefined);
    return this.requests.list({ page, limit, status });
  }

  @MessagePattern(SUPPORT_PATTERNS.requestsUpdateStatus)
  async updateRequestStatus(@Payload() payload: unknown) {
    const { requestId, newStatus } = parsePayload(requestsUpdate, payload);
    const data = await this.requests.updateStatus(requestId, newStatus, actorOf(payload));
    return { success: true, data, message: MESSAGES.toast.requestStatusUpdated };
  }

  @MessagePattern(SUPPORT_PATTERNS.ticketsCreate)
  async createTicket(@Payload() payload: unknown) {
    const input = parsePayload(ticketCreatePayload, payload);
    return { success: true, message: MESSAGES.contact.success, data: await this.tickets.create(input) };
  }

  @MessagePattern(SUPPORT_PATTERNS.ticketsList)
  listTickets(@Payload() payload: unknown) {
    const { page, limit, status } = parsePayload(ticketsGet, payload ?? undefined);
    return this.tickets.list({ page, limit, status });
  }

  @MessagePattern(SUPPORT_PATTERNS.ticketsUpdateStatus)
  async updateTicketStatus(@Payload() payload: unknown) {
    const { ticketId, newStatus } = parsePayload(ticketsUpdate, payload);
    const data = await this.tickets.updateStatus(ticketId, newStatus, actorOf(payload));
    return { success: true, data, message: MESSAGES.toast.supportStatusUpdated };
  }

  @MessagePattern(SUPPORT_PATTERNS.stats)
  async stats(): Promise<SupportStatsReply> {
    const [searchingCount, pendingCount] = await Promise.all([this.requests.searchingCount(), this.tickets.pendingCount()]);
    return { searchingCount, pendingCount };
  }

  @MessagePattern(SUPPORT_PATTERNS.health)
  check() {
    return this.health.check();
  }
}

/** The acting admin the gateway adds to a command, when it is well formed. */
function actorOf(payload: unknown): Actor | undefined {
  const parsed = actorSchema.safeParse((payload as { actor?: unknown } | null)?.actor);
  return parsed.success ? parsed.data : undefined;
}
