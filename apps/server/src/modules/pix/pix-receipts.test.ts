import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { InvoiceState } from '@ordem-certa/contracts';
import { schema } from '@ordem-certa/db';
import { createMailer } from '../../lib/mailer.ts';
import { worldPerFile } from '../../../test/invoice-fixtures.ts';
import { connectedStandIn, payActiveCharge } from '../../../test/pix-fixtures.ts';
import { syncQueuedCharges } from './charge-job.ts';
import { sendQueuedReceipts } from './pix-receipts.ts';

// A Pix that pays an order queues the customer's receipt in the payment's own transaction (a row of the
// order's 'E-mails enviados' waiting with its HTML); the job sends it once and journals the outcome.
const t = worldPerFile({ config: { appUrl: 'https://oficina.example.com.br' } });
const stand = connectedStandIn(t, 'recibos@pix.com.br');
let outbox: string;

beforeAll(async () => {
  outbox = await mkdtemp(join(tmpdir(), 'pix-receipts-'));
});
afterAll(async () => {
  await rm(outbox, { recursive: true, force: true });
});

const emails = (invoiceId: number) =>
  t.ctx.database.db.select().from(schema.invoiceEmails).where(eq(schema.invoiceEmails.invoiceId, invoiceId));

async function paidByPix(customerEmail: string | null) {
  await t.ctx.database.db
    .update(schema.customers)
    .set({ email: customerEmail })
    .where(eq(schema.customers.id, t.world.customer.id));
  const { id, number } = await t.world.createInvoice();
  await t.world.admin('POST', `/${id}/services`, { service: t.world.service.id, quantity: 1 });
  await t.world.moveTo(id, InvoiceState.Wip);
  await syncQueuedCharges(stand.ctx);
  const { pix } = await payActiveCharge(t.ctx, stand.psp, stand.token, id);
  return { id, number, pix };
}

describe("the customer's receipt of a Pix", () => {
  it('queued with the payment, sent once by the job, journaled in the order’s e-mails', async () => {
    const { id, number, pix } = await paidByPix('cliente.recibo@exemplo.com.br');
    const [queued] = await emails(id);
    expect(queued).toMatchObject({
      status: 'queued',
      recipients: ['cliente.recibo@exemplo.com.br'],
      subject: expect.stringContaining(`OS nº ${number}`),
      userId: null,
    });
    expect(queued!.queuedHtml).toContain(pix.endToEndId);
    const mail = { mailer: createMailer({ outboxDir: outbox }), mailFrom: 'financeiro@oficina.com.br' };
    // Two instances at once: one sends it.
    const [a, b] = await Promise.all([sendQueuedReceipts(stand.ctx, mail), sendQueuedReceipts(stand.ctx, mail)]);
    expect(a + b).toBe(1);
    expect(await sendQueuedReceipts(stand.ctx, mail)).toBe(0);
    const [sent] = await emails(id);
    expect(sent).toMatchObject({ status: 'written', queuedHtml: null, error: null });
    const eml = await readFile(join(outbox, sent!.outboxFile!), 'utf8');
    expect(eml).toContain('To: cliente.recibo@exemplo.com.br');
    expect(eml).toContain('financeiro@oficina.com.br');
    expect(eml).toMatch(/Recebemos o seu Pix de/);
    const listed = await t.world.admin('GET', `/${id}/emails`);
    expect(listed.json().data).toEqual([expect.objectContaining({ status: 'written', userName: '' })]);
  });

  it('a customer without an e-mail gets none', async () => {
    const { id } = await paidByPix(null);
    expect(await emails(id)).toEqual([]);
  });
});
