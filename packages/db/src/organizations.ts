import { eq, sql } from 'drizzle-orm';
import { allFeatures, defaultInvoiceStatuses, ROLE_ADMIN, type Features } from '@ordem-certa/contracts';
import type { Db, Tx } from './client.ts';
import { hashPassword } from './password.ts';
import { invoiceStatuses, organizations, users } from './schema/index.ts';

export interface NewOrganization {
  id?: number;
  name: string;
  features?: Features;
  admin: { name: string; email: string; password: string };
}

/** The order statuses a new organization starts with (the migration gives them to existing ones). */
export async function insertDefaultInvoiceStatuses(tx: Db | Tx, organizationId: number) {
  await tx.insert(invoiceStatuses).values(defaultInvoiceStatuses.map((s) => ({ organizationId, ...s })));
}

/**
 * Inserts an organization, its first admin and its default order statuses in `tx` (the caller's
 * transaction). `verified: false` is an organization made by sign-up, whose owner still has to confirm
 * the e-mail; `passwordHash` is the admin's password already hashed.
 */
export async function insertOrganizationWithAdmin(
  tx: Db | Tx,
  input: Omit<NewOrganization, 'admin'> & {
    admin: { name: string; email: string; passwordHash: string };
    verified?: boolean;
  },
) {
  const [org] = await tx
    .insert(organizations)
    .values({
      ...(input.id ? { id: input.id } : {}),
      name: input.name,
      features: input.features ?? allFeatures,
      ...(input.verified === false ? { verifiedAt: null } : {}),
    })
    .returning();
  if (!org) throw new Error('organization not created');
  if (input.id) {
    // Explicit ids must not collide with the identity sequence later.
    await tx.execute(
      sql`SELECT setval(pg_get_serial_sequence('organizations', 'id'), GREATEST((SELECT max(id) FROM organizations), 1))`,
    );
  }
  const [admin] = await tx
    .insert(users)
    .values({
      organizationId: org.id,
      name: input.admin.name,
      email: input.admin.email.toLowerCase(),
      role: ROLE_ADMIN,
      passwordHash: input.admin.passwordHash,
    })
    .returning({ id: users.id, email: users.email, name: users.name });
  await insertDefaultInvoiceStatuses(tx, org.id);
  return { organization: org, admin: admin! };
}

/** Creates an organization, its first admin and its default order statuses in one transaction (demo seed, tests). */
export async function createOrganizationWithAdmin(db: Db, input: NewOrganization) {
  const passwordHash = await hashPassword(input.admin.password);
  return db.transaction((tx) =>
    insertOrganizationWithAdmin(tx, {
      ...input,
      admin: { name: input.admin.name, email: input.admin.email, passwordHash },
    }),
  );
}

export async function resetPassword(db: Db, email: string, password: string): Promise<boolean> {
  const passwordHash = await hashPassword(password);
  const rows = await db
    .update(users)
    .set({ passwordHash, tokenVersion: sql`${users.tokenVersion} + 1`, updatedAt: new Date() })
    .where(eq(sql`lower(${users.email})`, email.toLowerCase()))
    .returning({ id: users.id });
  return rows.length > 0;
}
