import { eq, sql } from 'drizzle-orm';
import {
  invoiceStatusMessages,
  isEditableInvoiceState,
  type InvoiceStatusBody,
  type InvoiceStatusListQuery,
} from '@ordem-certa/contracts';
import { schema, type Db } from '@ordem-certa/db';
import { conflict } from '../../lib/errors.ts';
import { register } from '../../core/registers/register.ts';
import { alphabetical } from '../../lib/paging.ts';
import { assertFound } from '../../core/access/access.ts';

const t = schema.invoiceStatuses;
const columns = { id: t.id, state: t.state, label: t.label };
/** The order a shop reads them in: the fixed states along the flow, then the Blocked and Canceled reasons. */
const stateOrder = sql`array_position(ARRAY[0, 7, 10, 20, -1, -100], ${t.state})`;

const statuses = register({
  table: t,
  select: (db) => db.select(columns).from(t).$dynamic(),
  toItem: (row) => row,
  search: [t.label],
  order: [stateOrder, alphabetical(t.label)],
  // A duplicate label (same organization, any case) is a 422 on label.
  unique: { constraint: 'invoice_statuses_label_key', field: 'label', message: invoiceStatusMessages.labelTaken },
});
const owned = statuses.owned;

export const listInvoiceStatuses = (db: Db, organizationId: number, query: InvoiceStatusListQuery) =>
  statuses.list(db, organizationId, query, query.state === undefined ? undefined : eq(t.state, query.state));

export const getInvoiceStatus = statuses.get;

/** The body schema admits only Blocked and Canceled: the fixed states are created with the organization. */
export async function createInvoiceStatus(db: Db, organizationId: number, body: InvoiceStatusBody) {
  return statuses.unique(async () => {
    const [row] = await db
      .insert(t)
      .values({ organizationId, state: body.state, label: body.label })
      .returning(columns);
    return row!;
  });
}

/**
 * Only a Blocked or Canceled status may change. Editing a fixed one (Draft, Todo, Wip, Completed) is
 * a 409: the request is well formed, the status is what refuses it. A status that orders use keeps
 * its state (the orders copy it): renaming is fine, turning a Blocked reason into a Canceled one is not.
 */
export async function updateInvoiceStatus(db: Db, organizationId: number, id: number, body: InvoiceStatusBody) {
  return statuses.unique(() =>
    db.transaction(async (tx) => {
      // Locked: an order blocked or canceled with this status meanwhile waits for this change.
      const [row] = await tx.select(columns).from(t).where(owned(organizationId, id)).for('update');
      const current = assertFound(row);
      if (!isEditableInvoiceState(current.state)) throw conflict(invoiceStatusMessages.notEditable);
      if (body.state !== current.state) {
        const used = await tx.$count(schema.invoices, eq(schema.invoices.statusId, id));
        if (used > 0) throw conflict(invoiceStatusMessages.stateInUse);
      }
      const [updated] = await tx
        .update(t)
        .set({ state: body.state, label: body.label, updatedAt: new Date() })
        .where(owned(organizationId, id))
        .returning(columns);
      return updated!;
    }),
  );
}
