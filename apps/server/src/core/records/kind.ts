import type { schema, Db, Tx } from '@ordem-certa/db';
import type { Actor } from '../access/access.ts';
import type { AuditAction, AuditChange } from '../audit/audit.ts';

export type { Actor };

/** What every record row has that the shared code reads: its customer and its money. */
export interface RecordRow {
  id: number;
  customerId: number;
  subtotalCents: number;
  discountCents: number;
  /** Raised by the database at every change of the row (versions.ts). */
  rowVersion: number;
}

/** The tables of one kind of record. The schema keeps a set per kind; the code reading them is shared. */
export interface RecordTables {
  services: typeof schema.estimateServices | typeof schema.invoiceServices;
  products: typeof schema.estimateProducts | typeof schema.invoiceProducts;
  equipments: typeof schema.estimateEquipments | typeof schema.invoiceEquipments;
  pictures: typeof schema.estimatePictures | typeof schema.invoicePictures;
  comments: typeof schema.estimateComments | typeof schema.invoiceComments;
}

/**
 * A kind of priced document — an estimate or a service order — as the record core sees it: its
 * tables, how to find and lock one for the actor (which also decides who sees it), when it takes
 * changes, and how a change is recorded. A third kind supplies the same description.
 */
export interface RecordKind<Row extends RecordRow = RecordRow, T extends RecordTables = RecordTables> {
  /** The audit log's entity and the storage folder: 'estimate' | 'invoice'. */
  entity: 'estimate' | 'invoice';
  /** The URL segment under the organization: 'estimates' | 'invoices'. */
  path: 'estimates' | 'invoices';
  tables: T;
  /** The record as the actor may see it (a 404 otherwise), for reads and pickers. */
  find(db: Db, actor: Actor, id: number): Promise<{ id: number; customerId: number }>;
  /** The record row-locked for the rest of the transaction (a 404 when the actor may not see it). */
  lock(tx: Tx, actor: Actor, id: number): Promise<Row>;
  /** Refuses (409) a line or picture change on a record that takes none in its state. */
  assertEditable(row: Row): void;
  /**
   * After the record's subtotal or discount changed (`row` carries the new values), in the same
   * transaction: what else follows from the new total (an order's paid flag). Returns audit lines.
   */
  afterMoneyChange?(tx: Tx, row: Row): Promise<AuditChange[]>;
  /** Bumps updated_at and writes the audit row, in the transaction of the change. */
  recordChange(tx: Tx, actor: Actor, id: number, action: AuditAction, data: AuditChange[]): Promise<void>;
  /**
   * Values a new service or product line gets besides the shared ones (an estimate's position and
   * grouping), computed under the record's lock.
   */
  newLineValues(
    tx: Tx,
    table: RecordTables['services'] | RecordTables['products'],
    id: number,
    body: { isGrouped?: boolean },
  ): Promise<Record<string, unknown>>;
  messages: {
    totalTooHigh: string;
    duplicateEquipment: string;
    equipmentNotOfCustomer: string;
  };
}

/** The column naming a line's record, whichever kind's table it is. */
export const ownerColumn = <T extends { estimateId: unknown } | { invoiceId: unknown }>(t: T) =>
  ('invoiceId' in t ? t.invoiceId : t.estimateId) as T extends { invoiceId: infer C }
    ? C
    : T extends { estimateId: infer C }
      ? C
      : never;

/** The values that put a new line on a record of this kind. */
export const ownerValues = (kind: { entity: RecordKind['entity'] }, id: number) =>
  kind.entity === 'invoice' ? { invoiceId: id } : { estimateId: id };

/** The estimate's tables. */
export interface EstimateTables extends RecordTables {
  services: typeof schema.estimateServices;
  products: typeof schema.estimateProducts;
  equipments: typeof schema.estimateEquipments;
  pictures: typeof schema.estimatePictures;
  comments: typeof schema.estimateComments;
}
/** The service order's tables. */
export interface InvoiceTables extends RecordTables {
  services: typeof schema.invoiceServices;
  products: typeof schema.invoiceProducts;
  equipments: typeof schema.invoiceEquipments;
  pictures: typeof schema.invoicePictures;
  comments: typeof schema.invoiceComments;
}
