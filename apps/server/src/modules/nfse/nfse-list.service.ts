import { and, desc, eq, or, sql, type SQL } from 'drizzle-orm';
import {
  fromCents,
  nfseStatusLabels,
  type NfseListParams,
  type NfseListResponse,
  type NfseListRow,
  type NfseStatusValue,
} from '@ordem-certa/contracts';
import { schema, type Db } from '@ordem-certa/db';
import { partySearch } from '../../core/registers/parties.ts';
import { alias, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { pickColumns } from '../../lib/sql.ts';

// 'Notas fiscais': every NFS-e of the organization with its status, month, customer and number
// filters, the totals of the standing ones, and the same rows as CSV.

const d = schema.nfseDocuments;
const i = schema.invoices;
const c = schema.customers;
const co = schema.companies;
const replaced = alias(d, 'replaced');

/** Rows the CSV holds at most (a year of a busy shop). */
export const NFSE_CSV_CAP = 10_000;

type Filters = Omit<NfseListParams, 'skip' | 'take'>;

/** The instant an NFS-e belongs to a month by: its issue, or its sending while it has none. */
const at = sql`coalesce(${d.issuedAt}, ${d.createdAt})`;

function where(organizationId: number, f: Filters): SQL {
  const zone = sql`(SELECT time_zone FROM organizations WHERE id = ${organizationId})`;
  const customer = partySearch(c, f.customer);
  return and(
    eq(d.organizationId, organizationId),
    f.status ? eq(d.status, f.status) : undefined,
    f.month
      ? sql`${at} >= ((${`${f.month}-01`}::date)::timestamp AT TIME ZONE ${zone})
        AND ${at} < ((${`${f.month}-01`}::date + interval '1 month')::timestamp AT TIME ZONE ${zone})`
      : undefined,
    customer,
    f.number ? or(eq(d.nfseNumber, f.number), eq(i.number, Number(f.number))) : undefined,
  )!;
}

/** The rows of a page (or of the CSV), newest first. */
async function rows(db: Db, organizationId: number, f: Filters, limit: number, offset: number): Promise<NfseListRow[]> {
  const found = await db
    .select({
      ...pickColumns(d, 'id', 'invoiceId', 'accessKey', 'status', 'environment', 'issWithheld'),
      ...pickColumns(d, 'serviceCents', 'discountCents', 'issCents', 'withheldCents', 'netCents'),
      invoiceNumber: i.number,
      number: d.nfseNumber,
      at: sql<Date | string>`${at}`,
      customerName: c.name,
      companyName: co.name,
      replacesNumber: replaced.nfseNumber,
    })
    .from(d)
    .innerJoin(i, eq(i.id, d.invoiceId))
    .innerJoin(c, eq(c.id, i.customerId))
    .innerJoin(co, eq(co.id, d.companyId))
    .leftJoin(replaced, eq(replaced.id, d.replacesId))
    .where(where(organizationId, f))
    .orderBy(desc(at), desc(d.id))
    .limit(limit)
    .offset(offset);
  return found.map(({ serviceCents, discountCents, issCents, withheldCents, netCents, ...r }) => {
    const service = (serviceCents ?? 0) - discountCents;
    return {
      ...r,
      at: new Date(r.at).toISOString(),
      service: fromCents(service),
      iss: issCents === null ? null : fromCents(issCents),
      withheld: fromCents(withheldCents),
      net: fromCents(netCents ?? service),
    };
  });
}

/** The sum of cents of the standing (issued) notes, 0 when there are none. */
const issuedSum = (cents: SQL | AnyPgColumn) =>
  sql<string>`coalesce(sum(${cents}) FILTER (WHERE ${d.status} = 'issued'), 0)`;

/** GET nfse: a page, the count the filters match and the totals of the standing (issued) ones among them. */
export async function listNfse(db: Db, organizationId: number, q: Partial<NfseListParams>): Promise<NfseListResponse> {
  const { skip = 0, take = 25, ...f } = q;
  const [totals] = await db
    .select({
      count: sql<number>`count(*)::int`,
      issued: sql<number>`count(*) FILTER (WHERE ${d.status} = 'issued')::int`,
      service: issuedSum(sql`coalesce(${d.serviceCents}, 0) - ${d.discountCents}`),
      iss: issuedSum(d.issCents),
      withheld: issuedSum(d.withheldCents),
      net: issuedSum(sql`coalesce(${d.netCents}, coalesce(${d.serviceCents}, 0) - ${d.discountCents})`),
    })
    .from(d)
    .innerJoin(i, eq(i.id, d.invoiceId))
    .innerJoin(c, eq(c.id, i.customerId))
    .where(where(organizationId, f));
  return {
    data: await rows(db, organizationId, f, take, skip),
    meta: {
      total: totals?.count ?? 0,
      skip,
      take,
      totals: {
        issued: totals?.issued ?? 0,
        service: fromCents(Number(totals?.service ?? 0)),
        iss: fromCents(Number(totals?.iss ?? 0)),
        withheld: fromCents(Number(totals?.withheld ?? 0)),
        net: fromCents(Number(totals?.net ?? 0)),
      },
    },
  };
}

/** The CSV of GET nfse/csv: the rows the filters match (up to NFSE_CSV_CAP), as a report's header and body. */
export async function nfseCsvTable(db: Db, organizationId: number, f: Filters) {
  const list = await rows(db, organizationId, f, NFSE_CSV_CAP, 0);
  return {
    header: [
      { name: 'at', label: 'Data', type: 'datetime' as const },
      { name: 'number', label: 'NFS-e', type: 'string' as const },
      { name: 'status', label: 'Situação', type: 'string' as const },
      { name: 'order', label: 'OS', type: 'int' as const },
      { name: 'company', label: 'Prestador', type: 'string' as const },
      { name: 'customer', label: 'Tomador', type: 'string' as const },
      { name: 'service', label: 'Serviços', type: 'money' as const },
      { name: 'iss', label: 'ISS', type: 'money' as const },
      { name: 'issWithheld', label: 'ISS retido', type: 'string' as const },
      { name: 'withheld', label: 'Retenções', type: 'money' as const },
      { name: 'net', label: 'Valor líquido', type: 'money' as const },
      { name: 'replaces', label: 'Substitui', type: 'string' as const },
      { name: 'accessKey', label: 'Chave de acesso', type: 'code' as const },
    ],
    body: list.map((r) => [
      r.at,
      r.number,
      nfseStatusLabels[r.status as NfseStatusValue],
      r.invoiceNumber,
      r.companyName,
      r.customerName,
      r.service,
      r.iss,
      r.issWithheld ? 'Sim' : 'Não',
      r.withheld,
      r.net,
      r.replacesNumber,
      r.accessKey,
    ]),
  };
}
