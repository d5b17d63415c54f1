import { isBlankText, neutraliseShownText, personNameProblem, unlinkedText } from './shown-text.js';

describe('texts shown to others', () => {
  test('a name of zero-width characters, a Hangul filler or no letter at all is refused as invisible', () => {
    for (const name of ['\u200B\u200B\u200B', '\u200C\u200D', '\uFEFF\u2060', '\u3164', '\u00AD', '   ', '123', '\u{1F600}']) {
      expect(personNameProblem(name)).toBe('invisible');
    }
  });

  test('a name carrying a direction control, or starting with a direction mark, is refused', () => {
    for (const name of ['\u202EawA', 'Awa \u202Dx', '\u2066Awa\u2069', '\u2067Awa', '\u200FAwa', '\u200B\u200EAwa', ' \u200FAwa']) {
      expect(personNameProblem(name)).toBe('direction');
    }
  });

  test('real names pass: accents, apostrophes, initials, Arabic with a mark inside, Chinese', () => {
    for (const name of ['Awa Nkem', 'Ngo\u2019o Bélinga', 'J.-P. Mbarga', 'محمد\u200Fعلي', '王伟', 'Zoë-Ève']) {
      expect(personNameProblem(name)).toBeNull();
    }
  });

  test('shown text loses direction controls and invisible edges, keeps emoji joiners inside', () => {
    expect(neutraliseShownText('\u202Egpj.exe')).toBe('gpj.exe');
    expect(neutraliseShownText('\u200F\u200BStudio\u2066 Molyko\u2069\u200B')).toBe('Studio Molyko');
    const family = 'Family \u{1F468}\u200D\u{1F469}\u200D\u{1F467} flat';
    expect(neutraliseShownText(family)).toBe(family);
    expect(isBlankText('\u200B \u2060\uFEFF')).toBe(true);
    expect(isBlankText('\u200BA')).toBe(false);
  });

  test('links in someone\u2019s text are broken for mail and WhatsApp; decimals and sentences are not', () => {
    expect(unlinkedText('Studio, pay at https://pay.example.com/x now')).toBe('Studio, pay at https[:]//pay[.]example[.]com/x now');
    expect(unlinkedText('see www.scam.cm or WA.ME/237600000000')).toBe('see www[.]scam[.]cm or WA[.]ME/237600000000');
    expect(unlinkedText('mail me: awa@gmail.com')).toBe('mail me: awa@gmail[.]com');
    expect(unlinkedText('HTTP://x.y')).toBe('HTTP[:]//x[.]y');
    expect(unlinkedText('2.5 km from UB. Water, 45.000 FCFA')).toBe('2.5 km from UB. Water, 45.000 FCFA');
    // Applying it twice changes nothing more.
    expect(unlinkedText(unlinkedText('https://a.b'))).toBe('https[:]//a[.]b');
  });
});
