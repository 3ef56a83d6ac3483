import { DEFAULT_TIME_ZONE } from './session.ts';

/** pt-BR formatting through Intl, shared by the web app and the server (PDFs, e-mails). */

/**
 * A pt-BR number formatter made when first used. The first pt-BR formatter loads the locale's data, which
 * costs a slow phone tens of milliseconds: made as its module loaded, it held back the first screen of a
 * technician, who is shown no price.
 */
export function lazyNumberFormat(options: Intl.NumberFormatOptions): () => Intl.NumberFormat {
  let made: Intl.NumberFormat | undefined;
  return () => (made ??= new Intl.NumberFormat('pt-BR', options));
}

const money = lazyNumberFormat({ style: 'currency', currency: 'BRL', minimumFractionDigits: 2 });
export function formatMoney(value: number | null | undefined): string {
  // Intl puts a no-break space after R$; keep it, it is what pt-BR text uses.
  return money().format(value ?? 0);
}

/**
 * One formatter per pattern and time zone, made when first needed: making an Intl formatter costs far
 * more than formatting with it (a list or a PDF formats hundreds of dates).
 */
const formatters = new Map<string, Intl.DateTimeFormat>();
function dateFormat(kind: 'date' | 'dateTime', timeZone: string): Intl.DateTimeFormat {
  const key = `${kind}|${timeZone}`;
  let format = formatters.get(key);
  if (!format) {
    const date = { day: '2-digit', month: '2-digit', year: 'numeric' } as const;
    format = new Intl.DateTimeFormat(
      'pt-BR',
      kind === 'date' ? { timeZone, ...date } : { timeZone, ...date, hour: '2-digit', minute: '2-digit' },
    );
    formatters.set(key, format);
  }
  return format;
}

export function formatDate(value: string | Date | null | undefined, timeZone = DEFAULT_TIME_ZONE): string {
  if (!value) return '';
  return dateFormat('date', timeZone).format(new Date(value));
}

export function formatDateTime(value: string | Date | null | undefined, timeZone = DEFAULT_TIME_ZONE): string {
  if (!value) return '';
  return dateFormat('dateTime', timeZone).format(new Date(value));
}

/** Money travels as reais with 2 decimals and is stored as integer cents. */
export const toCents = (reais: number) => Math.round(reais * 100);
export const fromCents = (cents: number) => cents / 100;
