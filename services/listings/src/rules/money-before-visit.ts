// Money asked before a visit (docs/api.md#money-asked-before-a-visit): the commonest rental scam
// here is a "landlord" who takes a visit fee, or a Mobile Money transfer "to hold the house", and
// disappears. A listing whose own words ask for that, or send renters to another number than the
// poster's WhatsApp, is flagged for staff. It never blocks a posting: it only warns the reviewer.
import { COUNTRY_DIALING_PREFIX, LIMITS, LISTING_TEXT_FLAGS, type ListingTextFlag } from '@mboa/contracts';

/** Lower case, accents gone, every run of other characters one space: "Dépôt AVANT-visite" → "depot avant visite". */
export function plainWords(text: string): string {
  return ` ${text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim()} `;
}

/** A fee for the visit itself, in French, English and Pidgin spellings (on plainWords). */
const VISIT_FEE: readonly RegExp[] = [
  / frais (de |d |pour )?(la |les )?visites? /,
  / droits? (de |d )?visites? /,
  / (argent|montant|prix|cout) (de |pour )?(la )?visite /,
  / visit(e|ing|ation)? (fees?|charges?|money|moni) /,
  / (fees?|charges?|money|moni) (for|of) (the |di |da )?visit(s|ing)? /,
  / inspection (fees?|charges?) /,
  / (pay|payer|payez|paye) (for )?(the |di |la )?visite? /,
];

const PAY = '(pay|paye|payer|payez|payes|paie|paiement|payment|send|sen|envoyer|envoyez|envoie|envoi|transfer|transfert|transferer|transferez|deposit|depot|deposer|deposez|versement|verser|versez|virement|acompte|avance|caution|momo|mobile money|orange money|mtn money|om)';
const BEFORE = '(before|befor|befo|bifo|b4|avant)';
const SEEING = '(visit|visits|visite|visites|visiter|visiting|see|seeing|sees|view|viewing|voir|inspect|inspection|come|coming|venir)';
/** Up to n words in between. */
const gap = (n: number) => `(?: [a-z0-9]+){0,${n}}`;

/** A payment asked before seeing the house, or a Mobile Money transfer asked at all (on plainWords). */
const PAY_BEFORE_VISIT: readonly RegExp[] = [
  // "envoyez 5000 par momo avant la visite", "pay before you see", "transfer before visit"
  new RegExp(` ${PAY}${gap(6)} ${BEFORE}${gap(3)} ${SEEING} `),
  // "avant la visite, un dépôt de 10 000", "before viewing send the deposit"
  new RegExp(` ${BEFORE}${gap(2)} ${SEEING}${gap(6)} ${PAY} `),
  // Pidgin "you na for pay before", "na to pay bifo"
  / na (for|to) (pay|sen|send) (before|befor|befo|bifo|b4) /,
  // "send momo", "envoyer le momo", "à envoyer par Orange Money", "orange money avant"
  / (send|sen|envoyer|envoyez|envoie|envoi|faire|faites|fais|make|do) (me |moi |le |la |un |une |a |the )?(par |via |by |through |on |sur |with |avec )?(mtn )?(momo|mobile money|orange money|mtn money|om) /,
  / (momo|mobile money|orange money|mtn money) (avant|before|befo|bifo|first|d abord|dabord) /,
];

/** Words just before a payment that turn it into the advice against it ("ne payez rien avant la visite"). */
const NEGATIONS = new Set(['ne', 'n', 'never', 'don', 'dont', 'not', 'no', 'jamais', 'aucun', 'aucune', 'rien', 'nothing', 'sans', 'without', 'pas', 'avoid', 'evitez']);
const NEGATED_INSIDE = / (rien|nothing|aucun|aucune|pas|never|jamais) /;

function matchesUnlessAdvice(words: string, patterns: readonly RegExp[]): boolean {
  for (const pattern of patterns) {
    for (const m of words.matchAll(new RegExp(pattern.source, 'g'))) {
      const lastWords = words.slice(0, m.index).trim().split(' ').slice(-3);
      if (!lastWords.some((w) => NEGATIONS.has(w)) && !NEGATED_INSIDE.test(m[0])) return true;
    }
  }
  return false;
}

/** Digits between these in a number: "677 12 34 56", "677-12-34-56", "677.12.34.56", "677 / 123 456". */
const NUMBER_RUN = /\+?\d+(?:[\s.\-–—/]{1,3}\d+)*/g;
const CURRENCY_AFTER = /^\s*(f\s?cfa|fcfa|frs?\b|xaf|cfa|francs?|f\b|fr\b)/i;

/** A Cameroonian number's 9 national digits: mobiles start with 6, landlines with 22, 23 or 24. */
function nationalNumber(digits: string): string | null {
  let national = digits;
  if (national.startsWith(`00${COUNTRY_DIALING_PREFIX}`)) national = national.slice(2 + COUNTRY_DIALING_PREFIX.length);
  else if (national.length === COUNTRY_DIALING_PREFIX.length + LIMITS.whatsappDigits && national.startsWith(COUNTRY_DIALING_PREFIX)) {
    national = national.slice(COUNTRY_DIALING_PREFIX.length);
  }
  if (national.length !== LIMITS.whatsappDigits) return null;
  return /^(6\d|2[234])/.test(national) ? national : null;
}

/**
 * The phone numbers in one run of digit groups: the whole run cut into numbers at group
 * boundaries if it can be ("677123456 699887766"); otherwise numbers found left to right, none
 * holding a "000" group (a price's thousands: "600 000 - 650 000" is no phone).
 */
function numbersInRun(groups: string[]): string[] {
  const whole = cutIntoNumbers(groups, 0);
  if (whole) return whole;
  const found: string[] = [];
  let i = 0;
  while (i < groups.length) {
    let digits = '';
    let next = i + 1;
    for (let j = i; j < groups.length && digits.length < 15; j++) {
      if (groups[j] === '000') break;
      digits += groups[j];
      const national = nationalNumber(digits);
      if (national) {
        found.push(national);
        next = j + 1;
        break;
      }
    }
    i = next;
  }
  return found;
}

function cutIntoNumbers(groups: string[], from: number): string[] | null {
  if (from === groups.length) return [];
  let digits = '';
  for (let j = from; j < groups.length && digits.length < 15; j++) {
    digits += groups[j];
    const national = nationalNumber(digits);
    if (national) {
      const rest = cutIntoNumbers(groups, j + 1);
      if (rest) return [national, ...rest];
    }
  }
  return null;
}

/** Every Cameroonian phone number written in the text, as 9 national digits. Prices are not numbers. */
export function phoneNumbersIn(text: string): string[] {
  const numbers: string[] = [];
  for (const m of text.replace(/[()]/g, ' ').matchAll(NUMBER_RUN)) {
    if (CURRENCY_AFTER.test(text.slice(m.index + m[0].length))) continue;
    numbers.push(...numbersInRun(m[0].match(/\d+/g) ?? []));
  }
  return numbers;
}

/** The poster's WhatsApp number as 9 national digits, whatever its spelling; null when unknown. */
export function nationalDigitsOf(whatsapp: string | null | undefined): string | null {
  return whatsapp ? nationalNumber(whatsapp.replace(/\D/g, '')) ?? whatsapp.replace(/\D/g, '').slice(-LIMITS.whatsappDigits) : null;
}

/**
 * The flags staff see for a listing's text. `ownerWhatsapp` is the number on the listing's WhatsApp button (contactNumberOf: the proven one) of the person
 * who answers for the listing: any other number in the text is flagged (every number, when it is unknown).
 */
export function textFlagsOf(text: { title: string; description: string }, ownerWhatsapp: string | null | undefined): ListingTextFlag[] {
  const whole = `${text.title}\n${text.description}`;
  const words = plainWords(whole);
  const flags: ListingTextFlag[] = [];
  if (matchesUnlessAdvice(words, VISIT_FEE)) flags.push('visit-fee');
  if (matchesUnlessAdvice(words, PAY_BEFORE_VISIT)) flags.push('pay-before-visit');
  const own = nationalDigitsOf(ownerWhatsapp);
  if (phoneNumbersIn(whole).some((n) => n !== own)) flags.push('other-phone');
  return flags;
}

/** The flags as stored (text in the database), in their known spellings only. */
export function storedTextFlags(values: readonly string[] | null | undefined): ListingTextFlag[] {
  return LISTING_TEXT_FLAGS.filter((flag) => values?.includes(flag));
}
