// A plan's air-quality reports (the laboratory's PDF with the CO₂ and fungi figures), one per year,
// kept in the file storage and appended to that year's PMOC document.
import type { FastifyRequest } from 'fastify';
import { and, desc, eq } from 'drizzle-orm';
import {
  AIR_REPORT_MAX_BYTES,
  airReportUploadFields,
  pmocMessages as msg,
  type AirReport,
} from '@ordem-certa/contracts';
import { schema, type Db } from '@ordem-certa/db';
import { invalid, notFound } from '../../lib/errors.ts';
import { isPdf } from '../../lib/pdf-file.ts';
import { newFileKey, type FileStorage } from '../../lib/storage.ts';
import { displayName, readFileUpload } from '../../lib/uploads.ts';
import { audit, type AuditActor } from '../../core/audit/audit.ts';
import { annexPageCount } from '../../core/documents/pdf/append-pdf.ts';
import { assertFound } from '../../core/access/access.ts';

const { maintenancePlans: p, maintenancePlanAirReports: ar } = schema;
type Actor = AuditActor & { userId: number };

export interface AirReportFile {
  year: number;
  data: Buffer;
  name: string;
}

/**
 * Reads POST maintenance-plans/{id}/air-reports: the `year` field and one PDF under `file` (at most
 * 10 MB: 413 past it), told by its bytes and readable to be appended (not damaged, no password).
 */
export async function readAirReport(request: FastifyRequest): Promise<AirReportFile> {
  const { data, fields, fileName } = await readFileUpload(request, 'file', AIR_REPORT_MAX_BYTES, msg.airReportTooLarge);
  const parsed = airReportUploadFields.safeParse(fields);
  if (!parsed.success) throw invalid({ year: msg.yearRequired });
  if (!isPdf(data)) throw invalid({ file: msg.airReportNotPdf });
  if ((await annexPageCount(data)) === null) throw invalid({ file: msg.airReportUnreadable });
  return { year: parsed.data.year, data, name: displayName(fileName, `qualidade-do-ar-${parsed.data.year}.pdf`) };
}

async function assertPlan(db: Db, organizationId: number, id: number) {
  const [row] = await db
    .select({ id: p.id })
    .from(p)
    .where(and(eq(p.id, id), eq(p.organizationId, organizationId)));
  assertFound(row);
}

const own = (organizationId: number, id: number, year?: number) =>
  and(eq(ar.organizationId, organizationId), eq(ar.planId, id), year === undefined ? undefined : eq(ar.year, year));

/** GET maintenance-plans/{id}/air-reports: the plan's reports, newest year first. */
export async function listAirReports(db: Db, organizationId: number, id: number): Promise<{ data: AirReport[] }> {
  await assertPlan(db, organizationId, id);
  const rows = await db
    .select({ year: ar.year, fileName: ar.fileName, fileSize: ar.fileSize, uploadedAt: ar.uploadedAt })
    .from(ar)
    .where(own(organizationId, id))
    .orderBy(desc(ar.year));
  return { data: rows.map((r) => ({ ...r, uploadedAt: r.uploadedAt.toISOString() })) };
}

/** POST maintenance-plans/{id}/air-reports: the year's report, replacing one sent before (audited on the plan). */
export async function putAirReport(db: Db, storage: FileStorage, actor: Actor, id: number, file: AirReportFile) {
  const org = actor.organizationId;
  await assertPlan(db, org, id);
  const key = newFileKey(org, `maintenance-plans/${id}`, `qualidade-do-ar-${file.year}`, 'pdf');
  await storage.put(key, file.data, 'application/pdf');
  let previous: string | null = null;
  try {
    await db.transaction(async (tx) => {
      const [plan] = await tx
        .select({ id: p.id })
        .from(p)
        .where(and(eq(p.id, id), eq(p.organizationId, org)))
        .for('update');
      assertFound(plan);
      const [before] = await tx
        .select()
        .from(ar)
        .where(own(org, id, file.year));
      previous = before?.fileKey ?? null;
      const values = {
        fileKey: key,
        fileName: file.name,
        fileSize: file.data.length,
        uploadedAt: new Date(),
        uploadedById: actor.userId,
      };
      await tx
        .insert(ar)
        .values({ organizationId: org, planId: id, year: file.year, ...values })
        .onConflictDoUpdate({ target: [ar.planId, ar.year], set: values });
      await audit(tx, actor, 'update', 'maintenancePlan', id, [
        { field: `airReport${file.year}`, before: before?.fileName ?? null, after: file.name },
      ]);
    });
  } catch (err) {
    await storage.delete(key);
    throw err;
  }
  if (previous) await storage.delete(previous);
  return listAirReports(db, org, id);
}

/** GET maintenance-plans/{id}/air-reports/{year}: the file as sent. */
export async function getAirReport(db: Db, storage: FileStorage, organizationId: number, id: number, year: number) {
  await assertPlan(db, organizationId, id);
  const [row] = await db
    .select()
    .from(ar)
    .where(own(organizationId, id, year));
  const data = row ? await storage.get(row.fileKey) : undefined;
  if (!row || !data) throw notFound(msg.airReportMissing);
  return { data, name: row.fileName };
}

/** DELETE maintenance-plans/{id}/air-reports/{year}: the plan forgets the year's report (audited), then the file goes. */
export async function deleteAirReport(db: Db, storage: FileStorage, actor: Actor, id: number, year: number) {
  const org = actor.organizationId;
  await assertPlan(db, org, id);
  const key = await db.transaction(async (tx) => {
    const [row] = await tx
      .delete(ar)
      .where(own(org, id, year))
      .returning();
    if (!row) throw notFound(msg.airReportMissing);
    await audit(tx, actor, 'update', 'maintenancePlan', id, [
      { field: `airReport${year}`, before: row.fileName, after: null },
    ]);
    return row.fileKey;
  });
  await storage.delete(key);
}
