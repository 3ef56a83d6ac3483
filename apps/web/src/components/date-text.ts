/**
 * Dates typed and shown as dd/mm/aaaa (times as HH:mm) whatever the browser's language, where the
 * native date input would follow the browser (mm/dd/yyyy on an English one). The form still gets
 * 'YYYY-MM-DD' (and 'YYYY-MM-DDTHH:mm'): '' when empty; while the text is not a real date, the text
 * itself, which the form's and the server's checks refuse, so nothing half-typed is ever saved.
 */

export const DATE_INVALID = 'Data inválida: use dd/mm/aaaa com uma data que exista';
export const TIME_INVALID = 'Hora inválida: use hh:mm (00:00 a 23:59)';

export const pad = (n: number, size = 2) => String(n).padStart(size, '0');
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** 'YYYY-MM-DD' → 'dd/mm/aaaa' (anything else as it is). */
export function isoToBr(iso: string | null | undefined): string {
  const m = ISO_DATE.exec(iso ?? '');
  return m ? `${m[3]}/${m[2]}/${m[1]}` : (iso ?? '');
}

/** 'dd/mm/aaaa' → 'YYYY-MM-DD' when that day exists (31/02 does not), else null. */
export function brToIso(text: string): string | null {
  const m = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(text);
  if (!m) return null;
  const [d, mo, y] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (y < 1000 || mo < 1 || mo > 12 || d < 1) return null;
  const date = new Date(Date.UTC(y, mo - 1, d));
  if (date.getUTCDate() !== d || date.getUTCMonth() !== mo - 1) return null;
  return `${m[3]}-${m[2]}-${m[1]}`;
}

/** Digits typed or pasted, punctuated as dd/mm/aaaa. */
export function maskDate(text: string): string {
  const digits = text.replace(/\D/g, '').slice(0, 8);
  return [digits.slice(0, 2), digits.slice(2, 4), digits.slice(4)].filter(Boolean).join('/');
}

/** Digits punctuated as HH:mm. */
export function maskTime(text: string): string {
  const digits = text.replace(/\D/g, '').slice(0, 4);
  return digits.length > 2 ? `${digits.slice(0, 2)}:${digits.slice(2)}` : digits;
}

export const isTime = (text: string) => /^([01]\d|2[0-3]):[0-5]\d$/.test(text);

/** The months' names, lower-case as a pt-BR sentence uses them ('dezembro de 2026'). */
export const monthNames = [
  'janeiro',
  'fevereiro',
  'março',
  'abril',
  'maio',
  'junho',
  'julho',
  'agosto',
  'setembro',
  'outubro',
  'novembro',
  'dezembro',
];
