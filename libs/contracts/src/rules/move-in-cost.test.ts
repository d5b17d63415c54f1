import {
  LIMITS,
  MESSAGES,
  MESSAGES_FR,
  moveInCost,
  nestFormFields,
  parseOrErrors,
  PAYMENT_TERMS,
  propertyEditSchema,
  propertyPostSchema,
  translateText,
} from '../index.js';

describe('the cost of moving in', () => {
  it('monthly: the advance is whole months of the rent and covers the first month', () => {
    expect(moveInCost({ price: 35_000, paymentTerm: 'monthly', caution: 70_000, advanceMonths: 6 })).toEqual({
      paymentTerm: 'monthly',
      rent: 35_000,
      caution: 70_000,
      advanceMonths: 6,
      advance: 210_000,
      // 6 months of rent (the first month among them) and the caution; not 7 months.
      total: 280_000,
    });
  });

  it('daily: a month is 30 days of the daily price', () => {
    expect(moveInCost({ price: 5_000, paymentTerm: 'daily', caution: 10_000, advanceMonths: 2 })).toEqual({
      paymentTerm: 'daily',
      rent: 5_000,
      caution: 10_000,
      advanceMonths: 2,
      advance: 300_000,
      total: 310_000,
    });
  });

  it('quarterly: a month is a third of the quarter, and 3 months are exactly the quarter', () => {
    const cost = moveInCost({ price: 150_000, paymentTerm: 'quarterly', caution: 50_000, advanceMonths: 6 });
    expect(cost).toMatchObject({ rent: 150_000, advance: 300_000, total: 350_000 });
    expect(moveInCost({ price: 100_000, paymentTerm: 'quarterly', advanceMonths: 3 }).advance).toBe(100_000);
  });

  it('yearly: a short advance is covered by the year, which is still due in full', () => {
    const cost = moveInCost({ price: 600_000, paymentTerm: 'yearly', caution: 100_000, advanceMonths: 3 });
    expect(cost).toMatchObject({ rent: 600_000, advance: 150_000, total: 700_000 });
    // Two years ahead: the advance is larger than one year's rent.
    expect(moveInCost({ price: 600_000, paymentTerm: 'yearly', caution: 100_000, advanceMonths: 24 })).toMatchObject({
      advance: 1_200_000,
      total: 1_300_000,
    });
  });

  it('with no advance, every term asks one period of rent and the caution', () => {
    for (const paymentTerm of PAYMENT_TERMS) {
      expect(moveInCost({ price: 40_000, paymentTerm, caution: 80_000, advanceMonths: 0 })).toMatchObject({
        rent: 40_000,
        advance: 0,
        total: 120_000,
      });
    }
  });

  it('24 months, the most an owner may ask, for every term', () => {
    expect(LIMITS.property.advanceMonthsMax).toBe(24);
    const advance = Object.fromEntries(
      PAYMENT_TERMS.map((paymentTerm) => [paymentTerm, moveInCost({ price: 120_000, paymentTerm, advanceMonths: 24 }).advance]),
    );
    expect(advance).toEqual({ daily: 86_400_000, monthly: 2_880_000, quarterly: 960_000, yearly: 240_000 });
  });

  it('rounds the whole advance to the franc once, halves up', () => {
    // 100,000 a year is 8,333.33 a month: 1 month is 8,333, but 5 months are 41,667 (not 5 × 8,333).
    expect(moveInCost({ price: 100_000, paymentTerm: 'yearly', advanceMonths: 1 }).advance).toBe(8_333);
    expect(moveInCost({ price: 100_000, paymentTerm: 'yearly', advanceMonths: 5 }).advance).toBe(41_667);
    // 12 months of a yearly rent are the yearly rent, to the franc.
    expect(moveInCost({ price: 100_001, paymentTerm: 'yearly', advanceMonths: 12 }).advance).toBe(100_001);
    // 100,000 a quarter is 33,333.33 a month.
    expect(moveInCost({ price: 100_000, paymentTerm: 'quarterly', advanceMonths: 1 }).advance).toBe(33_333);
    expect(moveInCost({ price: 100_000, paymentTerm: 'quarterly', advanceMonths: 2 }).advance).toBe(66_667);
    // 6 francs a year for one month is half a franc: rounded up.
    expect(moveInCost({ price: 6, paymentTerm: 'yearly', advanceMonths: 1 }).advance).toBe(1);
  });

  it('a caution or advance left out counts as none; nothing makes a total that is not a number', () => {
    expect(moveInCost({ price: 50_000, paymentTerm: 'monthly' })).toMatchObject({ caution: 0, advanceMonths: 0, advance: 0, total: 50_000 });
    expect(moveInCost({ price: Number.NaN, paymentTerm: 'monthly', caution: null, advanceMonths: null })).toMatchObject({
      rent: 0,
      total: 0,
    });
    // A half-typed wizard field never shows more than the limit allows.
    expect(moveInCost({ price: 1_000, paymentTerm: 'monthly', advanceMonths: 99 }).advanceMonths).toBe(24);
  });
});

describe('the months of advance an owner states', () => {
  const post = (advanceMonths?: string) =>
    parseOrErrors(
      propertyPostSchema,
      nestFormFields({
        category: 'residential',
        propertyType: 'studio',
        title: 'Studio in Molyko',
        description: 'Tiled, water in the compound',
        paymentTerm: 'monthly',
        price: '35000',
        caution: '70000',
        ...(advanceMonths === undefined ? {} : { advanceMonths }),
        'location[town]': 'Buea',
        'location[neighbourhood]': 'Molyko',
        'specifications[bedrooms]': '1',
        'specifications[toilets]': '1',
        'specifications[size]': '20',
      }),
    );

  it('are whole months from 0 to 24; left out or blank, none is stated (listings stores 0)', () => {
    for (const missing of [post(), post(''), post('  ')]) {
      expect(missing.ok).toBe(true);
      expect(missing.ok && missing.data.advanceMonths).toBeUndefined();
    }
    expect(post('0')).toMatchObject({ ok: true, data: { advanceMonths: 0 } });
    expect(post(' 6 ')).toMatchObject({ ok: true, data: { advanceMonths: 6 } });
    expect(post('24')).toMatchObject({ ok: true, data: { advanceMonths: 24 } });
  });

  it.each(['25', '-1', '2.5', 'six'])('refuses %s, naming the field', (value) => {
    expect(post(value)).toEqual({
      ok: false,
      message: MESSAGES.property.advanceMonthsInvalid,
      errors: [`advanceMonths: ${MESSAGES.property.advanceMonthsInvalid}`],
    });
  });

  it('the refusal reads in French for a French reader', () => {
    expect(translateText(MESSAGES.property.advanceMonthsInvalid, 'fr')).toBe(MESSAGES_FR.property.advanceMonthsInvalid);
    expect(MESSAGES_FR.property.advanceMonthsInvalid).toBe('Les mois d\u2019avance doivent être un nombre entier de 0 à 24');
  });

  it('an admin may change them alone, within the same bounds', () => {
    expect(parseOrErrors(propertyEditSchema, { advanceMonths: '3' })).toEqual({ ok: true, data: { advanceMonths: 3 } });
    expect(parseOrErrors(propertyEditSchema, { advanceMonths: 25 })).toMatchObject({
      ok: false,
      errors: [`advanceMonths: ${MESSAGES.property.advanceMonthsInvalid}`],
    });
  });
});
