import { Injectable } from '@nestjs/common';
import { isUuid, type PropertyHeldPayload, type PropertyReportsResolvedPayload } from '@mboa/contracts';
import type { ListingsTx } from '../db.js';

/**
 * Applies moderation's report holds: `property.held` keeps a listing out of search and details for
 * the public (the visibility rule reads `held_at`), `property.reports-resolved` ends the hold. The
 * hold's own time orders them, so a late or repeated event never undoes a newer one.
 */
@Injectable()
export class HoldsService {
  async hold(tx: ListingsTx, event: PropertyHeldPayload): Promise<'applied' | 'stale' | 'unknown'> {
    return this.change(tx, event.propertyId, event.heldAt, true);
  }

  async release(tx: ListingsTx, event: PropertyReportsResolvedPayload): Promise<'applied' | 'stale' | 'unknown'> {
    return this.change(tx, event.propertyId, event.resolvedAt, false);
  }

  private async change(tx: ListingsTx, propertyId: string, at: string, held: boolean): Promise<'applied' | 'stale' | 'unknown'> {
    if (!isUuid(propertyId)) return 'unknown';
    const [current] = await tx.$queryRaw<{ hold_changed_at: Date | null; held_at: Date | null }[]>`
      SELECT hold_changed_at, held_at FROM "listings"."properties" WHERE id = ${propertyId}::uuid AND deleted_at IS NULL FOR UPDATE`;
    if (!current) return 'unknown';
    const parsed = new Date(at);
    const when = Number.isNaN(parsed.getTime()) ? new Date() : parsed;
    if (current.hold_changed_at && current.hold_changed_at > when) return 'stale';
    // A resolution of a listing listings never saw held: nothing visible changes (no new version),
    // but its time is kept so a `property.held` arriving late cannot hide the listing again.
    if (!held && !current.held_at) {
      await tx.property.update({ where: { id: propertyId }, data: { holdChangedAt: when } });
      return 'applied';
    }
    await tx.property.update({
      where: { id: propertyId },
      data: { heldAt: held ? when : null, holdChangedAt: when, version: { increment: 1 } },
    });
    return 'applied';
  }
}
