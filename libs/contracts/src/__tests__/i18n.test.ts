import {
  catalogueEntries,
  findCatalogueText,
  formatDate,
  formatNumber,
  formatPrice,
  formatPriceWithTerm,
  FUNCTION_TEXT_READERS,
  labelOf,
  LANGUAGES,
  MESSAGES,
  MESSAGES_FR,
  PRODUCT_LABELS,
  toLanguage,
  translateFieldError,
  translateText,
} from '../index.js';

const english = catalogueEntries(MESSAGES);
const french = catalogueEntries(MESSAGES_FR);

/** Sample arguments per function: strings that cannot occur by accident, numbers kept whole. */
const SAMPLE_ARGS: Record<string, unknown[]> = {
  'passwordReset.mailBody': ['493817'],
  'passwordReset.changedMailBody': ['27 November 2026 at 12:40'],
  'property.imageTooManyPixels': [50_000_000],
  'moderation.mailGreeting': ['Ngono Pauline'],
  'moderation.approvedMailBody': ['Studio moderne à Bonapriso', 'https://mboa.example/property-details/42'],
  'moderation.rejectedMailBody': ['Studio moderne à Bonapriso', 'Ajoutez une photo de la cuisine'],
  'report.heldMailBody': ['Studio moderne à Bonapriso', 'https://mboa.example/my-listings'],
  'freshness.reminderMailBody': ['Studio moderne à Bonapriso', 23, 'https://mboa.example/confirm-availability?token=Ab_c-9&lang=fr', 45, 7],
  'toast.propertyStatusUpdated': ['rented'],
  'page.breadcrumbTown': ['Garoua-Boulai'],
  'ui.showing': [13, 24, 317],
  'ui.pageOf': [3, 27],
  'whatsapp.greeting': ['Appartement meublé à Bastos'],
  'verification.controlApprovedMailBody': ['caretaker mandate', 3],
  'verification.rejectedMailBody': ['passport', 'The document has expired.', 'La photo du verso manque'],
  'whatsappProof.codeText': ['048213'],
};

const textOf = (key: string, value: unknown): string =>
  typeof value === 'function' ? (value as (...a: unknown[]) => string)(...(SAMPLE_ARGS[key] ?? [])) : String(value);

/** What a text carries that a translation must keep: numbers (limits, arguments) and emoji. */
const placeholders = (text: string): string[] =>
  [...(text.match(/\d+/g) ?? []), ...(text.match(/\p{Extended_Pictographic}/gu) ?? [])].sort();

describe('the two catalogues', () => {
  test('have the same keys, and every function the same number of arguments', () => {
    expect([...french.keys()].sort()).toEqual([...english.keys()].sort());
    for (const [key, value] of english) {
      const fr = french.get(key);
      expect({ key, type: typeof fr }).toEqual({ key, type: typeof value });
      if (typeof value === 'function' && typeof fr === 'function') expect({ key, arity: fr.length }).toEqual({ key, arity: value.length });
    }
  });

  test('no text is empty in either language', () => {
    for (const [key, value] of [...english, ...french]) expect({ key, empty: textOf(key, value).trim() === '' }).toEqual({ key, empty: false });
  });

  test('each French text keeps the numbers and emoji of its English one', () => {
    for (const [key, value] of english) {
      expect({ key, kept: placeholders(textOf(key, french.get(key))) }).toEqual({ key, kept: placeholders(textOf(key, value)) });
    }
  });

  test('a function keeps its string arguments in French too', () => {
    for (const [key, args] of Object.entries(SAMPLE_ARGS)) {
      const fr = textOf(key, french.get(key));
      for (const arg of args) if (typeof arg === 'string' && key !== 'toast.propertyStatusUpdated') expect(fr).toContain(arg);
    }
  });

  test('texts the product always showed stay byte for byte in English, quirks included', () => {
    expect(MESSAGES.toast.userStatusUpdated).toBe('User status updated  sucessfully');
    expect(MESSAGES.toast.propertyDeleted).toBe('property deleted Successfully');
    expect(MESSAGES.toast.propertyStatusUpdated('rented')).toBe('property status updated as rented sucessfully');
    expect(MESSAGES.auth.invalidCredentials).toBe('Invalid email or password.');
    expect(MESSAGES.request.success).toBe('\u2705 Your request has been submitted! We\u2019ll contact you on WhatsApp.');
  });

  test('French reads as French: accents, "vous", caution and FCFA words, no English left', () => {
    const all = [...french].map(([key, value]) => textOf(key, value));
    expect(all.some((t) => /é/.test(t))).toBe(true);
    expect(all.filter((t) => /(?<![\p{L}\u2019'])(tu|ton|ta|tes|toi)(?!\p{L})/iu.test(t))).toEqual([]);
    expect(MESSAGES_FR.property.neighbourhoodRequired).toBe('Le quartier est obligatoire');
    // A French text equal to its English one is a text nobody translated (brand names excepted).
    const untranslated = [...english]
      .filter(([key, value]) => textOf(key, value) === textOf(key, french.get(key)))
      .map(([key]) => key);
    expect(untranslated).toEqual(['moderation.mailSignature']);
  });

  test('keys that share an English text share their French text, so the edge can read a text back to one key', () => {
    const byText = new Map<string, string[]>();
    for (const [key, value] of english) if (typeof value === 'string') byText.set(value, [...(byText.get(value) ?? []), key]);
    for (const keys of byText.values()) {
      expect(new Set(keys.map((k) => french.get(k))).size).toBe(1);
    }
  });
});

describe('reading an English text back to its key (the gateway translates at the edge)', () => {
  test('every function has a reader that gives back its arguments', () => {
    const functions = [...english].filter(([, v]) => typeof v === 'function').map(([k]) => k);
    expect(Object.keys(FUNCTION_TEXT_READERS).sort()).toEqual(functions.sort());
    for (const key of functions) {
      expect(findCatalogueText(textOf(key, english.get(key)))).toEqual({ key, args: SAMPLE_ARGS[key] });
    }
  });

  test('every English text comes out French, and user text is never touched', () => {
    for (const [key, value] of english) expect(translateText(textOf(key, value), 'fr')).toBe(textOf(key, french.get(key)));
    expect(translateText('Invalid email or password.', 'en')).toBe('Invalid email or password.');
    expect(translateText('Login successful ', 'fr')).toBe('Login successful ');
    expect(translateText('My lovely studio', 'fr')).toBe('My lovely studio');
    expect(translateText('property status updated as rented sucessfully', 'fr')).toBe('Le statut de l\u2019annonce est maintenant « Loué »');
    expect(translateText('The image dimensions are too large (at most 50 megapixels).', 'fr')).toBe(
      'Les dimensions de la photo sont trop grandes (50 mégapixels au maximum).',
    );
  });

  test('a field error keeps its field (even a file name with ": ") and translates its text', () => {
    expect(translateFieldError('location.town: Town is required', 'fr')).toBe('location.town: La ville est obligatoire');
    expect(translateFieldError('photo: 1.png: Each image must be at most 10MB.', 'fr')).toBe(
      'photo: 1.png: Chaque photo doit faire au plus 10 Mo.',
    );
    expect(translateFieldError('title: something a library said', 'fr')).toBe('title: something a library said');
    expect(translateFieldError('location.town: Town is required', 'en')).toBe('location.town: Town is required');
  });
});

describe('formats by language', () => {
  test('prices: a comma in English, a narrow no-break space in French', () => {
    expect(formatPrice(75000)).toBe('75,000 FCFA');
    expect(formatPrice(75000, 'en')).toBe('75,000 FCFA');
    expect(formatPrice(75000, 'fr')).toBe('75\u202f000 FCFA');
    expect(formatPrice(1250000, 'fr')).toBe('1\u202f250\u202f000 FCFA');
    expect(formatPrice(999, 'fr')).toBe('999 FCFA');
    expect(formatPrice(Number.NaN, 'fr')).toBe('0 FCFA');
    expect(formatPriceWithTerm(25000, 'monthly', 'fr')).toBe('25\u202f000 FCFA/mois');
    expect(formatPriceWithTerm(25000, 'monthly')).toBe('25,000 FCFA/month');
    expect(formatNumber(1234.5, 'fr')).toBe('1\u202f234,5');
  });

  test('dates', () => {
    expect(formatDate('2026-11-24T10:00:00.000Z', 'fr')).toBe('24 nov. 2026');
    expect(formatDate('2026-11-24T10:00:00.000Z', 'en')).toBe('24 Nov 2026');
  });

  test('product terms have a label in each language; stored values stay', () => {
    for (const language of LANGUAGES) {
      for (const group of Object.values(PRODUCT_LABELS[language])) for (const label of Object.values(group)) expect(label).not.toBe('');
    }
    expect(Object.keys(PRODUCT_LABELS.fr.propertyType)).toEqual(Object.keys(PRODUCT_LABELS.en.propertyType));
    expect(labelOf('propertyType', 'Single Room', 'fr')).toBe('Chambre');
    expect(labelOf('propertyType', 'shop', 'fr')).toBe('Boutique');
    expect(labelOf('propertyType', 'warehouse', 'fr')).toBe('Magasin');
    expect(labelOf('propertyType', 'office', 'fr')).toBe('Bureau');
    expect(labelOf('amenity', 'electricity', 'fr')).toBe('Électricité');
    expect(labelOf('propertyType', 'apartment', 'en')).toBe('Apartment');
    expect(labelOf('propertyType', 'Villa', 'fr')).toBe('Villa');
    expect(toLanguage('fr')).toBe('fr');
    expect(toLanguage('de')).toBe('en');
    expect(toLanguage(undefined)).toBe('en');
  });
});
