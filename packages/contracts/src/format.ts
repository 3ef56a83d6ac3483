import { DEFAULT_TIME_ZONE } from './session.ts';

/** pt-BR formatting through Intl, shared by the web app and the server (PDFs, e-mails). */

const money = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL', minimumFractionDigits: 2 });
export function formatMoney(value: number | null | undefined): string {
  // Intl puts a no-break space after R$; keep it, it is what pt-BR text uses.
  return money.format(value ?? 0);
}

export function formatDate(value: string | Date | null | undefined, timeZone = DEFAULT_TIME_ZONE): string {
  if (!value) return '';
  return new Intl.DateTimeFormat('pt-BR', { timeZone, day: '2-digit', month: '2-digit', year: 'numeric' }).format(
    new Date(value),
  );
}

export function formatDateTime(value: string | Date | null | undefined, timeZone = DEFAULT_TIME_ZONE): string {
  if (!value) return '';
  return new Intl.DateTimeFormat('pt-BR', {
    timeZone,
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  }).format(new Date(value));
}

/** Money travels as reais with 2 decimals and is stored as integer cents. */
export const toCents = (reais: number) => Math.round(reais * 100);
export const fromCents = (cents: number) => cents / 100;
