import { Controller } from '@nestjs/common';
import { MessagePattern } from '@nestjs/microservices';
import { SUPPORT_PATTERNS as P, type CheckedRequestOf, type ReplyOf } from '@mboa/contracts';
import { RpcRequest } from '@mboa/platform';
import { HealthService } from './health.service.js';
import { RequestsService } from './requests/requests.service.js';
import { TicketsService } from './tickets/tickets.service.js';

type In<K extends keyof typeof P> = CheckedRequestOf<(typeof P)[K]>;
type Out<K extends keyof typeof P> = Promise<ReplyOf<(typeof P)[K]>>;

/** support's NATS handlers: each message is checked against its contract (RPC_REQUESTS) before it gets here. */
@Controller()
export class SupportController {
  constructor(
    private readonly requests: RequestsService,
    private readonly tickets: TicketsService,
    private readonly health: HealthService,
  ) {}

  @MessagePattern(P.requestsCreate)
  createRequest(@RpcRequest(P.requestsCreate) input: In<'requestsCreate'>): Out<'requestsCreate'> {
    return this.requests.create(input);
  }

  @MessagePattern(P.requestsList)
  listRequests(@RpcRequest(P.requestsList) { page, limit, status }: In<'requestsList'>): Out<'requestsList'> {
    return this.requests.list({ page, limit, status });
  }

  @MessagePattern(P.requestsUpdateStatus)
  updateRequestStatus(@RpcRequest(P.requestsUpdateStatus) { requestId, newStatus, actor }: In<'requestsUpdateStatus'>): Out<'requestsUpdateStatus'> {
    return this.requests.updateStatus(requestId, newStatus, actor);
  }

  @MessagePattern(P.ticketsCreate)
  createTicket(@RpcRequest(P.ticketsCreate) input: In<'ticketsCreate'>): Out<'ticketsCreate'> {
    return this.tickets.create(input);
  }

  @MessagePattern(P.ticketsList)
  listTickets(@RpcRequest(P.ticketsList) { page, limit, status }: In<'ticketsList'>): Out<'ticketsList'> {
    return this.tickets.list({ page, limit, status });
  }

  @MessagePattern(P.ticketsUpdateStatus)
  updateTicketStatus(@RpcRequest(P.ticketsUpdateStatus) { ticketId, newStatus, actor }: In<'ticketsUpdateStatus'>): Out<'ticketsUpdateStatus'> {
    return this.tickets.updateStatus(ticketId, newStatus, actor);
  }

  @MessagePattern(P.stats)
  async stats(): Out<'stats'> {
    const [searchingCount, pendingCount] = await Promise.all([this.requests.searchingCount(), this.tickets.pendingCount()]);
    return { searchingCount, pendingCount };
  }

  @MessagePattern(P.health)
  check(): Out<'health'> {
    return this.health.check();
  }
}
