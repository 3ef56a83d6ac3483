import { eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { PersonType } from '@ordem-certa/contracts';
import { schema } from '@ordem-certa/db';
import { perFile } from '../../../test/helpers.ts';
import { estimateWorld } from '../../../test/estimate-fixtures.ts';
import { newCpf } from '../../../test/factories.ts';

// LGPD anonymization and the free text the office typed about the person: line descriptions, payment
// notes, checklist answers, equipment descriptions, comments — the name written with or without its
// accents, in any case.
const t = perFile({ world: estimateWorld });
const db = () => t.ctx.database.db;

const NAME = 'Joana Conceição Araújo';
const UNACCENTED = 'joana conceicao araujo';
let customerId: number;
let invoiceId: number;
let estimateId: number;
let equipmentId: number;

beforeAll(async () => {
  const w = t.world;
  const [customer] = await db()
    .insert(schema.customers)
    .values({ organizationId: t.org.organization.id, type: PersonType.Natural, identifier: newCpf(), name: NAME })
    .returning();
  customerId = customer!.id;
  const [equipment] = await db()
    .insert(schema.equipments)
    .values({
      organizationId: t.org.organization.id,
      customerId,
      name: 'Split',
      brand: 'LG',
      model: 'X',
      serialNumber: 'SN-9',
      description: `Fica no quarto de ${NAME}`,
    })
    .returning();
  equipmentId = equipment!.id;

  invoiceId = (await w.createInvoice(customerId)).id;
  const line = await w.admin('POST', `/${invoiceId}/services`, {
    service: w.service.id,
    quantity: 1,
    description: `Sala de ${UNACCENTED}`,
  });
  expect(line.statusCode, line.body).toBe(201);
  expect((await w.admin('POST', `/${invoiceId}/equipments`, { equipment: equipmentId })).statusCode).toBe(201);
  const comment = await w.admin('POST', `/${invoiceId}/comments`, { type: 1, comment: `Falar com ${UNACCENTED}` });
  expect(comment.statusCode).toBe(201);
  expect((await w.admin('POST', `/${invoiceId}/start`)).statusCode).toBe(200);
  const paid = await w.admin('POST', `/${invoiceId}/payments`, {
    amount: 10,
    method: 'pix',
    paidAt: '2026-01-05',
    note: `Pix de ${NAME.toUpperCase()}`,
  });
  expect(paid.statusCode, paid.body).toBe(201);
  const [template] = await db()
    .insert(schema.checklistTemplates)
    .values({
      organizationId: t.org.organization.id,
      name: 'Visita',
      items: [{ id: 1, label: 'Quem recebeu', kind: 'text', required: false }],
    })
    .returning();
  await db()
    .insert(schema.invoiceChecklists)
    .values({
      organizationId: t.org.organization.id,
      invoiceId,
      templateId: template!.id,
      name: 'Visita',
      items: template!.items,
      answers: { 1: `Recebido por ${NAME}` },
    });

  estimateId = (await w.createEstimate(customerId)).id;
  await w.ok('POST', `/${estimateId}/services`, {
    service: w.service.id,
    quantity: 1,
    description: `Instalar na casa de ${NAME}`,
  });

  const res = await t.ctx.app.inject({
    method: 'POST',
    url: `/api/organizations/${t.org.organization.id}/customers/${customerId}/anonymize`,
    headers: t.org.as(t.org.admin.token),
  });
  expect(res.statusCode, res.body).toBe(200);
});

describe('anonymization of free text', () => {
  it('replaces the name, accents or not, in line descriptions, payment notes, checklists, equipment and comments', async () => {
    const replaced = `Cliente anonimizado #${customerId}`;
    const texts = {
      orderLines: await db()
        .select({ text: schema.invoiceServices.description })
        .from(schema.invoiceServices)
        .where(eq(schema.invoiceServices.invoiceId, invoiceId)),
      estimateLines: await db()
        .select({ text: schema.estimateServices.description })
        .from(schema.estimateServices)
        .where(eq(schema.estimateServices.estimateId, estimateId)),
      payments: await db()
        .select({ text: schema.invoicePayments.note })
        .from(schema.invoicePayments)
        .where(eq(schema.invoicePayments.invoiceId, invoiceId)),
      checklists: await db()
        .select({ answers: schema.invoiceChecklists.answers })
        .from(schema.invoiceChecklists)
        .where(eq(schema.invoiceChecklists.invoiceId, invoiceId)),
      equipment: await db()
        .select({ text: schema.equipments.description })
        .from(schema.equipments)
        .where(inArray(schema.equipments.id, [equipmentId])),
      orderEquipment: await db()
        .select({ text: schema.invoiceEquipments.description })
        .from(schema.invoiceEquipments)
        .where(eq(schema.invoiceEquipments.invoiceId, invoiceId)),
      comments: await db()
        .select({ text: schema.invoiceComments.comment })
        .from(schema.invoiceComments)
        .where(eq(schema.invoiceComments.invoiceId, invoiceId)),
    };
    const all = JSON.stringify(texts);
    for (const part of ['Joana', 'joana', 'JOANA', 'Araújo', 'araujo', 'Conceição', 'conceicao'])
      expect(all, part).not.toContain(part);
    expect(texts.orderLines[0]!.text).toBe(`Sala de ${replaced}`);
    expect(texts.estimateLines[0]!.text).toBe(`Instalar na casa de ${replaced}`);
    expect(texts.payments[0]!.text).toBe(`Pix de ${replaced}`);
    expect(texts.checklists[0]!.answers).toEqual({ 1: `Recebido por ${replaced}` });
    expect(texts.equipment[0]!.text).toBe(`Fica no quarto de ${replaced}`);
    expect(texts.comments.map((c) => c.text)).toContain(`Falar com ${replaced}`);
  });
});
