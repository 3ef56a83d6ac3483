// The yearly readjustment of a contract: the index's percentage typed on the anniversary, kept.
import { eq, sql } from 'drizzle-orm';
import { contractMessages as msg, formatMoney, fromCents, type ContractReadjustmentBody } from '@ordem-certa/contracts';
import { schema, type Db } from '@ordem-certa/db';
import { conflict, invalid } from '../../lib/errors.ts';
import { audit, type AuditActor } from '../../core/audit/audit.ts';
import { brDate } from '../../core/payments/payments.ts';
import { getContract, lockContract, nextAnniversary, organizationToday } from './contracts.service.ts';

const { contracts: k, contractReadjustments: kr } = schema;
type Actor = AuditActor & { userId: number };

/**
 * POST contracts/{id}/readjustments: the percentage of the contract's index typed on the anniversary,
 * once per anniversary, from that day on (409 before it). The new amount is charged from the next
 * period billed; the readjustment is kept with the amounts before and after.
 */
export async function readjustContract(db: Db, actor: Actor, id: number, body: ContractReadjustmentBody) {
  const org = actor.organizationId;
  await db.transaction(async (tx) => {
    const row = await lockContract(tx, org, id);
    if (row.status === 'encerrado') throw conflict(msg.endedContract);
    if (!row.readjustmentIndex) throw invalid({ percent: [msg.noIndex] });
    const [{ done }] = (await tx
      .select({ done: sql<number>`count(*)`.mapWith(Number) })
      .from(kr)
      .where(eq(kr.contractId, id))) as [{ done: number }];
    const anniversary = nextAnniversary(row.startDate, done);
    const today = await organizationToday(tx, org);
    if (today < anniversary) throw conflict(msg.notAnniversary(brDate(anniversary)));
    const after = Math.round((row.amountCents * (100 + body.percent)) / 100);
    if (after <= 0) throw invalid({ percent: [msg.percentRange] });
    await tx.insert(kr).values({
      organizationId: org,
      contractId: id,
      anniversary,
      indexName: row.readjustmentIndex,
      percent: body.percent,
      amountBeforeCents: row.amountCents,
      amountAfterCents: after,
      createdById: actor.userId,
    });
    await tx.update(k).set({ amountCents: after, updatedAt: new Date() }).where(eq(k.id, id));
    await audit(tx, actor, 'update', 'contract', id, [
      {
        field: 'readjustment',
        before: formatMoney(fromCents(row.amountCents)),
        after: `${formatMoney(fromCents(after))} (${row.readjustmentIndex} ${String(body.percent).replace('.', ',')}% em ${brDate(anniversary)})`,
      },
    ]);
  });
  return getContract(db, org, id);
}
