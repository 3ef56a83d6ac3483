import { eq, sql } from 'drizzle-orm';
import { FIRST_STEPS, type FirstSteps } from '@ordem-certa/contracts';
import { schema, type Db } from '@ordem-certa/db';
import { queryRows } from '../../lib/sql.ts';

type Row = {
  companyId: number | null;
  company: boolean;
  pix: boolean;
  customer: boolean;
  estimate: boolean;
  technician: boolean;
  dismissed: boolean;
};

/**
 * What a new shop has done of its first steps, read from its data: a company with a logo and an
 * address, a PIX key, a customer, an estimate, a second active user. The company the steps open is
 * the first one made.
 */
export async function firstSteps(db: Db, organizationId: number): Promise<FirstSteps> {
  const [row] = await queryRows<Row>(
    db,
    sql`SELECT
      (SELECT min(c.id) FROM companies c WHERE c.organization_id = o.id) AS "companyId",
      EXISTS (SELECT 1 FROM companies c WHERE c.organization_id = o.id AND c.logo_key IS NOT NULL
                AND EXISTS (SELECT 1 FROM addresses a WHERE a.organization_id = o.id AND a.company_id = c.id)) AS company,
      EXISTS (SELECT 1 FROM companies c WHERE c.organization_id = o.id AND c.pix_key IS NOT NULL) AS pix,
      EXISTS (SELECT 1 FROM customers c WHERE c.organization_id = o.id) AS customer,
      EXISTS (SELECT 1 FROM estimates e WHERE e.organization_id = o.id) AS estimate,
      (SELECT count(*) FROM users u WHERE u.organization_id = o.id AND u.is_active) > 1 AS technician,
      o.checklist_dismissed_at IS NOT NULL AS dismissed
    FROM organizations o WHERE o.id = ${organizationId}`,
  );
  const r = row!;
  const steps = FIRST_STEPS.map((key) => ({ key, done: r[key] }));
  return { show: !r.dismissed && steps.some((s) => !s.done), companyId: r.companyId, steps };
}

/** POST organizations/{orgId}/first-steps/dismiss: the checklist leaves the home for good. */
export async function dismissFirstSteps(db: Db, organizationId: number) {
  await db
    .update(schema.organizations)
    .set({ checklistDismissedAt: sql`coalesce(${schema.organizations.checklistDismissedAt}, now())` })
    .where(eq(schema.organizations.id, organizationId));
  return firstSteps(db, organizationId);
}
