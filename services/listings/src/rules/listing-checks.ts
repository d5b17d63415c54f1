// What a renter is told was checked about a listing (docs/api.md#what-was-checked): the one place
// it is worked out, for details, cards, favourites and similar listings alike.
import { CONTROL_KINDS, type ControlKind, type ListingChecks } from '@mboa/contracts';

/** What the owners projection knows of the person who answers for a listing (its owner account). */
export interface CheckedPerson {
  /** The number a code proved; the listing's WhatsApp button shows it (rules/whatsapp-number.ts). */
  provenWhatsapp: string | null;
  identityCheckedAt: Date | string | null;
}

/** What the listing itself holds. */
export interface CheckedProperty {
  controlKind: string | null;
}

function controlKindOf(value: string | null): ControlKind | null {
  return (CONTROL_KINDS as readonly string[]).includes(value ?? '') ? (value as ControlKind) : null;
}

/**
 * The checks of a listing: the number on its button was proven, staff checked its owner's identity,
 * and how staff checked that this person controls this property. An owner the projection does not
 * know yet has nothing checked.
 */
export function listingChecksOf(property: CheckedProperty, owner: CheckedPerson | null | undefined): ListingChecks {
  return {
    numberConfirmed: owner?.provenWhatsapp != null,
    identityChecked: owner?.identityCheckedAt != null,
    control: controlKindOf(property.controlKind),
  };
}
