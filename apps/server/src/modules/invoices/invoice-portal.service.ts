import { and, asc, count, desc, eq, inArray, ne, sql, type SQL } from 'drizzle-orm';
import { fromCents, InvoiceState, ratingPath, signPath, type PortalOrderQuery } from '@ordem-certa/contracts';
import { schema, type Db } from '@ordem-certa/db';
import { assertFound } from '../../core/access/access.ts';
import { lockInvoice, recordChange, type Actor } from '../../core/orders/invoice-access.ts';
import type { PortalContext } from '../../core/portal/portal-session.ts';
import { listPage } from '../../lib/list.ts';
import { notFound } from '../../lib/errors.ts';
import type { FileStorage } from '../../lib/storage.ts';

// An order as its customer sees it in the portal: never a draft, only their own, with its lines and
// the photos the office marked 'visível ao cliente'.

const i = schema.invoices;
const st = schema.invoiceStatuses;
const ph = schema.invoicePictures;
const CLOSED: number[] = [InvoiceState.Completed, InvoiceState.Canceled];

/** The customer's orders of their organization, drafts left out. */
const mine = (portal: PortalContext): SQL =>
  and(
    eq(i.organizationId, portal.organizationId),
    eq(i.customerId, portal.customerId),
    ne(i.state, InvoiceState.Draft),
  )!;

const head = {
  id: i.id,
  number: i.number,
  statusLabel: st.label,
  state: i.state,
  createdAt: i.createdAt,
  scheduledAt: i.scheduledAt,
  finishedAt: i.finishedAt,
  subtotalCents: i.subtotalCents,
  discountCents: i.discountCents,
  signToken: i.signToken,
  reportedProblem: i.reportedProblem,
  equipments: sql<string[]>`COALESCE((SELECT json_agg(e.name ORDER BY e.id) FROM invoice_equipments e
    WHERE e.invoice_id = ${i.id}), '[]'::json)`,
};
type Head = { [K in keyof typeof head]: unknown } & {
  id: number;
  number: number;
  statusLabel: string;
  state: number;
  createdAt: Date;
  scheduledAt: Date | null;
  finishedAt: Date | null;
  subtotalCents: number;
  discountCents: number;
  signToken: string;
  reportedProblem: string | null;
  equipments: string[];
};

const shown = (r: Head) => ({
  id: r.id,
  number: r.number,
  statusLabel: r.statusLabel,
  state: r.state,
  open: !CLOSED.includes(r.state),
  createdAt: r.createdAt.toISOString(),
  scheduledAt: r.scheduledAt?.toISOString() ?? null,
  finishedAt: r.finishedAt?.toISOString() ?? null,
  total: fromCents(r.subtotalCents - r.discountCents),
  equipments: r.equipments,
  pageUrl: signPath(r.id, r.signToken),
});

/** GET /api/portal/orders: open ones (or past ones) first by number, newest first; searchable by number. */
export function portalOrders(db: Db, portal: PortalContext, query: PortalOrderQuery) {
  const open = query.open === undefined ? undefined : query.open === 'true';
  const q = query.q?.replace(/\D/g, '');
  const where = and(
    mine(portal),
    open === undefined ? undefined : open ? sql`${i.state} NOT IN (20, -100)` : inArray(i.state, CLOSED),
    q ? sql`${i.number}::text LIKE ${`%${q}%`}` : undefined,
  );
  return listPage(
    query,
    db
      .select(head)
      .from(i)
      .innerJoin(st, eq(st.id, i.statusId))
      .where(where)
      .orderBy(desc(i.number))
      .limit(query.take)
      .offset(query.skip),
    async () => (await db.select({ n: count() }).from(i).where(where))[0]!.n,
    (r) => shown(r as Head),
  );
}

/** GET /api/portal/orders/{id}: another customer's order, or a draft, is a 404. */
export async function portalOrder(db: Db, portal: PortalContext, id: number) {
  const [row] = await db
    .select(head)
    .from(i)
    .innerJoin(st, eq(st.id, i.statusId))
    .where(and(mine(portal), eq(i.id, id)));
  const order = assertFound(row) as Head;
  const s = schema.invoiceServices;
  const p = schema.invoiceProducts;
  const line = (l: { name: string; quantity: number; priceCents: number }) => ({
    name: l.name,
    quantity: l.quantity,
    price: fromCents(l.priceCents),
  });
  const services = await db.select().from(s).where(eq(s.invoiceId, id)).orderBy(asc(s.id));
  const products = await db.select().from(p).where(eq(p.invoiceId, id)).orderBy(asc(p.id));
  const pictures = await db
    .select({ id: ph.id, name: ph.name, thumbnail: ph.thumbnail })
    .from(ph)
    .where(and(eq(ph.invoiceId, id), eq(ph.organizationId, portal.organizationId), eq(ph.customerVisible, true)))
    .orderBy(asc(ph.id));
  const r = schema.orderRatings;
  const [rating] = await db
    .select({ token: r.token, score: r.score })
    .from(r)
    .where(and(eq(r.organizationId, portal.organizationId), eq(r.invoiceId, id)));
  return {
    ...shown(order),
    reportedProblem: order.reportedProblem,
    lines: [...services.map(line), ...products.map(line)],
    pictures,
    rating: rating ? { url: ratingPath(id, rating.token), score: rating.score } : null,
  };
}

/** GET /api/portal/orders/{id}/pictures/{pictureId}: a visible photo of the customer's order, as sent. */
export async function portalPicture(
  db: Db,
  storage: FileStorage,
  portal: PortalContext,
  id: number,
  pictureId: number,
) {
  const [row] = await db
    .select({ fileKey: ph.fileKey, contentType: ph.contentType })
    .from(ph)
    .innerJoin(i, and(eq(i.id, ph.invoiceId), eq(i.organizationId, ph.organizationId)))
    .where(and(mine(portal), eq(i.id, id), eq(ph.id, pictureId), eq(ph.customerVisible, true)));
  const picture = assertFound(row);
  const data = await storage.get(picture.fileKey);
  if (!data) throw notFound();
  return { data, contentType: picture.contentType };
}

/** PUT invoices/{id}/attachments/pictures/{pictureId}/customer-visible: the office shows or hides a photo. */
export async function setPictureVisibility(db: Db, actor: Actor, id: number, pictureId: number, visible: boolean) {
  await db.transaction(async (tx) => {
    await lockInvoice(tx, actor, id);
    const [row] = await tx
      .update(ph)
      .set({ customerVisible: visible })
      .where(and(eq(ph.id, pictureId), eq(ph.invoiceId, id), eq(ph.organizationId, actor.organizationId)))
      .returning({ name: ph.name });
    const picture = assertFound(row);
    await recordChange(tx, actor, id, 'update', [
      {
        field: 'pictureVisibility',
        before: null,
        after: `${picture.name}: ${visible ? 'visível' : 'oculta'} ao cliente`,
      },
    ]);
  });
}
