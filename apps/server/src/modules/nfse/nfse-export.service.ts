import { sql } from 'drizzle-orm';
import type { Db } from '@ordem-certa/db';
import { queryRows } from '../../lib/sql.ts';
import type { ZipEntry } from '../../lib/zip.ts';

/** Documents read from the database per statement while the archive is written. */
const PAGE = 100;

interface Row {
  id: number;
  nfse_number: string;
  nfse_xml: string;
  cancel_request_xml: string | null;
  cancel_event_xml: string | null;
}

/**
 * GET nfse/export?month=YYYY-MM: the organization's NFS-e issued in that month of its time zone, canceled
 * ones included, as the XML the national system returned, beside each cancellation's request and
 * event. Read a page at a time while the ZIP is written.
 */
export async function* nfseMonthEntries(db: Db, organizationId: number, month: string): AsyncGenerator<ZipEntry> {
  const start = sql`((${`${month}-01`}::date)::timestamp AT TIME ZONE (SELECT time_zone FROM organizations WHERE id = ${organizationId}))`;
  const end = sql`((${`${month}-01`}::date + interval '1 month')::timestamp AT TIME ZONE (SELECT time_zone FROM organizations WHERE id = ${organizationId}))`;
  let after = 0;
  for (;;) {
    const rows = await queryRows<Row>(
      db,
      sql`
      SELECT id, nfse_number, nfse_xml, cancel_request_xml, cancel_event_xml FROM nfse_documents
       WHERE organization_id = ${organizationId} AND issued_at >= ${start} AND issued_at < ${end}
         AND nfse_xml IS NOT NULL AND id > ${after}
       ORDER BY id LIMIT ${PAGE}`,
    );
    for (const r of rows) {
      const name = `NFSe-${r.nfse_number}`;
      yield { name: `${name}.xml`, data: Buffer.from(r.nfse_xml, 'utf8'), compress: true };
      if (r.cancel_request_xml)
        yield {
          name: `${name}-pedido-cancelamento.xml`,
          data: Buffer.from(r.cancel_request_xml, 'utf8'),
          compress: true,
        };
      if (r.cancel_event_xml)
        yield { name: `${name}-cancelamento.xml`, data: Buffer.from(r.cancel_event_xml, 'utf8'), compress: true };
    }
    if (rows.length < PAGE) return;
    after = Number(rows.at(-1)!.id);
  }
}
