import { MESSAGES, type Messages } from '../messages.js';
import { MESSAGES_FR } from '../messages.fr.js';
import type { Language, Widen } from './language.js';

type Leaf = string | ((...args: never[]) => string);
interface Tree {
  readonly [key: string]: Leaf | Tree;
}

/** The catalogue of a language. */
export function catalogueOf(language: Language): Widen<Messages> {
  return language === 'fr' ? MESSAGES_FR : MESSAGES;
}

/** Every text of a catalogue by its dotted key ('auth.invalidCredentials'). */
export function catalogueEntries(catalogue: Tree, prefix = ''): Map<string, Leaf> {
  const entries = new Map<string, Leaf>();
  for (const [key, value] of Object.entries(catalogue)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string' || typeof value === 'function') entries.set(path, value);
    else for (const [k, v] of catalogueEntries(value, path)) entries.set(k, v);
  }
  return entries;
}

/**
 * How to read the arguments back out of a text a catalogue function made, keyed by that function.
 * Services answer the English text; the edge finds the key and the arguments here and asks the
 * other language's function. Every function of MESSAGES has an entry (the contracts tests say so).
 */
export const FUNCTION_TEXT_READERS: Readonly<Record<string, { pattern: RegExp; args: (m: RegExpExecArray) => unknown[] }>> = {
  'passwordReset.mailBody': { pattern: /^Your password reset code is (\d+)\. It is valid/, args: (m) => [m[1]] },
  'passwordReset.changedMailBody': {
    pattern: /^The password of your Mboa Rentals account was changed on (.*) \(Cameroon time\), and every session/s,
    args: (m) => [m[1]],
  },
  'property.imageTooManyPixels': {
    pattern: /^The image dimensions are too large \(at most (\d+) megapixels\)\.$/,
    args: (m) => [Number(m[1]) * 1e6],
  },
  'moderation.mailGreeting': { pattern: /^Hello(?: (.*))?,$/, args: (m) => [m[1] ?? ''] },
  'moderation.approvedMailBody': {
    pattern: /^Good news: your property "(.*)" has been approved and is now visible to renters\.\n\n(\S*)$/s,
    args: (m) => [m[1], m[2]],
  },
  'moderation.rejectedMailBody': {
    pattern: /^Your property "(.*)" was not approved\.\n\nReason: (.*)\n\nYou can correct it from My Listings and post it again\.$/s,
    args: (m) => [m[1], m[2]],
  },
  'report.heldMailBody': {
    pattern: /^Several people have reported your listing "(.*)" as a possible scam\. While our team checks it, it no longer appears in search\.\n\nIf this is a mistake, contact us from the Contact page: the listing comes back as soon as it is cleared\.\n\n(\S*)$/s,
    args: (m) => [m[1], m[2]],
  },
  'freshness.reminderMailBody': {
    pattern: /^You last confirmed that your listing "(.*)" is available (\d+) days ago\. Renters trust listings that are kept up to date; a listing not confirmed for (\d+) days no longer appears in search\.\n\nIf it is still available, confirm it with one click \(no password needed; the link works once, for (\d+) days\):\n(\S*)\n\nIf it has been rented, mark it as rented from My Listings\.$/s,
    args: (m) => [m[1], Number(m[2]), m[5], Number(m[3]), Number(m[4])],
  },
  'toast.propertyStatusUpdated': { pattern: /^property status updated as (.*) sucessfully$/, args: (m) => [m[1]] },
  // A pin's coordinate refused (issue 28): the field it names stays as written.
  'page.breadcrumbTown': { pattern: /^Rentals in (.*)$/s, args: (m) => [m[1]] },
  'ui.showing': { pattern: /^Showing (\d+) to (\d+) of (\d+)$/, args: (m) => [Number(m[1]), Number(m[2]), Number(m[3])] },
  'ui.pageOf': { pattern: /^Page (\d+) of (\d+)$/, args: (m) => [Number(m[1]), Number(m[2])] },
  'whatsapp.greeting': {
    pattern: /^Hello, I found your property "(.*)" on Mboa and I would like to know more about it\.$/s,
    args: (m) => [m[1]],
  },
  'verification.controlApprovedMailBody': {
    pattern: /^Our team checked your (.*)\. Renters now see on (?:this listing|these (\d+) listings) that your control of the property was checked\.$/s,
    args: (m) => [m[1], m[2] ? Number(m[2]) : 1],
  },
  'verification.rejectedMailBody': {
    pattern: /^Our team could not accept the (.*) you sent\.\n\nReason: (.*?)(?:\n\n(.*))?\n\nYou can send new photos of a document from your profile\.$/s,
    args: (m) => [m[1], m[2], m[3] ?? ''],
  },
  'whatsappProof.codeText': { pattern: /^(\d+) is your Mboa Rentals code to confirm this WhatsApp number\./, args: (m) => [m[1]] },
};

const english = catalogueEntries(MESSAGES);
const french = catalogueEntries(MESSAGES_FR);
/** English text → its key, built once. Keys sharing an English text share their French (tested). */
const keyOfEnglish = new Map<string, string>();
for (const [key, value] of english) if (typeof value === 'string' && !keyOfEnglish.has(value)) keyOfEnglish.set(value, key);

/** The key and arguments of an English catalogue text, or undefined when it is not one (user data, a library's text). */
export function findCatalogueText(text: string): { key: string; args: unknown[] } | undefined {
  const key = keyOfEnglish.get(text);
  if (key) return { key, args: [] };
  for (const [fnKey, reader] of Object.entries(FUNCTION_TEXT_READERS)) {
    const match = reader.pattern.exec(text);
    if (!match) continue;
    const args = reader.args(match);
    const made = english.get(fnKey);
    // Read back only what the function really makes, so a look-alike sentence stays as it is.
    if (typeof made === 'function' && (made as (...a: unknown[]) => string)(...args) === text) return { key: fnKey, args };
  }
  return undefined;
}

/** An English catalogue text in the given language; any other text comes back untouched. */
export function translateText(text: string, language: Language): string {
  if (language === 'en') return text;
  const found = findCatalogueText(text);
  if (!found) return text;
  const target = french.get(found.key);
  if (typeof target === 'string') return target;
  if (typeof target === 'function') return (target as (...a: unknown[]) => string)(...found.args);
  return text;
}

/**
 * One entry of an answer's `errors`: '<field path>: <text>'. The field (a path, or a file name
 * that may itself hold ': ') stays; the text after it is translated when it is a catalogue text.
 */
export function translateFieldError(entry: string, language: Language): string {
  if (language === 'en') return entry;
  const whole = translateText(entry, language);
  if (whole !== entry) return whole;
  for (let at = entry.indexOf(': '); at >= 0; at = entry.indexOf(': ', at + 1)) {
    const text = entry.slice(at + 2);
    const translated = translateText(text, language);
    if (translated !== text) return `${entry.slice(0, at)}: ${translated}`;
  }
  return entry;
}
