import { listingChecksOf } from './listing-checks.js';

describe('what a renter is told was checked', () => {
  const checkedAt = new Date('2026-11-20T10:00:00Z');

  it('says nothing was checked for an owner with nothing proven, or one not known yet', () => {
    const nothing = { numberConfirmed: false, identityChecked: false, control: null };
    expect(listingChecksOf({ controlKind: null }, { provenWhatsapp: null, identityCheckedAt: null })).toEqual(nothing);
    expect(listingChecksOf({ controlKind: null }, null)).toEqual(nothing);
    expect(listingChecksOf({ controlKind: null }, undefined)).toEqual(nothing);
  });

  it('confirms the number once one was proven, and the identity once staff checked it', () => {
    expect(listingChecksOf({ controlKind: null }, { provenWhatsapp: '677001122', identityCheckedAt: null })).toEqual({
      numberConfirmed: true,
      identityChecked: false,
      control: null,
    });
    expect(listingChecksOf({ controlKind: null }, { provenWhatsapp: null, identityCheckedAt: checkedAt })).toEqual({
      numberConfirmed: false,
      identityChecked: true,
      control: null,
    });
  });

  it("tells how the property's control was checked, the owner's papers or a caretaker's mandate", () => {
    const owner = { provenWhatsapp: '677001122', identityCheckedAt: checkedAt.toISOString() };
    expect(listingChecksOf({ controlKind: 'owner' }, owner)).toEqual({ numberConfirmed: true, identityChecked: true, control: 'owner' });
    expect(listingChecksOf({ controlKind: 'caretaker' }, owner).control).toBe('caretaker');
    // A value listings never writes is no check at all.
    expect(listingChecksOf({ controlKind: 'landlord' }, owner).control).toBeNull();
  });
});
