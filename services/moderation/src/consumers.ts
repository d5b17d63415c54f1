import { Inject, Injectable } from '@nestjs/common';
import { EVENT_TYPES, type EventPayloads } from '@mboa/contracts';
import { EventConsumer, EventConsumerHost, type ConsumerBase, type EventEnvelope, type EventContext } from '@mboa/platform';
import { AuditTrail } from './audit/audit-trail.js';
import { MODERATION_CONFIG, type ModerationConfig } from './config.js';
import { ModerationDb } from './db.js';
import { HeldMail } from './reports/held-mail.js';
import { OwnerMail } from './reviews/owner-mail.js';
import { VerificationMail } from './verification/verification-mail.js';

const AUDITED_PROPERTY_EVENTS = [
  EVENT_TYPES.propertyApproved,
  EVENT_TYPES.propertyRejected,
  EVENT_TYPES.propertyStatusChanged,
  EVENT_TYPES.propertyUpdated,
  EVENT_TYPES.propertyDeleted,
  EVENT_TYPES.propertyCreated,
];
const AUDITED_USER_EVENTS = [
  EVENT_TYPES.userVerified,
  EVENT_TYPES.userBanned,
  EVENT_TYPES.userUnbanned,
  EVENT_TYPES.userUpdated,
  EVENT_TYPES.userSecondFactorReset,
];
const AUDITED_SUPPORT_EVENTS = ['request.status-changed', 'ticket.status-changed'];

/** The durable consumers of this service: the audit trail, the owners' decision mail, their report-hold mail and their documents' decision mail. */
@Injectable()
export class ModerationConsumers extends EventConsumerHost {
  constructor(
    @Inject(MODERATION_CONFIG) private readonly config: ModerationConfig,
    private readonly db: ModerationDb,
    private readonly audit: AuditTrail,
    private readonly mail: OwnerMail,
    private readonly heldMail: HeldMail,
    private readonly verificationMail: VerificationMail,
  ) {
    super(config, 'moderation');
  }

  protected consumers(host: ConsumerBase) {
    const base = { ...host, db: { client: this.db as never, schema: this.config.dbSchema } };
    const record = (event: EventEnvelope<unknown>, ctx: EventContext) => this.audit.record(event, ctx.tx!);

    const users = new EventConsumer({ ...base, name: 'audit-users' });
    for (const type of AUDITED_USER_EVENTS) users.on(type, record);
    const properties = new EventConsumer({ ...base, name: 'audit-properties' });
    for (const type of AUDITED_PROPERTY_EVENTS) properties.on(type, record);
    const mail = new EventConsumer<EventPayloads>({ ...base, name: 'owner-mail' })
      .on(EVENT_TYPES.propertyApproved, (e, ctx) => this.mail.notify(e, ctx.tx!))
      .on(EVENT_TYPES.propertyRejected, (e, ctx) => this.mail.notify(e, ctx.tx!));
    const requests = new EventConsumer({ ...base, name: 'audit-requests' }).on(AUDITED_SUPPORT_EVENTS[0], record);
    const tickets = new EventConsumer({ ...base, name: 'audit-tickets' }).on(AUDITED_SUPPORT_EVENTS[1], record);
    // Its own events, like the decisions above: staff closing reports, and the mail of a hold.
    const reports = new EventConsumer({ ...base, name: 'audit-reports' }).on(EVENT_TYPES.propertyReportsResolved, record);
    const reportMail = new EventConsumer<EventPayloads>({ ...base, name: 'report-mail' }).on(EVENT_TYPES.propertyHeld, (e, ctx) =>
      this.heldMail.notify(e, ctx.tx!),
    );
    // Staff's decisions on identity and control documents: the trail, and the owner's mail.
    const verification = new EventConsumer({ ...base, name: 'audit-verification' }).on(EVENT_TYPES.verificationDecided, record);
    const verificationMail = new EventConsumer<EventPayloads>({ ...base, name: 'verification-mail' }).on(EVENT_TYPES.verificationDecided, (e, ctx) =>
      this.verificationMail.notify(e, ctx.tx!),
    );
    return [users, properties, mail, requests, tickets, reports, reportMail, verification, verificationMail];
  }
}
