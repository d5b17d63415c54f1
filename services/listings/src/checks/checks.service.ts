import { Injectable } from '@nestjs/common';
import { CONTROL_DOCUMENT_TYPES, controlKindOf, isUuid, type ControlDocumentType, type VerificationDecidedPayload } from '@mboa/contracts';
import type { ListingsTx } from '../db.js';

function isControlDocument(type: string): type is ControlDocumentType {
  return (CONTROL_DOCUMENT_TYPES as readonly string[]).includes(type);
}

/** The properties and owner a decision changed; nothing for a refusal or an already newer check. */
export interface ChecksApplied {
  ownerId: string | null;
  propertyIds: string[];
}

const NOTHING: ChecksApplied = { ownerId: null, propertyIds: [] };

/**
 * Applies staff's identity and control decisions (`verification.decided`) to what renters are told
 * was checked (rules/listing-checks.ts): an approved identity marks the owner, an approved proof of
 * control marks each named property that is the owner's and not deleted. Refusals change nothing;
 * the decision's own time orders them, so a late or repeated event never undoes a newer one. Every
 * marked property gets a new version, so the search index rewrites its document.
 */
@Injectable()
export class ChecksService {
  async apply(tx: ListingsTx, event: VerificationDecidedPayload): Promise<ChecksApplied> {
    if (event.outcome !== 'approved' || !isUuid(event.ownerId)) return NOTHING;
    const parsed = new Date(event.decidedAt);
    const at = Number.isNaN(parsed.getTime()) ? new Date() : parsed;
    if (event.kind === 'identity') return this.identity(tx, event.ownerId, at);
    if (event.kind === 'control' && isControlDocument(event.documentType)) {
      return this.control(tx, event.ownerId, event.propertyIds.filter(isUuid), controlKindOf(event.documentType), at);
    }
    return NOTHING;
  }

  private async identity(tx: ListingsTx, ownerId: string, at: Date): Promise<ChecksApplied> {
    const [owner] = await tx.$queryRaw<{ identity_checked_at: Date | null }[]>`
      SELECT identity_checked_at FROM "listings"."owners" WHERE id = ${ownerId}::uuid FOR UPDATE`;
    // The owners projection has every account that ever posted; one it does not hold yet is retried
    // (JetStream redelivers) rather than lost.
    if (!owner) throw new Error(`owner ${ownerId} not in the projection yet`);
    if (owner.identity_checked_at && owner.identity_checked_at >= at) return NOTHING;
    await tx.owner.update({ where: { id: ownerId }, data: { identityCheckedAt: at } });
    if (owner.identity_checked_at) return { ownerId, propertyIds: [] };
    const bumped = await tx.$queryRaw<{ id: string }[]>`
      UPDATE "listings"."properties" SET version = version + 1, updated_at = now()
      WHERE owner_id = ${ownerId}::uuid AND deleted_at IS NULL RETURNING id::text AS id`;
    return { ownerId, propertyIds: bumped.map((r) => r.id) };
  }

  private async control(tx: ListingsTx, ownerId: string, ids: string[], kind: string, at: Date): Promise<ChecksApplied> {
    if (ids.length === 0) return NOTHING;
    // Only the owner's own live listings: a decision naming someone else's property marks nothing.
    const marked = await tx.$queryRaw<{ id: string }[]>`
      UPDATE "listings"."properties"
      SET control_checked_at = ${at}, control_kind = ${kind}, version = version + 1, updated_at = now()
      WHERE id = ANY(${ids}::uuid[]) AND owner_id = ${ownerId}::uuid AND deleted_at IS NULL
        AND (control_checked_at IS NULL OR control_checked_at < ${at})
      RETURNING id::text AS id`;
    return { ownerId, propertyIds: marked.map((r) => r.id) };
  }
}
