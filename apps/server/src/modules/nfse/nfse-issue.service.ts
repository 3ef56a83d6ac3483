import { and, eq, sql } from 'drizzle-orm';
import { InvoiceState, nfseMessages, type Nfse, type NfseSubstituteBody } from '@ordem-certa/contracts';
import { schema } from '@ordem-certa/db';
import { conflict, invalid, isUniqueViolation } from '../../lib/errors.ts';
import { lockInvoice, recordChange, visibleInvoice, type Actor } from '../../core/orders/invoice-access.ts';
import {
  buildDps,
  DpsInputError,
  percentOfCents,
  signXml,
  validateXml,
  withheldAmounts,
  WithholdingError,
  type DpsInput,
} from '@ordem-certa/nfse-xml';
import { openingKeys } from '../../lib/secrets.ts';
import { competenceOf, dpsInputOf, serviceTaxation } from './dps-input.ts';
import { municipalParameters, type MunicipalParameters } from './municipal-parameters.ts';
import { companyCertificate, timeZoneOf, toNfse, type NfseContext } from './nfse.service.ts';

// Issuing an order's NFS-e, and substituting an issued one: the DPS built, checked against the layout's
// schema and signed under the order's lock and the settings row's lock (which hands out the DPS number),
// then recorded 'processing' for the sending job (nfse-job.ts).

const d = schema.nfseDocuments;
const f = schema.companyFiscalSettings;

/** Where a DPS input error comes from, in the screen's words. */
const dpsParts: Array<[prefix: string, label: string]> = [
  ['provider', 'dados da empresa'],
  ['taker', 'dados do cliente'],
  ['service', 'serviço'],
  ['values', 'valores'],
  ['series', 'série da DPS'],
  ['number', 'número da DPS'],
  ['emitterMunicipalityCode', 'município'],
  ['competence', 'data de competência'],
  ['substitution', 'substituição'],
  ['ibsCbs', 'IBS/CBS'],
];

/** The unsigned DPS; an input the layout cannot carry is a 422 saying which part. */
function buildChecked(input: DpsInput) {
  try {
    return buildDps(input);
  } catch (err) {
    if (!(err instanceof DpsInputError)) throw err;
    if (err.field === 'values.withholdings') throw invalid({ withholdings: [nfseMessages.withholdingFromMei] });
    if (err.field === 'values.withholdings.iss')
      throw invalid({ withholdings: [nfseMessages.withholdingWithoutTaker] });
    const label = dpsParts.find(([prefix]) => err.field.startsWith(prefix))?.[1] ?? err.field;
    throw invalid({ dps: [nfseMessages.invalidDps, `${label}: ${err.message}`] });
  }
}

/** The amounts withheld and the net; the ISS withheld without any rate known is a 422. */
function amountsOf(input: DpsInput, issRate: number | null) {
  try {
    return withheldAmounts({
      serviceCents: input.values.serviceCents,
      unconditionalDiscountCents: input.values.unconditionalDiscountCents ?? 0,
      issRate,
      withholdings: input.values.withholdings,
    });
  } catch (err) {
    if (!(err instanceof WithholdingError)) throw err;
    if (err.field === 'issRate') throw invalid({ issRate: [nfseMessages.issRateForWithholding] });
    throw invalid({ withholdings: [nfseMessages.withholdingRate] });
  }
}

/**
 * The municipal parameters of where and under which code the order is taxed, read before the
 * transaction (the API is outside; on an embedded database the transaction holds the only connection).
 * Anything wrong here issues as before, with the company's rate.
 */
async function parametersFor(ctx: NfseContext, actor: Actor, invoiceId: number): Promise<MunicipalParameters | null> {
  if (!ctx.config.nfseParametersUrl) return null;
  try {
    await visibleInvoice(ctx.db, actor, invoiceId);
    const i = schema.invoices;
    const [invoice] = await ctx.db
      .select()
      .from(i)
      .where(and(eq(i.id, invoiceId), eq(i.organizationId, actor.organizationId)));
    if (!invoice) return null;
    const [settings] = await ctx.db
      .select()
      .from(f)
      .where(and(eq(f.organizationId, actor.organizationId), eq(f.companyId, invoice.companyId)));
    if (!settings?.municipalityCode || !settings.serviceCode || !settings.certificatePfx) return null;
    const taxation = await serviceTaxation(ctx.db, invoice, settings);
    const { pfx, password } = await companyCertificate(ctx, actor.organizationId, invoice.companyId);
    const competence = competenceOf(invoice, await timeZoneOf(ctx.db, actor.organizationId), new Date()).slice(0, 7);
    return await municipalParameters(ctx.db, {
      baseUrl: ctx.config.nfseParametersUrl,
      pfx,
      password,
      timeoutMs: 10_000,
      ...taxation,
      competence,
    });
  } catch (err) {
    ctx.log.warn({ err: { message: (err as Error).message }, invoiceId }, 'NFS-e: municipal parameters not read');
    return null;
  }
}

/**
 * POST invoices/{id}/nfse: a Completed order with a value and no NFS-e issued or in processing gets the
 * company's next DPS number; its DPS is built, checked against the layout's schema and signed before
 * anything is recorded. A DPS the schema refuses is a 422 with the problems and the transaction rolls
 * back: nothing is sent and the number is not used. Otherwise the document is recorded 'processing'
 * with the values it declares (the withholdings and the net) and the sending job sends it.
 */
export function issueNfse(ctx: NfseContext, actor: Actor, invoiceId: number): Promise<Nfse> {
  return issue(ctx, actor, invoiceId, null);
}

/**
 * POST invoices/{id}/nfse/substitute: a new DPS with subst naming the order's issued NFS-e, with the
 * order's data as it is now. The old NFS-e stands until the new one is issued (then it is
 * 'substituted' and the new one is the order's); refused, it still stands.
 */
export function substituteNfse(ctx: NfseContext, actor: Actor, invoiceId: number, body: NfseSubstituteBody) {
  return issue(ctx, actor, invoiceId, body);
}

async function issue(ctx: NfseContext, actor: Actor, invoiceId: number, subst: NfseSubstituteBody | null) {
  const at = new Date();
  // Read (or made) before the transaction: on an embedded database it holds the only connection.
  await openingKeys(ctx.db, ctx.config);
  const params = await parametersFor(ctx, actor, invoiceId);
  const row = await ctx.db
    .transaction(async (tx) => {
      const invoice = await lockInvoice(tx, actor, invoiceId);
      if (invoice.state !== InvoiceState.Completed) throw conflict(nfseMessages.notCompleted);
      if (invoice.subtotalCents - invoice.discountCents <= 0) throw conflict(nfseMessages.zeroTotal);
      const live = await tx
        .select({ id: d.id, status: d.status, accessKey: d.accessKey, replacesId: d.replacesId })
        .from(d)
        .where(and(eq(d.invoiceId, invoice.id), sql`${d.status} IN ('processing', 'issued')`));
      let replaced: (typeof live)[number] | undefined;
      if (subst) {
        replaced = live.find((x) => x.status === 'issued' && x.accessKey);
        if (!replaced) throw conflict(nfseMessages.notSubstitutable);
        if (live.some((x) => x.status === 'processing')) throw conflict(nfseMessages.substitutionPending);
      } else if (live.length > 0) throw conflict(nfseMessages.alreadyIssued);

      // The settings row's lock makes the number taken here the company's alone until this commits.
      const [settings] = await tx
        .select()
        .from(f)
        .where(and(eq(f.organizationId, actor.organizationId), eq(f.companyId, invoice.companyId)))
        .for('update');
      if (!settings?.municipalityCode || !settings.serviceCode || !settings.simplesNacional)
        throw conflict(nfseMessages.notConfigured);
      if (!settings.certificatePfx) throw conflict(nfseMessages.noCertificate);
      const { cert } = await companyCertificate(ctx, actor.organizationId, invoice.companyId, tx);

      const { input, effectiveIssRate } = await dpsInputOf(tx, {
        invoice,
        settings,
        timeZone: await timeZoneOf(tx, actor.organizationId),
        series: settings.dpsSeries,
        number: settings.nextDpsNumber,
        at,
        params,
        substitution: replaced
          ? { accessKey: replaced.accessKey!, reasonCode: subst!.code, reason: subst!.reason }
          : null,
      });
      if (input.values.serviceCents - (input.values.unconditionalDiscountCents ?? 0) <= 0)
        throw conflict(nfseMessages.onlyMaterials);
      const dps = buildChecked(input);
      const amounts = amountsOf(input, effectiveIssRate);
      const signed = signXml(dps.xml, cert, 'infDPS');
      const problems = await validateXml(signed, 'DPS');
      if (problems.length) throw invalid({ dps: [nfseMessages.invalidDps, ...problems] });

      await tx
        .update(f)
        .set({ nextDpsNumber: settings.nextDpsNumber + 1, updatedAt: at })
        .where(and(eq(f.organizationId, actor.organizationId), eq(f.companyId, invoice.companyId)));
      const w = input.values.withholdings;
      const [doc] = await tx
        .insert(d)
        .values({
          organizationId: actor.organizationId,
          invoiceId: invoice.id,
          companyId: invoice.companyId,
          environment: settings.environment,
          dpsSeries: settings.dpsSeries,
          dpsNumber: settings.nextDpsNumber,
          dpsId: dps.id,
          dpsXml: signed,
          createdById: actor.userId,
          nextAttemptAt: at,
          replacesId: replaced?.id ?? null,
          substitutionCode: subst?.code ?? null,
          substitutionReason: subst?.reason ?? null,
          serviceCents: input.values.serviceCents,
          discountCents: input.values.unconditionalDiscountCents ?? 0,
          issRate: effectiveIssRate,
          issCents: effectiveIssRate === null ? null : percentOfCents(amounts.baseCents, effectiveIssRate),
          issWithheld: !!w?.iss,
          withholdings: {
            rates: {
              pis: w?.pis ?? null,
              cofins: w?.cofins ?? null,
              csll: w?.csll ?? null,
              irrf: w?.irrf ?? null,
              cp: w?.cp ?? null,
            },
            cents: {
              pis: amounts.pisCents,
              cofins: amounts.cofinsCents,
              csll: amounts.csllCents,
              irrf: amounts.irrfCents,
              cp: amounts.cpCents,
            },
          },
          withheldCents: amounts.totalCents,
          netCents: amounts.netCents,
        })
        .returning();
      const dpsLabel = `DPS ${settings.dpsSeries}/${settings.nextDpsNumber}`;
      await recordChange(tx, actor, invoice.id, 'update', [
        { field: 'nfse', before: null, after: replaced ? `${dpsLabel} (substituição)` : dpsLabel },
      ]);
      return doc!;
    })
    .catch((err) => {
      // Two requests at once: the second finds the first's document when the index refuses it.
      if (isUniqueViolation(err, 'nfse_documents_live_key')) throw conflict(nfseMessages.alreadyIssued);
      if (isUniqueViolation(err, 'nfse_documents_substitute_key')) throw conflict(nfseMessages.substitutionPending);
      // The settings' next number set back to one already sent in this environment and series.
      if (isUniqueViolation(err, 'nfse_documents_dps_key')) throw conflict(nfseMessages.dpsNumberUsed);
      throw err;
    });
  return toNfse(ctx.db, row);
}
