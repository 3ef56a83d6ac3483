import { and, desc, eq } from 'drizzle-orm';
import { fromCents, nfseMessages, type Nfse, type NfseEnvironment } from '@ordem-certa/contracts';
import { schema, type Db, type Tx } from '@ordem-certa/db';
import type { FastifyBaseLogger } from 'fastify';
import { conflict, notFound } from '../../lib/errors.ts';
import { visibleInvoice, type Actor } from '../../core/orders/invoice-access.ts';
import { openA1 } from '@ordem-certa/nfse-xml';
import type { Mailer } from '../../lib/mailer.ts';
import { openCertificate, sealCertificate } from '../../lib/certificate-store.ts';
import { openingKeys, type SecretsKeySettings } from '../../lib/secrets.ts';
import type { CallOptions } from './sefin-client.ts';

// The NFS-e feature's shared reads: the context it runs with, the national system's addresses, the
// company's certificate, an order's current NFS-e and how it is answered.

const d = schema.nfseDocuments;
const f = schema.companyFiscalSettings;

/** What the NFS-e code needs of the app: the database, the national system's addresses, the key, the log, the mail. */
export interface NfseContext {
  db: Db;
  config: { nfseApiUrl?: string; nfseProductionApiUrl?: string; nfseParametersUrl?: string } & SecretsKeySettings;
  log: FastifyBaseLogger;
  /** Who sends the accountant's e-mail (the job's context has it). */
  mailer?: Mailer;
  mailFrom?: string;
}

/** The national system's base URL for an environment (NFSE_API_URL, NFSE_PRODUCTION_API_URL). */
export function sefinUrl(ctx: NfseContext, environment: NfseEnvironment): string {
  const url = environment === 'production' ? ctx.config.nfseProductionApiUrl : ctx.config.nfseApiUrl;
  if (!url) throw new Error(`no NFS-e web service configured for ${environment}`);
  return url;
}

/**
 * The company's certificate, decrypted, for signing and for the web service's TLS; read through `db`
 * (the caller's transaction, when it holds one: an embedded database has a single connection).
 */
export async function companyCertificate(
  ctx: NfseContext,
  organizationId: number,
  companyId: number,
  db: Db | Tx = ctx.db,
) {
  // The keys first: without an outside key their first read may write one, which must not wait on `db`.
  const keys = await openingKeys(ctx.db, ctx.config, db);
  const [row] = await db
    .select({ certificatePfx: f.certificatePfx, certificatePassword: f.certificatePassword })
    .from(f)
    .where(and(eq(f.organizationId, organizationId), eq(f.companyId, companyId)));
  if (!row?.certificatePfx || !row.certificatePassword) throw conflict(nfseMessages.noCertificate);
  const { pfx, password, key } = openCertificate(keys, organizationId, companyId, {
    certificatePfx: row.certificatePfx,
    certificatePassword: row.certificatePassword,
  });
  // Stored under the database's own key before an outside one was set: sealed again under the outside key.
  if (key > 0 && ctx.config.secretsKey)
    await db
      .update(f)
      .set(sealCertificate(keys[0]!, organizationId, companyId, pfx, password))
      .where(and(eq(f.organizationId, organizationId), eq(f.companyId, companyId)));
  return { pfx, password, cert: openA1(pfx, password) };
}

/** The call options of a document's company at the national system (its environment's address). */
export async function sefinCall(
  ctx: NfseContext,
  doc: { organizationId: number; companyId: number; environment: NfseEnvironment },
  timeoutMs?: number,
): Promise<CallOptions> {
  const { pfx, password } = await companyCertificate(ctx, doc.organizationId, doc.companyId);
  return { baseUrl: sefinUrl(ctx, doc.environment), pfx, password, timeoutMs };
}

export async function timeZoneOf(db: Db | Tx, organizationId: number) {
  const [org] = await db
    .select({ timeZone: schema.organizations.timeZone })
    .from(schema.organizations)
    .where(eq(schema.organizations.id, organizationId));
  return org?.timeZone ?? 'America/Sao_Paulo';
}

export type NfseRow = typeof d.$inferSelect;

/**
 * The order's NFS-e as the screen shows it: its latest document, except a refused substitution, behind
 * which the NFS-e it tried to replace still stands (its errors are shown with it).
 */
export async function currentDocument(
  db: Db | Tx,
  organizationId: number,
  invoiceId: number,
): Promise<{ row: NfseRow; substitutionErrors: NfseRow['errors'] } | undefined> {
  const [row] = await db
    .select()
    .from(d)
    .where(and(eq(d.organizationId, organizationId), eq(d.invoiceId, invoiceId)))
    .orderBy(desc(d.id))
    .limit(1);
  if (row?.status === 'rejected' && row.replacesId) {
    const [replaced] = await db
      .select()
      .from(d)
      .where(and(eq(d.organizationId, organizationId), eq(d.id, row.replacesId), eq(d.status, 'issued')));
    if (replaced) return { row: replaced, substitutionErrors: row.errors };
  }
  return row ? { row, substitutionErrors: [] } : undefined;
}

/** The document answered: its values in reais, and the NFS-e it replaces or that replaced it. */
export async function toNfse(db: Db | Tx, row: NfseRow, substitutionErrors: NfseRow['errors'] = []): Promise<Nfse> {
  const [replaced] = row.replacesId
    ? await db
        .select({ number: d.nfseNumber, accessKey: d.accessKey })
        .from(d)
        .where(and(eq(d.organizationId, row.organizationId), eq(d.id, row.replacesId)))
    : [];
  const [substitute] =
    row.status === 'substituted'
      ? await db
          .select({ number: d.nfseNumber, accessKey: d.accessKey })
          .from(d)
          .where(and(eq(d.organizationId, row.organizationId), eq(d.replacesId, row.id), eq(d.status, 'issued')))
      : [];
  const w = row.withholdings.cents ?? { pis: 0, cofins: 0, csll: 0, irrf: 0, cp: 0 };
  const service = row.serviceCents ?? 0;
  return {
    status: row.status,
    number: row.nfseNumber,
    accessKey: row.accessKey,
    issuedAt: row.issuedAt?.toISOString() ?? null,
    errors: row.errors,
    environment: row.environment,
    dpsSeries: row.dpsSeries,
    dpsNumber: row.dpsNumber,
    attempts: row.attempts,
    lastError: row.status === 'processing' ? row.lastError : null,
    cancelReason: row.cancelReason,
    canceledAt: row.canceledAt?.toISOString() ?? null,
    hasNfseXml: !!row.nfseXml,
    hasCancelXml: !!row.cancelEventXml,
    createdAt: row.createdAt.toISOString(),
    values: {
      service: fromCents(service),
      discount: fromCents(row.discountCents),
      issRate: row.issRate,
      iss: row.issCents === null ? null : fromCents(row.issCents),
      issWithheld: row.issWithheld,
      pis: fromCents(w.pis),
      cofins: fromCents(w.cofins),
      csll: fromCents(w.csll),
      irrf: fromCents(w.irrf),
      cp: fromCents(w.cp),
      withheld: fromCents(row.withheldCents),
      net: fromCents(row.netCents ?? service - row.discountCents),
    },
    replaces:
      row.replacesId && row.substitutionCode
        ? {
            number: replaced?.number ?? null,
            accessKey: replaced?.accessKey ?? null,
            code: row.substitutionCode as NonNullable<Nfse['replaces']>['code'],
            reason: row.substitutionReason,
          }
        : null,
    substitutedBy: substitute ?? (row.status === 'substituted' ? { number: null, accessKey: null } : null),
    statusCheckedAt: row.statusCheckedAt?.toISOString() ?? null,
    substitutionErrors,
  };
}

/** GET invoices/{id}/nfse. */
export async function getNfse(db: Db, actor: Actor, invoiceId: number): Promise<Nfse> {
  await visibleInvoice(db, actor, invoiceId);
  const current = await currentDocument(db, actor.organizationId, invoiceId);
  if (!current) throw notFound(nfseMessages.none);
  return toNfse(db, current.row, current.substitutionErrors);
}

export type NfseXmlKind = 'dps' | 'nfse' | 'cancel';

/** GET invoices/{id}/nfse/{dps|nfse|cancel}.xml: the signed DPS sent, the NFS-e returned, the cancellation event. */
export async function getNfseXml(db: Db, actor: Actor, invoiceId: number, kind: NfseXmlKind) {
  const invoice = await visibleInvoice(db, actor, invoiceId);
  const current = await currentDocument(db, actor.organizationId, invoiceId);
  if (!current) throw notFound(nfseMessages.none);
  const row = current.row;
  const xml = kind === 'dps' ? row.dpsXml : kind === 'nfse' ? row.nfseXml : row.cancelEventXml;
  if (!xml) throw notFound(nfseMessages.noXml);
  const name = kind === 'dps' ? `DPS-${row.dpsSeries}-${row.dpsNumber}` : `NFSe-${row.nfseNumber ?? invoice.id}`;
  return { xml, fileName: `${name}${kind === 'cancel' ? '-cancelamento' : ''}.xml` };
}
