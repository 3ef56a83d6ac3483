import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { InvoiceState } from '@ordem-certa/contracts';
import { schema } from '@ordem-certa/db';
import { startPixStandIn, type PixStandIn } from '@ordem-certa/test-support/pix-psp-stand-in';
import { invoiceWorld, worldPerFile, type InvoiceWorld } from '../../../test/invoice-fixtures.ts';
import { connectToStandIn, until } from '../../../test/pix-fixtures.ts';
import { syncQueuedCharges } from './charge-job.ts';
import type { PixContext } from './pix-psp.service.ts';

// Each company's charges are made on their own: a PSP that does not answer holds back its own company's
// orders only, and a company's share of a round stops at its deadline.
const t = worldPerFile({ config: { appUrl: 'https://oficina.example.com.br' } });
let slow: PixStandIn;
let quick: PixStandIn;
let other: InvoiceWorld;
let ctx: PixContext;

beforeAll(async () => {
  [slow, quick] = await Promise.all([startPixStandIn(), startPixStandIn()]);
  ctx = { db: t.ctx.database.db, config: t.ctx.app.config, log: t.ctx.app.log };
  other = await invoiceWorld(t.ctx, t.org);
  await connectToStandIn(t.ctx, t.org, t.world.company.id, slow, 'lenta@companies.com.br');
  await connectToStandIn(t.ctx, t.org, other.company.id, quick, 'rapida@companies.com.br');
});
afterAll(async () => {
  expect([...slow.violations(), ...quick.violations()]).toEqual([]);
  await Promise.all([slow.close(), quick.close()]);
});

const charges = (invoiceId: number) =>
  t.ctx.database.db.select().from(schema.pixCharges).where(eq(schema.pixCharges.invoiceId, invoiceId));
const queued = (invoiceId: number) =>
  t.ctx.database.db.select().from(schema.pixChargeQueue).where(eq(schema.pixChargeQueue.invoiceId, invoiceId));

async function queuedOrder(world: InvoiceWorld) {
  const { id } = await world.createInvoice();
  expect((await world.admin('POST', `/${id}/services`, { service: world.service.id, quantity: 1 })).statusCode).toBe(
    201,
  );
  await world.moveTo(id, InvoiceState.Wip);
  return id;
}

describe('the charge job works each company on its own', () => {
  it('while one PSP does not answer, another company’s charge is made in the same round', async () => {
    const held = await queuedOrder(t.world);
    const answered = await queuedOrder(other);
    slow.failNext(1, 'hang');
    const round = syncQueuedCharges(ctx);
    const [made] = await until(
      () => charges(answered),
      (rows) => rows.some((c) => c.status === 'ATIVA'),
    );
    // The other company's charge is active while the slow PSP still holds its request unanswered.
    expect(made!.kind).toBe('cob');
    expect((await charges(held)).map((c) => c.status)).toEqual(['creating']);
    expect(slow.state.charge('cob', (await charges(held))[0]!.txid)).toBeFalsy();
    expect(quick.state.charge('cob', made!.txid)).toBeTruthy();
    await round;
    expect(await queued(answered)).toEqual([]);
  });

  it('a company’s orders not begun by its deadline go back to the queue untried', async () => {
    const id = await queuedOrder(t.world);
    const [before] = await queued(id);
    await syncQueuedCharges(ctx, id, { companyDeadlineMs: -1 });
    const [after] = await queued(id);
    expect(after).toMatchObject({ attempts: before!.attempts, leaseUntil: null });
    expect(await charges(id)).toEqual([]);
    await syncQueuedCharges(ctx, id);
    expect((await charges(id)).map((c) => c.status)).toEqual(['ATIVA']);
  });
});
