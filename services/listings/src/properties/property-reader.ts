import { Injectable } from '@nestjs/common';
import { isUuid, MESSAGES, type PropertyRead } from '@mboa/contracts';
import { fail } from '@mboa/platform';
import { ListingsDb, type ListingsTx } from '../db.js';
import { OwnersService } from '../owners/owners.service.js';
import { toPropertyRead, type PropertyWithImages } from './property-view.js';

export const propertyNotFound = () => fail.notFound(MESSAGES.property.notFound);

/** Loads properties (never deleted ones) and turns them into the read shape with their authors. */
@Injectable()
export class PropertyReader {
  constructor(
    private readonly db: ListingsDb,
    private readonly owners: OwnersService,
  ) {}

  /** A live (not deleted) property with its images, or null; a malformed id is simply unknown. */
  async load(id: unknown, tx?: ListingsTx): Promise<PropertyWithImages | null> {
    if (!isUuid(id)) return null;
    return (tx ?? this.db).property.findFirst({
      where: { id, deletedAt: null },
      include: { images: { orderBy: { position: 'asc' } } },
    });
  }

  async read(property: PropertyWithImages, extra: { contactCount?: number } = {}): Promise<PropertyRead> {
    return toPropertyRead(property, await this.owners.find(property.ownerId), extra);
  }

  async readMany(properties: PropertyWithImages[], contactCounts?: Map<string, number>): Promise<PropertyRead[]> {
    const owners = await this.owners.findMany(properties.map((p) => p.ownerId));
    return properties.map((p) =>
      toPropertyRead(p, owners.get(p.ownerId), contactCounts ? { contactCount: contactCounts.get(p.id) ?? 0 } : {}),
    );
  }

  /** Bookings received per property. */
  async contactCounts(ids: readonly string[]): Promise<Map<string, number>> {
    if (ids.length === 0) return new Map();
    const groups = await this.db.booking.groupBy({ by: ['propertyId'], where: { propertyId: { in: [...ids] } }, _count: { _all: true } });
    return new Map(groups.map((g) => [g.propertyId!, g._count._all]));
  }
}
