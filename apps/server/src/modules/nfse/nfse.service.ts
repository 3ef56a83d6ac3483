import { and, desc, eq, sql } from 'drizzle-orm';
import {
  InvoiceState,
  nfseMessages,
  type Nfse,
  type NfseCancelBody,
  type NfseEnvironment,
} from '@ordem-certa/contracts';
import { schema, type Db, type Tx } from '@ordem-certa/db';
import type { FastifyBaseLogger } from 'fastify';
import { AppError, conflict, invalid, isUniqueViolation, notFound } from '../../lib/errors.ts';
import {
  lockInvoice,
  recordChange,
  systemComment,
  visibleInvoice,
  type Actor,
} from '../../core/orders/invoice-access.ts';
import { openA1, buildDps, DpsInputError, buildCancelEvent, signXml, validateXml } from '@ordem-certa/nfse-xml';
import { openingKeys, type SecretsKeySettings } from '../../lib/secrets.ts';
import { openCertificate, sealCertificate } from '../../lib/certificate-store.ts';
import { dpsInputOf } from './dps-input.ts';
import { postEvent } from './sefin-client.ts';

const d = schema.nfseDocuments;
const f = schema.companyFiscalSettings;

/** What the NFS-e code needs of the app: the database, the web service's addresses, the key, the log. */
export interface NfseContext {
  db: Db;
  config: { nfseApiUrl?: string; nfseProductionApiUrl?: string } & SecretsKeySettings;
  log: FastifyBaseLogger;
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

async function timeZoneOf(db: Db | Tx, organizationId: number) {
  const [org] = await db
    .select({ timeZone: schema.organizations.timeZone })
    .from(schema.organizations)
    .where(eq(schema.organizations.id, organizationId));
  return org?.timeZone ?? 'America/Sao_Paulo';
}

/** The order's latest NFS-e document (an admin's read: the route is admin-only). */
async function latest(db: Db | Tx, organizationId: number, invoiceId: number) {
  const [row] = await db
    .select()
    .from(d)
    .where(and(eq(d.organizationId, organizationId), eq(d.invoiceId, invoiceId)))
    .orderBy(desc(d.id))
    .limit(1);
  return row;
}

const toNfse = (row: typeof d.$inferSelect): Nfse => ({
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
});

/** GET invoices/{id}/nfse. */
export async function getNfse(db: Db, actor: Actor, invoiceId: number): Promise<Nfse> {
  await visibleInvoice(db, actor, invoiceId);
  const row = await latest(db, actor.organizationId, invoiceId);
  if (!row) throw notFound(nfseMessages.none);
  return toNfse(row);
}

export type NfseXmlKind = 'dps' | 'nfse' | 'cancel';

/** GET invoices/{id}/nfse/{dps|nfse|cancel}.xml: the signed DPS sent, the NFS-e returned, the cancellation event. */
export async function getNfseXml(db: Db, actor: Actor, invoiceId: number, kind: NfseXmlKind) {
  const invoice = await visibleInvoice(db, actor, invoiceId);
  const row = await latest(db, actor.organizationId, invoiceId);
  if (!row) throw notFound(nfseMessages.none);
  const xml = kind === 'dps' ? row.dpsXml : kind === 'nfse' ? row.nfseXml : row.cancelEventXml;
  if (!xml) throw notFound(nfseMessages.noXml);
  const name = kind === 'dps' ? `DPS-${row.dpsSeries}-${row.dpsNumber}` : `NFSe-${row.nfseNumber ?? invoice.id}`;
  return { xml, fileName: `${name}${kind === 'cancel' ? '-cancelamento' : ''}.xml` };
}

/** Where a DPS input error comes from, in the screen's words. */
const dpsParts: Array<[prefix: string, label: string]> = [
  ['provider', 'dados da empresa'],
  ['taker', 'dados do cliente'],
  ['service', 'serviço'],
  ['values', 'valores'],
  ['series', 'série da DPS'],
  ['number', 'número da DPS'],
  ['emitterMunicipalityCode', 'município'],
  ['competence', 'data de competência'],
];

/** The unsigned DPS; an input the layout cannot carry is a 422 saying which part. */
function buildChecked(input: Parameters<typeof buildDps>[0]) {
  try {
    return buildDps(input);
  } catch (err) {
    if (!(err instanceof DpsInputError)) throw err;
    const label = dpsParts.find(([prefix]) => err.field.startsWith(prefix))?.[1] ?? err.field;
    throw invalid({ dps: [nfseMessages.invalidDps, `${label}: ${err.message}`] });
  }
}

/**
 * POST invoices/{id}/nfse: under the order's lock, a Completed order with a value and no NFS-e issued or
 * in processing gets the company's next DPS number; its DPS is built, checked against the layout's
 * schema and signed before anything is recorded. A DPS the schema refuses is a 422 with the problems
 * and the transaction rolls back: nothing is sent and the number is not used. Otherwise the document
 * is recorded 'processing' and the sending job (nfse-job.ts) sends it.
 */
export async function issueNfse(ctx: NfseContext, actor: Actor, invoiceId: number): Promise<Nfse> {
  const at = new Date();
  // Read (or made) before the transaction: on an embedded database it holds the only connection.
  await openingKeys(ctx.db, ctx.config);
  const row = await ctx.db
    .transaction(async (tx) => {
      const invoice = await lockInvoice(tx, actor, invoiceId);
      if (invoice.state !== InvoiceState.Completed) throw conflict(nfseMessages.notCompleted);
      if (invoice.subtotalCents - invoice.discountCents <= 0) throw conflict(nfseMessages.zeroTotal);
      const [live] = await tx
        .select({ id: d.id })
        .from(d)
        .where(and(eq(d.invoiceId, invoice.id), sql`${d.status} IN ('processing', 'issued')`));
      if (live) throw conflict(nfseMessages.alreadyIssued);

      // The settings row's lock makes the number taken here the company's alone until this commits.
      const [settings] = await tx
        .select()
        .from(f)
        .where(and(eq(f.organizationId, actor.organizationId), eq(f.companyId, invoice.companyId)))
        .for('update');
      if (!settings?.municipalityCode || !settings.serviceCode || !settings.simplesNacional)
        throw conflict(nfseMessages.notConfigured);
      if (!settings.certificatePfx) throw conflict(nfseMessages.noCertificate);
      const { cert } = await companyCertificate(ctx, actor.organizationId, invoice.companyId, tx);

      const input = await dpsInputOf(tx, {
        invoice,
        settings,
        timeZone: await timeZoneOf(tx, actor.organizationId),
        series: settings.dpsSeries,
        number: settings.nextDpsNumber,
        at,
      });
      const dps = buildChecked(input);
      const signed = signXml(dps.xml, cert, 'infDPS');
      const problems = await validateXml(signed, 'DPS');
      if (problems.length) throw invalid({ dps: [nfseMessages.invalidDps, ...problems] });

      await tx
        .update(f)
        .set({ nextDpsNumber: settings.nextDpsNumber + 1, updatedAt: at })
        .where(and(eq(f.organizationId, actor.organizationId), eq(f.companyId, invoice.companyId)));
      const [doc] = await tx
        .insert(d)
        .values({
          organizationId: actor.organizationId,
          invoiceId: invoice.id,
          companyId: invoice.companyId,
          environment: settings.environment,
          dpsSeries: settings.dpsSeries,
          dpsNumber: settings.nextDpsNumber,
          dpsId: dps.id,
          dpsXml: signed,
          createdById: actor.userId,
          nextAttemptAt: at,
        })
        .returning();
      await recordChange(tx, actor, invoice.id, 'update', [
        { field: 'nfse', before: null, after: `DPS ${settings.dpsSeries}/${settings.nextDpsNumber}` },
      ]);
      return doc!;
    })
    .catch((err) => {
      // Two requests at once: the second finds the first's document when the index refuses it.
      if (isUniqueViolation(err, 'nfse_documents_live_key')) throw conflict(nfseMessages.alreadyIssued);
      throw err;
    });
  return toNfse(row);
}

/**
 * POST invoices/{id}/nfse/cancel: the signed cancellation event (e101101) sent to the national system
 * at once; accepted, the document is 'canceled' with the request and the event kept, and the order's
 * 'NF' emptied when it still names this NFS-e. A refusal is a 422 with the system's messages.
 */
export async function cancelNfse(ctx: NfseContext, actor: Actor, invoiceId: number, body: NfseCancelBody) {
  await visibleInvoice(ctx.db, actor, invoiceId);
  const doc = await latest(ctx.db, actor.organizationId, invoiceId);
  if (!doc) throw notFound(nfseMessages.none);
  if (doc.status !== 'issued' || !doc.accessKey) throw conflict(nfseMessages.notIssued);
  const [company] = await ctx.db
    .select({ identifier: schema.companies.identifier })
    .from(schema.companies)
    .where(and(eq(schema.companies.id, doc.companyId), eq(schema.companies.organizationId, actor.organizationId)));
  const { pfx, password, cert } = await companyCertificate(ctx, actor.organizationId, doc.companyId);
  const at = new Date();
  const event = buildCancelEvent({
    environment: doc.environment,
    accessKey: doc.accessKey,
    providerCnpj: company!.identifier,
    reason: body.reason,
    at,
    timeZone: await timeZoneOf(ctx.db, actor.organizationId),
  });
  const signed = signXml(event.xml, cert, 'infPedReg');
  const problems = await validateXml(signed, 'pedRegEvento');
  if (problems.length) throw invalid({ reason: [nfseMessages.invalidDps, ...problems] });

  let answer;
  try {
    answer = await postEvent({
      baseUrl: sefinUrl(ctx, doc.environment),
      pfx,
      password,
      accessKey: doc.accessKey,
      signedXml: signed,
    });
  } catch (err) {
    ctx.log.warn({ err: { message: (err as Error).message }, invoiceId }, 'NFS-e cancellation not sent');
    throw new AppError(503, [nfseMessages.unavailable]);
  }
  if (!answer.ok) throw invalid({ reason: answer.errors.map((e) => `${e.code}: ${e.message}`) });

  const eventXml = answer.eventXml;
  await ctx.db.transaction(async (tx) => {
    const invoice = await lockInvoice(tx, actor, invoiceId);
    await tx
      .update(d)
      .set({
        status: 'canceled',
        cancelReason: body.reason,
        cancelRequestXml: signed,
        cancelEventXml: eventXml,
        canceledAt: at,
        updatedAt: at,
      })
      .where(and(eq(d.id, doc.id), eq(d.status, 'issued')));
    const clearsNf = invoice.invoiceInfo2 === doc.nfseNumber;
    if (clearsNf)
      await tx.update(schema.invoices).set({ invoiceInfo2: null }).where(eq(schema.invoices.id, invoice.id));
    await recordChange(tx, actor, invoice.id, 'update', [
      { field: 'nfse', before: `NFS-e ${doc.nfseNumber}`, after: `NFS-e ${doc.nfseNumber} cancelada` },
      ...(clearsNf ? [{ field: 'invoiceInfo2', before: doc.nfseNumber, after: null }] : []),
    ]);
    await systemComment(tx, actor, invoice.id, `NFS-e nº ${doc.nfseNumber} cancelada: ${body.reason}`);
  });
  return getNfse(ctx.db, actor, invoiceId);
}
