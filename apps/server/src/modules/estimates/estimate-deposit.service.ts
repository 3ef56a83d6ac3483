import { eq } from 'drizzle-orm';
import { depositCents, depositMessages, fromCents, toCents, type EstimateDepositBody } from '@ordem-certa/contracts';
import { schema, type Db } from '@ordem-certa/db';
import { invalid } from '../../lib/errors.ts';
import { assertVersion } from '../../core/records/versions.ts';
import { assertEditable, lockEstimate, recordChange, type Actor, type EstimateRow } from './estimate-access.ts';

// The deposit ('entrada') an estimate asks before the work: what its Pix offers on the public page and
// the PDF, instead of the whole total. A percentage follows the total as lines change; a value is kept
// as typed and offered up to the total. Set while the estimate can still change (draft or in progress).

type DepositRow = Pick<EstimateRow, 'depositPercentBp' | 'depositCents' | 'subtotalCents' | 'discountCents'>;

/** The deposit as the estimate states it and what it comes to now; null when it asks none. */
export function depositOf(row: DepositRow) {
  const total = row.subtotalCents - row.discountCents;
  const stated = { percentBp: row.depositPercentBp, cents: row.depositCents };
  if (row.depositPercentBp !== null)
    return {
      kind: 'percent' as const,
      value: row.depositPercentBp / 100,
      amount: fromCents(depositCents(stated, total)),
    };
  if (row.depositCents !== null)
    return {
      kind: 'value' as const,
      value: fromCents(row.depositCents),
      amount: fromCents(depositCents(stated, total)),
    };
  return null;
}

/** What the estimate's Pix asks, in cents: the deposit on the current total, or nothing. */
export const depositDueCents = (row: DepositRow) =>
  depositCents({ percentBp: row.depositPercentBp, cents: row.depositCents }, row.subtotalCents - row.discountCents);

const described = (row: DepositRow) => {
  const d = depositOf(row);
  if (!d) return 'sem entrada';
  return d.kind === 'percent' ? `${String(d.value).replace('.', ',')}%` : `R$ ${d.value.toFixed(2).replace('.', ',')}`;
};

/** POST estimates/{id}/deposit: sets or removes it, at the version the screen loaded. */
export async function updateEstimateDeposit(db: Db, actor: Actor, id: number, body: EstimateDepositBody) {
  await db.transaction(async (tx) => {
    const row = await lockEstimate(tx, actor, id);
    assertVersion(body, row, () => ({ deposit: depositOf(row) }));
    assertEditable(row);
    const next = {
      depositPercentBp: body.kind === 'percent' ? Math.round(body.value! * 100) : null,
      depositCents: body.kind === 'value' ? toCents(body.value!) : null,
    };
    if (next.depositCents !== null && next.depositCents > row.subtotalCents - row.discountCents)
      throw invalid({ value: depositMessages.aboveTotal });
    if (next.depositPercentBp === row.depositPercentBp && next.depositCents === row.depositCents) return;
    const es = schema.estimates;
    await tx.update(es).set(next).where(eq(es.id, id));
    await recordChange(tx, actor, id, 'update', [
      { field: 'deposit', before: described(row), after: described({ ...row, ...next }) },
    ]);
  });
}
