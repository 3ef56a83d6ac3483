import { createHash } from 'node:crypto';
import { and, asc, eq, inArray } from 'drizzle-orm';
import {
  frequencyLabels,
  InvoiceState,
  maintenancePlanMessages as msg,
  occurrenceDate,
  occurrenceStatusLabels,
  PDF_LINK_TTL_SECONDS,
  type MaintenanceFrequency,
  type MaintenanceReportBody,
  can,
} from '@ordem-certa/contracts';
import { schema, type Db } from '@ordem-certa/db';
import { AppError } from '../../lib/errors.ts';
import type { LinkSigner } from '../../lib/signed-links.ts';
import { PdfCache, pdfCache } from '../../core/documents/pdf-cache.ts';
import { renderPdf } from '../../core/documents/pdf-pool.ts';
import { printedChecklist } from '../../core/documents/pdf/printed-data.ts';
import {
  printedHead,
  verifyDocumentLink,
  type DocumentServer,
  type PdfLog,
} from '../../core/documents/printed-record.ts';
import { organizationToday } from './maintenance-plans.service.ts';
import type { PmocReportData, ReportVisit } from '../../core/documents/renderers/pmoc-report-document.ts';
import { assertFound } from '../../core/access/access.ts';
import { findPlan, planVisitOrders, visitWorkers } from './plan-orders.ts';

const PURPOSE = 'pmoc-report';
const { maintenancePlans: p } = schema;

/**
 * POST maintenance-plans/{id}/report (admin): a link to the PMOC report of the period that works for a
 * few minutes without a login, as the other PDFs open in a new tab.
 */
export async function requestReport(
  db: Db,
  links: LinkSigner,
  actor: { organizationId: number; userId: number },
  id: number,
  body: MaintenanceReportBody,
) {
  const [plan] = await db
    .select({ id: p.id })
    .from(p)
    .where(and(eq(p.id, id), eq(p.organizationId, actor.organizationId)));
  assertFound(plan);
  const token = await links.sign(
    PURPOSE,
    { mp: id, org: actor.organizationId, usr: actor.userId, from: body.from, to: body.to },
    PDF_LINK_TTL_SECONDS,
  );
  return { url: `/api/pdfs/maintenance-plans/${id}?token=${token}` };
}

/**
 * GET /api/pdfs/maintenance-plans/{id}?token=…: altered → 404, expired → 410; the link lends the
 * admin's access, so it stops working once its maker is no longer an active admin.
 */
export async function reportFromLink(
  { db, storage, links }: DocumentServer,
  { id, token }: { id: number; token: string | undefined },
  log: PdfLog,
) {
  const asker = await verifyDocumentLink(
    db,
    links,
    { purpose: PURPOSE, token, idClaim: 'mp', id },
    { expired: msg.reportLinkExpired, invalid: msg.reportLinkInvalid },
  );
  if (!can(asker, 'maintenancePlan.see')) throw new AppError(410, [msg.reportLinkExpired]);
  const { from, to } = asker.claims;
  if (typeof from !== 'string' || typeof to !== 'string') throw new AppError(404, [msg.reportLinkInvalid]);
  const data = await loadReport(db, storage, asker.organizationId, id, { from, to }, log);
  // The report has no version of its own: what it prints (images aside) is its version.
  const printed = { ...data, generatedAt: null, company: { ...data.company, logo: null, signature: null } };
  const version = createHash('sha256').update(JSON.stringify(printed)).digest('base64url');
  const pdf = await pdfCache.get(PdfCache.key(token!, PURPOSE, version), () =>
    renderPdf({ kind: 'pmoc-report', data }),
  );
  return { pdf, fileName: `PMOC-plano-${id}-${from}-a-${to}.pdf` };
}

/** Everything the report prints, for one plan of one organization and a period (both dates inclusive). */
export async function loadReport(
  db: Db,
  storage: DocumentServer['storage'],
  organizationId: number,
  id: number,
  period: { from: string; to: string },
  log: PdfLog,
): Promise<PmocReportData> {
  const plan = await findPlan(db, organizationId, id);
  const badImage = (what: string) => (err: unknown) =>
    log.warn({ err, maintenancePlanId: id }, `PMOC report: the company's ${what} could not be printed`);
  const e = schema.equipments;
  const [head, equipments, orders, { today }] = await Promise.all([
    printedHead(db, storage, plan, { showValues: false, amountCents: 0, reference: '' }, badImage),
    db
      .select({
        name: e.name,
        brand: e.brand,
        model: e.model,
        serialNumber: e.serialNumber,
        description: e.description,
      })
      .from(schema.maintenancePlanEquipments)
      .innerJoin(e, eq(e.id, schema.maintenancePlanEquipments.equipmentId))
      .where(eq(schema.maintenancePlanEquipments.planId, id))
      .orderBy(asc(schema.maintenancePlanEquipments.position)),
    planVisitOrders(db, organizationId, id, { period }),
    organizationToday(db, organizationId),
  ]);
  const ids = orders.map((o) => o.id);
  const [services, workers, checklists] = ids.length
    ? await Promise.all([
        db
          .select({
            invoiceId: schema.invoiceServices.invoiceId,
            name: schema.invoiceServices.name,
            quantity: schema.invoiceServices.quantity,
          })
          .from(schema.invoiceServices)
          .where(inArray(schema.invoiceServices.invoiceId, ids))
          .orderBy(asc(schema.invoiceServices.id)),
        visitWorkers(db, ids),
        db
          .select()
          .from(schema.invoiceChecklists)
          .where(inArray(schema.invoiceChecklists.invoiceId, ids))
          .orderBy(asc(schema.invoiceChecklists.id)),
      ])
    : [[], [], []];

  const statusOf = (state: number, date: string) =>
    occurrenceStatusLabels[
      state === InvoiceState.Completed
        ? 'done'
        : state === InvoiceState.Canceled
          ? 'canceled'
          : date < today
            ? 'late'
            : 'next'
    ];
  const visits: ReportVisit[] = orders.map((o) => ({
    date: o.date!,
    status: statusOf(o.state, o.date!),
    invoiceNumber: o.number,
    invoiceStatus: o.statusLabel,
    finishedAt: o.state === InvoiceState.Completed ? o.finishedAt : null,
    technicians: workers.filter((w) => w.invoiceId === o.id).map((w) => w.name),
    services: services.filter((s) => s.invoiceId === o.id).map((s) => ({ name: s.name, quantity: s.quantity })),
    checklists: checklists
      .filter((c) => c.invoiceId === o.id)
      .map((c) => {
        // The report prints no photos: a photo answer says it is on the order.
        const printed = printedChecklist(c, []);
        printed.items.forEach((item, k) => {
          const source = c.items[k]!;
          if (source.kind === 'photo' && typeof c.answers[String(source.id)] === 'number')
            item.answer = `Foto na OS nº ${o.number}`;
        });
        return printed;
      }),
  }));

  // The visits of the period whose orders are not made yet, as the plan foresees them.
  if (!plan.endedAt) {
    const frequency = plan.frequency as MaintenanceFrequency;
    for (let k = plan.nextIndex; ; k++) {
      const date = occurrenceDate(plan.startDate, frequency, k);
      if (date > period.to) break;
      if (date >= period.from && !visits.some((v) => v.date === date))
        visits.push({
          date,
          status: 'Prevista',
          invoiceNumber: null,
          invoiceStatus: null,
          finishedAt: null,
          technicians: [],
          services: [],
          checklists: [],
        });
    }
  }
  visits.sort((a, b) => a.date.localeCompare(b.date));

  return {
    timeZone: head.timeZone,
    generatedAt: new Date(),
    company: head.company,
    customer: head.customer,
    plan: {
      id: plan.id,
      frequencyLabel: frequencyLabels[plan.frequency as MaintenanceFrequency],
      startDate: plan.startDate,
      endedAt: plan.endedAt,
      engineerName: plan.engineerName,
      engineerRegistration: plan.engineerRegistration,
      artNumber: plan.artNumber,
    },
    period,
    equipments,
    visits,
  };
}
