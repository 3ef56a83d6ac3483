import { sql } from 'drizzle-orm';
import { fromCents, nfseStatusLabels, type NfseStatusValue } from '@ordem-certa/contracts';
import type { ReportSpec } from '../../core/reports/registry.ts';
import { reportColumns } from '../../core/reports/report-columns.ts';
import { periodFilters } from '../../core/reports/report-filters.ts';
import { num, str } from '../../core/reports/report-parts.ts';

/** 'NFS-e emitidas': the NFS-e issued in the period (canceled ones too), with their order and values. */
export const nfseIssuedReport: ReportSpec = {
  name: 'nfse-issued',
  title: 'NFS-e emitidas',
  description: 'As NFS-e emitidas no período, com a ordem, o tomador, o valor e a situação (canceladas também).',
  filters: async (ctx) => [...periodFilters(ctx.timeZone, { from: 'Emitida a partir de', to: 'Emitida até' })],
  columns: [
    { name: 'issuedAt', label: 'Emitida em', type: 'datetime' },
    { name: 'number', label: 'NFS-e', type: 'string' },
    reportColumns.order,
    { name: 'company', label: 'Prestador', type: 'string' },
    { name: 'customer', label: 'Tomador', type: 'string' },
    reportColumns.value,
    reportColumns.status,
    { name: 'accessKey', label: 'Chave de acesso', type: 'string' },
  ],
  chart: null,
  query: (ctx, v, cap) => sql`
    SELECT n.issued_at, n.nfse_number, i.number AS order_number, co.name AS company, c.name AS customer,
           (i.subtotal_cents - i.discount_cents) AS cents, n.status, n.access_key, count(*) OVER () AS total
      FROM nfse_documents n
      JOIN invoices i ON i.id = n.invoice_id
      JOIN companies co ON co.id = n.company_id
      JOIN customers c ON c.id = i.customer_id
     WHERE n.organization_id = ${ctx.organizationId} AND n.issued_at IS NOT NULL
       AND n.issued_at >= ((${v.from!}::date)::timestamp AT TIME ZONE ${ctx.timeZone})
       AND n.issued_at < ((${v.to!}::date + 1)::timestamp AT TIME ZONE ${ctx.timeZone})
     ORDER BY n.issued_at, n.id LIMIT ${cap}`,
  cells: (r) => [
    r.issued_at ? new Date(r.issued_at as string).toISOString() : null,
    str(r.nfse_number),
    num(r.order_number),
    str(r.company),
    str(r.customer),
    fromCents(num(r.cents)),
    nfseStatusLabels[r.status as NfseStatusValue] ?? str(r.status),
    str(r.access_key),
  ],
};

/** The reports of the NFS-e feature, for the reports list. */
export const nfseReports: ReportSpec[] = [nfseIssuedReport];
