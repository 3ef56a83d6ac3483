import { and, desc, eq, sql } from 'drizzle-orm';
import { schema, type Db, type Tx } from '@ordem-certa/db';
import { issRateAllowed, withheldAmounts, withholdsAnything, type DpsInput } from '@ordem-certa/nfse-xml';
import { nfseBase } from './nfse-base.ts';

// What a customer withholds from an order, and what that comes to: the amounts the order's NFS-e
// declared once there is one, else reckoned from the rates (the order's own, else the customer's) with
// the ISS rate known now. The order's receivable expects the value less this.

type Settings = typeof schema.companyFiscalSettings.$inferSelect;
type WithholdingRates = schema.WithholdingRates;

/**
 * The ISS rate of an order: written in the DPS where the national rules admit one and the
 * municipality does not set it itself (a joined municipality refuses one, E0617, except the Simples
 * Nacional rate of an ME/EPP whose ISS is withheld), and the effective rate the amounts are computed
 * with: the municipality's where it set one, else the company's. Without parameters (the API not
 * answering, nothing cached) the company's rate is written where admitted.
 */
export function issRates(
  settings: Pick<Settings, 'issRate'>,
  provider: DpsInput['provider'],
  params: { joined: boolean; issRate: number | null } | null,
  issWithheld: boolean,
): { written: number | null; effective: number | null } {
  const insideSimples = provider.simplesNacional === 3 && (provider.regApTribSN ?? 1) === 1;
  const admitted = issRateAllowed(provider, issWithheld);
  const joined = params?.joined ?? false;
  const written = admitted && (!joined || (insideSimples && issWithheld)) ? settings.issRate : null;
  const effective = written ?? (joined ? params!.issRate : null) ?? settings.issRate;
  return { written, effective };
}

/** An order as the reckoning needs it. */
export interface WithholdingOrder {
  id: number;
  organizationId: number;
  companyId: number;
  customerId: number;
  subtotalCents: number;
  discountCents: number;
  nfseWithholdings: WithholdingRates | null;
}

export interface OrderWithholdingAmounts {
  order: WithholdingRates | null;
  customer: WithholdingRates | null;
  effective: WithholdingRates | null;
  totalCents: number;
  issRate: number | null;
  issCents: number;
  federalCents: number;
  withheldCents: number;
  netCents: number;
  source: 'nfse' | 'estimate';
  /** What the NFS-e covers: with the materials or not, its value less the discount, and what is left out. */
  covers: { materials: boolean; amountCents: number; materialsLeftOutCents: number };
}

/** The order's withholdings and their amounts (see the file's comment). */
export async function orderWithholdings(db: Db | Tx, invoice: WithholdingOrder): Promise<OrderWithholdingAmounts> {
  const totalCents = invoice.subtotalCents - invoice.discountCents;
  const [customerRow] = await db
    .select({ w: schema.customers.nfseWithholdings })
    .from(schema.customers)
    .where(
      and(eq(schema.customers.id, invoice.customerId), eq(schema.customers.organizationId, invoice.organizationId)),
    );
  const customer = customerRow?.w ?? null;
  const order = invoice.nfseWithholdings;
  const effective = order ?? customer;
  const base = { order, customer, effective, totalCents };

  // The NFS-e issued (or being sent) says what is withheld: the latest one standing.
  const d = schema.nfseDocuments;
  const [live] = await db
    .select({
      issRate: d.issRate,
      issCents: d.issCents,
      issWithheld: d.issWithheld,
      withheld: d.withheldCents,
      w: d.withholdings,
      serviceCents: d.serviceCents,
      discountCents: d.discountCents,
    })
    .from(d)
    .where(
      and(
        eq(d.organizationId, invoice.organizationId),
        eq(d.invoiceId, invoice.id),
        sql`${d.status} IN ('processing', 'issued')`,
      ),
    )
    .orderBy(desc(d.id))
    .limit(1);
  if (live) {
    const issCents = live.issWithheld ? (live.issCents ?? 0) : 0;
    // The note says what it declared: what it left of the subtotal out is the materials.
    const declared = live.serviceCents ?? invoice.subtotalCents;
    const leftOut = Math.max(invoice.subtotalCents - declared, 0);
    return {
      ...base,
      covers: { materials: leftOut === 0, amountCents: declared - live.discountCents, materialsLeftOutCents: leftOut },
      issRate: live.issRate,
      issCents,
      federalCents: live.withheld - issCents,
      withheldCents: live.withheld,
      netCents: totalCents - live.withheld,
      source: 'nfse',
    };
  }
  // Before the NFS-e: the company's settings, and the municipality's rate for its default service as last read.
  const f = schema.companyFiscalSettings;
  const [settings] = await db
    .select()
    .from(f)
    .where(and(eq(f.organizationId, invoice.organizationId), eq(f.companyId, invoice.companyId)));
  const note = await nfseBase(db, invoice, settings?.materialsIncluded ?? true);
  const covers = {
    materials: note.materialsIncluded,
    amountCents: note.serviceCents - note.discountCents,
    materialsLeftOutCents: note.materialsIncluded ? 0 : note.materialsCents,
  };
  if (!withholdsAnything(effective) || totalCents <= 0) {
    return {
      ...base,
      covers,
      issRate: null,
      issCents: 0,
      federalCents: 0,
      withheldCents: 0,
      netCents: totalCents,
      source: 'estimate',
    };
  }

  let issRate: number | null = null;
  if (settings?.simplesNacional && effective!.iss) {
    const p = schema.nfseMunicipalParameters;
    const [params] =
      settings.municipalityCode && settings.serviceCode
        ? await db
            .select({ joined: p.joined, issRate: p.issRate })
            .from(p)
            .where(and(eq(p.municipalityCode, settings.municipalityCode), eq(p.serviceCode, settings.serviceCode)))
            .orderBy(desc(p.competence))
            .limit(1)
        : [];
    const provider = {
      cnpj: '',
      simplesNacional: settings.simplesNacional as 1 | 2 | 3,
      regApTribSN: (settings.regApTribSN ?? 1) as 1 | 2 | 3,
      specialRegime: settings.specialRegime,
    };
    issRate = issRates(settings, provider, params ?? null, true).effective;
  }
  // Without a rate the ISS part is not reckoned yet (the NFS-e will say it).
  const amounts = withheldAmounts({
    serviceCents: note.serviceCents,
    unconditionalDiscountCents: note.discountCents,
    issRate,
    withholdings: { ...effective!, iss: !!effective!.iss && issRate !== null },
  });
  return {
    ...base,
    covers,
    issRate,
    issCents: amounts.issCents,
    federalCents: amounts.federalCents,
    withheldCents: amounts.totalCents,
    // The receivable is the whole order less what is withheld (the note's value may leave parts out).
    netCents: totalCents - amounts.totalCents,
    source: 'estimate',
  };
}
