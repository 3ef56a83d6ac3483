import { and, asc, eq } from 'drizzle-orm';
import { type Contract, type ContractBody } from '@ordem-certa/contracts';
import { schema } from '@ordem-certa/db';
import type { TestContext, TestOrg } from './helpers.ts';
import { planWorld } from './maintenance-plan-fixtures.ts';

type Method = 'GET' | 'POST' | 'PUT';

/**
 * The maintenance plans' world (company, customers, a plan catalogue) plus what contracts use: the
 * customer's e-mail for the charges, helpers to call the contract routes, make a contract and read
 * the periods, orders and instalments billed.
 */
export async function contractWorld(ctx: TestContext, org: TestOrg) {
  const world = await planWorld(ctx, org);
  const db = ctx.database.db;
  const organizationId = org.organization.id;
  await db
    .update(schema.customers)
    .set({ email: `cliente-${organizationId}@exemplo.com.br` })
    .where(eq(schema.customers.id, world.customer.id));

  const url = (rest = '') => `/api/organizations/${organizationId}/contracts${rest}`;
  const contracts = (method: Method, rest = '', payload?: object, token = org.admin.token) =>
    ctx.app.inject({ method, url: url(rest), headers: org.as(token), ...(payload ? { payload } : {}) });

  /** A valid body: the first customer, R$ 450,00 a month on the 10th, from a week ahead. */
  const body = (over: Partial<ContractBody> = {}): ContractBody => ({
    company: world.company.id,
    customer: world.customer.id,
    amount: 450,
    billingDay: 10,
    startDate: world.today,
    readjustmentIndex: 'IPCA',
    ...over,
  });

  async function createContract(over: Partial<ContractBody> = {}) {
    const res = await contracts('POST', '', body(over));
    if (res.statusCode !== 201) throw new Error(`contract create failed: ${res.statusCode} ${res.body}`);
    return res.json() as Contract;
  }

  /** The periods billed of a contract, by date, with their order and instalment. */
  const periodsOf = (contractId: number) =>
    db
      .select({
        date: schema.contractPeriods.periodDate,
        amountCents: schema.contractPeriods.amountCents,
        invoiceId: schema.contractPeriods.invoiceId,
        nfseStatus: schema.contractPeriods.nfseStatus,
        nfseError: schema.contractPeriods.nfseError,
        dueDate: schema.receivables.dueDate,
        receivableCents: schema.receivables.amountCents,
        state: schema.invoices.state,
        subtotalCents: schema.invoices.subtotalCents,
      })
      .from(schema.contractPeriods)
      .leftJoin(schema.receivables, eq(schema.receivables.id, schema.contractPeriods.receivableId))
      .leftJoin(schema.invoices, eq(schema.invoices.id, schema.contractPeriods.invoiceId))
      .where(
        and(
          eq(schema.contractPeriods.organizationId, organizationId),
          eq(schema.contractPeriods.contractId, contractId),
        ),
      )
      .orderBy(asc(schema.contractPeriods.periodDate));

  /** Sets the organization's time zone. */
  const setTimeZone = (timeZone: string) =>
    db.update(schema.organizations).set({ timeZone }).where(eq(schema.organizations.id, organizationId));

  return { ...world, url, contracts, body, createContract, periodsOf, setTimeZone };
}
export type ContractWorld = Awaited<ReturnType<typeof contractWorld>>;
