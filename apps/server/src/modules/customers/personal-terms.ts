/**
 * Finding a person's data inside free text (comments, e-mail subjects, notifications, the audit trail)
 * once their own columns are being anonymized: every occurrence of one of the terms (name, e-mail,
 * phone, CPF/CNPJ, signer names, IPs…) as a whole word, in any letter case, with or without its
 * accents ('Conceição', 'conceicao'), is replaced.
 */
export interface PersonalTerm {
  text: string;
  /** What the term becomes ('Cliente anonimizado #12' for a name, '[dado removido]' for the rest). */
  replacement: string;
}

/** Terms shorter than this are left alone: two letters are as often a word of the text as a name. */
const MIN_LENGTH = 3;

const escapeRegExp = (s: string) => s.replace(/[\\^$.*+?()[\]{}|/]/g, '\\$&');

/** Lower case without accents: how two spellings of a term are told to be the same. */
const folded = (s: string) => s.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

/** Each letter that Portuguese writes with an accent, as the class of its spellings. */
const SPELLINGS: Record<string, string> = {
  a: 'aáàâãä',
  e: 'eéèêë',
  i: 'iíìîï',
  o: 'oóòôõö',
  u: 'uúùûü',
  c: 'cç',
  n: 'nñ',
};
/** A folded term as a pattern that matches it written with or without accents. */
const anySpelling = (term: string) =>
  [...term].map((ch) => (SPELLINGS[ch] ? `[${SPELLINGS[ch]}]` : escapeRegExp(ch))).join('');

/** A function that replaces every term in a text; the text unchanged when it holds none. */
export function termScrubber(terms: PersonalTerm[]): (text: string) => string {
  const byKey = new Map<string, string>();
  for (const t of terms) {
    const text = t.text.trim();
    if (text.length >= MIN_LENGTH && !byKey.has(folded(text))) byKey.set(folded(text), t.replacement);
  }
  if (!byKey.size) return (text) => text;
  // Longest first, so 'Maria da Silva' is replaced whole rather than its 'Maria'.
  const alternatives = [...byKey.keys()].sort((a, b) => b.length - a.length).map(anySpelling);
  const pattern = new RegExp(`(?<![\\p{L}\\p{N}_])(?:${alternatives.join('|')})(?![\\p{L}\\p{N}_])`, 'giu');
  const fallback = terms[0]!.replacement;
  return (text) => {
    const composed = text.normalize('NFC');
    const scrubbed = composed.replace(pattern, (match) => byKey.get(folded(match)) ?? fallback);
    return scrubbed === composed ? text : scrubbed;
  };
}

/** The same replacement over every string inside a JSON value (the audit trail's change lines). */
export function scrubJson(value: unknown, scrub: (text: string) => string): unknown {
  if (typeof value === 'string') return scrub(value);
  if (Array.isArray(value)) return value.map((v) => scrubJson(v, scrub));
  if (value && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, scrubJson(v, scrub)]));
  return value;
}
