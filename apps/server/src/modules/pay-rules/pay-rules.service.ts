import { and, asc, desc, eq, getTableColumns, inArray, lte, sql, type SQL } from 'drizzle-orm';
import {
  describePayRule,
  fromBasisPoints,
  payRuleKindLabels,
  fromCents,
  payRuleMessages,
  toBasisPoints,
  toCents,
  type CreatePayRule,
  type PayRule,
  type PayRulesResponse,
} from '@ordem-certa/contracts';
import { schema, type Db, type Tx } from '@ordem-certa/db';
import { invalid } from '../../lib/errors.ts';
import { audit } from '../../core/audit/audit.ts';
import { listPage } from '../../lib/list.ts';
import { queryRows } from '../../lib/sql.ts';
import { assertFound } from '../../core/access/access.ts';

const { payRules: r, payRuleServices: rs, users: u, services: sv } = schema;

export interface PayRuleActor {
  organizationId: number;
  userId: number;
}

/** The organization's calendar day now ('YYYY-MM-DD'): the day "in force today" is read on. */
async function today(db: Db | Tx, organizationId: number) {
  const [row] = await queryRows<{ today: string }>(
    db,
    sql`SELECT to_char(now() AT TIME ZONE time_zone, 'YYYY-MM-DD') AS today FROM organizations WHERE id = ${organizationId}`,
  );
  return row!.today;
}

/** The collaborator of the organization (404 otherwise), with the initial fixed amount. */
async function collaborator(db: Db | Tx, organizationId: number, userId: number, lock = false) {
  const query = db
    .select({ id: u.id, paymentValueCents: u.paymentValueCents })
    .from(u)
    .where(and(eq(u.id, userId), eq(u.organizationId, organizationId)));
  const [row] = lock ? await query.for('no key update') : await query;
  return assertFound(row);
}

/** The version in force today: the latest that starts on or before it (none: the initial rule). */
async function inForceId(db: Db | Tx, userId: number, day: string) {
  const [row] = await db
    .select({ id: r.id })
    .from(r)
    .where(and(eq(r.userId, userId), lte(r.validFrom, day)))
    .orderBy(desc(r.validFrom))
    .limit(1);
  return row?.id ?? null;
}

/** The versions with their services' names and rates, as listed. */
async function toRules(
  db: Db | Tx,
  rows: Array<typeof r.$inferSelect & { createdByName: string | null }>,
  current: number | null,
) {
  const rates = rows.length
    ? await db
        .select({ ruleId: rs.payRuleId, service: rs.serviceId, name: sv.name, rateCents: rs.rateCents })
        .from(rs)
        .innerJoin(sv, eq(sv.id, rs.serviceId))
        .where(
          inArray(
            rs.payRuleId,
            rows.map((row) => row.id),
          ),
        )
        .orderBy(sql`f_unaccent(lower(${sv.name}))`, asc(sv.id))
    : [];
  return rows.map((row): PayRule => ({
    id: row.id,
    kind: row.kind,
    validFrom: row.validFrom,
    fixedAmount: fromCents(row.fixedCents),
    servicesPercent: fromBasisPoints(row.servicesBasisPoints),
    productsPercent: fromBasisPoints(row.productsBasisPoints),
    kmRate: fromCents(row.kmRateCents),
    services: rates
      .filter((rate) => rate.ruleId === row.id)
      .map((rate) => ({ service: rate.service, name: rate.name, rate: fromCents(rate.rateCents) })),
    inForce: row.id === current,
    createdAt: row.updatedAt.toISOString(),
    createdByName: row.createdByName,
  }));
}

/** A version as the audit trail names it: 'A partir de 01/12/2026 — Percentual…: 10% dos serviços'. */
const trailText = (rule: PayRule) =>
  `A partir de ${rule.validFrom.split('-').toReversed().join('/')} — ${payRuleKindLabels[rule.kind]}: ${describePayRule(rule)}`;

/** The organization's versions of that collaborator on that day (at most one), as listed. */
async function versionOn(tx: Tx, organizationId: number, userId: number, where: SQL) {
  const rows = await tx
    .select({ ...getTableColumns(r), createdByName: creator })
    .from(r)
    .where(and(eq(r.organizationId, organizationId), eq(r.userId, userId), where))
    .for('update');
  return (await toRules(tx, rows, null))[0];
}

const creator = sql<string | null>`(SELECT name FROM ${u} c WHERE c.id = ${r.createdById})`;

/** GET users/{id}/pay-rules: the versions, latest start first, and the initial rule before them. */
export async function listPayRules(
  db: Db,
  organizationId: number,
  userId: number,
  query: { skip: number; take: number },
): Promise<PayRulesResponse> {
  const user = await collaborator(db, organizationId, userId);
  const day = await today(db, organizationId);
  const current = await inForceId(db, userId, day);
  const where = and(eq(r.organizationId, organizationId), eq(r.userId, userId))!;
  const page = await listPage(
    query,
    db
      .select({ ...getTableColumns(r), createdByName: creator })
      .from(r)
      .where(where)
      .orderBy(desc(r.validFrom))
      .limit(query.take)
      .offset(query.skip),
    () => db.$count(r, where),
  );
  return {
    data: await toRules(db, page.data, current),
    meta: page.meta,
    initial: { fixedAmount: fromCents(user.paymentValueCents), inForce: current === null },
    today: day,
  };
}

/**
 * POST users/{id}/pay-rules: a new version from body.validFrom, in one transaction under the
 * collaborator's row (two saves for one collaborator take turns). A version on a day that already has
 * one replaces it. Per-service rates must name the organization's services (422 on the line's field).
 * Payroll lines already generated keep their value: a version changes only lines generated after it.
 */
export async function createPayRule(db: Db, actor: PayRuleActor, userId: number, body: CreatePayRule) {
  return db.transaction(async (tx) => {
    await collaborator(tx, actor.organizationId, userId, true);
    const rates = body.kind === 'per_service' ? body.services : [];
    if (rates.length) {
      const found = await tx
        .select({ id: sv.id })
        .from(sv)
        .where(
          and(
            eq(sv.organizationId, actor.organizationId),
            inArray(
              sv.id,
              rates.map((s) => s.service),
            ),
          ),
        );
      const known = new Set(found.map((s) => s.id));
      const errors: Record<string, string> = {};
      rates.forEach((s, index) => {
        if (!known.has(s.service)) errors[`services.${index}.service`] = payRuleMessages.serviceNotFound;
      });
      if (Object.keys(errors).length) throw invalid(errors);
    }
    const replaced = await versionOn(tx, actor.organizationId, userId, eq(r.validFrom, body.validFrom));
    if (replaced) await tx.delete(r).where(eq(r.id, replaced.id));
    const [row] = await tx
      .insert(r)
      .values({
        organizationId: actor.organizationId,
        userId,
        validFrom: body.validFrom,
        kind: body.kind,
        fixedCents: body.kind === 'fixed' ? toCents(body.fixedAmount ?? 0) : 0,
        servicesBasisPoints: body.kind === 'percentage' ? toBasisPoints(body.servicesPercent) : 0,
        productsBasisPoints: body.kind === 'percentage' ? toBasisPoints(body.productsPercent) : 0,
        kmRateCents: toCents(body.kmRate),
        createdById: actor.userId,
      })
      .returning();
    if (rates.length) {
      await tx.insert(rs).values(
        rates.map((s) => ({
          organizationId: actor.organizationId,
          payRuleId: row!.id,
          serviceId: s.service,
          rateCents: toCents(s.rate),
        })),
      );
    }
    const current = await inForceId(tx, userId, await today(tx, actor.organizationId));
    const [created] = await toRules(tx, [{ ...row!, createdByName: await creatorName(tx, actor.userId) }], current);
    await audit(tx, actor, replaced ? 'update' : 'create', 'user', userId, [
      { field: 'payRule', before: replaced ? trailText(replaced) : null, after: trailText(created!) },
    ]);
    return created!;
  });
}

async function creatorName(tx: Tx, userId: number) {
  const [row] = await tx.select({ name: u.name }).from(u).where(eq(u.id, userId));
  return row?.name ?? null;
}

/**
 * DELETE users/{id}/pay-rules/{ruleId}: a version set by mistake. The one before it (or the initial
 * rule) is in force again for orders not yet in a payroll; generated lines keep their value.
 */
export async function removePayRule(db: Db, actor: PayRuleActor, userId: number, ruleId: number) {
  await db.transaction(async (tx) => {
    const rule = assertFound(await versionOn(tx, actor.organizationId, userId, eq(r.id, ruleId)));
    await tx.delete(r).where(eq(r.id, ruleId));
    await audit(tx, actor, 'delete', 'user', userId, [{ field: 'payRule', before: trailText(rule), after: null }]);
  });
}
