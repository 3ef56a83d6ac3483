// LGPD, art. 18: everything the organization holds about one customer, as a ZIP with a data.json and
// the customer's photos and signature drawings as files beside it.
import { and, asc, eq } from 'drizzle-orm';
import {
  customerPrivacyMessages,
  formatAddress,
  formatIdentifier,
  personTypeLabels,
  type PersonType,
} from '@ordem-certa/contracts';
import { schema, type Db } from '@ordem-certa/db';
import { audit, type AuditActor } from '../../core/audit/audit.ts';
import type { FileStorage } from '../../lib/storage.ts';
import type { ZipEntry } from '../../lib/zip.ts';
import { iso, MISSING, readPending, type AddFile, type FileRef, type PendingFile } from './customer-export-archive.ts';
import { notificationsAbout } from './customer-export-record-parts.ts';
import { estimateData, orderData } from './customer-export-records.ts';
import { assertFound } from '../../core/access/access.ts';

const { customers: cu, addresses: ad, equipments: eqt } = schema;

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
  const sr = schema.serviceRequests;
  const requests = await db
    .select()
    .from(sr)
    .where(and(eq(sr.organizationId, organizationId), eq(sr.customerId, customerId)))
    .orderBy(asc(sr.id));
  const sessions = await db
    .select({
      createdAt: schema.portalSessions.createdAt,
      userAgent: schema.portalSessions.userAgent,
      endedAt: schema.portalSessions.endedAt,
    })
    .from(schema.portalSessions)
    .where(
      and(eq(schema.portalSessions.organizationId, organizationId), eq(schema.portalSessions.customerId, customerId)),
    )
    .orderBy(asc(schema.portalSessions.id));
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
      tipo: e.kind,
      capacidadeBtuh: e.capacityBtuh,
      localDeInstalacao: e.location,
      observacoes: e.description,
    })),
    ordensDeServico: orders.map(({ id: _id, ...o }) => o),
    orcamentos: quotes.map(({ id: _id, ...e }) => e),
    notificacoes: notices,
    pedidosDeAtendimento: requests.map((r) => ({
      numero: r.number,
      situacao: r.status,
      contato: { nome: r.contactName, email: r.contactEmail, telefone: r.contactPhone },
      problema: r.problem,
      diasPreferidos: r.preferredDays,
      periodosPreferidos: r.preferredPeriods,
      observacao: r.preferredNote,
      criadoEm: iso(r.createdAt),
    })),
    acessosAreaDoCliente: sessions.map((x) => ({
      entrouEm: iso(x.createdAt),
      navegador: x.userAgent,
      saiuEm: iso(x.endedAt),
    })),
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
