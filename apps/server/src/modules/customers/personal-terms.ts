/**
 * Finding a person's data inside free text (comments, e-mail subjects, notifications, the audit trail)
 * once their own columns are being anonymized: every occurrence of one of the terms (name, e-mail,
 * phone, CPF/CNPJ, signer names, IPs…) as a whole word, in any letter case, is replaced.
 */
export interface PersonalTerm {
  text: string;
  /** What the term becomes ('Cliente anonimizado #12' for a name, '[dado removido]' for the rest). */
  replacement: string;
}

/** Terms shorter than this are left alone: two letters are as often a word of the text as a name. */
const MIN_LENGTH = 3;

const escapeRegExp = (s: string) => s.replace(/[\\^$.*+?()[\]{}|/]/g, '\\$&');

/** A function that replaces every term in a text; the text unchanged when it holds none. */
export function termScrubber(terms: PersonalTerm[]): (text: string) => string {
  const byKey = new Map<string, string>();
  for (const t of terms) {
    const text = t.text.trim();
    if (text.length >= MIN_LENGTH && !byKey.has(text.toLowerCase())) byKey.set(text.toLowerCase(), t.replacement);
  }
  if (!byKey.size) return (text) => text;
  // Longest first, so 'Maria da Silva' is replaced whole rather than its 'Maria'.
  const alternatives = [...byKey.keys()].sort((a, b) => b.length - a.length).map(escapeRegExp);
  const pattern = new RegExp(`(?<![\\p{L}\\p{N}_])(?:${alternatives.join('|')})(?![\\p{L}\\p{N}_])`, 'giu');
  const fallback = terms[0]!.replacement;
  return (text) => text.replace(pattern, (match) => byKey.get(match.toLowerCase()) ?? fallback);
}

/** The same replacement over every string inside a JSON value (the audit trail's change lines). */
export function scrubJson(value: unknown, scrub: (text: string) => string): unknown {
  if (typeof value === 'string') return scrub(value);
  if (Array.isArray(value)) return value.map((v) => scrubJson(v, scrub));
  if (value && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, scrubJson(v, scrub)]));
  return value;
}
