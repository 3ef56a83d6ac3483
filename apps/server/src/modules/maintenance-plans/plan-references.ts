// What a maintenance plan's form names (its parties, building, equipment, checklist, technician and
// services), checked to be the organization's and usable, and written as the plan's columns and lists.
import { and, eq, inArray, isNull } from 'drizzle-orm';
import { maintenancePlanMessages as msg, type MaintenancePlanValues } from '@ordem-certa/contracts';
import { schema, type Tx } from '@ordem-certa/db';
import { invalid } from '../../lib/errors.ts';
import { findParties } from '../../core/records/parties.ts';
import { reads } from '../../lib/reads.ts';

const {
  maintenancePlanEquipments: pe,
  maintenancePlanServices: ps,
  maintenancePlanRooms: pr,
  maintenancePlanTasks: pt,
  addresses: ad,
  checklistTemplates: ct,
  users: u,
  equipments: equip,
  services: sv,
} = schema;

/**
 * What a plan names, each checked to be the organization's and usable: the parties, the building
 * (one of the customer's addresses), the customer's equipment, a live checklist, an active
 * technician and services not archived. Every problem is a 422 on its field, all at once.
 */
export async function checkReferences(tx: Tx, organizationId: number, body: MaintenancePlanValues) {
  const org = organizationId;
  const [{ company, customer, nature }, address, equipments, template, worker, services] = await reads(
    tx,
    () => findParties(tx, org, body),
    () =>
      body.address === null
        ? undefined
        : tx
            .select({ id: ad.id })
            .from(ad)
            .where(and(eq(ad.id, body.address), eq(ad.organizationId, org), eq(ad.customerId, body.customer)))
            .then((r) => r[0]),
    () =>
      tx
        .select({ id: equip.id, name: equip.name, serialNumber: equip.serialNumber })
        .from(equip)
        .where(
          and(eq(equip.organizationId, org), eq(equip.customerId, body.customer), inArray(equip.id, body.equipments)),
        ),
    () =>
      body.checklistTemplate === null
        ? undefined
        : tx
            .select({ id: ct.id, name: ct.name })
            .from(ct)
            .where(and(eq(ct.id, body.checklistTemplate), eq(ct.organizationId, org), isNull(ct.retiredAt)))
            .then((r) => r[0]),
    () =>
      body.worker === null
        ? undefined
        : tx
            .select({ id: u.id, name: u.name })
            .from(u)
            .where(and(eq(u.id, body.worker), eq(u.organizationId, org), eq(u.isActive, true)))
            .then((r) => r[0]),
    () =>
      body.services.length
        ? tx
            .select({ id: sv.id, name: sv.name })
            .from(sv)
            .where(
              and(
                eq(sv.organizationId, org),
                isNull(sv.archivedAt),
                inArray(
                  sv.id,
                  body.services.map((s) => s.service),
                ),
              ),
            )
        : [],
  );
  const errors: Record<string, string> = {};
  if (!company) errors.company = msg.companyNotFound;
  if (!customer) errors.customer = msg.customerNotFound;
  if (!nature) errors.transactionNature = msg.natureNotFound;
  if (customer && body.address !== null && !address) errors.address = msg.addressNotOfCustomer;
  if (customer && equipments.length !== body.equipments.length) errors.equipments = msg.equipmentNotOfCustomer;
  if (body.checklistTemplate !== null && !template) errors.checklistTemplate = msg.templateUnavailable;
  if (body.worker !== null && !worker) errors.worker = msg.workerNotAvailable;
  body.services.forEach((s, k) => {
    if (!services.some((x) => x.id === s.service)) errors[`services.${k}.service`] = msg.serviceNotAvailable;
  });
  if (Object.keys(errors).length) throw invalid(errors);
  const byId = <T extends { id: number }>(rows: T[], id: number) => rows.find((r) => r.id === id)!;
  return {
    company: company!,
    customer: customer!,
    nature: nature!,
    equipments: body.equipments.map((id) => byId(equipments, id)),
    template: template ?? null,
    worker: worker ?? null,
    services: body.services.map((s) => ({ ...byId(services, s.service), quantity: s.quantity })),
  };
}

/** The plan's columns a body sets. */
export const planValues = (body: MaintenancePlanValues) => ({
  companyId: body.company,
  customerId: body.customer,
  transactionNatureId: body.transactionNature,
  addressId: body.address,
  frequency: body.frequency,
  startDate: body.startDate,
  leadDays: body.leadDays,
  checklistTemplateId: body.checklistTemplate,
  workerId: body.worker,
  engineerName: body.engineerName,
  engineerRegistration: body.engineerRegistration,
  artNumber: body.artNumber,
  buildingName: body.buildingName,
  customerRole: body.customerRole,
  recommendations: body.recommendations,
});

export async function writeLists(tx: Tx, organizationId: number, planId: number, body: MaintenancePlanValues) {
  await tx.delete(pe).where(eq(pe.planId, planId));
  await tx.delete(ps).where(eq(ps.planId, planId));
  await tx.delete(pr).where(eq(pr.planId, planId));
  await tx.delete(pt).where(eq(pt.planId, planId));
  if (body.rooms.length)
    await tx.insert(pr).values(body.rooms.map((room, position) => ({ organizationId, planId, position, ...room })));
  if (body.tasks.length)
    await tx.insert(pt).values(body.tasks.map((task, position) => ({ organizationId, planId, position, ...task })));
  await tx
    .insert(pe)
    .values(body.equipments.map((equipmentId, position) => ({ organizationId, planId, equipmentId, position })));
  if (body.services.length)
    await tx.insert(ps).values(
      body.services.map((s, position) => ({
        organizationId,
        planId,
        serviceId: s.service,
        quantity: s.quantity,
        position,
      })),
    );
}

/** What the trail says of a plan's references: names, not ids. */
export function referenceWords(refs: Awaited<ReturnType<typeof checkReferences>>) {
  return {
    company: refs.company.name,
    customer: refs.customer.name,
    transactionNature: refs.nature.name,
    equipments: refs.equipments.map((e) => ({ name: e.name, serialNumber: e.serialNumber })),
    checklistTemplate: refs.template?.name ?? null,
    worker: refs.worker?.name ?? null,
    services: refs.services.map((s) => ({ name: s.name, quantity: s.quantity })),
  };
}
