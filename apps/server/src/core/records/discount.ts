import { eq } from 'drizzle-orm';
import { fromCents, toCents } from '@ordem-certa/contracts';
import { schema, type Db } from '@ordem-certa/db';
import { invalid } from '../../lib/errors.ts';
import type { Actor, RecordKind, RecordRow } from './kind.ts';
import { assertVersion } from './versions.ts';

/**
 * POST …/discount: the record's discount in reais, under its lock and at the version the form loaded. The kind says when a record takes
 * one (`assertDiscountable`); above the subtotal it is a 422 on `discount`; the same value changes
 * nothing and writes no audit row.
 */
export async function setDiscount<Row extends RecordRow>(
  db: Db,
  kind: RecordKind<Row>,
  actor: Actor,
  id: number,
  body: { discount: number; version?: number | undefined },
  rules: { assertDiscountable(row: Row): void; tooHigh: string },
) {
  await db.transaction(async (tx) => {
    const row = await kind.lock(tx, actor, id);
    assertVersion(body, row, () => ({ discount: fromCents(row.discountCents) }));
    rules.assertDiscountable(row);
    const { discount } = body;
    const cents = toCents(discount);
    if (cents > row.subtotalCents) throw invalid({ discount: rules.tooHigh });
    if (cents === row.discountCents) return;
    const record = kind.entity === 'invoice' ? schema.invoices : schema.estimates;
    await tx.update(record).set({ discountCents: cents }).where(eq(record.id, id));
    const follows = (await kind.afterMoneyChange?.(tx, { ...row, discountCents: cents })) ?? [];
    await kind.recordChange(tx, actor, id, 'update', [
      { field: 'discount', before: fromCents(row.discountCents), after: discount },
      ...follows,
    ]);
  });
}
