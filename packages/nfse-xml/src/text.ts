/** The namespace of every NFS-e Nacional document. */
export const NFSE_NS = 'http://www.sped.fazenda.gov.br/nfse';

/** The layout version of what this application writes (the national system runs 1.01 since January 2026). */
export const LAYOUT_VERSION = '1.01';

/** verAplic of what this application sends (1 to 20 characters). */
export const APP_VERSION = 'OrdemCerta-1';

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };

/** Text safe inside an element or a double-quoted attribute. */
export function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ESCAPES[c]!);
}

/** One element, its text escaped; nothing when the value is null. */
export function el(name: string, value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  return `<${name}>${escapeXml(String(value))}</${name}>`;
}

// Typographic characters people paste, mapped to what the schema's Latin-1 range admits.
const LOOKALIKES: Record<string, string> = {
  '\u2018': "'",
  '\u2019': "'",
  '\u201a': "'",
  '\u201b': "'",
  '\u2032': "'",
  '\u201c': '"',
  '\u201d': '"',
  '\u201e': '"',
  '\u201f': '"',
  '\u2033': '"',
  '\u2010': '-',
  '\u2011': '-',
  '\u2012': '-',
  '\u2013': '-',
  '\u2014': '-',
  '\u2015': '-',
  '\u2212': '-',
  '\u2026': '...',
  '\u2022': '-',
  '\u20ac': 'EUR',
  '\u00a0': ' ',
  // Letters whose stroke is not an accent, so NFD leaves them whole.
  '\u0141': 'L',
  '\u0142': 'l',
  '\u0110': 'D',
  '\u0111': 'd',
  '\u0152': 'OE',
  '\u0153': 'oe',
};

/**
 * Text as the schema's strings admit it: the layout's TSString takes only characters U+0020 to U+00FF,
 * with no space at either end. Typographic quotes and dashes become their plain forms, accented letters
 * outside Latin-1 lose the accent, other characters (emoji, other scripts) are dropped, runs of spaces
 * become one (line breaks too, unless `multiline`), and the result is cut to `max` characters. Empty → null.
 */
export function cleanText(
  value: string | null | undefined,
  max: number,
  { multiline = false }: { multiline?: boolean } = {},
): string | null {
  if (value === null || value === undefined) return null;
  let out = '';
  for (const ch of value.normalize('NFC')) {
    const code = ch.codePointAt(0)!;
    if (ch === '\n' || ch === '\r' || ch === '\t') out += ch;
    else if (code >= 0x20 && code <= 0x7e) out += ch;
    else if (code >= 0xa1 && code <= 0xff) out += ch;
    else if (LOOKALIKES[ch] !== undefined) out += LOOKALIKES[ch];
    else {
      // 'ő' → 'o' + combining mark → 'o'; a character with no Latin-1 base is dropped.
      const base = ch.normalize('NFD').replace(/[\u0300-\u036f]/g, '');
      if ([...base].every((c) => c.codePointAt(0)! >= 0x20 && c.codePointAt(0)! <= 0xff)) out += base;
    }
  }
  if (multiline) {
    out = out
      .replace(/\r\n?/g, '\n')
      .split('\n')
      .map((line) => line.replace(/[\t ]+/g, ' ').trim())
      .join('\n')
      .replace(/\n{3,}/g, '\n\n');
  } else {
    out = out.replace(/\s+/g, ' ');
  }
  out = out.trim();
  if (out.length > max) out = out.slice(0, max).trimEnd();
  return out === '' ? null : out;
}

/** Only the digits of a value (CNPJ, CEP, phone, codes typed with dots and dashes). */
export function digitsOf(value: string | null | undefined): string {
  return (value ?? '').replace(/\D/g, '');
}

/** A value in cents as the layout writes money: '1234.50' (TSDec15V2). */
export function money(cents: number): string {
  if (!Number.isFinite(cents)) throw new RangeError(`Not an amount of cents: ${cents}`);
  // Fractions of a cent round half away from zero, once, here.
  const whole = Math.sign(cents) * Math.round(Math.abs(cents));
  if (!Number.isSafeInteger(whole)) throw new RangeError(`Amount out of range: ${cents}`);
  const abs = Math.abs(whole);
  return `${whole < 0 ? '-' : ''}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/**
 * A percentage with two decimals ('2.50'), rounded half up on its decimal digits (2.005 → '2.01', which
 * binary floating point alone gets wrong).
 */
export function percent(value: number): string {
  if (!Number.isFinite(value) || value < 0) throw new RangeError(`Not a percentage: ${value}`);
  const shifted = String(value).includes('e') ? value * 100 : Number(`${value}e2`);
  const hundredths = Math.round(shifted);
  return `${Math.floor(hundredths / 100)}.${String(hundredths % 100).padStart(2, '0')}`;
}
