import { Injectable, Logger, type BeforeApplicationShutdown, type OnApplicationBootstrap } from '@nestjs/common';
import { EVENT_TYPES, type PropertyReviewedPayload } from '@mboa/contracts';
import { EventConsumer, type EventEnvelope, type SqlClient } from '@mboa/platform';
import { AuditTrail } from './audit/audit-trail.js';
import { ModerationBus } from './bus.js';
import { ModerationDb } from './db.js';
import { OwnerMail } from './reviews/owner-mail.js';

const AUDITED_PROPERTY_EVENTS = [
  EVENT_TYPES.propertyApproved,
  EVENT_TYPES.propertyRejected,
  EVENT_TYPES.propertyStatusChanged,
  EVENT_TYPES.propertyUpdated,
  EVENT_TYPES.propertyDeleted,
  EVENT_TYPES.propertyCreated,
];
const AUDITED_USER_EVENTS = [EVENT_TYPES.userVerified, EVENT_TYPES.userBanned, EVENT_TYPES.userUnbanned, EVENT_TYPES.userUpdated];
const AUDITED_SUPPORT_EVENTS = ['request.status-changed', 'ticket.status-changed'];

/** The durable consumers of this service: the audit trail and the owners' decision mail. */
@Injectable()
export class ModerationConsumers implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger('moderation-events');
  private consumers: EventConsumer[] = [];

  constructor(
    private readonly bus: ModerationBus,
    private readonly db: ModerationDb,
    private readonly audit: AuditTrail,
    private readonly mail: OwnerMail,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    const base = { nc: this.bus.nc, service: 'moderation', ...this.bus.events, db: { client: this.db as unknown as SqlClient, schema: 'moderation' } };
    const record = (event: EventEnvelope<unknown>, ctx: { tx?: unknown }) => this.audit.record(event, ctx.tx as any);

    const users = new EventConsumer({ ...base, name: 'audit-users' });
    for (const type of AUDITED_USER_EVENTS) users.on(type, record);
    const properties = new EventConsumer({ ...base, name: 'audit-properties' });
    for (const type of AUDITED_PROPERTY_EVENTS) properties.on(type, record);
    const mail = new EventConsumer({ ...base, name: 'owner-mail' })
      .on(EVENT_TYPES.propertyApproved, (e, ctx) => this.mail.notify(e as EventEnvelope<PropertyReviewedPayload>, ctx.tx as any))
      .on(EVENT_TYPES.propertyRejected, (e, ctx) => this.mail.notify(e as EventEnvelope<PropertyReviewedPayload>, ctx.tx as any));
    const requests = new EventConsumer({ ...base, name: 'audit-requests' }).on(AUDITED_SUPPORT_EVENTS[0]!, record);
    const tickets = new EventConsumer({ ...base, name: 'audit-tickets' }).on(AUDITED_SUPPORT_EVENTS[1]!, record);

    this.consumers = [users, properties, mail, requests, tickets];
    for (const consumer of this.consumers) await consumer.start();
    this.logger.log(`consuming ${this.consumers.map((c) => c.durable).join(', ')}`);
  }

  async beforeApplicationShutdown(): Promise<void> {
    await Promise.all(this.consumers.map((c) => c.stop()));
  }
}
