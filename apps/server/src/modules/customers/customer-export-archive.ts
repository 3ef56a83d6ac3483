// What the customer's archive holds besides data.json: its folders, its files' names, and the files
// themselves (a photo from the storage, a signature drawing from its row), read as the archive is written.
import { and, eq, inArray, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { schema, type Db } from '@ordem-certa/db';
import type { FileStorage } from '../../lib/storage.ts';

/** Where a record's files go in the archive. */
export const ORDERS = 'ordens-de-servico';
export const ESTIMATES = 'orcamentos';

export const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);
export const reais = (cents: number) => cents / 100;
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
export const photoName = (f: { name: string; contentType: string }) => withExtension(safeName(f.name), f.contentType);
/** The bytes of a `data:image/png;base64,…` URL. */
export const dataUrlBytes = (url: string) => Buffer.from(url.slice(url.indexOf(',') + 1), 'base64');

/** A file the archive holds: data.json names it by `arquivo`, or says it was not found in the storage. */
export interface FileRef {
  arquivo: string | null;
  observacao?: string;
}
export const MISSING = 'o arquivo não foi encontrado no armazenamento';
export const ERASED = 'o desenho da assinatura foi apagado na anonimização';

/** What goes into the archive besides data.json, read only when the archive is written. */
export type FileSource =
  | { kind: 'storage'; key: string }
  | { kind: 'invoiceSignature'; id: number }
  | { kind: 'estimateSignature'; id: number };
export type PendingFile = FileSource & { path: string; ref: FileRef };

export const inIds = (column: AnyPgColumn, ids: number[]): SQL => (ids.length ? inArray(column, ids) : eq(column, -1));

export async function readPending(db: Db, storage: FileStorage, organizationId: number, f: PendingFile) {
  if (f.kind === 'storage') return storage.get(f.key);
  const t = f.kind === 'invoiceSignature' ? schema.invoiceSignatures : schema.estimateDecisions;
  const image = f.kind === 'invoiceSignature' ? schema.invoiceSignatures.image : schema.estimateDecisions.signature;
  const [row] = await db
    .select({ image })
    .from(t)
    .where(and(eq(t.id, f.id), eq(t.organizationId, organizationId)));
  return row?.image ? dataUrlBytes(row.image) : undefined;
}

export type AddFile = <T extends object>(entry: T, path: string, source: FileSource) => T & FileRef;
