import { describe, expect, it } from 'vitest';
import {
  addDays,
  formatDate,
  formatIdentifier,
  InvoiceState,
  maintenancePlanMessages as msg,
} from '@ordem-certa/contracts';
import { perFile } from '../../../test/helpers.ts';
import { planWorld } from '../../../test/maintenance-plan-fixtures.ts';
import { pdfText } from '@ordem-certa/test-support/pdf-text';

// The PMOC report: a plan's period as a PDF opened from a short-lived signed link.
const t = perFile({ other: true, world: planWorld });

const br = (isoDate: string) => isoDate.split('-').toReversed().join('/');

describe('the PMOC report', () => {
  it('prints the building, its equipment, each visit of the period with what was done, and the engineer', async () => {
    const address = await t.world.addAddress({
      address: 'Av. Paulista',
      number: 1000,
      neighborhood: 'Bela Vista',
      city: 'São Paulo',
      state: 'SP',
    });
    const start = addDays(t.world.today, 2);
    const plan = await t.world.createPlan({ startDate: start, address: address.id });
    const made = (await t.world.plans('POST', `/${plan.id}/generate`, { until: addDays(start, 35) })).json()
      .data as Array<{ id: number; number: number; date: string }>;
    expect(made).toHaveLength(2);
    // The first visit is done: its checklist answered and the order completed.
    const [done, open] = made;
    const { data: checklists } = (await t.world.admin('GET', `/${done!.id}/checklists`)).json();
    const answered = await t.world.admin('PUT', `/${done!.id}/checklists/${checklists[0].id}`, {
      answers: [
        { item: 1, value: true },
        { item: 2, value: 12.5 },
      ],
    });
    expect(answered.statusCode, answered.body).toBe(200);
    await t.world.moveTo(done!.id, InvoiceState.Completed);

    const to = addDays(start, 70);
    const link = await t.world.plans('POST', `/${plan.id}/report`, { from: start, to });
    expect(link.statusCode, link.body).toBe(200);
    const { url } = link.json() as { url: string };
    expect(url).toMatch(new RegExp(`^/api/pdfs/maintenance-plans/${plan.id}\\?token=`));
    // The link works without a login.
    const pdf = await t.ctx.app.inject({ method: 'GET', url });
    expect(pdf.statusCode, pdf.body.slice(0, 300)).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toContain(`PMOC-plano-${plan.id}-${start}-a-${to}.pdf`);
    const text = pdfText(pdf.rawPayload);

    for (const expected of [
      'PMOC — PLANO DE MANUTENÇÃO',
      `Nº ${plan.id}`,
      `Período ${br(start)} a ${br(to)}`,
      t.world.company.name,
      // The building.
      t.world.customer.name,
      formatIdentifier(t.world.customer.identifier, t.world.customer.type),
      'Av. Paulista, 1000 - Bela Vista - São Paulo/SP',
      // Its equipment.
      'Split 12k',
      'SN-1',
      'Câmara fria',
      // The responsible engineer, the registration and the ART.
      'Eng. Marta Quintela',
      'CREA-SP 5062345678',
      '28027230201234567',
      'ART nº 28027230201234567',
      'Mensal, desde ' + br(start),
      // The visits: the done one with its date done, technician and tasks; the open one; the one foreseen.
      `MANUTENÇÃO DE ${br(done!.date)} — OS Nº ${done!.number}`,
      `MANUTENÇÃO DE ${br(open!.date)} — OS Nº ${open!.number}`,
      'Realizada',
      'Próxima',
      'Prevista',
      br(addDays(start, 0)),
      formatDate(new Date(), 'America/Sao_Paulo'),
      'Colaborador Teste',
      '• Limpeza de split × 2',
      `Checklist: ${t.world.template.name}`,
      'Filtros limpos *',
      'Sim',
      '12,5',
    ])
      expect(text, expected).toContain(expected);
    // Prices are not part of a maintenance record.
    expect(text).not.toContain('R$');

    // Another plan's id with this token: not found; a token altered: not found.
    const other = await t.world.createPlan();
    const wrongId = await t.ctx.app.inject({
      method: 'GET',
      url: url.replace(`/maintenance-plans/${plan.id}?`, `/maintenance-plans/${other.id}?`),
    });
    expect(wrongId.statusCode).toBe(404);
    expect(wrongId.body).toContain(msg.reportLinkInvalid);
    const altered = await t.ctx.app.inject({ method: 'GET', url: `${url.slice(0, -3)}abc` });
    expect(altered.statusCode).toBe(404);
  });

  it('a period without visits says so; an ended plan foresees nothing', async () => {
    const plan = await t.world.createPlan({ startDate: addDays(t.world.today, 10), engineerName: null });
    await t.world.plans('POST', `/${plan.id}/end`);
    const { url } = (
      await t.world.plans('POST', `/${plan.id}/report`, { from: t.world.today, to: addDays(t.world.today, 60) })
    ).json();
    const text = pdfText((await t.ctx.app.inject({ method: 'GET', url })).rawPayload);
    expect(text).toContain('Nenhuma manutenção no período.');
    expect(text).toContain(`Encerrado em ${formatDate(new Date(), 'America/Sao_Paulo')}`);
    expect(text).not.toContain('Prevista');
  });
});
