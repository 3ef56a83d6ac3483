import { eq, sql } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { expenses, organizations } from '../schema/index.ts';
import type { DemoContext } from './context.ts';

/** A day `days` from `today` (YYYY-MM-DD). */
const shift = (today: string, days: number) => {
  const d = new Date(`${today}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
};

/**
 * The demo shop's bills around the day the demo is made (in its time zone): some paid, one overdue,
 * some still to come, so the expenses list and the cash flow have something to show.
 */
export async function seedExpenses(db: Db, ctx: DemoContext) {
  const [org] = await db
    .select({ today: sql<string>`to_char(now() AT TIME ZONE ${organizations.timeZone}, 'YYYY-MM-DD')` })
    .from(organizations)
    .where(eq(organizations.id, ctx.demoOrganizationId));
  const today = org!.today;
  const rows: Array<[string, string, number, number, number | null]> = [
    // description, category, cents, due (days from today), paid (days from today) or null
    ['Aluguel do galpão', 'Aluguel', 350000, -20, -21],
    ['Conta de energia', 'Energia', 48790, -12, -12],
    ['Gás refrigerante R-410A (11 kg)', 'Peças e materiais', 89990, -3, null],
    ['Combustível da van', 'Veículos', 32045, -1, -1],
    ['Internet e telefone', 'Telefonia', 19990, 4, null],
    ['Compressor rotativo 12.000 BTU', 'Peças e materiais', 150010, 9, null],
    ['Aluguel do galpão', 'Aluguel', 350000, 10, null],
    ['Contador', 'Serviços de terceiros', 60000, 15, null],
  ];
  await db.insert(expenses).values(
    rows.map(([description, category, amountCents, due, paid]) => ({
      organizationId: ctx.demoOrganizationId,
      description,
      category,
      amountCents,
      dueDate: shift(today, due),
      paidAt: paid === null ? null : shift(today, paid),
    })),
  );
}
