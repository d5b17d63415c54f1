// The bounds of our integer columns and the columns a property's specifications go to. The
// messages themselves are checked at the door with their contracts (RPC_REQUESTS in @mboa/contracts).
import { MESSAGES, type PropertyPostInput } from '@mboa/contracts';
import { fail } from '@mboa/platform';

/** PostgreSQL `integer` columns: prices and counts beyond them are bad input, not a server fault. */
const MAX_PRICE = 2_000_000_000;
const MAX_SPEC = 1_000_000;

export interface SpecificationColumns {
  bedrooms: number | null;
  toilets: number | null;
  kitchens: number | null;
  livingRooms: number | null;
  size: number | null;
  distanceFromRoad: number | null;
  sections: number | null;
}

export function checkNumberBounds(input: {
  price?: number;
  caution?: number;
  specifications?: Partial<Record<keyof SpecificationColumns, number | undefined>>;
}): void {
  const errors: string[] = [];
  if ((input.price ?? 0) > MAX_PRICE) errors.push(`price: ${MESSAGES.common.numberTooLarge}`);
  if ((input.caution ?? 0) > MAX_PRICE) errors.push(`caution: ${MESSAGES.common.numberTooLarge}`);
  for (const [key, value] of Object.entries(input.specifications ?? {})) {
    if (typeof value === 'number' && value > MAX_SPEC) errors.push(`specifications.${key}: ${MESSAGES.common.numberTooLarge}`);
  }
  if (errors.length) throw fail.badRequest(MESSAGES.common.numberTooLarge, errors);
}

/** Specification values as stored: whole numbers except the size (step 0.1). */
export function specificationColumns(spec: PropertyPostInput['specifications'] | undefined): SpecificationColumns {
  const whole = (v: number | undefined) => (v === undefined ? null : Math.round(v));
  return {
    bedrooms: whole(spec?.bedrooms),
    toilets: whole(spec?.toilets),
    kitchens: whole(spec?.kitchens),
    livingRooms: whole(spec?.livingRooms),
    size: spec?.size === undefined ? null : Math.round(spec.size * 10) / 10,
    distanceFromRoad: whole(spec?.distanceFromRoad),
    sections: whole(spec?.sections),
  };
}
