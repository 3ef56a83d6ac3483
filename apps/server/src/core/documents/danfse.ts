import { and, desc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import QRCode from 'qrcode';
import { schema, type Db } from '@ordem-certa/db';
import { readNfse } from '@ordem-certa/nfse-xml';
import { renderPdf } from './pdf-pool.ts';
import type { DanfseData } from './renderers/danfse-document.ts';

// The DANFSe: the printable auxiliary document of an NFS-e, drawn from the XML the national system
// returned, with the QR code of the national public consultation of its access key. The NFS-e feature
// downloads it from the order; the order's e-mail attaches, and its public page offers, a standing one.

const d = schema.nfseDocuments;

/** The national public consultation of an NFS-e by its access key (what the DANFSe's QR code opens). */
export const CONSULTA_PUBLICA = 'https://www.nfse.gov.br/ConsultaPublica/';
export const consultUrl = (accessKey: string) => `${CONSULTA_PUBLICA}?tpc=1&chave=${accessKey}`;

/** The QR code's payload and image: what the DANFSe prints (kept apart so a test can check the payload). */
export async function danfseQr(accessKey: string) {
  const url = consultUrl(accessKey);
  return { url, png: await QRCode.toBuffer(url, { errorCorrectionLevel: 'M', margin: 1, width: 360 }) };
}

/** The order's NFS-e that has a DANFSe: the latest one the national system made (issued, canceled or replaced). */
export async function documentOf(db: Db, organizationId: number, invoiceId: number) {
  const [row] = await db
    .select()
    .from(d)
    .where(
      and(
        eq(d.organizationId, organizationId),
        eq(d.invoiceId, invoiceId),
        isNotNull(d.nfseXml),
        inArray(d.status, ['issued', 'canceled', 'substituted']),
      ),
    )
    // The standing one first, then the newest.
    .orderBy(sql`${d.status} = 'issued' DESC`, desc(d.id))
    .limit(1);
  return row;
}

/** The DANFSe's data for a document with its NFS-e XML: the NFS-e read, its QR code, the places' names. */
export async function danfseData(db: Db, row: typeof d.$inferSelect): Promise<DanfseData> {
  const nfse = readNfse(row.nfseXml!);
  const codes = [nfse.provider.address?.municipalityCode, nfse.taker?.address?.municipalityCode].filter(
    (c): c is string => !!c,
  );
  const m = schema.municipalities;
  const names = codes.length ? await db.select().from(m).where(inArray(m.ibgeCode, codes)) : [];
  const qr = await danfseQr(nfse.accessKey ?? row.accessKey!);
  return {
    nfse,
    qr: qr.png,
    consultUrl: qr.url,
    places: Object.fromEntries(names.map((x) => [x.ibgeCode, `${x.name} - ${x.state}`])),
    status: row.status as DanfseData['status'],
    generatedAt: new Date(),
    timeZone: await organizationTimeZone(db, row.organizationId),
  };
}

/** The PDF and its file name, rendered in the PDF workers. */
export async function danfsePdf(db: Db, row: typeof d.$inferSelect) {
  const pdf = await renderPdf({ kind: 'danfse', data: await danfseData(db, row) });
  return { pdf, fileName: `DANFSe-${row.nfseNumber ?? row.id}.pdf` };
}

/** The organization's time zone, which the DANFSe's dates are printed in. */
async function organizationTimeZone(db: Db, organizationId: number) {
  const [org] = await db
    .select({ timeZone: schema.organizations.timeZone })
    .from(schema.organizations)
    .where(eq(schema.organizations.id, organizationId));
  return org?.timeZone ?? 'America/Sao_Paulo';
}

/** The order's DANFSe for the e-mail and the public page: only a standing NFS-e's; null otherwise. */
export async function standingDanfse(db: Db, organizationId: number, invoiceId: number) {
  const row = await documentOf(db, organizationId, invoiceId);
  return row?.status === 'issued' ? danfsePdf(db, row) : null;
}

/** The number of the order's standing NFS-e (null while the national system has not given one), or null without one. */
export async function standingNfse(db: Db, organizationId: number, invoiceId: number) {
  const [row] = await db
    .select({ number: d.nfseNumber })
    .from(d)
    .where(
      and(
        eq(d.organizationId, organizationId),
        eq(d.invoiceId, invoiceId),
        eq(d.status, 'issued'),
        isNotNull(d.nfseXml),
      ),
    )
    .orderBy(desc(d.id))
    .limit(1);
  return row ?? null;
}
