// LGPD, art. 18: a customer's personal data anonymized at their request, for good. What the shop must
// keep (orders, estimates, their values, fiscal documents) stays, without the person in it.
import { and, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { FastifyBaseLogger } from 'fastify';
import { anonymizedCustomer, customerPrivacyMessages, formatIdentifier, formatPhone } from '@ordem-certa/contracts';
import { schema, type Db, type Tx } from '@ordem-certa/db';
import { conflict } from '../../lib/errors.ts';
import { audit, type AuditActor, type AuditChange } from '../../core/audit/audit.ts';
import type { FileStorage } from '../../lib/storage.ts';
import type { Mailer } from '../../lib/mailer.ts';
import { scrubJson, termScrubber, type PersonalTerm } from './personal-terms.ts';
import { assertFound } from '../../core/access/access.ts';

const { customers: cu, invoices: i, estimates: es } = schema;

/** What evidence columns that cannot be empty hold once their personal value is erased. */
export const REMOVED = 'removido (LGPD)';
const REMOVED_DATA = '[dado removido]';
/**
 * A 1×1 transparent PNG: what a signature's drawing columns (NOT NULL, read as images by the order
 * screen and its PDF) hold once the customer's drawing is erased.
 */
export const ERASED_DRAWING =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVQImWNgYGBgAAAABQABh6FO1AAAAABJRU5ErkJggg==';

export interface AnonymizeDeps {
  db: Db;
  storage: FileStorage;
  mailer: Mailer;
  log: FastifyBaseLogger;
}

const inIds = (column: AnyPgColumn, ids: number[]): SQL => (ids.length ? inArray(column, ids) : sql`false`);

/**
 * Anonymizes a customer in one transaction, under the customer's row lock; a second call is a 409
 * (nothing is left to anonymize, and nothing can be restored). Files (photos, outbox e-mails) are
 * deleted after the commit, so a rollback never leaves rows pointing at deleted files.
 */
export async function anonymizeCustomer(deps: AnonymizeDeps, actor: AuditActor, customerId: number) {
  const { db } = deps;
  const done = await db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(cu)
      .where(and(eq(cu.id, customerId), eq(cu.organizationId, actor.organizationId)))
      .for('update');
    const customer = assertFound(row);
    if (customer.anonymizedAt) throw conflict(customerPrivacyMessages.alreadyAnonymized);
    return anonymizeInTransaction(tx, actor, customer);
  });
  await removeFiles(deps, done.files);
  return done.customer;
}

type CustomerRow = typeof cu.$inferSelect;

async function anonymizeInTransaction(tx: Tx, actor: AuditActor, customer: CustomerRow) {
  const organizationId = actor.organizationId;
  const id = customer.id;
  const name = anonymizedCustomer.name(id);
  const now = new Date();
  const ofOrg = (t: { organizationId: AnyPgColumn }) => eq(t.organizationId, organizationId);

  const invoiceIds = (
    await tx
      .select({ id: i.id })
      .from(i)
      .where(and(ofOrg(i), eq(i.customerId, id)))
  ).map((r) => r.id);
  const estimateIds = (
    await tx
      .select({ id: es.id })
      .from(es)
      .where(and(ofOrg(es), eq(es.customerId, id)))
  ).map((r) => r.id);

  // Everything that names the person, to find it again in free text.
  const sg = schema.invoiceSignatures;
  const signatures = await tx
    .select({ signerName: sg.signerName, ip: sg.ip })
    .from(sg)
    .where(and(ofOrg(sg), inIds(sg.invoiceId, invoiceIds)));
  const dc = schema.estimateDecisions;
  const decisions = await tx
    .select({ name: dc.name, ip: dc.ip })
    .from(dc)
    .where(and(ofOrg(dc), inIds(dc.estimateId, estimateIds)));
  const em = schema.estimateEmails;
  const im = schema.invoiceEmails;
  const emails = [
    ...(await tx
      .select({ id: em.id, recipients: em.recipients, outboxFile: em.outboxFile })
      .from(em)
      .where(and(ofOrg(em), inIds(em.estimateId, estimateIds)))),
    ...(await tx
      .select({ id: im.id, recipients: im.recipients, outboxFile: im.outboxFile })
      .from(im)
      .where(and(ofOrg(im), inIds(im.invoiceId, invoiceIds)))),
  ];
  const asName = (text: string | null | undefined): PersonalTerm[] => (text ? [{ text, replacement: name }] : []);
  const asData = (text: string | null | undefined): PersonalTerm[] =>
    text ? [{ text, replacement: REMOVED_DATA }] : [];
  const terms: PersonalTerm[] = [
    ...asName(customer.name),
    ...asName(customer.alias),
    ...signatures.flatMap((s) => asName(s.signerName)),
    ...decisions.flatMap((d) => asName(d.name)),
    ...asData(customer.email),
    ...asData(customer.phone),
    ...asData(customer.phone && formatPhone(customer.phone)),
    ...asData(customer.identifier),
    ...asData(formatIdentifier(customer.identifier, customer.type)),
    ...emails.flatMap((e) => e.recipients.flatMap(asData)),
    ...signatures.flatMap((s) => (s.ip === REMOVED ? [] : asData(s.ip))),
    ...decisions.flatMap((d) => (d.ip === REMOVED ? [] : asData(d.ip))),
  ];
  const scrub = termScrubber(terms);

  // The customer's own row: no name, identifier, contact. The search indexes are expressions over
  // these columns, so the old values are found by no search once the row is written.
  const [written] = await tx
    .update(cu)
    .set({
      name,
      alias: null,
      email: null,
      phone: null,
      phoneE164: null,
      identifier: anonymizedCustomer.identifier(id),
      anonymizedAt: now,
      updatedAt: now,
    })
    .where(eq(cu.id, id))
    .returning({ version: cu.rowVersion });
  // Addresses go; an order's job address empties with them (ON DELETE SET NULL).
  const ad = schema.addresses;
  const addresses = await tx
    .delete(ad)
    .where(and(ofOrg(ad), eq(ad.customerId, id)))
    .returning({ id: ad.id });

  // The portal: every link and session of the customer ends; their service requests keep what was asked
  // (scrubbed), not who asked; their photos go with the others below.
  await tx.delete(schema.portalLinks).where(and(ofOrg(schema.portalLinks), eq(schema.portalLinks.customerId, id)));
  await tx
    .delete(schema.portalSessions)
    .where(and(ofOrg(schema.portalSessions), eq(schema.portalSessions.customerId, id)));
  const sr = schema.serviceRequests;
  const requestWhere = and(ofOrg(sr), eq(sr.customerId, id))!;
  const requestIds = (
    await tx
      .update(sr)
      .set({ contactName: name, contactEmail: null, contactPhone: null, updatedAt: now })
      .where(requestWhere)
      .returning({ id: sr.id })
  ).map((r) => r.id);
  await scrubColumn(tx, sr, sr.id, sr.problem, requestWhere, scrub);
  await scrubColumn(tx, sr, sr.id, sr.preferredNote, requestWhere, scrub);

  // Photos of the customer's orders, estimates and requests: rows now, files after the commit.
  const inp = schema.invoicePictures;
  const ep = schema.estimatePictures;
  const srp = schema.serviceRequestPictures;
  const pictures = [
    ...(await tx
      .delete(srp)
      .where(and(ofOrg(srp), inIds(srp.requestId, requestIds)))
      .returning({ fileKey: srp.fileKey, printKey: srp.printKey })),
    ...(await tx
      .delete(inp)
      .where(and(ofOrg(inp), inIds(inp.invoiceId, invoiceIds)))
      .returning({ fileKey: inp.fileKey, printKey: inp.printKey })),
    ...(await tx
      .delete(ep)
      .where(and(ofOrg(ep), inIds(ep.estimateId, estimateIds)))
      .returning({ fileKey: ep.fileKey, printKey: ep.printKey })),
  ];

  // Signature evidence keeps when and what (the content's SHA-256) was signed; who, the drawing, the
  // address and the browser go.
  const signed = await tx
    .update(sg)
    .set({ image: ERASED_DRAWING, printImage: ERASED_DRAWING, signerName: name, ip: REMOVED, userAgent: null })
    .where(and(ofOrg(sg), inIds(sg.invoiceId, invoiceIds)))
    .returning({ id: sg.id });
  await tx
    .update(dc)
    .set({ name: null, signature: null, ip: REMOVED, userAgent: null })
    .where(and(ofOrg(dc), inIds(dc.estimateId, estimateIds)));
  await scrubColumn(tx, dc, dc.id, dc.reason, and(ofOrg(dc), inIds(dc.estimateId, estimateIds))!, scrub);

  // E-mails sent: the history says when and what, no longer to whom; the outbox copies go.
  await tx
    .update(em)
    .set({ recipients: [], outboxFile: null })
    .where(and(ofOrg(em), inIds(em.estimateId, estimateIds)));
  const emailWhere = and(ofOrg(em), inIds(em.estimateId, estimateIds))!;
  await scrubColumn(tx, em, em.id, em.subject, emailWhere, scrub);
  await scrubColumn(tx, em, em.id, em.error, emailWhere, scrub);
  const orderEmailWhere = and(ofOrg(im), inIds(im.invoiceId, invoiceIds))!;
  await tx.update(im).set({ recipients: [], outboxFile: null }).where(orderEmailWhere);
  await scrubColumn(tx, im, im.id, im.subject, orderEmailWhere, scrub);
  await scrubColumn(tx, im, im.id, im.error, orderEmailWhere, scrub);

  // Free text of the records and what points at them.
  const ic = schema.invoiceComments;
  await scrubColumn(tx, ic, ic.id, ic.comment, and(ofOrg(ic), inIds(ic.invoiceId, invoiceIds))!, scrub);
  const ec = schema.estimateComments;
  await scrubColumn(tx, ec, ec.id, ec.comment, and(ofOrg(ec), inIds(ec.estimateId, estimateIds))!, scrub);
  const invoiceWhere = and(ofOrg(i), inIds(i.id, invoiceIds))!;
  await scrubColumn(tx, i, i.id, i.reportedProblem, invoiceWhere, scrub);
  await scrubColumn(tx, i, i.id, i.paymentDescription, invoiceWhere, scrub);
  await scrubLines(tx, { organizationId, customerId: id, invoiceIds, estimateIds }, scrub);
  const n = schema.notifications;
  const urls = [...invoiceIds.map((v) => `/invoices/${v}/edit`), ...estimateIds.map((v) => `/estimates/${v}/edit`)];
  const notificationWhere = and(ofOrg(n), urls.length ? inArray(n.url, urls) : sql`false`)!;
  await scrubColumn(tx, n, n.id, n.title, notificationWhere, scrub);
  await scrubColumn(tx, n, n.id, n.description, notificationWhere, scrub);
  await scrubAuditTrail(tx, organizationId, { invoice: invoiceIds, estimate: estimateIds }, scrub);
  await scrubIdempotencyAnswers(tx, organizationId, terms, scrub);

  // Links sent to the customer stop working: a new signing token for each order, no shared estimate.
  // The records' updated_at moves too, so no PDF made before is served again from the cache.
  for (const invoiceId of invoiceIds)
    await tx.update(i).set({ signToken: schema.newSignToken(), updatedAt: now }).where(eq(i.id, invoiceId));
  if (estimateIds.length)
    await tx
      .update(es)
      .set({ shareToken: null, shareExpiresAt: null, shareContentHash: null, updatedAt: now })
      .where(and(ofOrg(es), inArray(es.id, estimateIds)));

  await audit(tx, actor, 'update', 'customer', id, [
    {
      field: 'personalData',
      before: null,
      after:
        `Anonimizado (LGPD): nome, CPF/CNPJ, e-mail e telefone; ${addresses.length} endereço(s), ` +
        `${pictures.length} foto(s) e ${signed.length} assinatura(s) removidos`,
    },
  ]);

  return {
    customer: {
      id,
      type: customer.type,
      identifier: anonymizedCustomer.identifier(id),
      name,
      alias: null,
      email: null,
      phone: null,
      phoneE164: null,
      version: written!.version,
      anonymizedAt: now.toISOString(),
    },
    files: {
      storage: pictures.flatMap((p) => [p.fileKey, p.printKey]),
      outbox: emails.map((e) => e.outboxFile).filter((f): f is string => !!f),
    },
  };
}

/** Rewrites a text column's values that hold a term, row by row (only the rows that change are written). */
async function scrubColumn(
  tx: Tx,
  table: PgTable,
  idColumn: AnyPgColumn,
  column: AnyPgColumn,
  where: SQL,
  scrub: (text: string) => string,
) {
  const rows = (await tx.select({ id: idColumn, text: column }).from(table).where(where)) as Array<{
    id: number;
    text: string | null;
  }>;
  for (const row of rows) {
    if (row.text === null) continue;
    const text = scrub(row.text);
    if (text !== row.text)
      await tx.execute(sql`UPDATE ${table} SET ${sql.identifier(column.name)} = ${text} WHERE ${idColumn} = ${row.id}`);
  }
}

/**
 * What the office typed about the job on the records' parts: service lines' descriptions, payments'
 * notes, checklists' answers, the descriptions and places of installation of the customer's equipment,
 * and the descriptions of its copies on the orders and estimates.
 */
async function scrubLines(
  tx: Tx,
  of: { organizationId: number; customerId: number; invoiceIds: number[]; estimateIds: number[] },
  scrub: (text: string) => string,
) {
  const own = (t: { organizationId: AnyPgColumn }, column: AnyPgColumn, ids: number[]) =>
    and(eq(t.organizationId, of.organizationId), inIds(column, ids))!;
  const { invoiceServices: is, estimateServices: ess, invoicePayments: ip } = schema;
  const { invoiceEquipments: ie, estimateEquipments: ee, equipments: eq_, invoiceChecklists: ck } = schema;
  await scrubColumn(tx, is, is.id, is.description, own(is, is.invoiceId, of.invoiceIds), scrub);
  await scrubColumn(tx, ess, ess.id, ess.description, own(ess, ess.estimateId, of.estimateIds), scrub);
  await scrubColumn(tx, ip, ip.id, ip.note, own(ip, ip.invoiceId, of.invoiceIds), scrub);
  await scrubColumn(tx, ie, ie.id, ie.description, own(ie, ie.invoiceId, of.invoiceIds), scrub);
  await scrubColumn(tx, ee, ee.id, ee.description, own(ee, ee.estimateId, of.estimateIds), scrub);
  await scrubColumn(tx, eq_, eq_.id, eq_.description, own(eq_, eq_.customerId, [of.customerId]), scrub);
  await scrubColumn(tx, eq_, eq_.id, eq_.location, own(eq_, eq_.customerId, [of.customerId]), scrub);
  const checklists = await tx
    .select({ id: ck.id, answers: ck.answers })
    .from(ck)
    .where(own(ck, ck.invoiceId, of.invoiceIds));
  for (const row of checklists) {
    const answers = scrubJson(row.answers, scrub) as typeof row.answers;
    if (JSON.stringify(answers) !== JSON.stringify(row.answers))
      await tx.update(ck).set({ answers }).where(eq(ck.id, row.id));
  }
}

/**
 * The trail of the customer's orders and estimates: names, e-mails and IPs replaced inside each change
 * line, and the job address lines (written out as text) emptied. Who did what and when stays.
 */
async function scrubAuditTrail(
  tx: Tx,
  organizationId: number,
  ids: { invoice: number[]; estimate: number[] },
  scrub: (text: string) => string,
) {
  const a = schema.auditLogs;
  const rows = await tx
    .select({ id: a.id, data: a.data })
    .from(a)
    .where(
      and(
        eq(a.organizationId, organizationId),
        or(
          and(eq(a.entity, 'invoice'), inIds(a.entityId, ids.invoice)),
          and(eq(a.entity, 'estimate'), inIds(a.entityId, ids.estimate)),
        ),
      ),
    );
  const removed = (v: unknown) => (v === null || v === undefined ? null : REMOVED);
  for (const row of rows) {
    const data = (scrubJson(row.data, scrub) as AuditChange[]).map((c) =>
      c.field === 'address' ? { ...c, before: removed(c.before), after: removed(c.after) } : c,
    );
    if (JSON.stringify(data) !== JSON.stringify(row.data)) await tx.update(a).set({ data }).where(eq(a.id, row.id));
  }
}

/**
 * Answers kept for Idempotency-Key replays (7 days) hold the bodies the API answered, such as the
 * customer as it was: the ones that name the person get the same replacement. Only rows holding a term
 * are read (accents and case aside).
 */
async function scrubIdempotencyAnswers(
  tx: Tx,
  organizationId: number,
  terms: PersonalTerm[],
  scrub: (text: string) => string,
) {
  const k = schema.idempotencyKeys;
  const texts = [...new Set(terms.map((t) => t.text.trim()).filter((t) => t.length >= 3))];
  if (!texts.length) return;
  const holdsTerm = or(...texts.map((t) => sql`strpos(lower(f_unaccent(${k.body})), lower(f_unaccent(${t}))) > 0`))!;
  const rows = await tx
    .select({ id: k.id, body: k.body, contentType: k.contentType })
    .from(k)
    .where(and(eq(k.organizationId, organizationId), sql`${k.body} IS NOT NULL`, holdsTerm));
  for (const row of rows) {
    let body = row.body!;
    try {
      body = JSON.stringify(scrubJson(JSON.parse(body), scrub));
    } catch {
      body = scrub(body);
    }
    if (body !== row.body) await tx.update(k).set({ body }).where(eq(k.id, row.id));
  }
}

/** After the commit: the photos' files and the outbox copies of the e-mails; a failure is logged by key. */
async function removeFiles(deps: AnonymizeDeps, files: { storage: string[]; outbox: string[] }) {
  const removals = [
    ...files.storage.map((key) => ({ name: key, run: () => deps.storage.delete(key) })),
    ...files.outbox.map((file) => ({ name: `outbox/${file}`, run: async () => deps.mailer.discardWritten?.(file) })),
  ];
  const results = await Promise.allSettled(removals.map((r) => r.run()));
  const failed = removals.filter((_, n) => results[n]!.status === 'rejected');
  if (failed.length)
    deps.log.error(
      {
        files: failed.map((f) => f.name),
        err: (results.find((r) => r.status === 'rejected') as PromiseRejectedResult).reason,
      },
      'anonymized customer: files not removed',
    );
}
