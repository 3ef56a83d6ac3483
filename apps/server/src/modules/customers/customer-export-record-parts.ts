// What the export reads alike for orders and estimates: each record's lines, equipment, comments,
// e-mails sent and photos, and the bell's notifications about the records.
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
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
