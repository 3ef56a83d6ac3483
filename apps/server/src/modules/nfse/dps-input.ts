import { and, asc, desc, eq, isNotNull, sql } from 'drizzle-orm';
import { formatQuantity, nfseMessages, normalizeIdentifier, PersonType } from '@ordem-certa/contracts';
import { schema, type Db, type Tx } from '@ordem-certa/db';
import { invalid } from '../../lib/errors.ts';
import type { DpsInput, DpsSubstitution } from '@ordem-certa/nfse-xml';
import { issRates, orderWithholdings } from '../../core/orders/withholdings.ts';
import { nfseBase } from '../../core/orders/nfse-base.ts';
import type { MunicipalParameters } from './municipal-parameters.ts';

// What an order's DPS says, read from the order, its company's fiscal settings, its customer and the
// job's address, under the transaction that takes the DPS number.

/** xDescServ holds at most 2000 characters. */
const DESCRIPTION_MAX = 2000;

type Settings = typeof schema.companyFiscalSettings.$inferSelect;
type Invoice = typeof schema.invoices.$inferSelect;

const digits = (v: string | null | undefined) => (v ?? '').replace(/\D/g, '');

/** A phone as the DPS takes it (6 to 20 digits), else none. */
const dpsPhone = (phone: string | null) => {
  const d = digits(phone);
  return d.length >= 6 && d.length <= 20 ? d : null;
};
/** An e-mail the DPS takes (at most 80 characters), else none. */
const dpsEmail = (email: string | null) => (email && email.length <= 80 ? email : null);

/**
 * The lines of the order in the DPS's words (the products only when they are in the note's value), and
 * the service code of its largest service line that has one.
 */
async function serviceLines(tx: Tx | Db, invoice: Invoice, materialsIncluded = true) {
  const l = schema.invoiceServices;
  const s = schema.services;
  const services = await tx
    .select({
      name: l.name,
      quantity: l.quantity,
      priceCents: l.priceCents,
      description: l.description,
      serviceCode: s.serviceCode,
    })
    .from(l)
    .leftJoin(s, and(eq(s.id, l.serviceId), eq(s.organizationId, l.organizationId)))
    .where(and(eq(l.invoiceId, invoice.id), eq(l.organizationId, invoice.organizationId)))
    .orderBy(asc(l.id));
  const p = schema.invoiceProducts;
  const products = materialsIncluded
    ? await tx
        .select({ name: p.name, quantity: p.quantity, unit: p.unit })
        .from(p)
        .where(and(eq(p.invoiceId, invoice.id), eq(p.organizationId, invoice.organizationId)))
        .orderBy(asc(p.id))
    : [];
  const largest = services
    .filter((x) => x.serviceCode)
    .sort((a, b) => b.priceCents * b.quantity - a.priceCents * a.quantity)[0];
  const parts = [
    ...services.map((x) => `${x.name} × ${formatQuantity(x.quantity)}${x.description ? ` (${x.description})` : ''}`),
    ...products.map((x) => `${x.name} × ${formatQuantity(x.quantity)} ${x.unit}`),
  ];
  return { parts, serviceCode: largest?.serviceCode ?? null };
}

/** The job's address, else the customer's first address with an IBGE code (the DPS names the place by it). */
async function takerAddress(tx: Tx | Db, invoice: Invoice) {
  const a = schema.addresses;
  const [row] = await tx
    .select()
    .from(a)
    .where(
      and(eq(a.organizationId, invoice.organizationId), eq(a.customerId, invoice.customerId), isNotNull(a.ibgeCode)),
    )
    .orderBy(desc(sql`${a.id} = ${invoice.addressId ?? 0}`), asc(a.id))
    .limit(1);
  if (!row?.ibgeCode || digits(row.postalCode).length !== 8) return null;
  return {
    ibgeCode: row.ibgeCode,
    postalCode: digits(row.postalCode),
    street: row.address.slice(0, 255),
    number: row.number ? String(row.number) : 'S/N',
    complement: row.complement?.slice(0, 156) || null,
    neighborhood: (row.neighborhood || 'Não informado').slice(0, 60),
  };
}

/** dCompet: the day the order was finished in the organization's zone (YYYY-MM-DD), else the day of `at`. */
export const competenceOf = (invoice: Invoice, timeZone: string, at: Date) =>
  new Intl.DateTimeFormat('en-CA', { timeZone }).format(invoice.finishedAt ?? at);

/**
 * Where the order's service is taxed and under which code, as the DPS will say (the job's municipality,
 * else the company's; the largest service line's code, else the company's): what the municipal
 * parameters are asked for, before the transaction that issues.
 */
export async function serviceTaxation(db: Db | Tx, invoice: Invoice, settings: Settings) {
  const [lines, address] = await Promise.all([serviceLines(db, invoice), takerAddress(db, invoice)]);
  return {
    municipalityCode: address?.ibgeCode ?? settings.municipalityCode!,
    serviceCode: lines.serviceCode ?? settings.serviceCode!,
  };
}

/**
 * The DPS of an order: provider (the order's company and its settings), taker (the customer with CPF
 * or CNPJ and the address), the service (the code of its largest service line that has one, else the
 * company's; the lines as the description) and the values (the subtotal, or the services alone when the
 * company leaves materials out; the discount as unconditional; the ISS rate of the settings). A company or customer the DPS cannot name is a 422 saying which.
 */
export async function dpsInputOf(
  tx: Tx,
  o: {
    invoice: Invoice;
    settings: Settings;
    timeZone: string;
    series: string;
    number: number;
    at: Date;
    params: MunicipalParameters | null;
    substitution?: DpsSubstitution | null;
  },
): Promise<{ input: DpsInput; effectiveIssRate: number | null }> {
  const { invoice, settings } = o;
  const [company] = await tx
    .select()
    .from(schema.companies)
    .where(
      and(eq(schema.companies.id, invoice.companyId), eq(schema.companies.organizationId, invoice.organizationId)),
    );
  const [customer] = await tx
    .select()
    .from(schema.customers)
    .where(
      and(eq(schema.customers.id, invoice.customerId), eq(schema.customers.organizationId, invoice.organizationId)),
    );
  if (!company || company.type !== PersonType.Juridical || !/^\d{14}$/.test(company.identifier))
    throw invalid({ company: nfseMessages.companyNotIndividual });
  const takerId = normalizeIdentifier(customer?.identifier);
  const isCnpj = customer?.type === PersonType.Juridical;
  if (!customer || !(isCnpj ? /^\d{14}$/ : /^\d{11}$/).test(takerId))
    throw invalid({ customer: nfseMessages.takerIdentifier });

  const lines = await serviceLines(tx, invoice, settings.materialsIncluded);
  const note = await nfseBase(tx, invoice, settings.materialsIncluded);
  const address = await takerAddress(tx, invoice);
  const description = [`Ordem de serviço nº ${invoice.number}`, ...lines.parts].join('; ').slice(0, DESCRIPTION_MAX);
  const competence = competenceOf(invoice, o.timeZone, o.at);
  const withholdings = (await orderWithholdings(tx, invoice)).effective;
  const provider: DpsInput['provider'] = {
    cnpj: company.identifier,
    municipalRegistration: settings.municipalRegistration,
    phone: dpsPhone(company.phone),
    email: dpsEmail(company.email),
    simplesNacional: settings.simplesNacional as 1 | 2 | 3,
    regApTribSN: settings.simplesNacional === 3 ? ((settings.regApTribSN ?? 1) as 1 | 2 | 3) : null,
    specialRegime: settings.specialRegime,
  };
  const rates = issRates(settings, provider, o.params, !!withholdings?.iss);

  const input: DpsInput = {
    environment: settings.environment,
    issuedAt: o.at,
    timeZone: o.timeZone,
    competence,
    series: o.series,
    number: o.number,
    emitterMunicipalityCode: settings.municipalityCode!,
    provider,
    substitution: o.substitution ?? null,
    taker: {
      ...(isCnpj ? { cnpj: takerId } : { cpf: takerId }),
      name: customer.name.slice(0, 300),
      phone: dpsPhone(customer.phone),
      email: dpsEmail(customer.email),
      address,
    },
    service: {
      municipalityCode: address?.ibgeCode ?? settings.municipalityCode!,
      serviceCode: lines.serviceCode ?? settings.serviceCode!,
      description,
    },
    values: {
      serviceCents: note.serviceCents,
      unconditionalDiscountCents: note.discountCents || undefined,
      issRate: rates.written,
      withholdings,
    },
    ibsCbs:
      settings.ibsCbs && settings.ibsCbsOperation && settings.ibsCbsCst && settings.ibsCbsClass
        ? {
            operationIndicator: settings.ibsCbsOperation,
            cst: settings.ibsCbsCst,
            classification: settings.ibsCbsClass,
          }
        : null,
  };
  return { input, effectiveIssRate: rates.effective };
}
