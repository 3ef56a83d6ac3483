// LGPD, art. 18: everything the organization holds about one customer, as a ZIP with a data.json and
// the customer's photos and signature drawings as files beside it.
import { and, asc, eq, inArray, isNotNull, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import {
  commentTypeLabels,
  customerPrivacyMessages,
  EstimateDecision,
  emailStatusLabels,
  estimateStatusLabels,
  formatAddress,
  formatIdentifier,
  nfseStatusLabels,
  personTypeLabels,
  type CommentTypeValue,
  type EstimateStatusValue,
  type PersonType,
} from '@ordem-certa/contracts';
import { schema, type Db } from '@ordem-certa/db';
import { audit, type AuditActor } from '../../core/audit/audit.ts';
import type { FileStorage } from '../../lib/storage.ts';
import type { ZipEntry } from '../../lib/zip.ts';
import { ERASED_DRAWING } from './customer-anonymize.service.ts';
import { assertFound } from '../../core/access/access.ts';

const {
  customers: cu,
  addresses: ad,
  equipments: eqt,
  invoices: i,
  estimates: es,
  companies: co,
  transactionNatures: tn,
  invoiceStatuses: st,
} = schema;

/** Where a record's files go in the archive. */
const ORDERS = 'ordens-de-servico';
const ESTIMATES = 'orcamentos';

const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);
const reais = (cents: number) => cents / 100;
const EXTENSIONS: Record<string, string> = { 'image/jpeg': 'jpg', 'image/png': 'png', 'image/webp': 'webp' };
/** A file name any system takes: ASCII letters, digits, '.', '_' and '-' (accents dropped). */
const safeName = (name: string) =>
  name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9._-]+/g, '-')
    .replace(/^[-.]+|-+$/g, '')
    .slice(0, 80) || 'foto';
const withExtension = (name: string, contentType: string) => {
  const ext = EXTENSIONS[contentType];
  return ext && !name.toLowerCase().endsWith(`.${ext}`) && !(ext === 'jpg' && /\.jpeg$/i.test(name))
    ? `${name}.${ext}`
    : name;
};
const photoName = (f: { name: string; contentType: string }) => withExtension(safeName(f.name), f.contentType);
/** The bytes of a `data:image/png;base64,…` URL. */
const dataUrlBytes = (url: string) => Buffer.from(url.slice(url.indexOf(',') + 1), 'base64');

/** A file the archive holds: data.json names it by `arquivo`, or says it was not found in the storage. */
interface FileRef {
  arquivo: string | null;
  observacao?: string;
}
const MISSING = 'o arquivo não foi encontrado no armazenamento';
const ERASED = 'o desenho da assinatura foi apagado na anonimização';

/** What goes into the archive besides data.json, read only when the archive is written. */
type FileSource =
  | { kind: 'storage'; key: string }
  | { kind: 'invoiceSignature'; id: number }
  | { kind: 'estimateSignature'; id: number };
type PendingFile = FileSource & { path: string; ref: FileRef };

const inIds = (column: AnyPgColumn, ids: number[]): SQL => (ids.length ? inArray(column, ids) : eq(column, -1));

/**
 * Reads the customer and what hangs on them, and records the export in the audit trail. Returns the
 * archive's file name and its entries (photos and drawings read one at a time as the archive is
 * written, data.json last, once it knows which files were found).
 */
export async function exportCustomerData(db: Db, storage: FileStorage, actor: AuditActor, customerId: number) {
  const organizationId = actor.organizationId;
  const [row] = await db
    .select()
    .from(cu)
    .where(and(eq(cu.id, customerId), eq(cu.organizationId, organizationId)));
  const customer = assertFound(row);
  const [org] = await db
    .select({ name: schema.organizations.name })
    .from(schema.organizations)
    .where(eq(schema.organizations.id, organizationId));
  const files: PendingFile[] = [];
  /** The record's entry with the path of its file, kept to be told later if the file is not found. */
  const file: AddFile = (entry, path, source) => {
    const ref = { ...entry, arquivo: path as string | null } as typeof entry & FileRef;
    files.push({ ...source, path, ref });
    return ref;
  };

  const addresses = await db
    .select()
    .from(ad)
    .where(and(eq(ad.organizationId, organizationId), eq(ad.customerId, customerId)))
    .orderBy(asc(ad.id));
  const equipments = await db
    .select()
    .from(eqt)
    .where(and(eq(eqt.organizationId, organizationId), eq(eqt.customerId, customerId)))
    .orderBy(asc(eqt.id));
  const orders = await orderData(db, organizationId, customerId, file);
  const quotes = await estimateData(db, organizationId, customerId, file);
  const notices = await notificationsAbout(
    db,
    organizationId,
    orders.map((o) => `/invoices/${o.id}/edit`),
    quotes.map((e) => `/estimates/${e.id}/edit`),
  );

  const data = {
    aviso: customerPrivacyMessages.exportNotice,
    geradoEm: new Date().toISOString(),
    controlador: org?.name ?? null,
    cliente: {
      id: customer.id,
      tipo: personTypeLabels[customer.type as PersonType] ?? null,
      cpfCnpj: customer.anonymizedAt ? null : formatIdentifier(customer.identifier, customer.type),
      nome: customer.name,
      nomeFantasia: customer.alias,
      email: customer.email,
      telefone: customer.phone,
      cadastradoEm: iso(customer.createdAt),
      alteradoEm: iso(customer.updatedAt),
      anonimizadoEm: iso(customer.anonymizedAt),
    },
    enderecos: addresses.map((a) => ({
      endereco: formatAddress(a),
      logradouro: a.address,
      numero: a.number,
      complemento: a.complement,
      bairro: a.neighborhood,
      cidade: a.city,
      uf: a.state,
      cep: a.postalCode,
    })),
    equipamentos: equipments.map((e) => ({
      id: e.id,
      nome: e.name,
      marca: e.brand,
      modelo: e.model,
      numeroDeSerie: e.serialNumber,
      observacoes: e.description,
    })),
    ordensDeServico: orders.map(({ id: _id, ...o }) => o),
    orcamentos: quotes.map(({ id: _id, ...e }) => e),
    notificacoes: notices,
  };
  await audit(db, actor, 'view', 'customer', customerId, [
    { field: 'personalData', before: null, after: 'Dados exportados (LGPD)' },
  ]);

  async function* entries(): AsyncGenerator<ZipEntry> {
    for (const f of files) {
      const bytes = await readPending(db, storage, organizationId, f);
      if (!bytes) {
        f.ref.arquivo = null;
        f.ref.observacao = MISSING;
        continue;
      }
      yield { name: f.path, data: bytes };
    }
    yield { name: 'data.json', data: Buffer.from(JSON.stringify(data, null, 2)), compress: true };
  }
  return { fileName: `dados-cliente-${customerId}.zip`, entries: entries() };
}

async function readPending(db: Db, storage: FileStorage, organizationId: number, f: PendingFile) {
  if (f.kind === 'storage') return storage.get(f.key);
  const t = f.kind === 'invoiceSignature' ? schema.invoiceSignatures : schema.estimateDecisions;
  const image = f.kind === 'invoiceSignature' ? schema.invoiceSignatures.image : schema.estimateDecisions.signature;
  const [row] = await db
    .select({ image })
    .from(t)
    .where(and(eq(t.id, f.id), eq(t.organizationId, organizationId)));
  return row?.image ? dataUrlBytes(row.image) : undefined;
}

type AddFile = <T extends object>(entry: T, path: string, source: FileSource) => T & FileRef;

type LineTables =
  | {
      services: typeof schema.invoiceServices;
      products: typeof schema.invoiceProducts;
      equipments: typeof schema.invoiceEquipments;
      comments: typeof schema.invoiceComments;
      emails: typeof schema.invoiceEmails;
      pictures: typeof schema.invoicePictures;
    }
  | {
      services: typeof schema.estimateServices;
      products: typeof schema.estimateProducts;
      equipments: typeof schema.estimateEquipments;
      comments: typeof schema.estimateComments;
      emails: typeof schema.estimateEmails;
      pictures: typeof schema.estimatePictures;
    };
/** The record a line of either kind belongs to. */
const ownerOf = (t: { invoiceId: AnyPgColumn } | { estimateId: AnyPgColumn }) =>
  'invoiceId' in t ? t.invoiceId : t.estimateId;

/** Groups rows by their record's id. */
function byRecord<R extends { owner: number }>(rows: R[]) {
  const map = new Map<number, R[]>();
  for (const r of rows) map.set(r.owner, [...(map.get(r.owner) ?? []), r]);
  return (id: number) => map.get(id) ?? [];
}

/**
 * Lines, equipment, comments, e-mails sent and photos of a kind's records, as data.json shows them per
 * record; each photo's file goes in the record's folder.
 */
async function recordParts(db: Db, organizationId: number, ids: number[], t: LineTables) {
  const where = (table: LineTables[keyof LineTables]) =>
    and(eq(table.organizationId, organizationId), inIds(ownerOf(table), ids));
  const sv = t.services;
  const services = byRecord(
    await db
      .select({
        owner: sql<number>`${ownerOf(sv)}`,
        name: sv.name,
        description: sv.description,
        quantity: sv.quantity,
        priceCents: sv.priceCents,
      })
      .from(sv)
      .where(where(sv))
      .orderBy(asc(sv.id)),
  );
  const pr = t.products;
  const products = byRecord(
    await db
      .select({
        owner: sql<number>`${ownerOf(pr)}`,
        name: pr.name,
        unit: pr.unit,
        quantity: pr.quantity,
        priceCents: pr.priceCents,
      })
      .from(pr)
      .where(where(pr))
      .orderBy(asc(pr.id)),
  );
  const eqp = t.equipments;
  const equipments = byRecord(
    await db
      .select({
        owner: sql<number>`${ownerOf(eqp)}`,
        nome: eqp.name,
        marca: eqp.brand,
        modelo: eqp.model,
        numeroDeSerie: eqp.serialNumber,
        observacoes: eqp.description,
      })
      .from(eqp)
      .where(where(eqp))
      .orderBy(asc(eqp.id)),
  );
  const cm = t.comments;
  const comments = byRecord(
    await db
      .select({ owner: sql<number>`${ownerOf(cm)}`, type: cm.type, comment: cm.comment, createdAt: cm.createdAt })
      .from(cm)
      .where(where(cm))
      .orderBy(asc(cm.createdAt), asc(cm.id)),
  );
  const em = t.emails;
  const emails = byRecord(
    await db
      .select({
        owner: sql<number>`${ownerOf(em)}`,
        subject: em.subject,
        recipients: em.recipients,
        status: em.status,
        createdAt: em.createdAt,
        finishedAt: em.finishedAt,
      })
      .from(em)
      .where(where(em))
      .orderBy(asc(em.id)),
  );
  const pc = t.pictures;
  const pictures = byRecord(
    await db
      .select({
        owner: sql<number>`${ownerOf(pc)}`,
        id: pc.id,
        name: pc.name,
        contentType: pc.contentType,
        fileKey: pc.fileKey,
        at: pc.createdAt,
      })
      .from(pc)
      .where(where(pc))
      .orderBy(asc(pc.id)),
  );
  const line = (l: { name: string; quantity: number; priceCents: number }) => ({
    nome: l.name,
    quantidade: l.quantity,
    precoUnitario: reais(l.priceCents),
    total: Math.round(l.quantity * l.priceCents) / 100,
  });
  return (id: number, commentLabel: (type: number) => string, folder: string, file: AddFile) => ({
    servicos: services(id).map((l) => ({ ...line(l), descricao: l.description })),
    produtos: products(id).map((l) => ({ ...line(l), unidade: l.unit })),
    equipamentos: equipments(id).map(({ owner: _owner, ...e }) => e),
    comentarios: comments(id).map((m) => ({ tipo: commentLabel(m.type), texto: m.comment, em: iso(m.createdAt) })),
    emails: emails(id).map((x) => ({
      assunto: x.subject,
      destinatarios: x.recipients,
      situacao: emailStatusLabels[x.status] ?? x.status,
      em: iso(x.createdAt),
      concluidoEm: iso(x.finishedAt),
    })),
    fotos: pictures(id).map((f) =>
      file({ nome: f.name, enviadaEm: iso(f.at) }, `${folder}/fotos/${f.id}-${photoName(f)}`, {
        kind: 'storage',
        key: f.fileKey,
      }),
    ),
  });
}

async function orderData(db: Db, organizationId: number, customerId: number, file: AddFile) {
  const rows = await db
    .select({
      id: i.id,
      number: i.number,
      company: co.name,
      nature: tn.name,
      status: st.label,
      createdAt: i.createdAt,
      startedAt: i.startedAt,
      finishedAt: i.finishedAt,
      scheduledAt: i.scheduledAt,
      reportedProblem: i.reportedProblem,
      addressId: i.addressId,
      subtotalCents: i.subtotalCents,
      discountCents: i.discountCents,
      isPaid: i.isPaid,
      paymentDate: i.paymentDate,
      invoiceInfo2: i.invoiceInfo2,
    })
    .from(i)
    .innerJoin(co, and(eq(co.id, i.companyId), eq(co.organizationId, i.organizationId)))
    .innerJoin(tn, and(eq(tn.id, i.transactionNatureId), eq(tn.organizationId, i.organizationId)))
    .innerJoin(st, and(eq(st.id, i.statusId), eq(st.organizationId, i.organizationId)))
    .where(and(eq(i.organizationId, organizationId), eq(i.customerId, customerId)))
    .orderBy(asc(i.number));
  const ids = rows.map((r) => r.id);
  const parts = await recordParts(db, organizationId, ids, {
    services: schema.invoiceServices,
    products: schema.invoiceProducts,
    equipments: schema.invoiceEquipments,
    comments: schema.invoiceComments,
    emails: schema.invoiceEmails,
    pictures: schema.invoicePictures,
  });
  const s = schema.invoiceSignatures;
  const signatures = await db
    .select({
      id: s.id,
      invoiceId: s.invoiceId,
      signerName: s.signerName,
      signedAt: s.signedAt,
      ip: s.ip,
      userAgent: s.userAgent,
      contentHash: s.contentHash,
      erased: sql<boolean>`${s.image} = ${ERASED_DRAWING}`,
    })
    .from(s)
    .where(and(eq(s.organizationId, organizationId), inIds(s.invoiceId, ids)))
    .orderBy(asc(s.id));
  const ch = schema.invoiceChecklists;
  const checklists = await db
    .select()
    .from(ch)
    .where(and(eq(ch.organizationId, organizationId), inIds(ch.invoiceId, ids)))
    .orderBy(asc(ch.id));
  // The order's NFS-e (its XML stays with the shop, which the law makes keep it; see docs/lgpd.md).
  const n = schema.nfseDocuments;
  const nfse = await db
    .select({
      invoiceId: n.invoiceId,
      status: n.status,
      number: n.nfseNumber,
      accessKey: n.accessKey,
      issuedAt: n.issuedAt,
      canceledAt: n.canceledAt,
      cancelReason: n.cancelReason,
    })
    .from(n)
    .where(and(eq(n.organizationId, organizationId), inIds(n.invoiceId, ids), isNotNull(n.issuedAt)))
    .orderBy(asc(n.id));
  const addressIds = rows.map((r) => r.addressId).filter((v): v is number => v !== null);
  const jobAddresses = await db
    .select()
    .from(ad)
    .where(and(eq(ad.organizationId, organizationId), inIds(ad.id, addressIds)));

  return rows.map((r) => {
    const folder = `${ORDERS}/${r.number}`;
    const address = jobAddresses.find((a) => a.id === r.addressId);
    return {
      id: r.id,
      numero: r.number,
      empresa: r.company,
      naturezaDaOperacao: r.nature,
      situacao: r.status,
      criadaEm: iso(r.createdAt),
      iniciadaEm: iso(r.startedAt),
      concluidaEm: iso(r.finishedAt),
      agendadaPara: iso(r.scheduledAt),
      enderecoDoAtendimento: address ? formatAddress(address) : null,
      problemaRelatado: r.reportedProblem,
      subtotal: reais(r.subtotalCents),
      desconto: reais(r.discountCents),
      total: reais(r.subtotalCents - r.discountCents),
      pago: r.isPaid,
      dataDoPagamento: r.paymentDate,
      notaFiscal: r.invoiceInfo2,
      nfse: nfse
        .filter((x) => x.invoiceId === r.id)
        .map((x) => ({
          numero: x.number,
          chaveDeAcesso: x.accessKey,
          situacao: nfseStatusLabels[x.status],
          emitidaEm: iso(x.issuedAt),
          canceladaEm: iso(x.canceledAt),
          motivoDoCancelamento: x.cancelReason,
        })),
      ...parts(r.id, (type) => commentTypeLabels[type as CommentTypeValue] ?? String(type), folder, file),
      checklists: checklists
        .filter((c) => c.invoiceId === r.id)
        .map((c) => ({
          nome: c.name,
          itens: c.items.map((item) => ({ item: item.label, resposta: c.answers[String(item.id)] ?? null })),
        })),
      assinaturas: signatures
        .filter((g) => g.invoiceId === r.id)
        .map((g) => {
          const evidence = {
            nome: g.signerName,
            assinadaEm: iso(g.signedAt),
            ip: g.ip,
            navegador: g.userAgent,
            hashDoConteudo: g.contentHash,
          };
          return g.erased
            ? { ...evidence, arquivo: null, observacao: ERASED }
            : file(evidence, `${folder}/assinaturas/${g.id}.png`, { kind: 'invoiceSignature', id: g.id });
        }),
    };
  });
}

async function estimateData(db: Db, organizationId: number, customerId: number, file: AddFile) {
  const rows = await db
    .select({
      id: es.id,
      number: es.number,
      company: co.name,
      nature: tn.name,
      status: es.status,
      createdAt: es.createdAt,
      subtotalCents: es.subtotalCents,
      discountCents: es.discountCents,
    })
    .from(es)
    .innerJoin(co, and(eq(co.id, es.companyId), eq(co.organizationId, es.organizationId)))
    .innerJoin(tn, and(eq(tn.id, es.transactionNatureId), eq(tn.organizationId, es.organizationId)))
    .where(and(eq(es.organizationId, organizationId), eq(es.customerId, customerId)))
    .orderBy(asc(es.number));
  const ids = rows.map((r) => r.id);
  const parts = await recordParts(db, organizationId, ids, {
    services: schema.estimateServices,
    products: schema.estimateProducts,
    equipments: schema.estimateEquipments,
    comments: schema.estimateComments,
    emails: schema.estimateEmails,
    pictures: schema.estimatePictures,
  });
  const d = schema.estimateDecisions;
  const decisions = await db
    .select({
      id: d.id,
      estimateId: d.estimateId,
      decision: d.decision,
      name: d.name,
      reason: d.reason,
      hasSignature: sql<boolean>`${d.signature} IS NOT NULL`,
      ip: d.ip,
      userAgent: d.userAgent,
      contentHash: d.contentHash,
      decidedAt: d.decidedAt,
    })
    .from(d)
    .where(and(eq(d.organizationId, organizationId), inIds(d.estimateId, ids)))
    .orderBy(asc(d.id));
  const rm = schema.estimateReminders;
  const reminders = await db
    .select()
    .from(rm)
    .where(and(eq(rm.organizationId, organizationId), inIds(rm.estimateId, ids)))
    .orderBy(asc(rm.reminderAt));

  return rows.map((r) => {
    const folder = `${ESTIMATES}/${r.number}`;
    return {
      id: r.id,
      numero: r.number,
      empresa: r.company,
      naturezaDaOperacao: r.nature,
      situacao: estimateStatusLabels[r.status as EstimateStatusValue] ?? String(r.status),
      criadoEm: iso(r.createdAt),
      subtotal: reais(r.subtotalCents),
      desconto: reais(r.discountCents),
      total: reais(r.subtotalCents - r.discountCents),
      ...parts(r.id, (type) => (type === 2 ? 'Interno' : 'Geral'), folder, file),
      respostasDoCliente: decisions
        .filter((x) => x.estimateId === r.id)
        .map((x) => {
          const answer = {
            resposta: x.decision === EstimateDecision.Approved ? 'aprovado' : 'recusado',
            nome: x.name,
            motivo: x.reason,
            em: iso(x.decidedAt),
            ip: x.ip,
            navegador: x.userAgent,
            hashDoConteudo: x.contentHash,
          };
          return x.hasSignature
            ? file(answer, `${folder}/assinaturas/${x.id}.png`, { kind: 'estimateSignature', id: x.id })
            : { ...answer, arquivo: null };
        }),
      lembretes: reminders
        .filter((x) => x.estimateId === r.id)
        .map((x) => ({ descricao: x.description, em: iso(x.reminderAt) })),
    };
  });
}

/** The bell's notifications that point at the customer's orders and estimates, once per event. */
async function notificationsAbout(db: Db, organizationId: number, ...urls: string[][]) {
  const n = schema.notifications;
  const all = urls.flat();
  if (!all.length) return [];
  const rows = await db
    .select({ sourceKey: n.sourceKey, title: n.title, description: n.description, at: n.notificationDate })
    .from(n)
    .where(and(eq(n.organizationId, organizationId), inArray(n.url, all)))
    .orderBy(asc(n.notificationDate), asc(n.id));
  const seen = new Set<string>();
  return rows
    .filter((r) => !seen.has(r.sourceKey) && seen.add(r.sourceKey))
    .map((r) => ({ titulo: r.title, descricao: r.description, em: iso(r.at) }));
}
