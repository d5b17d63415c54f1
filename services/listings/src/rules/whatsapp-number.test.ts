import { contactNumberOf, hasProvenNumber } from './whatsapp-number.js';

const provenAt = new Date('2026-11-20T10:00:00Z');

describe('the number listings hands out', () => {
  test('is the proven one, even after the account changed its number and has not proven the new one', () => {
    expect(contactNumberOf({ whatsapp: '677000002', provenWhatsapp: '677000001' })).toBe('677000001');
  });

  test("is the account's number for someone who never proved one: renters still reach them", () => {
    expect(contactNumberOf({ whatsapp: '677000002', provenWhatsapp: null })).toBe('677000002');
  });
});

describe('a proven number', () => {
  test('is the current number with a proof date', () => {
    expect(hasProvenNumber({ whatsapp: '677000001', provenWhatsapp: '677000001', whatsappProvenAt: provenAt })).toBe(true);
  });

  test('is not a changed number still waiting for its code, nor a number never proven, nor someone unknown', () => {
    expect(hasProvenNumber({ whatsapp: '677000002', provenWhatsapp: '677000001', whatsappProvenAt: null })).toBe(false);
    expect(hasProvenNumber({ whatsapp: '677000001', provenWhatsapp: null, whatsappProvenAt: null })).toBe(false);
    expect(hasProvenNumber({ whatsapp: '677000002', provenWhatsapp: '677000001', whatsappProvenAt: provenAt })).toBe(false);
    expect(hasProvenNumber(null)).toBe(false);
  });
});
