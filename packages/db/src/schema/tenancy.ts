import { foreignKey, type AnyPgColumn } from 'drizzle-orm/pg-core';

/**
 * A reference from one organization-owned table to another: `(organization_id, column)` →
 * `(organization_id, id)`, so a row can only point at a row of its own organization. The target
 * has the unique index `<table>_organization_id_id_key`.
 */
export function sameOrganization(
  name: string,
  from: { organizationId: AnyPgColumn; column: AnyPgColumn },
  target: { organizationId: AnyPgColumn; id: AnyPgColumn },
) {
  return foreignKey({
    name,
    columns: [from.organizationId, from.column],
    foreignColumns: [target.organizationId, target.id],
  });
}

/** The same link from a row's own organization_id and one of its columns (`row` is the table's columns). */
export const sameOrganizationAs = (
  name: string,
  row: { organizationId: AnyPgColumn },
  column: AnyPgColumn,
  target: { organizationId: AnyPgColumn; id: AnyPgColumn },
) => sameOrganization(name, { organizationId: row.organizationId, column }, target);
