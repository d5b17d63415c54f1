import { Injectable } from '@nestjs/common';
import type {
  Actor,
  AuditEntry,
  PropertyDeletedPayload,
  PropertyReportsResolvedPayload,
  PropertyReviewedPayload,
  PropertyStatusChangedPayload,
  PropertyUpdatedPayload,
  UserEventPayload,
  VerificationDecidedPayload,
} from '@mboa/contracts';
import type { EventEnvelope, SqlExecutor } from '@mboa/platform';
import type { AuditEntry as AuditRow } from '../generated/prisma/client.js';
import { ModerationDb } from '../db.js';
import { resolutionSummary } from '../rules/reports.js';

type Target = AuditEntry['targetType'];
type Entry = { actor: Actor; action: string; targetType: Target; targetId: string; summary: string };

const USER_VERBS: Record<string, string> = {
  'user.verified': 'Verified',
  'user.banned': 'Banned',
  'user.unbanned': 'Unbanned',
  'user.updated': 'Edited',
  'user.second-factor-reset': 'Reset the second factor of',
};

/**
 * The staff audit trail: who did what to which user, property, request or ticket, and when.
 * Built from the events the owning services record with their `actor`, so an action is in the
 * trail exactly when it happened; only admins' actions are kept.
 */
@Injectable()
export class AuditTrail {
  constructor(private readonly db: ModerationDb) {}

  describe(event: EventEnvelope<unknown>): Entry | null {
    const type = event.type;
    if (type.startsWith('user.')) {
      const p = event.payload as UserEventPayload;
      const verb = USER_VERBS[type];
      if (!verb || !p.actor) return null;
      return { actor: p.actor, action: type, targetType: 'user', targetId: p.user.id, summary: `${verb} user ${p.user.name}` };
    }
    if (type === 'property.approved' || type === 'property.rejected') {
      const p = event.payload as PropertyReviewedPayload;
      if (!p.actor) return null;
      const verb = type === 'property.approved' ? 'Approved' : `Rejected (“${p.feedback}”)`;
      return { actor: p.actor, action: type, targetType: 'property', targetId: p.propertyId, summary: `${verb} property ${p.propertyId}` };
    }
    if (type === 'property.status-changed') {
      const p = event.payload as PropertyStatusChangedPayload;
      if (!p.actor) return null;
      return { actor: p.actor, action: type, targetType: 'property', targetId: p.propertyId, summary: `Changed property status from ${p.from} to ${p.to}` };
    }
    if (type === 'property.updated') {
      const p = event.payload as PropertyUpdatedPayload;
      if (!p.actor) return null;
      const fields = p.fields?.length ? ` (${p.fields.join(', ')})` : '';
      return { actor: p.actor, action: type, targetType: 'property', targetId: p.property.id, summary: `Edited property “${p.property.title}”${fields}` };
    }
    if (type === 'property.deleted') {
      const p = event.payload as PropertyDeletedPayload;
      if (!p.actor) return null;
      return { actor: p.actor, action: type, targetType: 'property', targetId: p.propertyId, summary: 'Deleted a property' };
    }
    if (type === 'property.reports-resolved') {
      const p = event.payload as PropertyReportsResolvedPayload;
      return { actor: p.actor, action: type, targetType: 'property', targetId: p.propertyId, summary: resolutionSummary(p.resolution, p.closed, p.propertyId) };
    }
    if (type === 'verification.decided') {
      const p = event.payload as VerificationDecidedPayload;
      const verb = p.outcome === 'approved' ? 'Approved' : `Refused (${p.reason ?? 'other'})`;
      return { actor: p.actor, action: type, targetType: 'verification', targetId: p.requestId, summary: `${verb} the ${p.kind} request of owner ${p.ownerId}` };
    }
    if (type === 'property.created') {
      const p = event.payload as { property: { id: string; title: string; ownerId: string }; actor?: Actor };
      if (!p.actor || p.actor.userId === p.property.ownerId) return null;
      return { actor: p.actor, action: type, targetType: 'property', targetId: p.property.id, summary: `Posted “${p.property.title}” on behalf of an owner` };
    }
    const support = event.payload as { actor?: Actor; id?: string; requestId?: string; ticketId?: string; from?: string; to?: string };
    if ((type === 'request.status-changed' || type === 'ticket.status-changed') && support.actor) {
      const targetType: Target = type.startsWith('request') ? 'request' : 'ticket';
      const targetId = support.requestId ?? support.ticketId ?? support.id ?? '';
      return { actor: support.actor, action: type, targetType, targetId, summary: `Moved ${targetType} from ${support.from} to ${support.to}` };
    }
    return null;
  }

  /** Records the entry an event describes, once (the event id is unique in the trail). */
  async record(event: EventEnvelope<unknown>, tx: SqlExecutor): Promise<void> {
    const entry = this.describe(event);
    if (!entry || entry.actor.role !== 'admin') return;
    await tx.$executeRawUnsafe(
      `INSERT INTO "moderation"."audit_entries" (id, source_id, actor_id, actor_name, action, target_type, target_id, summary, created_at)
       VALUES (gen_random_uuid(), $1, $2, $3, $4, $5, $6, $7, ($8::timestamptz AT TIME ZONE 'UTC'))
       ON CONFLICT (source_id) DO NOTHING`,
      event.id,
      entry.actor.userId,
      entry.actor.name ?? null,
      entry.action,
      entry.targetType,
      entry.targetId,
      entry.summary,
      event.occurredAt,
    );
  }

  async latest(limit = 10): Promise<AuditEntry[]> {
    const rows = await this.db.auditEntry.findMany({ orderBy: [{ createdAt: 'desc' }, { id: 'asc' }], take: Math.min(Math.max(limit, 1), 50) });
    return rows.map(toEntry);
  }
}

function toEntry(row: AuditRow): AuditEntry {
  return {
    id: row.id,
    actorId: row.actorId,
    actorName: row.actorName,
    action: row.action,
    targetType: row.targetType as Target,
    targetId: row.targetId,
    summary: row.summary,
    createdAt: row.createdAt.toISOString(),
  };
}

