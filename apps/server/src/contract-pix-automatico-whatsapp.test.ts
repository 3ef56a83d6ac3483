import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { addDays, formatMoney, type Contract, type PixAutomatico } from '@ordem-certa/contracts';
import { schema } from '@ordem-certa/db';
import { whatsappPerFile } from '../test/whatsapp-fixtures.ts';
import { automaticoAccounts, connectedStandIn, saoPauloToday as today, until } from '../test/pix-fixtures.ts';
import { billDueContracts } from './modules/contracts/contract-billing.ts';
import { runAutomatico } from './modules/pix/automatico-job.ts';
import { queueDueByClock } from './modules/whatsapp/whatsapp-job.ts';

// The WhatsApp messages of a contract's period paid by Pix Automático carry no Pix code: the customer's
// bank debits it by itself, so the order's message says the amount is debited automatically on the due
// date, and the instalment's reminder goes without a code. A top-level test: contracts, Pix and WhatsApp
// together, each against its stand-in (the PSP checks every request against the API Pix 2.9.0).
const t = whatsappPerFile();
const stand = connectedStandIn(t, 'financeiro@debito-automatico.com.br');
const db = () => t.ctx.database.db;
const noonOf = (day: string) => new Date(`${day}T15:00:00Z`);
const br = (iso: string) => iso.split('-').toReversed().join('/');
const api = (method: 'GET' | 'POST', rest: string, payload?: object) =>
  t.ctx.app.inject({
    method,
    url: `/api/organizations/${t.org.organization.id}/contracts${rest}`,
    headers: t.org.as(t.org.admin.token),
    ...(payload ? { payload } : {}),
  });
const sentOn = (invoiceId: number) =>
  db()
    .select()
    .from(schema.customerMessages)
    .where(
      and(
        eq(schema.customerMessages.organizationId, t.org.organization.id),
        eq(schema.customerMessages.invoiceId, invoiceId),
      ),
    );

describe('WhatsApp of a period paid by Pix Automático', () => {
  it("the order's message says it is debited automatically on the due date, with no Pix code; the overdue reminder carries none either", async () => {
    const due = addDays(today(), 4);
    const made = await api('POST', '', {
      company: t.world.company.id,
      customer: t.world.customer.id,
      amount: 450,
      billingDay: Number(due.slice(8)),
      startDate: today(),
    });
    expect(made.statusCode, made.body).toBe(201);
    const c = made.json() as Contract;
    expect(c.nextBillingDate).toBe(due);
    const asked = await api('POST', `/${c.id}/pix-automatico`, automaticoAccounts);
    expect(asked.statusCode, asked.body).toBe(200);
    await runAutomatico(stand.ctx);
    const view = async () => (await api('GET', `/${c.id}/pix-automatico`)).json() as PixAutomatico;
    const idRec = (await view()).recurrence!.idRec!;
    expect(stand.psp.automatico.answer(idRec, true)).not.toBeNull();
    await t.ctx.app.inject({
      method: 'POST',
      url: `/api/pix/webhook/${stand.token}/rec`,
      payload: { recs: [{ idRec }] },
    });
    await until(view, (v) => v.recurrence?.state === 'aprovada');
    await runAutomatico(stand.ctx);
    expect((await view()).charges).toEqual([expect.objectContaining({ periodDate: due, status: 'ATIVA' })]);

    await billDueContracts(db(), { now: noonOf(due) });
    const [period] = await db()
      .select()
      .from(schema.contractPeriods)
      .where(eq(schema.contractPeriods.contractId, c.id));
    await t.send();
    const [completed] = (await sentOn(period!.invoiceId!)).filter((m) => m.event === 'orderCompleted');
    expect(completed!.templateName).toBe('oc_ordem_concluida_debito_automatico_v1');
    const params = (completed!.parameters as { body: string[] }).body;
    expect(params.slice(5)).toEqual([formatMoney(450), br(due)]);
    expect(params.some((p) => p.startsWith('000201'))).toBe(false);
    expect(completed!.body).toContain(
      `O valor de ${formatMoney(450)} será debitado automaticamente por Pix Automático em ${br(due)}`,
    );
    expect(completed!.body).not.toContain('copia e cola');
    const atMeta = t.standIn.sent.find((m) => m.template?.name === 'oc_ordem_concluida_debito_automatico_v1');
    expect(atMeta?.to).toBe(t.world.mobile.digits);

    // The day after, still not settled (the debit is tried again): the reminder goes without a code.
    await queueDueByClock(t.wa(), noonOf(addDays(due, 1)));
    const overdue = (await sentOn(period!.invoiceId!)).filter((m) => m.event === 'instalmentOverdue');
    expect(overdue.map((m) => m.templateName)).toEqual(['oc_parcela_vencida_v1']);
  });
});
