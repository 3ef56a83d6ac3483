import { and, asc, eq } from 'drizzle-orm';
import { ROLE_ADMIN } from '@ordem-certa/contracts';
import type { Db } from '../client.ts';
import { generatePayroll } from '../payrolls.ts';
import { auditLogs, companies, invoiceWorkers, payRules, payrollLines, users } from '../schema/index.ts';
import type { DemoContext } from './context.ts';

const dayAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);

/**
 * One payroll of the demo organization's first company over the older completed orders (30 to 60
 * days ago), with its first line paid: the newer completed orders stay pending for 'Verificar pendências'.
 * Pay rules first: the admin (also a technician) earns 10% of services and 5% of products since 50
 * days ago, so the payroll shows a percentage shared on an order with two workers and a discount; the
 * collaborator keeps the initial R$ 45,00 per order, raised to a fixed R$ 55,00 ten days ago.
 */
export async function seedPayrolls(db: Db, { demoOrganizationId: organizationId }: DemoContext) {
  const [company] = await db
    .select({ id: companies.id })
    .from(companies)
    .where(eq(companies.organizationId, organizationId))
    .orderBy(asc(companies.id))
    .limit(1);
  const [admin] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.organizationId, organizationId), eq(users.role, ROLE_ADMIN)))
    .orderBy(asc(users.id))
    .limit(1);
  if (!company || !admin) return;
  const [tecnico] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.organizationId, organizationId), eq(users.email, 'tecnico@demo.com.br')));
  await db.insert(payRules).values([
    {
      organizationId,
      userId: admin.id,
      validFrom: dayAgo(50),
      kind: 'percentage',
      servicesBasisPoints: 1000,
      productsBasisPoints: 500,
      createdById: admin.id,
    },
    ...(tecnico
      ? [
          {
            organizationId,
            userId: tecnico.id,
            validFrom: dayAgo(10),
            kind: 'fixed' as const,
            fixedCents: 5500,
            createdById: admin.id,
          },
        ]
      : []),
  ]);
  await db.transaction(async (tx) => {
    const result = await generatePayroll(tx, {
      organizationId,
      companyId: company.id,
      startDate: dayAgo(60),
      endDate: dayAgo(30),
      createdById: admin.id,
    });
    if (result === null || result === 'empty') throw new Error('demo payroll: no completed order in the period');
    const [first] = await tx
      .select()
      .from(payrollLines)
      .where(eq(payrollLines.payrollId, result.payroll.id))
      .orderBy(asc(payrollLines.id))
      .limit(1);
    const paidAt = new Date(Date.now() - 25 * 86_400_000);
    await tx.update(payrollLines).set({ paidAt, paidById: admin.id }).where(eq(payrollLines.id, first!.id));
    await tx.update(invoiceWorkers).set({ paidAt }).where(eq(invoiceWorkers.id, first!.invoiceWorkerId));
    await tx.insert(auditLogs).values([
      { organizationId, userId: admin.id, action: 'create', entity: 'payroll', entityId: result.payroll.id },
      {
        organizationId,
        userId: admin.id,
        action: 'update',
        entity: 'payroll',
        entityId: result.payroll.id,
        data: [{ field: 'paidAt', before: null, after: { line: first!.id, invoice: first!.invoiceId } }],
        createdAt: paidAt,
      },
    ]);
  });
}
