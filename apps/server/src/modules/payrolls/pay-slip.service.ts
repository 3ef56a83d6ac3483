import { createHash } from 'node:crypto';
import { and, asc, eq } from 'drizzle-orm';
import {
  can,
  describePayBasis,
  payrollMessages,
  PDF_LINK_TTL_SECONDS,
  permissionsOfRole,
} from '@ordem-certa/contracts';
import { schema, type Db } from '@ordem-certa/db';
import { AppError, notFound } from '../../lib/errors.ts';
import type { LinkSigner } from '../../lib/signed-links.ts';
import { PdfCache, pdfCache } from '../../core/documents/pdf-cache.ts';
import { renderPdf } from '../../core/documents/pdf-pool.ts';
import type { PaySlipData } from '../../core/documents/renderers/pay-slip-document.ts';
import { assertFound } from '../../core/access/access.ts';
import { roleOfUser } from '../../core/access/role-of.ts';

const PURPOSE = 'pay-slip';
const p = schema.payrolls;
const l = schema.payrollLines;

/** One worker's lines of one payroll of the organization, with what the slip's header needs; 404 when none. */
async function loadPaySlip(db: Db, organizationId: number, id: number, workerId: number): Promise<PaySlipData> {
  const [head] = await db
    .select({
      payroll: { id: p.id, startDate: p.startDate, endDate: p.endDate },
      company: {
        name: schema.companies.name,
        alias: schema.companies.alias,
        identifier: schema.companies.identifier,
        type: schema.companies.type,
      },
      worker: { name: schema.users.name, email: schema.users.email },
      timeZone: schema.organizations.timeZone,
    })
    .from(p)
    .innerJoin(schema.companies, eq(schema.companies.id, p.companyId))
    .innerJoin(schema.organizations, eq(schema.organizations.id, p.organizationId))
    .innerJoin(schema.users, and(eq(schema.users.id, workerId), eq(schema.users.organizationId, p.organizationId)))
    .where(and(eq(p.id, id), eq(p.organizationId, organizationId)));
  const h = assertFound(head);
  const i = schema.invoices;
  const lines = await db
    .select({
      invoiceNumber: i.number,
      finishedAt: i.finishedAt,
      natureName: schema.transactionNatures.name,
      valueCents: l.valueCents,
      payBasis: l.payBasis,
      paidAt: l.paidAt,
    })
    .from(l)
    .innerJoin(i, eq(i.id, l.invoiceId))
    .innerJoin(schema.transactionNatures, eq(schema.transactionNatures.id, i.transactionNatureId))
    .where(and(eq(l.payrollId, id), eq(l.workerId, workerId)))
    .orderBy(asc(i.finishedAt), asc(i.number));
  if (!lines.length) throw notFound();
  return {
    ...h,
    generatedAt: new Date(),
    lines: lines.map(({ payBasis, ...line }) => ({ ...line, explanation: describePayBasis(payBasis) })),
  };
}

/** POST payrolls/{id}/workers/{workerId}/pdf (admin): a link to the slip that works for a few minutes without a login. */
export async function requestPaySlip(
  db: Db,
  links: LinkSigner,
  organizationId: number,
  userId: number,
  id: number,
  workerId: number,
) {
  const [line] = await db
    .select({ id: l.id })
    .from(l)
    .innerJoin(p, eq(p.id, l.payrollId))
    .where(and(eq(l.payrollId, id), eq(l.workerId, workerId), eq(p.organizationId, organizationId)))
    .limit(1);
  assertFound(line);
  const token = await links.sign(
    PURPOSE,
    { pr: id, w: workerId, org: organizationId, u: userId },
    PDF_LINK_TTL_SECONDS,
  );
  return { url: `/api/pdfs/payrolls/${id}/workers/${workerId}?token=${token}` };
}

/** GET /api/pdfs/payrolls/{id}/workers/{workerId}?token=...: the token is the only authorization. */
export async function paySlipFromLink(db: Db, links: LinkSigner, id: number, workerId: number, token?: string) {
  const claims = await links.verify(PURPOSE, token);
  if (claims === 'expired') throw new AppError(410, [payrollMessages.slipLinkExpired]);
  if (
    claims === 'invalid' ||
    claims.pr !== id ||
    claims.w !== workerId ||
    typeof claims.org !== 'number' ||
    typeof claims.u !== 'number'
  ) {
    throw notFound(payrollMessages.slipLinkInvalid);
  }
  // The link lends its maker's access to whoever holds it: it stops working once they are no longer an
  // active user of the organization whose role manages the payroll, as if it had expired.
  const [maker] = await db
    .select({ id: schema.users.id, role: roleOfUser.columns })
    .from(schema.users)
    .innerJoin(roleOfUser.table, roleOfUser.on)
    .where(
      and(eq(schema.users.id, claims.u), eq(schema.users.organizationId, claims.org), eq(schema.users.isActive, true)),
    );
  if (!maker || !can({ userId: maker.id, permissions: permissionsOfRole(maker.role) }, 'payroll.manage'))
    throw new AppError(410, [payrollMessages.slipLinkExpired]);
  const data = await loadPaySlip(db, claims.org, id, workerId);
  // Paying a line does not touch the payroll row: the slip's version is what it prints.
  const { generatedAt: _g, ...printed } = data;
  const version = createHash('sha256').update(JSON.stringify(printed)).digest('base64url');
  const pdf = await pdfCache.get(PdfCache.key(token!, 'pay-slip', version), () =>
    renderPdf({ kind: 'pay-slip', data }),
  );
  return { pdf, fileName: `holerite-folha-${id}-${workerId}.pdf` };
}
