import type { z } from 'zod';
import { isEventType, type EventPayloads, type EventType } from './events.js';
import {
  bookingCreatedPayloadSchema,
  passwordChangedPayloadSchema,
  passwordResetRequestedPayloadSchema,
  propertyApprovedPayloadSchema,
  propertyCreatedPayloadSchema,
  propertyDeletedPayloadSchema,
  propertyHeldPayloadSchema,
  propertyPhotosRefusedPayloadSchema,
  propertyPublishedPayloadSchema,
  propertyRejectedPayloadSchema,
  propertyReportsResolvedPayloadSchema,
  propertyStatusChangedPayloadSchema,
  propertyUpdatedPayloadSchema,
  requestStatusChangedPayloadSchema,
  ticketStatusChangedPayloadSchema,
  userBannedPayloadSchema,
  userEventPayloadSchema,
  verificationDecidedPayloadSchema,
} from './event-schemas.js';

/**
 * An event type's contract (docs/services.md#event-contracts): the current version and schema of
 * its payload, and the upgraders that bring a payload recorded in an older version to the next
 * one (`upgrades[n]` reads version n and returns version n + 1). Events stored before versions
 * existed carry none and are read as version 1.
 */
export interface EventContract<T> {
  version: number;
  schema: z.ZodType<T>;
  upgrades?: Readonly<Record<number, (payload: Record<string, unknown>) => Record<string, unknown>>>;
}

/** Read when an envelope carries no version: every event recorded before versions existed. */
export const FIRST_EVENT_VERSION = 1;

export const EVENT_CONTRACTS: { readonly [T in EventType]: EventContract<EventPayloads[T]> } = {
  'user.registered': { version: 1, schema: userEventPayloadSchema },
  'user.updated': { version: 1, schema: userEventPayloadSchema },
  'user.verified': { version: 1, schema: userEventPayloadSchema },
  'user.banned': { version: 1, schema: userBannedPayloadSchema },
  'user.unbanned': { version: 1, schema: userEventPayloadSchema },
  'user.second-factor-reset': { version: 1, schema: userEventPayloadSchema },
  'property.created': { version: 1, schema: propertyCreatedPayloadSchema },
  'property.updated': { version: 1, schema: propertyUpdatedPayloadSchema },
  'property.status-changed': { version: 1, schema: propertyStatusChangedPayloadSchema },
  'property.deleted': { version: 1, schema: propertyDeletedPayloadSchema },
  'property.photos-refused': { version: 1, schema: propertyPhotosRefusedPayloadSchema },
  'property.approved': { version: 1, schema: propertyApprovedPayloadSchema },
  'property.rejected': { version: 1, schema: propertyRejectedPayloadSchema },
  'booking.created': { version: 1, schema: bookingCreatedPayloadSchema },
  'request.status-changed': { version: 1, schema: requestStatusChangedPayloadSchema },
  'ticket.status-changed': { version: 1, schema: ticketStatusChangedPayloadSchema },
  'password-reset.requested': {
    version: 2,
    schema: passwordResetRequestedPayloadSchema,
    upgrades: {
      // Version 1 was `{ email }`: codes were not yet bound to the asking browser. Such a request
      // can never be verified now, so it upgrades to an empty request hash, which no browser has
      // (auth's mail consumer skips it). Unversioned events recorded after the hash was added
      // already carry it and keep it.
      1: (v1) => ({ ...v1, requestHash: typeof v1.requestHash === 'string' ? v1.requestHash : '' }),
    },
  },
  'password.changed': { version: 1, schema: passwordChangedPayloadSchema },
  'property.held': { version: 1, schema: propertyHeldPayloadSchema },
  'property.reports-resolved': { version: 1, schema: propertyReportsResolvedPayloadSchema },
  'property.published': { version: 1, schema: propertyPublishedPayloadSchema },
  'verification.decided': { version: 1, schema: verificationDecidedPayloadSchema },
};

/** The version a producer records `type` in today; undefined for a type that is none of ours. */
export function currentEventVersion(type: string): number | undefined {
  return isEventType(type) ? EVENT_CONTRACTS[type].version : undefined;
}

/**
 * Why a payload cannot be read. `retryable`: the event is newer than this build (a rolling
 * upgrade: a newer consumer will read it), so it is worth delivering again; otherwise the payload
 * is wrong and never will be right.
 */
export class EventContractError extends Error {
  constructor(
    message: string,
    readonly retryable: boolean,
  ) {
    super(message);
    this.name = 'EventContractError';
  }
}

/**
 * Checks a payload a producer is about to record against the current schema; throws an
 * EventContractError naming the first problems. Types that are none of ours pass unchecked.
 */
export function checkEventPayload(type: string, payload: unknown): void {
  if (!isEventType(type)) return;
  const result = EVENT_CONTRACTS[type].schema.safeParse(payload);
  if (!result.success) throw new EventContractError(`"${type}" payload does not match its schema: ${problems(result.error)}`, false);
}

/**
 * A consumed payload in the current shape: upgraded from `version` (missing: version 1) through
 * each upgrader, then checked against the current schema. Types that are none of ours pass as
 * they are. Throws an EventContractError.
 */
export function readEventPayload(type: string, version: number | undefined, payload: unknown): unknown {
  if (!isEventType(type)) return payload;
  const contract: EventContract<unknown> = EVENT_CONTRACTS[type];
  const from = version ?? FIRST_EVENT_VERSION;
  if (!Number.isInteger(from) || from < FIRST_EVENT_VERSION) throw new EventContractError(`"${type}" has no version ${String(version)}`, false);
  if (from > contract.version) {
    throw new EventContractError(`"${type}" version ${from} is newer than this build reads (version ${contract.version})`, true);
  }
  let value = payload;
  for (let v = from; v < contract.version; v++) {
    const upgrade = contract.upgrades?.[v];
    if (!upgrade) throw new EventContractError(`"${type}" has no upgrader from version ${v}`, false);
    if (!isRecord(value)) throw new EventContractError(`"${type}" version ${v} payload is not an object`, false);
    value = upgrade(value);
  }
  const result = contract.schema.safeParse(value);
  if (!result.success) throw new EventContractError(`"${type}" payload does not match its schema: ${problems(result.error)}`, false);
  return result.data;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function problems(error: z.ZodError): string {
  return error.issues
    .slice(0, 5)
    .map((issue) => `${issue.path.join('.') || '(payload)'}: ${issue.message}`)
    .join('; ');
}
