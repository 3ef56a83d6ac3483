import { can, type Permission, type PermittedViewer } from '@ordem-certa/contracts';

// Money in answers follows two permissions: `price.see` (prices, discounts, totals, payments) and
// `cost.see` (what things cost the shop, and so the margins). Each kind of record that carries money
// names its fields here once; its serializer passes every record through `shownTo`, so a reader
// without the permission gets the record without those fields, whichever route or document sends it.

interface ValueFields {
  price?: readonly string[];
  cost?: readonly string[];
}

const valueFields = {
  /** The catalogue's product, in lists, pickers and after a stock movement. */
  product: { price: ['price'], cost: ['cost'] },
  /** A stock movement: an entry's unit cost is the product's new cost. */
  stockMovement: { cost: ['unitCost'] },
  service: { price: ['price'] },
  /** An order's or an estimate's line. */
  line: { price: ['price'] },
  /** The head of an estimate, and an estimate list's row. */
  recordTotals: { price: ['subTotal', 'discount', 'total', 'deposit'] },
  /** A home card of orders: how many (`total`, a count) and their value. */
  homeCard: { price: ['amount'] },
  /** The head of an order: its totals, and how and when it is paid (and what its workers earn on it). */
  invoice: {
    price: [
      'subTotal',
      'discount',
      'total',
      'paymentDate',
      'paymentDescription',
      'invoiceInfo1',
      'invoiceInfo2',
      'isPayingJustTheHalf',
      'payrollBonus',
    ],
  },
} as const satisfies Record<string, ValueFields>;

export type ValueKind = keyof typeof valueFields;

/** What of the money a reader may see. */
export function valuesSeenBy(viewer: PermittedViewer) {
  return { prices: can(viewer, 'price.see'), costs: can(viewer, 'cost.see') };
}

/** The permission a value of this kind needs to be shown. */
const needs: Record<keyof ValueFields, Permission> = { price: 'price.see', cost: 'cost.see' };

/**
 * The record as `viewer` may read it: the fields of `kind` whose permission the viewer lacks are left
 * out (not zeroed: a missing price says "not yours to see", a zero says "free"). The record is returned
 * as it is when nothing is hidden.
 */
export function shownTo<T extends object>(viewer: PermittedViewer, kind: ValueKind, record: T): T {
  const fields: ValueFields = valueFields[kind];
  const hidden = (Object.keys(needs) as Array<keyof ValueFields>)
    .filter((k) => !can(viewer, needs[k]))
    .flatMap((k) => fields[k] ?? []);
  if (!hidden.some((f) => f in record)) return record;
  const copy = { ...record } as Record<string, unknown>;
  for (const f of hidden) delete copy[f];
  return copy as T;
}

/** A list page as `viewer` may read it: each row through `shownTo`. */
export function shownPage<P extends { data: readonly object[] }>(viewer: PermittedViewer, kind: ValueKind, page: P): P {
  return { ...page, data: page.data.map((row) => shownTo(viewer, kind, row)) };
}

/** Per column name, the permissions a report's column needs beyond reading the report. */
export type ColumnNeeds = Readonly<Record<string, readonly Permission[]>>;

/**
 * The permissions a report's column needs: those its spec names for it, else `price.see` for any
 * amount of money (totals, receipts, what is owed), else none.
 */
function columnNeeds(column: { name: string; type: string }, named: ColumnNeeds = {}): readonly Permission[] {
  return named[column.name] ?? (column.type === 'money' ? ['price.see'] : []);
}

/** Whether the viewer may read the column (see columnNeeds). */
export function columnShownTo(viewer: PermittedViewer, column: { name: string; type: string }, named?: ColumnNeeds) {
  return columnNeeds(column, named).every((permission) => can(viewer, permission));
}
