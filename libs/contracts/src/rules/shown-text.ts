// Texts people write that others are shown (docs/api.md#texts-shown-to-others): names, listing
// titles, reports, tickets. Invisible characters and bidirectional controls can make a name look
// empty, or turn a text around on the page ("‮gpj.exe" shows as "exe.jpg"); links in a listing
// title become clickable in a mail reader that trusts our sender.

/** Embeddings, overrides and isolates (U+202A–U+202E, U+2066–U+2069): they reorder what follows them. */
const DIRECTION_CONTROL = /[\u202A-\u202E\u2066-\u2069]/u;
const DIRECTION_CONTROLS = new RegExp(DIRECTION_CONTROL.source, 'gu');
/** A left-to-right or right-to-left mark (U+200E, U+200F) before anything visible: harmless inside a text, a disguise at its start. */
const LEADING_MARK = /^[\s\p{Default_Ignorable_Code_Point}]*[\u200E\u200F]/u;
const EDGE_INVISIBLES = /^[\s\p{Default_Ignorable_Code_Point}]+|[\s\p{Default_Ignorable_Code_Point}]+$/gu;

/** Whether a text shows nothing at all: only spaces and invisible characters (zero-width and the like), or nothing. */
export function isBlankText(text: string): boolean {
  return /^[\s\p{Default_Ignorable_Code_Point}]*$/u.test(text);
}

/**
 * A text others are shown, neutralised rather than refused: bidirectional controls removed
 * wherever they are, and invisible characters and marks trimmed off both ends (inside, a
 * zero-width joiner is part of an emoji or a word and stays). "\u202Egpj.exe" becomes "gpj.exe".
 */
export function neutraliseShownText(text: string): string {
  return text.replace(DIRECTION_CONTROLS, '').replace(EDGE_INVISIBLES, '');
}

/**
 * Why a person's name is refused, or null: it carries a direction control (anywhere) or starts
 * with a direction mark, or it has no letter once invisible characters are left out (a name of
 * zero-width spaces shows staff and renters an empty space).
 */
export function personNameProblem(name: string): 'direction' | 'invisible' | null {
  if (DIRECTION_CONTROL.test(name) || LEADING_MARK.test(name)) return 'direction';
  // Hangul fillers are letters that show nothing: left out with the other invisible characters.
  return /\p{L}/u.test(name.replace(/\p{Default_Ignorable_Code_Point}/gu, '')) ? null : 'invisible';
}

/**
 * User-written text for a plain-text mail or a WhatsApp message, with nothing a mail reader or
 * WhatsApp turns into a link: `https://x` becomes `https[:]//x`, `www.x.cm` and `pay.example.com`
 * become `www[.]x[.]cm` and `pay[.]example[.]com` (a dot before a letter, after a letter or digit).
 * Our own links are added beside it, never through this. Decimals ("2.5 km") and sentences
 * ("Molyko. Water") are left as they are.
 */
export function unlinkedText(text: string): string {
  return neutraliseShownText(text)
    .replace(/([\p{L}\p{N}+.-]+):\/\//gu, '$1[:]//')
    .replace(/(?<=[\p{L}\p{N}_-])\.(?=\p{L})/gu, '[.]');
}
