// The PMOC document of a plan and a calendar year: everything it prints loaded here, drawn in the PDF
// pool (core/documents/renderers/pmoc-document.ts) with the year's air-quality report appended.
import { and, desc, eq, inArray } from 'drizzle-orm';
import {
  customerRoleLabels,
  frequencyLabels,
  InvoiceState,
  occurrenceDate,
  type CustomerRole,
  type MaintenanceFrequency,
} from '@ordem-certa/contracts';
import { schema, type Db } from '@ordem-certa/db';
import type { FileStorage } from '../../lib/storage.ts';
import { renderPdf } from '../../core/documents/pdf-pool.ts';
import { fromDataUrl, printedHead, type PdfLog } from '../../core/documents/printed-record.ts';
import type { PmocDocumentData, PmocExecution } from '../../core/documents/renderers/pmoc-document.ts';
import { findPlan, planVisitOrders, visitWorkers } from './plan-orders.ts';
import { getPlan } from './maintenance-plans.service.ts';

const { maintenancePlanAirReports: ar } = schema;

/** GET maintenance-plans/{id}/pmoc.pdf?year=YYYY: the document as a download. */
export async function pmocDocument(
  db: Db,
  storage: FileStorage,
  organizationId: number,
  id: number,
  year: number,
  log: PdfLog,
) {
  const data = await loadPmocDocument(db, storage, organizationId, id, year, log);
  const pdf = await renderPdf({ kind: 'pmoc-document', data });
  return { pdf, fileName: `PMOC-${year}-plano-${id}.pdf` };
}

/** Everything the document prints, for one plan of one organization and a calendar year. */
export async function loadPmocDocument(
  db: Db,
  storage: FileStorage,
  organizationId: number,
  id: number,
  year: number,
  log: PdfLog,
): Promise<PmocDocumentData> {
  const plan = await findPlan(db, organizationId, id);
  const from = `${year}-01-01`;
  const to = `${year}-12-31`;
  const badImage = (what: string) => (err: unknown) =>
    log.warn({ err, maintenancePlanId: id }, `PMOC document: the company's ${what} could not be printed`);
  const [head, detail, template, orders, [report]] = await Promise.all([
    printedHead(db, storage, plan, { showValues: false, amountCents: 0, reference: '' }, badImage),
    getPlan(db, organizationId, id),
    plan.checklistTemplateId === null
      ? undefined
      : db
          .select({ name: schema.checklistTemplates.name, items: schema.checklistTemplates.items })
          .from(schema.checklistTemplates)
          .where(eq(schema.checklistTemplates.id, plan.checklistTemplateId))
          .then((r) => r[0]),
    planVisitOrders(db, organizationId, id, { period: { from, to } }),
    db
      .select()
      .from(ar)
      .where(and(eq(ar.organizationId, organizationId), eq(ar.planId, id), eq(ar.year, year))),
  ]);

  const done = orders.filter((o) => o.state === InvoiceState.Completed);
  const ids = done.map((o) => o.id);
  const [workers, signatures] = ids.length
    ? await Promise.all([
        visitWorkers(db, ids),
        db
          .select({
            invoiceId: schema.invoiceSignatures.invoiceId,
            signerName: schema.invoiceSignatures.signerName,
            signedAt: schema.invoiceSignatures.signedAt,
            printImage: schema.invoiceSignatures.printImage,
          })
          .from(schema.invoiceSignatures)
          .where(inArray(schema.invoiceSignatures.invoiceId, ids))
          .orderBy(desc(schema.invoiceSignatures.id)),
      ])
    : [[], []];
  const executions: PmocExecution[] = done.map((o) => {
    // The order's signature is its newest one.
    const s = signatures.find((x) => x.invoiceId === o.id);
    return {
      date: o.date!,
      invoiceNumber: o.number,
      finishedAt: o.finishedAt,
      technicians: workers.filter((w) => w.invoiceId === o.id).map((w) => w.name),
      signature: s ? { signerName: s.signerName, signedAt: s.signedAt, image: fromDataUrl(s.printImage) } : null,
    };
  });

  // Planned: every visit of the year, with an order or still foreseen by the plan; done: completed.
  const schedule = Array.from({ length: 12 }, () => ({ planned: 0, done: 0 }));
  const monthOf = (date: string) => Number(date.slice(5, 7)) - 1;
  for (const o of orders) {
    schedule[monthOf(o.date!)]!.planned++;
    if (o.state === InvoiceState.Completed) schedule[monthOf(o.date!)]!.done++;
  }
  const frequency = plan.frequency as MaintenanceFrequency;
  if (!plan.endedAt)
    for (let k = plan.nextIndex; ; k++) {
      const date = occurrenceDate(plan.startDate, frequency, k);
      if (date > to) break;
      if (date >= from && !orders.some((o) => o.date === date)) schedule[monthOf(date)]!.planned++;
    }

  // The plan's own tasks; without them, what each visit's order carries at the plan's periodicity.
  const planFrequency = frequencyLabels[frequency];
  const tasks = detail.tasks.length
    ? detail.tasks.map((t) => ({ component: t.component, task: t.task, frequencyLabel: frequencyLabels[t.frequency] }))
    : [
        ...(template?.items ?? []).map((item) => ({
          component: template!.name,
          task: item.label,
          frequencyLabel: planFrequency,
        })),
        ...detail.services.map((s) => ({
          component: 'Serviços de cada visita',
          task: s.name,
          frequencyLabel: planFrequency,
        })),
      ];

  const annex = report ? ((await storage.get(report.fileKey)) ?? null) : null;
  if (report && !annex)
    log.warn({ maintenancePlanId: id, year }, 'PMOC document: the air-quality report file is missing');

  return {
    timeZone: head.timeZone,
    generatedAt: new Date(),
    company: head.company,
    customer: head.customer,
    plan: {
      id: plan.id,
      frequencyLabel: planFrequency,
      startDate: plan.startDate,
      endedAt: plan.endedAt,
      buildingName: plan.buildingName,
      customerRoleLabel: customerRoleLabels[plan.customerRole as CustomerRole],
      engineerName: plan.engineerName,
      engineerRegistration: plan.engineerRegistration,
      artNumber: plan.artNumber,
      recommendations: plan.recommendations,
    },
    year,
    rooms: detail.rooms,
    equipments: detail.equipments,
    tasks,
    schedule,
    executions,
    airReport: report ? { fileName: report.fileName, uploadedAt: report.uploadedAt, data: annex } : null,
  };
}
