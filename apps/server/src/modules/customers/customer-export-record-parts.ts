// What the export reads alike for orders and estimates: each record's lines, equipment, comments,
// e-mails sent and photos, and the bell's notifications about the records.
import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable, SelectedFields } from 'drizzle-orm/pg-core';
import { emailStatusLabels } from '@ordem-certa/contracts';
import { schema, type Db } from '@ordem-certa/db';
import { inIds, iso, photoName, reais, type AddFile } from './customer-export-archive.ts';

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
export async function recordParts(db: Db, organizationId: number, ids: number[], t: LineTables) {
  const { services: sv, products: pr, equipments: eqp, comments: cm, emails: em, pictures: pc } = t;
  // Each part's rows, with the record they belong to, grouped by it.
  const read = async <F extends SelectedFields>(table: LineTables[keyof LineTables], fields: F, ...order: SQL[]) =>
    byRecord(
      await db
        .select({ owner: sql<number>`${ownerOf(table)}`, ...fields })
        .from(table as PgTable)
        .where(and(eq(table.organizationId, organizationId), inIds(ownerOf(table), ids)))
        .orderBy(...order),
    );
  const services = await read(
    t.services,
    {
      name: sv.name,
      description: sv.description,
      quantity: sv.quantity,
      priceCents: sv.priceCents,
    },
    asc(sv.id),
  );
  const products = await read(
    t.products,
    {
      name: pr.name,
      unit: pr.unit,
      quantity: pr.quantity,
      priceCents: pr.priceCents,
    },
    asc(pr.id),
  );
  const equipments = await read(
    t.equipments,
    {
      nome: eqp.name,
      marca: eqp.brand,
      modelo: eqp.model,
      numeroDeSerie: eqp.serialNumber,
      observacoes: eqp.description,
    },
    asc(eqp.id),
  );
  const comments = await read(
    t.comments,
    { type: cm.type, comment: cm.comment, createdAt: cm.createdAt },
    asc(cm.createdAt),
    asc(cm.id),
  );
  const emails = await read(
    t.emails,
    {
      subject: em.subject,
      recipients: em.recipients,
      status: em.status,
      createdAt: em.createdAt,
      finishedAt: em.finishedAt,
    },
    asc(em.id),
  );
  const pictures = await read(
    t.pictures,
    {
      id: pc.id,
      name: pc.name,
      contentType: pc.contentType,
      fileKey: pc.fileKey,
      at: pc.createdAt,
    },
    asc(pc.id),
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

/** The bell's notifications that point at the customer's orders and estimates, once per event. */
export async function notificationsAbout(db: Db, organizationId: number, ...urls: string[][]) {
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
