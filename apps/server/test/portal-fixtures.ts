import { PersonType } from '@ordem-certa/contracts';
import { schema } from '@ordem-certa/db';
import { newPortalToken } from '../src/core/portal/portal-session.ts';
import { addCompany, type TestContext, type TestOrg } from './helpers.ts';
import { newCpf } from './factories.ts';

/** A customer of the organization with an e-mail (unique per call unless given). */
export async function addPortalCustomer(ctx: TestContext, org: TestOrg, name: string, email?: string) {
  const tag = Math.random().toString(36).slice(2, 8);
  const [customer] = await ctx.database.db
    .insert(schema.customers)
    .values({
      organizationId: org.organization.id,
      type: PersonType.Natural,
      identifier: newCpf(),
      name,
      email: email ?? `cliente-${tag}@teste.com.br`,
    })
    .returning();
  return customer!;
}

/**
 * An open portal session of the customer, written straight to the database (as a used link would):
 * its token and the headers for inject().
 */
export async function portalSession(ctx: TestContext, organizationId: number, customerId: number) {
  const { token, hash } = newPortalToken();
  await ctx.database.db.insert(schema.portalSessions).values({
    organizationId,
    customerId,
    tokenHash: hash,
    expiresAt: new Date(Date.now() + 30 * 86_400_000),
  });
  return { token, headers: { authorization: `Bearer ${token}` } };
}

/** An organization ready for the portal: its company, and a customer with an e-mail. */
export async function portalWorld(ctx: TestContext, org: TestOrg) {
  const company = await addCompany(ctx, org.organization.id, 'Refrigeração Portal Ltda');
  const customer = await addPortalCustomer(ctx, org, 'Maria Portal');
  return { company, customer };
}

/**
 * One customer's records of every kind the portal shows, made through the office's API where it is
 * short (order, its equipment, line and photo marked visible; estimate shared) and written straight
 * otherwise (instalment, NFS-e, maintenance plan). Every name carries `marker`, so an answer that shows
 * them can be told.
 */
export async function portalRecords(
  ctx: TestContext,
  org: TestOrg,
  world: import('./estimate-fixtures.ts').EstimateWorld,
  customerId: number,
  marker: string,
) {
  const db = ctx.database.db;
  const organizationId = org.organization.id;
  const [equipment] = await db
    .insert(schema.equipments)
    .values({
      organizationId,
      customerId,
      name: `Split ${marker}`,
      brand: 'LG',
      model: 'S4',
      serialNumber: `SN-${marker}`,
    })
    .returning();
  const order = await world.createInvoice(customerId);
  const ok = async (res: { statusCode: number; body: string }) => {
    if (res.statusCode >= 300) throw new Error(`${res.statusCode} ${res.body}`);
    return res.body ? JSON.parse(res.body) : null;
  };
  await ok(await world.admin('POST', `/${order.id}/equipments`, { equipment: equipment!.id }));
  await ok(await world.admin('POST', `/${order.id}/services`, { service: world.service.id, quantity: 1 }));
  await ok(await world.admin('POST', `/${order.id}/todo`));
  const sharp = (await import('sharp')).default;
  const jpeg = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#2a7ab0' } })
    .jpeg()
    .toBuffer();
  const { multipartFiles } = await import('./factories.ts');
  const mp = multipartFiles('attachment', [
    { data: jpeg, filename: `foto-${marker}.jpg`, contentType: 'image/jpeg' },
    { data: jpeg, filename: `oculta-${marker}.jpg`, contentType: 'image/jpeg' },
  ]);
  const uploaded = await ok(
    await ctx.app.inject({
      method: 'POST',
      url: `/api/organizations/${organizationId}/invoices/${order.id}/attachments/pictures`,
      headers: { ...org.as(org.admin.token), ...mp.headers },
      payload: mp.payload,
    }),
  );
  const [visible, hidden] = (uploaded as { data: Array<{ id: number }> }).data;
  await ok(
    await world.admin('PUT', `/${order.id}/attachments/pictures/${visible!.id}/customer-visible`, {
      customerVisible: true,
    }),
  );
  const estimate = await world.createEstimate(customerId);
  await world.ok('POST', `/${estimate.id}/services`, { service: world.service.id, quantity: 2 });
  await world.ok('POST', `/${estimate.id}/share`);
  const [receivable] = await db
    .insert(schema.receivables)
    .values({
      organizationId,
      invoiceId: order.id,
      amountCents: 18000,
      dueDate: '2026-12-20',
      method: 'pix',
      installmentNumber: 1,
      installmentCount: 1,
    })
    .returning();
  const [nfse] = await db
    .insert(schema.nfseDocuments)
    .values({
      organizationId,
      invoiceId: order.id,
      companyId: world.company.id,
      environment: 'homologation',
      dpsSeries: '9',
      dpsNumber: Math.floor(Math.random() * 1e6),
      dpsId: `DPS-${marker}`,
      dpsXml: '<DPS/>',
      status: 'issued',
      nfseNumber: `9${Math.floor(Math.random() * 1e5)}`,
      nfseXml: `<NFSe><marca>${marker}</marca></NFSe>`,
      issuedAt: new Date(),
      serviceCents: 18000,
    })
    .returning();
  const [plan] = await db
    .insert(schema.maintenancePlans)
    .values({
      organizationId,
      companyId: world.company.id,
      customerId,
      transactionNatureId: world.nature.id,
      frequency: 'monthly',
      startDate: '2025-01-10',
      nextDate: '2026-01-10',
      buildingName: `Edifício ${marker}`,
    })
    .returning();
  const [request] = await db
    .insert(schema.serviceRequests)
    .values({
      organizationId,
      number: 100_000 + Math.floor(Math.random() * 1e6),
      source: 'portal',
      customerId,
      equipmentId: equipment!.id,
      contactName: `Contato ${marker}`,
      problem: `Pinga água ${marker}`,
    })
    .returning();
  return {
    equipment: equipment!,
    request: request!,
    order,
    visiblePicture: visible!,
    hiddenPicture: hidden!,
    estimate,
    receivable: receivable!,
    nfse: nfse!,
    plan: plan!,
  };
}
export type PortalRecords = Awaited<ReturnType<typeof portalRecords>>;
