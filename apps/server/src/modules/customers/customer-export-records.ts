// The customer's orders and estimates as their archive's data.json shows them, each with its parts
// (customer-export-record-parts.ts) and what only its kind has: an order's signature and NFS-e, an
// estimate's decision and reminders.
import { and, asc, eq, isNotNull, sql } from 'drizzle-orm';
import {
  commentTypeLabels,
  EstimateDecision,
  estimateStatusLabels,
  formatAddress,
  nfseStatusLabels,
  type CommentTypeValue,
  type EstimateStatusValue,
} from '@ordem-certa/contracts';
import { schema, type Db } from '@ordem-certa/db';
import { ERASED, ESTIMATES, inIds, iso, ORDERS, reais, type AddFile } from './customer-export-archive.ts';
import { ERASED_DRAWING } from './customer-anonymize.service.ts';
import { recordParts } from './customer-export-record-parts.ts';
import { pickColumns } from '../../lib/sql.ts';

const {
  addresses: ad,
  invoices: i,
  estimates: es,
  companies: co,
  transactionNatures: tn,
  invoiceStatuses: st,
} = schema;

export async function orderData(db: Db, organizationId: number, customerId: number, file: AddFile) {
  const rows = await db
    .select({
      ...pickColumns(i, 'id', 'number', 'createdAt', 'startedAt', 'finishedAt', 'scheduledAt', 'reportedProblem'),
      ...pickColumns(i, 'addressId', 'subtotalCents', 'discountCents', 'isPaid', 'paymentDate', 'invoiceInfo2'),
      company: co.name,
      nature: tn.name,
      status: st.label,
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
      ...pickColumns(s, 'id', 'invoiceId', 'signerName', 'signedAt', 'ip', 'userAgent', 'contentHash'),
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
  // The order's NFS-e (its XML stays with the shop, which the law makes keep it; see docs/features/lgpd.md).
  const n = schema.nfseDocuments;
  const nfse = await db
    .select({
      ...pickColumns(n, 'invoiceId', 'status', 'accessKey', 'issuedAt', 'canceledAt', 'cancelReason'),
      number: n.nfseNumber,
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

export async function estimateData(db: Db, organizationId: number, customerId: number, file: AddFile) {
  const rows = await db
    .select({
      ...pickColumns(es, 'id', 'number', 'status', 'createdAt', 'subtotalCents', 'discountCents'),
      company: co.name,
      nature: tn.name,
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
      ...pickColumns(
        d,
        'id',
        'estimateId',
        'decision',
        'name',
        'reason',
        'ip',
        'userAgent',
        'contentHash',
        'decidedAt',
      ),
      hasSignature: sql<boolean>`${d.signature} IS NOT NULL`,
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
