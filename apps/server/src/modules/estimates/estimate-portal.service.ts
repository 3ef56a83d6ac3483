import { and, count, desc, eq, ne, sql, type SQL } from 'drizzle-orm';
import {
  EstimateDecision,
  EstimateStatus,
  estimateSharePath,
  estimateStatusLabels,
  fromCents,
  portalRecordMessages,
  type ListQuery,
  type PublicApproveBody,
  type PublicDeclineBody,
} from '@ordem-certa/contracts';
import { schema, type Db } from '@ordem-certa/db';
import { assertFound } from '../../core/access/access.ts';
import type { PortalContext } from '../../core/portal/portal-session.ts';
import { AppError, conflict } from '../../lib/errors.ts';
import { listPage } from '../../lib/list.ts';
import type { FileStorage } from '../../lib/storage.ts';
import { decideEstimate, type DecisionEvidence } from './estimate-sharing.service.ts';

// The estimates sent to the customer, in their portal: a draft is never shown; an open one is answered
// there through the same service as its shared page, on its current link (one answer per link).

const es = schema.estimates;

const mine = (portal: PortalContext): SQL =>
  and(
    eq(es.organizationId, portal.organizationId),
    eq(es.customerId, portal.customerId),
    ne(es.status, EstimateStatus.Draft),
  )!;

const columns = {
  id: es.id,
  number: es.number,
  status: es.status,
  createdAt: es.createdAt,
  subtotalCents: es.subtotalCents,
  discountCents: es.discountCents,
  shareToken: es.shareToken,
  shareExpiresAt: es.shareExpiresAt,
  shareContentHash: es.shareContentHash,
  // Written out in full: in a one-table select the ORM leaves columns unqualified, and a bare "id" in
  // the subquery would be the decision's.
  decision: sql<number | null>`(SELECT x.decision FROM estimate_decisions x WHERE x.estimate_id = estimates.id
    ORDER BY x.decided_at DESC, x.id DESC LIMIT 1)`,
  decidedOnLink: sql<boolean>`EXISTS (SELECT 1 FROM estimate_decisions x WHERE x.estimate_id = estimates.id
    AND x.share_token = estimates.share_token)`,
};
type Row = {
  id: number;
  number: number;
  status: number;
  createdAt: Date;
  subtotalCents: number;
  discountCents: number;
  shareToken: string | null;
  shareExpiresAt: Date | null;
  shareContentHash: string | null;
  decision: number | null;
  decidedOnLink: boolean;
};

const shown = (r: Row, now = new Date()) => {
  const live = r.shareToken && r.shareExpiresAt && r.shareExpiresAt > now;
  return {
    id: r.id,
    number: r.number,
    status: r.status,
    statusLabel: estimateStatusLabels[r.status as keyof typeof estimateStatusLabels] ?? String(r.status),
    createdAt: r.createdAt.toISOString(),
    total: fromCents(r.subtotalCents - r.discountCents),
    canDecide: Boolean(live) && r.status === EstimateStatus.Wip && !r.decidedOnLink,
    decision:
      r.decision === null
        ? null
        : r.decision === EstimateDecision.Approved
          ? ('approved' as const)
          : ('declined' as const),
    pageUrl: live ? estimateSharePath(r.id, r.shareToken!) : null,
    contentHash: live ? r.shareContentHash : null,
  };
};

/** GET /api/portal/estimates: newest first, searchable by number. */
export function portalEstimates(db: Db, portal: PortalContext, query: ListQuery) {
  const q = query.q?.replace(/\D/g, '');
  const where = and(mine(portal), q ? sql`${es.number}::text LIKE ${`%${q}%`}` : undefined);
  return listPage(
    query,
    db.select(columns).from(es).where(where).orderBy(desc(es.number)).limit(query.take).offset(query.skip),
    async () => (await db.select({ n: count() }).from(es).where(where))[0]!.n,
    (r) => shown(r as Row),
  );
}

async function portalEstimate(db: Db, portal: PortalContext, id: number) {
  const [row] = await db
    .select(columns)
    .from(es)
    .where(and(mine(portal), eq(es.id, id)));
  return assertFound(row) as Row;
}

/**
 * POST /api/portal/estimates/{id}/approve|decline: the answer goes through the shared page's service on
 * the estimate's current link; without a live link the customer is told to ask for a new one.
 */
export async function decideFromPortal(
  db: Db,
  storage: FileStorage,
  portal: PortalContext,
  id: number,
  answer: ({ decision: 'approve' } & PublicApproveBody) | ({ decision: 'decline' } & PublicDeclineBody),
  evidence: DecisionEvidence,
) {
  const row = await portalEstimate(db, portal, id);
  if (row.status !== EstimateStatus.Wip || row.decidedOnLink) throw conflict(portalRecordMessages.estimateClosed);
  if (!row.shareToken || !row.shareExpiresAt || row.shareExpiresAt <= new Date())
    throw new AppError(410, [portalRecordMessages.linkExpired]);
  await decideEstimate(db, storage, id, row.shareToken, answer, evidence);
  return shown(await portalEstimate(db, portal, id));
}
