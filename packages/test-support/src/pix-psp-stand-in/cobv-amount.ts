// What a charge with a due date asks on the day it is paid, as the API Pix's CobVValor defines it: on or
// before the due date the original less the discount whose date has not passed (descontoDataFixa, the
// nearest date on or after the day; or a discount a day of anticipation), after it the original plus the
// fine (multa: a value or a percentage of the original) and the interest of the days since the due date
// (juros: a value or a percentage a day, month or year; business days are counted as calendar days here);
// the abatement (abatimento) always comes off. Past its validity (validadeAposVencimento days after the due
// date) it cannot be paid. Amounts are rounded to the cent, half up.

type Json = Record<string, unknown>;

const cents = (valor: unknown) => Math.round(Number(valor) * 100);
/** Days from `a` to `b` (yyyy-mm-dd). */
const daysBetween = (a: string, b: string) =>
  Math.round((Date.parse(`${b}T12:00:00Z`) - Date.parse(`${a}T12:00:00Z`)) / 86_400_000);

/** The day of an instant in São Paulo (UTC−3, no summer time since 2019): the day the payer's bank sees. */
export const paymentDay = (at: Date) => new Date(at.getTime() - 3 * 3600_000).toISOString().slice(0, 10);

/** The amount in cents due on `day` for the charge's body, or null when it can no longer be paid. */
export function cobvAmountOn(body: Json, day: string): number | null {
  const calendario = (body.calendario ?? {}) as Json;
  const valor = (body.valor ?? {}) as Json;
  const due = String(calendario.dataDeVencimento);
  const validity = typeof calendario.validadeAposVencimento === 'number' ? calendario.validadeAposVencimento : 30;
  const original = cents(valor.original);
  const late = daysBetween(due, day);
  if (late > validity) return null;
  let total = original;
  const abatimento = valor.abatimento as Json | undefined;
  if (abatimento)
    total -= abatimento.modalidade === 1 ? cents(abatimento.valorPerc) : percentOf(original, abatimento.valorPerc);
  if (late <= 0) {
    total -= discount(valor.desconto as Json | undefined, original, day, -late);
  } else {
    const multa = valor.multa as Json | undefined;
    if (multa) total += multa.modalidade === 1 ? cents(multa.valorPerc) : percentOf(original, multa.valorPerc);
    total += interest(valor.juros as Json | undefined, original, late);
  }
  return Math.max(total, 0);
}

const percentOf = (base: number, perc: unknown, factor = 1) => Math.round((base * Number(perc) * factor) / 100);

function discount(d: Json | undefined, original: number, day: string, daysEarly: number) {
  if (!d) return 0;
  const m = Number(d.modalidade);
  if (m === 1 || m === 2) {
    const dates = ((d.descontoDataFixa ?? []) as Json[])
      .filter((x) => String(x.data) >= day)
      .sort((a, b) => String(a.data).localeCompare(String(b.data)));
    const first = dates[0];
    if (!first) return 0;
    return m === 1 ? cents(first.valorPerc) : percentOf(original, first.valorPerc);
  }
  // A discount a day paid early (3 and 4: a value; 5 and 6: a percentage of the original).
  return m === 3 || m === 4 ? cents(d.valorPerc) * daysEarly : percentOf(original, d.valorPerc, daysEarly);
}

function interest(j: Json | undefined, original: number, days: number) {
  if (!j) return 0;
  switch (Number(j.modalidade)) {
    case 1:
    case 5:
      return cents(j.valorPerc) * days;
    case 2:
    case 6:
      return percentOf(original, j.valorPerc, days);
    case 3:
    case 7:
      return percentOf(original, j.valorPerc, days / 30);
    default:
      return percentOf(original, j.valorPerc, days / 365);
  }
}
